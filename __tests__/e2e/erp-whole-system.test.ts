import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets, runOnEmulator } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';
import { summaryText } from '../helpers/summary-text.js';

const SUB = '00000000-0000-4000-8000-0000000000e5';

// One emulator for the file: each test uses systems of its own.
let e: ServiceEmulator;
beforeAll(async () => {
  e = await startEmulator({
    erp: {
      parts: {
        systems: {
          W02: { databases: [{ name: 'db0', status: 'Offline' }, { name: 'db1' }], pageSize: 1 },
          W03: { databases: [{ name: 'ora', databaseType: 'Oracle' }] },
          W04: { databases: [{ name: 'db0', status: 'Offline', startFails: true }] },
          W05: { databases: [{ name: 'db0', stopSteps: ['InProgress'] }], pollingUrlForm: 'bare' },
          W11: { databases: [{ name: 'db0', status: 'Offline' }] },
        },
      },
    },
  });
});
afterAll(() => e.close());

/** erp-status reads no poll-interval: it runs without the fast polls the others take. */
const run = (operation: string, systems: string, extra: Record<string, string> = {}) =>
  (operation === 'erp-status' ? runReading : runOnEmulator)(e, {
    operation,
    'subscription-id': SUB,
    'resource-group': 'rg-erp',
    'erp-virtual-instance': systems,
    'whole-system': 'true',
    // The window's own requests, pinned here: the checks before it (preflight) read more and have their own suite.
    ...(operation === 'erp-status' ? {} : { preflight: 'off' }),
    ...extra,
  });

/** The POSTs the emulator received for some systems, in order: `stop W01 {…}`, `stop W01/db0 {…}`. */
function posts(systems: string[], from = 0): string[] {
  return e.requests
    .slice(from)
    .filter((r) => r.method === 'POST')
    .flatMap((r) => {
      const m = /erpVirtualInstances\/([^/]+)(?:\/databaseInstances\/([^/]+))?\/(stop|start)$/.exec(
        r.url.pathname,
      );
      if (!m || !systems.includes(m[1]!)) return [];
      return [`${m[3]} ${m[1]}${m[2] ? `/${m[2]}` : ''} ${r.body || '-'}`];
    });
}

async function runReading(emulator: ServiceEmulator, inputs: Record<string, string>): Promise<ActionRun> {
  const r = await runAction({ 'base-url': emulator.url, 'access-token': 'emu-access-token', ...inputs });
  expectNoSecrets(r, emulatorSecrets(emulator));
  return unescapeCommands(r);
}

const stepsOf = (r: ActionRun) =>
  JSON.parse(r.outputs.instances!).map((i: { steps: { step: string; target: string; outcome: string }[] }) =>
    i.steps.map((s) => `${s.step} ${s.target}: ${s.outcome}`),
  );

