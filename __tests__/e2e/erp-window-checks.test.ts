import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { runOnEmulator } from '../helpers/emulator.js';
import { runAction, unescapeCommands } from '../helpers/run-action.js';
import { erpPosts } from '../helpers/erp-posts.js';

// Issue 51, in the window: the checks before a stop or start (preflight), and a start read until it serves.
const SUB = '00000000-0000-4000-8000-0000000000d5';

let e: ServiceEmulator;
beforeAll(async () => {
  e = await startEmulator({
    erp: {
      instances: {
        // A fleet of three: H02's registration failed, so the service offers it no stop.
        H02: { state: 'SoftwareInstallationFailed' },
        // Started here: H04 healthy after some reads, H05 with a dispatcher that stays down.
        H04: { status: 'Offline' },
        H05: { status: 'Offline' },
        H06: { status: 'Offline' },
        H07: { status: 'Offline' },
        H08: { status: 'Offline' },
      },
      parts: {
        systems: {
          H04: { healthAfterStart: 2 },
          H05: { applicationInstances: ['app01', 'app02'], dispatcherStopped: ['app02'] },
          H06: { applicationInstances: ['app01', 'app02'], dispatcherStopped: ['app02'] },
          H07: { applicationInstances: ['app01', 'app02'], dispatcherStopped: ['app02'] },
          H09: { databases: [{ name: 'db0', status: 'Offline' }] },
        },
      },
    },
  });
});
afterAll(() => e.close());

const run = (inputs: Record<string, string>) =>
  runOnEmulator(e, { 'subscription-id': SUB, 'resource-group': 'rg-erp', ...inputs });

const instances = (outputs: Record<string, string>) =>
  (JSON.parse(outputs.instances!) as { name: string; outcome: string }[]).map((i) => [i.name, i.outcome]);