describe('whole-system: true, run as a runner runs it', () => {
  it('stops in the safe order with deallocate-vm, and starts databases before the application', async () => {
    const stop = await run('erp-stop', 'W01', {
      'deallocate-vm': 'true',
      'soft-stop-timeout-seconds': '300',
      'database-soft-stop-timeout-seconds': '600',
    });
    expect(stop.code).toBe(0);
    expect(posts(['W01'])).toEqual([
      'stop W01 {"softStopTimeoutSeconds":300}',
      'stop W01/db0 {"softStopTimeoutSeconds":600}',
      'stop W01 {"softStopTimeoutSeconds":0,"deallocateVm":true}',
      'stop W01/db0 {"softStopTimeoutSeconds":0,"deallocateVm":true}',
    ]);
    expect(
      e.requests.filter((r) => r.method === 'POST').every((r) => r.target.includes('api-version=2024-09-01')),
    ).toBe(true);
    expect(stepsOf(stop)).toEqual([
      [
        'application stop W01: stopped',
        'database stop W01/db0: stopped',
        'application machines W01: stopped',
        'database machines W01/db0: stopped',
      ],
    ]);
    expect(stop.stdout).toContain('::group::erp-stop W01 (whole system)');
    expect(stop.summary).toContain('↳ database machines <code>W01/db0</code>');
    const mark = e.requests.length;
    const start = await run('erp-start', 'W01', { 'start-vm': 'true' });
    expect(start.code).toBe(0);
    expect(posts(['W01'], mark)).toEqual(['start W01/db0 {"startVm":true}', 'start W01 {"startVm":true}']);
    // Before anything is sent: the databases listed, the system read, then the database read before its start.
    const firstPost = e.requests.findIndex((r, i) => i >= mark && r.method === 'POST');
    expect(
      e.requests.slice(mark, firstPost).map((r) => r.url.pathname.split('/erpVirtualInstances/')[1]),
    ).toEqual(['W01/databaseInstances', 'W01', 'W01/databaseInstances/db0']);
    const status = await run('erp-status', 'W01', { 'expect-status': 'Running' });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.outputs.instances!)[0].databases).toEqual([
      { name: 'db0', databaseType: 'hdb', status: 'Running' },
    ]);
  });

  it('without deallocate-vm stops application then databases only, skipping a database already Offline', async () => {
    const r = await run('erp-stop', 'W02');
    expect(r.code).toBe(0);
    expect(posts(['W02'])).toEqual([
      'stop W02 {"softStopTimeoutSeconds":0}',
      'stop W02/db1 {"softStopTimeoutSeconds":0}',
    ]);
    expect(stepsOf(r)).toEqual([
      ['application stop W02: stopped', 'database stop W02/db0: skipped', 'database stop W02/db1: stopped'],
    ]);
    expect(r.summary).toMatch(/skipped<\/td><td>↳ database stop <code>W02\/db0<\/code><\/td><td>Offline</);
    // erp-status with expect-status holds every database too.
    const status = await run('erp-status', 'W02', { 'expect-status': 'Offline' });
    expect(status.code).toBe(0);
    const gate = await run('erp-status', 'W02', { 'expect-status': 'Running' });
    expect(gate.code).toBe(1);
    expect(gate.errors[0]).toContain("Database instance 'W02/db1' is Offline, not Running (expect-status).");
    // The summary shows each database under its system, as `instances` does; the one not as expected is marked.
    expect(status.summary).toMatch(
      /read<\/td><td>↳ database <code>W02\/db0<\/code><\/td><td>Offline<\/td><td>Offline</,
    );
    expect(status.summary).toMatch(
      /read<\/td><td>↳ database <code>W02\/db1<\/code><\/td><td>Offline<\/td><td>Offline</,
    );
    expect(gate.summary).toMatch(
      /failed<\/td><td>↳ database <code>W02\/db1<\/code><\/td><td>Offline<\/td><td>Offline</,
    );
    expect(gate.summary).toContain(
      '<td>Database instance &#39;W02/db1&#39; is Offline, not Running (expect-status).</td>',
    );
  });

  it('refuses a database that is not HANA with nothing sent, naming its type', async () => {
    const r = await run('erp-stop', 'W03');
    expect(r.code).toBe(1);
    expect(posts(['W03'])).toEqual([]);
    expect(r.errors[0]).toContain("database instance 'ora' of type Oracle");
    expect(r.errors[0]).toContain('whole-system: false stops or starts the application alone');
  });

  it('"What to do" fits the cause: no request id where nothing was sent (issue 43)', async () => {
    const r = await run('erp-stop', 'W03');
    const said = /What to do: ([^\n]*)/.exec(summaryText(r.summary))?.[1];
    expect(said).toBeDefined();
    expect(said).not.toContain('request id');
  });

  it('"What to do" of a start refused for its database (DatabaseNotRunning) names whole-system: true (issue 43)', async () => {
    e.erp.setInstance('W11', { status: 'Offline' });
    const r = await run('erp-start', 'W11', { 'whole-system': 'false' });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain('DatabaseNotRunning');
    const summary = summaryText(r.summary);
    expect(summary).toMatch(/What to do: [^\n]*whole-system: true/);
    expect(summary).not.toContain('request id');
  });

  it('"What to do" of a 409 says what is in progress and that running the step again follows it (issue 43)', async () => {
    e.erp.setInstance('W12', { status: 'Offline' });
    const message = "An operation is already in progress on erp virtual instance 'W12'.";
    e.addFault({
      fault: { kind: 'status', status: 409, body: JSON.stringify({ error: { code: 'Conflict', message } }) },
      times: 1,
      method: 'POST',
      path: /W12\/start$/,
    });
    const r = await run('erp-start', 'W12', { 'whole-system': 'false' });
    expect(r.code).toBe(1);
    const summary = summaryText(r.summary);
    expect(summary).toContain(message);
    expect(summary).toMatch(/What to do: [^\n]*in progress[^\n]*running erp-start again follows it/);
    expect(summary).not.toContain('request id');
  });

  it('fails a system whose database does not start, and never sends its application start', async () => {
    e.erp.setInstance('W04', { status: 'Offline' });
    const r = await run('erp-start', 'W04');
    expect(r.code).toBe(1);
    expect(posts(['W04'])).toEqual(['start W04/db0 -']);
    expect(stepsOf(r)).toEqual([['database start W04/db0: failed', 'application start W04: not sent']]);
    expect(r.errors[0]).toContain('DatabaseStartFailed');
    expect(r.errors[0]).toContain('Not sent: application start W04.');
  });

  it('refuses the soft-stop limits and a database timeout without whole-system, before any request', async () => {
    const mark = e.requests.length;
    const app = await run('erp-stop', 'W06', { 'soft-stop-timeout-seconds': '82800' });
    const db = await run('erp-stop', 'W06', { 'database-soft-stop-timeout-seconds': '1800' });
    const alone = await run('erp-stop', 'W06', {
      'whole-system': 'false',
      'database-soft-stop-timeout-seconds': '60',
    });
    const unwaited = await run('erp-stop', 'W06', { wait: 'false' });
    expect([app.code, db.code, alone.code, unwaited.code]).toEqual([1, 1, 1, 1]);
    expect(unwaited.errors[0]).toContain('wait');
    expect(app.errors[0]).toContain('soft-stop-timeout-seconds');
    expect(db.errors[0]).toContain('database-soft-stop-timeout-seconds');
    expect(alone.errors[0]).toContain('whole-system: true');
    expect(e.requests.length).toBe(mark);
  });

  it('resumes a window cut short by the timeout: the re-run skips what is done', async () => {
    const first = await run('erp-stop', 'W05', { 'deallocate-vm': 'true', timeout: '2s' });
    expect(first.code).toBe(1);
    expect(stepsOf(first)).toEqual([
      [
        'application stop W05: stopped',
        'database stop W05/db0: running',
        'application machines W05: not sent',
        'database machines W05/db0: not sent',
      ],
    ]);
    // The service finishes the database stop on its own; the same step run again resumes the window.
    e.erp.parts.finishRunning();
    const mark = e.requests.length;
    const again = await run('erp-stop', 'W05', { 'deallocate-vm': 'true' });
    expect(again.code).toBe(0);
    expect(stepsOf(again)).toEqual([
      [
        'application stop W05: skipped',
        'database stop W05/db0: skipped',
        'application machines W05: stopped',
        'database machines W05/db0: stopped',
      ],
    ]);
    expect(posts(['W05'], mark)).toEqual([
      'stop W05 {"softStopTimeoutSeconds":0,"deallocateVm":true}',
      'stop W05/db0 {"softStopTimeoutSeconds":0,"deallocateVm":true}',
    ]);
  });

  it('finds out by reading the database whether a stop whose answer was lost reached the service', async () => {
    e.addFault({
      method: 'POST',
      path: /\/W09\/databaseInstances\/db0\/stop$/,
      times: 1,
      after: true,
      fault: { kind: 'reset' },
    });
    const r = await run('erp-stop', 'W09');
    expect(r.code).toBe(0);
    // Sent once: the database read after the lost answer showed the service had acted.
    expect(posts(['W09'])).toEqual([
      'stop W09 {"softStopTimeoutSeconds":0}',
      'stop W09/db0 {"softStopTimeoutSeconds":0}',
    ]);
    expect(stepsOf(r)).toEqual([['application stop W09: stopped', 'database stop W09/db0: stopped']]);
    expect(r.warnings.join('\n')).toContain('reading the instance to find out whether the service acted');
  });

  it("fails a machine step whose answer was lost, the system's status being unable to tell (contract)", async () => {
    // The second stop of W10 is its machines' (deallocateVm), sent to a system already Offline.
    e.addFault({
      method: 'POST',
      path: /\/W10\/stop$/,
      skip: 1,
      times: 1,
      after: true,
      fault: { kind: 'reset' },
    });
    const r = await run('erp-stop', 'W10', { 'deallocate-vm': 'true' });
    expect(r.code).toBe(1);
    // Never sent again, and the databases' machines never sent after it.
    expect(posts(['W10'])).toEqual([
      'stop W10 {"softStopTimeoutSeconds":0}',
      'stop W10/db0 {"softStopTimeoutSeconds":0}',
      'stop W10 {"softStopTimeoutSeconds":0,"deallocateVm":true}',
    ]);
    expect(stepsOf(r)).toEqual([
      [
        'application stop W10: stopped',
        'database stop W10/db0: stopped',
        'application machines W10: failed',
        'database machines W10/db0: not sent',
      ],
    ]);
    expect(r.stdout + r.warnings.join('\n')).toContain('its status cannot show whether the service acted');
  });

  it('plans in a dry run exactly the requests the real run sends, for two systems in parallel, each in order', async () => {
    const inputs = { 'deallocate-vm': 'true', 'max-parallel': '2' };
    const dry = await run('erp-stop', 'W07,W08', { ...inputs, 'dry-run': 'true' });
    expect(dry.code).toBe(0);
    expect(posts(['W07', 'W08'])).toEqual([]);
    // The plan's table has one row per system, as `instances`: each its own, its steps drawn under it.
    for (const system of ['W07', 'W08']) {
      expect(dry.summary).toMatch(
        new RegExp(`<strong>${system}</strong></td><td>Running</td><td>whole system: planned<`),
      );
    }
    const mark = e.requests.length;
    const real = await run('erp-stop', 'W07,W08', inputs);
    expect(real.code).toBe(0);
    const sent = e.requests
      .slice(mark)
      .filter((r) => r.method === 'POST')
      .map((r) => ({ method: r.method, url: `${e.url}${r.target}`, body: JSON.parse(r.body) }));
    const plan = JSON.parse(dry.outputs.plan!).map(({ method, url, body }: Record<string, unknown>) => ({
      method,
      url,
      body,
    }));
    const sorted = (list: { url: string }[]) => [...list].sort((a, b) => a.url.localeCompare(b.url));
    expect(sorted(plan)).toEqual(sorted(sent));
    expect(plan).toHaveLength(8);
    // One summary row per system, each its own (its steps drawn under it from instances[].steps).
    for (const system of ['W07', 'W08']) {
      expect(real.summary).toMatch(
        new RegExp(`<strong>${system}</strong></td><td>Running</td><td>whole system: stopped<`),
      );
    }
    // Both systems ran at once, each in its own order.
    for (const system of ['W07', 'W08']) {
      expect(posts([system], mark).map((p) => p.split(' ')[1])).toEqual([
        system,
        `${system}/db0`,
        system,
        `${system}/db0`,
      ]);
    }
    const first = (system: string) =>
      e.requests.findIndex(
        (r, i) => i >= mark && r.method === 'POST' && r.url.pathname.endsWith(`${system}/stop`),
      );
    const lastOf = (system: string) =>
      e.requests.findLastIndex((r) => r.method === 'POST' && r.url.pathname.includes(`/${system}/`));
    expect(first('W08')).toBeLessThan(lastOf('W07'));
  });
});