describe('the checks before the window (preflight)', () => {
  it('a dry run lists the checks in its plan, and the system they refuse, sending nothing', async () => {
    const from = e.requests.length;
    const r = await run({ operation: 'erp-stop', 'erp-virtual-instance': 'H01,H02,H03', 'dry-run': 'true' });
    expect(r.code).toBe(1);
    expect(erpPosts(e, ['H01', 'H02', 'H03'], from)).toEqual([]);
    const plan = JSON.parse(r.outputs.plan!) as { target: string; effect: string }[];
    // The plan holds the requests the real run would send: none for H02, which its checks refuse by name.
    expect(plan.map((p) => p.target)).toEqual(['H01', 'H03']);
    const checks =
      'checks (basic: not-registered, resource-not-succeeded, service-errors, soft-stop-out-of-range';
    expect(plan[0]!.effect).toContain(checks);
    expect(plan[0]!.effect).toContain('shared-machine): ready → stop');
    expect(instances(r.outputs)).toEqual([
      ['H01', 'planned'],
      ['H02', 'failed'],
      ['H03', 'planned'],
    ]);
    expect(r.summary).toContain('not sent: refused by its checks (not-registered)');
    expect(r.stdout).toContain('H02: check refuse not-registered: H02 is SoftwareInstallationFailed');
  });

  it('a fleet where one system is refused by name: it gets no request, the others are stopped', async () => {
    const from = e.requests.length;
    const r = await run({ operation: 'erp-stop', 'erp-virtual-instance': 'H01,H02,H03' });
    expect(r.code).toBe(1);
    expect(erpPosts(e, ['H01', 'H02', 'H03'], from).map((p) => p.split(' ').slice(0, 2).join(' '))).toEqual(
      expect.arrayContaining(['stop H01', 'stop H03']),
    );
    expect(erpPosts(e, ['H02'], from)).toEqual([]);
    expect(instances(r.outputs)).toEqual([
      ['H01', 'stopped'],
      ['H02', 'failed'],
      ['H03', 'stopped'],
    ]);
    expect(r.errors.join('\n')).toContain(
      "'H02' refused by its checks before anything was sent: not-registered: H02 is SoftwareInstallationFailed",
    );
  });

  it("erp-report shows an erp-check file as the window's checks, the refused system with its code, never an outcome", async () => {
    const env = { GITHUB_RUN_ID: '51' };
    const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-checks-'));
    try {
      for (const [name, operation] of [
        ['check', 'erp-check'],
        ['stop', 'erp-stop'],
      ] as const) {
        const r = await runAction(
          {
            'base-url': e.url,
            'access-token': 'emu-access-token',
            'subscription-id': SUB,
            'resource-group': 'rg-erp',
            operation,
            'erp-virtual-instance': 'H01,H02',
            ...(operation === 'erp-stop' ? { 'poll-interval': '0.05' } : {}),
          },
          { env },
        );
        const [, text] = Object.entries(r.resultFiles)[0]!;
        await writeFile(join(dir, `${name}.json`), text);
      }
      const report = unescapeCommands(
        await runAction({ operation: 'erp-report', results: dir, 'fail-on': 'none' }, { env }),
      );
      // H01 stopped, H02 failed by its refusal: two systems, not four (the checks are no outcome).
      expect(report.outputs.count).toBe('2');
      expect(report.summary).toContain(
        'Checks (check.json): 2 system(s) checked before the window; refused: H02 (not-registered).',
      );
      expect(report.summary).toMatch(/⛔ refused<\/td><td>H02<\/td><td>not-registered<\/td>/);
      expect(report.stdout).not.toContain('Skipped check.json');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('preflight: off checks nothing: H02 is sent its stop, and no instance list is read', async () => {
    const from = e.requests.length;
    const r = await run({ operation: 'erp-stop', 'erp-virtual-instance': 'H02', preflight: 'off' });
    expect(r.stdout).not.toContain('checks (');
    expect(erpPosts(e, ['H02'], from)).toHaveLength(1);
    expect(e.requests.slice(from).some((q) => q.url.pathname.endsWith('/applicationInstances'))).toBe(false);
  });
});

describe("a snooze's databases, from the checks' lists", () => {
  const lists = (system: string, from: number) =>
    e.requests
      .slice(from)
      .filter((q) => q.url.pathname.endsWith(`/erpVirtualInstances/${system}/databaseInstances`));

  it('deallocate-vm alone: the databases the checks listed are not listed again; HANA Offline, the stop is sent', async () => {
    const from = e.requests.length;
    const r = await run({ operation: 'erp-stop', 'erp-virtual-instance': 'H09', 'deallocate-vm': 'true' });
    expect(r.code).toBe(0);
    expect(erpPosts(e, ['H09'], from)).toHaveLength(1);
    expect(lists('H09', from)).toHaveLength(1);
  });

  it('deallocate-vm alone: a HANA database the checks listed Running refuses the system, nothing sent', async () => {
    const from = e.requests.length;
    const r = await run({ operation: 'erp-stop', 'erp-virtual-instance': 'H10', 'deallocate-vm': 'true' });
    expect(r.code).toBe(1);
    expect(erpPosts(e, ['H10'], from)).toEqual([]);
    expect(lists('H10', from)).toHaveLength(1);
    expect(r.errors[0]).toContain("has HANA database instance 'db0' Running, not Offline");
  });
});

describe('up, not only Running (health after a start)', () => {
  it("a whole-system start plans from its checks' reads: the system and its databases read once before its first step", async () => {
    const from = e.requests.length;
    const r = await run({ operation: 'erp-start', 'erp-virtual-instance': 'H08', 'whole-system': 'true' });
    expect(r.code).toBe(0);
    // The plan's reads: all before the window's first step reads its database (db0) to act on it.
    const first = e.requests.findIndex(
      (q, i) => i >= from && q.url.pathname.endsWith('/databaseInstances/db0'),
    );
    const planning = e.requests.slice(from, first).filter((q) => q.method === 'GET');
    const of = (path: RegExp) => planning.filter((q) => path.test(q.url.pathname));
    expect(of(/\/erpVirtualInstances\/H08$/)).toHaveLength(1);
    expect(of(/\/erpVirtualInstances\/H08\/databaseInstances$/)).toHaveLength(1);
    expect(r.stdout).toContain('H08: checks (basic: ');
  });

  it('a start that becomes healthy after some reads: started, healthy', async () => {
    const from = e.requests.length;
    const r = await run({ operation: 'erp-start', 'erp-virtual-instance': 'H04', preflight: 'off' });
    expect(r.code).toBe(0);
    // The central and application instances read more than once after the start: healthy only on a later read.
    const reads = e.requests.slice(from).filter((q) => q.url.pathname.endsWith('/centralInstances'));
    expect(reads.length).toBeGreaterThan(1);
    expect(r.summary).toContain('started, healthy');
    expect(r.warnings.join('\n')).not.toContain('not healthy');
  });

  it('a dispatcher that stays down: a warning naming it, the start still started', async () => {
    const r = await run({
      operation: 'erp-start',
      'erp-virtual-instance': 'H05',
      preflight: 'off',
      'health-timeout': '0.3',
    });
    expect(r.code).toBe(0);
    expect(instances(r.outputs)).toEqual([['H05', 'started']]);
    expect(r.warnings.join('\n')).toContain("'H05' started, not healthy: app02: dispatcher Stopped");
    expect(r.summary).toContain('started, not healthy: app02: dispatcher Stopped');
    expect(r.summary).not.toContain('app01: dispatcher');
  });

  it("a whole-system start with a dispatcher that stays down: the system's own row says it too", async () => {
    const r = await run({
      operation: 'erp-start',
      'erp-virtual-instance': 'H07',
      'whole-system': 'true',
      preflight: 'off',
      'health-timeout': '0.3',
    });
    expect(r.code).toBe(0);
    expect(instances(r.outputs)).toEqual([['H07', 'started']]);
    expect(r.summary).toContain('whole system: started; started, not healthy: app02: dispatcher Stopped');
  });

  it('with expect-healthy: true, that system fails, naming the application instance', async () => {
    const r = await run({
      operation: 'erp-start',
      'erp-virtual-instance': 'H06',
      preflight: 'off',
      'health-timeout': '0.3',
      'expect-healthy': 'true',
    });
    expect(r.code).toBe(1);
    expect(instances(r.outputs)).toEqual([['H06', 'failed']]);
    expect(r.errors.join('\n')).toContain(
      "'H06' started, but is not healthy within health-timeout 0.3 s (expect-healthy: true): app02: dispatcher Stopped.",
    );
  });
});
