import { describe, expect, it } from '@jest/globals';
import type { ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { appManagementFlags, runCli } from '../helpers/run-cli.js';
import { shareStep } from '../helpers/share-inputs.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';

/**
 * dry-run through the bundle: the reads of the contract happen, no request that changes anything does, and the
 * plan is what the real run then sends (both against the same emulator: method, path and body compared).
 */
const emu = useEmulator();

/** A request that would change something at the service, as the emulator saw it. */
const CHANGE = /\/(stop|start|synchronize|cancelSynchronization)$/;
function changesSeen(emulator: ServiceEmulator): { method: string; url: string; body: unknown }[] {
  return emulator.requests
    .filter((r) => r.method === 'DELETE' || (r.method === 'POST' && CHANGE.test(r.url.pathname)))
    .map((r) => ({
      method: r.method,
      url: withApiVersionOnly(r.url),
      body: r.body ? JSON.parse(r.body) : undefined,
    }));
}

/** Path and api-version: the emulator records requests against a placeholder origin. */
function withApiVersionOnly(url: URL): string {
  const apiVersion = url.searchParams.get('api-version');
  return url.pathname + (apiVersion === null ? '' : `?api-version=${apiVersion}`);
}

interface PlanEntry {
  target: string;
  method: string;
  url: string;
  body?: unknown;
  effect: string;
}

// The window's own requests, pinned here: the checks before it (preflight) read more and have their own suite.
const HEALTH = 'health read until healthy (health-timeout 300 s)';
const withoutChecks = (op?: string): Record<string, string> =>
  ['erp-stop', 'erp-start', 'erp-restart'].includes(op ?? '') ? { preflight: 'off' } : {};

async function run(inputs: Record<string, string>): Promise<ActionRun> {
  const result = await runAction({ ...withoutChecks(inputs.operation), ...inputs });
  expectNoSecrets(result, emulatorSecrets(emu.get()));
  return unescapeCommands(result);
}

/**
 * The plan a dry run output, checked against what the real run sent afterwards. Compared in a fixed
 * order: the real run acts on its targets in parallel, so the order its requests arrive in is not the plan's.
 */
function expectPlanSent(plan: PlanEntry[], sent: ReturnType<typeof changesSeen>): void {
  const inOrder = <T>(list: T[]): T[] =>
    [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  expect(
    inOrder(plan.map(({ method, url, body }) => ({ method, url: withApiVersionOnly(new URL(url)), body }))),
  ).toEqual(inOrder(sent));
}

describe('app-remove-user with dry-run', () => {
  const inputs = (extra: Record<string, string> = {}) => ({
    operation: 'app-remove-user',
    'api-url': emu.get().url,
    'api-token': 'emu-user-token',
    app: 'contoso/shop',
    'user-email': 'leaver@contoso.com, tester@contoso.com',
    ...extra,
  });

  it('proves the token, removes nobody, and plans the DELETEs the real run then sends', async () => {
    const e = emu.get();
    const dry = await run(inputs({ 'dry-run': 'true' }));
    expect(dry.code).toBe(0);
    expect(e.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'GET /v0.1/user',
      'GET /v0.1/apps/contoso/shop/users',
    ]);
    expect(Object.keys(e.apps.members('contoso', 'shop')!)).toEqual(
      expect.arrayContaining(['leaver@contoso.com', 'tester@contoso.com']),
    );
    expect(dry.outputs.changes).toBe('true');
    expect(JSON.parse(dry.outputs['removed-users']!)).toEqual([]);
    const plan = JSON.parse(dry.outputs.plan!) as PlanEntry[];
    expect(plan.map((p) => [p.target, p.effect])).toEqual([
      ['leaver@contoso.com', 'remove from contoso/shop'],
      ['tester@contoso.com', 'remove from contoso/shop'],
    ]);
    expect(dry.stdout).toContain(
      `dry run: would DELETE ${e.url}/v0.1/apps/contoso/shop/users/leaver%40contoso.com {}`,
    );
    expect(dry.summary).toContain('app-remove-user: plan (dry run)');

    e.requests.length = 0;
    const real = await run(inputs());
    expect(real.code).toBe(0);
    expect(real.outputs.changes).toBe('true');
    expect(JSON.parse(real.outputs.plan!)).toEqual([]);
    expectPlanSent(plan, changesSeen(e));
  });

  it('reads the app’s users: a misspelt app fails, a non-member is planned as no change (issue 32 point 7)', async () => {
    const e = emu.get();
    const misspelt = await run(inputs({ 'dry-run': 'true', app: 'contoso/shpo' }));
    expect(misspelt.code).toBe(1);
    expect(misspelt.errors[0]).toContain('HTTP 404');
    expect(misspelt.errors[0]).toContain('contoso/shpo was not found');
    const outsider = await run(inputs({ 'dry-run': 'true', 'user-email': 'stranger@example.com' }));
    expect(outsider.code).toBe(0);
    expect(outsider.outputs.changes).toBe('false');
    const plan = JSON.parse(outsider.outputs.plan!) as PlanEntry[];
    expect(plan).toEqual([]);
    expect(outsider.stdout).toContain('stranger@example.com');
    expect(outsider.stdout).toContain('not a user of contoso/shop: nothing to remove');
    expect(changesSeen(e)).toEqual([]);
  });

  it('fails where the real run would fail before changing anything: a token the service refuses', async () => {
    const dry = await run(inputs({ 'dry-run': 'true', 'api-token': 'not-a-token' }));
    expect(dry.code).toBe(1);
    expect(dry.errors[0]).toMatch(/HTTP 401/);
    expect(changesSeen(emu.get())).toEqual([]);
  });

  it('accepts an app token, which has no profile to read (403), and still changes nothing', async () => {
    const dry = await run(inputs({ 'dry-run': 'true', 'api-token': 'emu-app-token' }));
    expect(dry.code).toBe(0);
    expect(dry.outputs.changes).toBe('true');
    expect(changesSeen(emu.get())).toEqual([]);
  });
});

describe('sync-start and sync-cancel with dry-run', () => {
  const share = (operation: string, extra: Record<string, string> = {}) =>
    shareStep(operation, emu.get().url, extra);
  const listed = (e: ServiceEmulator) =>
    e.requests.filter((r) => r.url.pathname.endsWith('/listSynchronizations')).length;
  /** A synchronization already in the share subscription's history. */
  const inHistory = (e: ServiceEmulator, synchronizationId: string, status: string) =>
    e.dataShare.synchronizations.push({ synchronizationId, status, startTime: '2026-01-01T00:00:00Z' });

  it('sync-start reads the list, starts nothing, and plans the synchronize the real run then sends', async () => {
    const e = emu.get();
    inHistory(e, 'old', 'Succeeded');
    e.dataShare.starts = [{ statuses: ['InProgress', 'Succeeded'] }];
    const dry = await run(share('sync-start', { 'dry-run': 'true', 'synchronization-mode': 'FullSync' }));
    expect(dry.code).toBe(0);
    expect(listed(e)).toBeGreaterThan(0);
    expect(changesSeen(e)).toEqual([]);
    expect(e.dataShare.synchronizeRequests).toEqual([]);
    const plan = JSON.parse(dry.outputs.plan!) as PlanEntry[];
    expect(plan.map((p) => [p.target, p.effect, p.body])).toEqual([
      ['share-1', 'start a FullSync synchronization', { synchronizationMode: 'FullSync' }],
    ]);
    expect(dry.outputs.changes).toBe('true');
    expect(dry.summary).toContain('sync-start: plan (dry run)');

    e.requests.length = 0;
    const real = await run(share('sync-start', { 'synchronization-mode': 'FullSync' }));
    expect(real.code).toBe(0);
    expect(real.outputs.changes).toBe('true');
    expectPlanSent(plan, changesSeen(e));
  });

  it('sync-start fails, as the real run would, while a synchronization runs, and sends nothing', async () => {
    const e = emu.get();
    inHistory(e, 'now', 'InProgress');
    const dry = await run(share('sync-start', { 'dry-run': 'true' }));
    expect(dry.code).toBe(1);
    expect(dry.errors[0]).toContain('synchronization now is running');
    expect(changesSeen(e)).toEqual([]);
  });

  it('sync-cancel plans the cancel of the running one, which the real run then sends; nothing running plans nothing', async () => {
    const e = emu.get();
    e.dataShare.synchronizations.push({
      synchronizationId: 'running',
      startTime: '2026-01-01T00:00:00Z',
      statuses: ['InProgress', 'InProgress', 'InProgress', 'Succeeded'],
    });
    const dry = await run(share('sync-cancel', { 'dry-run': 'true' }));
    expect(dry.code).toBe(0);
    expect(changesSeen(e)).toEqual([]);
    expect(e.dataShare.cancelRequests).toEqual([]);
    const plan = JSON.parse(dry.outputs.plan!) as PlanEntry[];
    expect(plan.map((p) => [p.target, p.body])).toEqual([['running', { synchronizationId: 'running' }]]);

    e.requests.length = 0;
    const real = await run(share('sync-cancel'));
    expect(real.code).toBe(0);
    expect(real.outputs.changes).toBe('true');
    expectPlanSent(plan, changesSeen(e));

    const none = await run(share('sync-cancel', { 'dry-run': 'true' }));
    expect(none.code).toBe(0);
    expect(none.outputs.changes).toBe('false');
    expect(JSON.parse(none.outputs.plan!)).toEqual([]);
    expect(none.stdout).toContain('dry run: nothing would change');
  });
});

describe('the command line', () => {
  it('takes --dry-run standing alone, plans, and changes nothing', async () => {
    const e = emu.get();
    const cli = await runCli([
      'app-remove-user',
      '--dry-run',
      ...appManagementFlags(e.url),
      '--app',
      'contoso/shop',
      '--user-email',
      'leaver@contoso.com',
      '--json',
    ]);
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ changes: true, 'removed-users': [] });
    expect(cli.stderr).toContain('dry run: would DELETE');
    expect(changesSeen(e)).toEqual([]);
  });
});

describe('erp-stop and erp-start with dry-run', () => {
  const SUB = '00000000-0000-4000-8000-0000000000e1';
  const READ = /\/erpVirtualInstances\/[^/]+$/;
  const instancePath = (name: string, action = '') =>
    `/subscriptions/${SUB}/resourceGroups/rg-erp/providers/Vendor.Workloads/erpVirtualInstances/${name}${action}`;
  const inputs = (extra: Record<string, string>) => ({
    'base-url': emu.get().url,
    'access-token': 'emu-access-token',
    'subscription-id': SUB,
    'resource-group': 'rg-erp',
    'erp-virtual-instance': 'X01, X02',
    'poll-interval': '0.05',
    ...extra,
  });
  /** The C0 reads, sorted: the instances are read in parallel (max-parallel 10). */
  const reads = (e: ServiceEmulator) =>
    e.requests
      .filter((r) => r.method === 'GET' && READ.test(r.url.pathname))
      .map((r) => r.url.pathname)
      .sort();
  const instances = (r: ActionRun) =>
    (JSON.parse(r.outputs.instances!) as { name: string; outcome: string; before: string | null }[]).map(
      ({ name, before, outcome }) => [name, before, outcome],
    );

  /** The dry run, then the real run against the same emulator: the plan is what the real run sends. */
  async function planThenRun(extra: Record<string, string>): Promise<{ dry: ActionRun; plan: PlanEntry[] }> {
    const e = emu.get();
    const dry = await run(inputs({ ...extra, 'dry-run': 'true' }));
    expect(dry.code).toBe(0);
    expect(reads(e).sort()).toEqual([instancePath('X01'), instancePath('X02')]);
    expect(changesSeen(e)).toEqual([]);
    expect(dry.outputs['operation-status']).toBeUndefined();
    expect(JSON.parse(dry.outputs['operation-urls']!)).toEqual([]);
    expect(dry.summary).toContain(`${extra.operation}: plan (dry run)`);
    const plan = JSON.parse(dry.outputs.plan!) as PlanEntry[];
    expect(dry.outputs.changes).toBe(String(plan.length > 0));
    for (const p of plan) expect(dry.stdout).toContain(`dry run: would ${p.method} ${p.url}`);

    e.requests.length = 0;
    const real = await run(inputs(extra));
    expect(real.code).toBe(0);
    expect(real.outputs.changes).toBe(String(plan.length > 0));
    expect(JSON.parse(real.outputs.plan!)).toEqual([]);
    expectPlanSent(plan, changesSeen(e));
    return { dry, plan };
  }

  it('erp-stop: reads both, stops nothing, plans the soft stop of X01 and skips X02 (already Offline)', async () => {
    const e = emu.get();
    e.erp.setInstance('X02', { status: 'Offline' });
    const { dry, plan } = await planThenRun({ operation: 'erp-stop', 'soft-stop-timeout-seconds': '300' });
    expect(plan).toEqual([
      {
        target: 'X01',
        method: 'POST',
        url: `${e.url}${instancePath('X01', '/stop')}?api-version=2023-04-01`,
        body: { softStopTimeoutSeconds: 300 },
        effect: 'Running → stop (soft 300 s)',
      },
    ]);
    expect(dry.stdout).toContain(
      `dry run: would POST ${e.url}${instancePath('X01', '/stop')}?api-version=2023-04-01 {"softStopTimeoutSeconds":300}`,
    );
    expect(dry.stdout).toContain('X01: Running → stop (soft 300 s)');
    expect(dry.stdout).toContain('X02: already Offline → skip');
    expect(instances(dry)).toEqual([
      ['X01', 'Running', 'planned'],
      ['X02', 'Offline', 'skipped'],
    ]);
  });

  it('erp-stop with deallocate-vm: plans both (an Offline one too) with deallocateVm on 2024-09-01', async () => {
    const e = emu.get();
    e.erp.setInstance('X02', { status: 'Offline' });
    for (const system of ['X01', 'X02'])
      e.erp.parts.setParts(system, { databases: [{ name: 'db0', status: 'Offline' }] });
    const { dry, plan } = await planThenRun({
      operation: 'erp-stop',
      'soft-stop-timeout-seconds': '300',
      'deallocate-vm': 'true',
    });
    expect(plan.map((p) => [p.target, p.url, p.body, p.effect])).toEqual([
      [
        'X01',
        `${e.url}${instancePath('X01', '/stop')}?api-version=2024-09-01`,
        { softStopTimeoutSeconds: 300, deallocateVm: true },
        'Running → stop (soft 300 s, deallocate VMs)',
      ],
      [
        'X02',
        `${e.url}${instancePath('X02', '/stop')}?api-version=2024-09-01`,
        { softStopTimeoutSeconds: 300, deallocateVm: true },
        'Offline → stop (soft 300 s, deallocate VMs)',
      ],
    ]);
    expect(instances(dry).map(([, , outcome]) => outcome)).toEqual(['planned', 'planned']);
  });

  it('erp-start with start-vm: plans {"startVm":true} for X01 and skips X02 (already Running)', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { status: 'Offline' });
    const { dry, plan } = await planThenRun({ operation: 'erp-start', 'start-vm': 'true' });
    expect(plan).toEqual([
      {
        target: 'X01',
        method: 'POST',
        url: `${e.url}${instancePath('X01', '/start')}?api-version=2024-09-01`,
        body: { startVm: true },
        effect: 'Offline → start (start VMs first) → health read until healthy (health-timeout 300 s)',
      },
    ]);
    expect(dry.stdout).toContain('X02: already Running → skip');
    expect(instances(dry)).toEqual([
      ['X01', 'Offline', 'planned'],
      ['X02', 'Running', 'skipped'],
    ]);
  });

  it('erp-start without start-vm: plans the seed’s start, with no body', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { status: 'Offline' });
    e.erp.setInstance('X02', { status: 'Offline' });
    const { plan } = await planThenRun({ operation: 'erp-start' });
    expect(plan.map((p) => [p.target, p.body, p.effect])).toEqual([
      // After the start, the health read (a step of its own kind, no request that changes anything).
      ['X01', undefined, `Offline → start → ${HEALTH}`],
      ['X02', undefined, `Offline → start → ${HEALTH}`],
    ]);
  });

  it('with skip-if-done and verify false reads nothing, as the real run, and says the status was not read', async () => {
    const e = emu.get();
    const extra = { operation: 'erp-stop', 'skip-if-done': 'false', verify: 'false', 'dry-run': 'true' };
    const dry = await run(inputs({ ...extra, 'erp-virtual-instance': 'X01' }));
    expect(dry.code).toBe(0);
    expect(reads(e)).toEqual([]);
    expect(changesSeen(e)).toEqual([]);
    const plan = JSON.parse(dry.outputs.plan!) as PlanEntry[];
    expect(plan.map((p) => [p.target, p.body, p.effect])).toEqual([
      ['X01', { softStopTimeoutSeconds: 0 }, 'status not read → stop (hard)'],
    ]);
  });

  it('nothing to do: exits 0 with changes false, and so does the real run', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { status: 'Offline' });
    e.erp.setInstance('X02', { status: 'Offline' });
    const { dry, plan } = await planThenRun({ operation: 'erp-stop' });
    expect(plan).toEqual([]);
    expect(dry.stdout).toContain('dry run: nothing would change');
  });

  it.each(['erp-stop', 'erp-start'])(
    '%s: an instance not found fails the dry run, nothing sent',
    async (operation) => {
      const e = emu.get();
      e.erp.setInstance('X01', { status: 'Offline' });
      e.erp.setInstance('X02', { missing: true });
      const dry = await run(inputs({ operation, 'dry-run': 'true' }));
      expect(dry.code).toBe(1);
      expect(dry.errors[0]).toContain("Erp virtual instance 'X02' was not found");
      expect(reads(e).sort()).toEqual([instancePath('X01'), instancePath('X02')]);
      expect(changesSeen(e)).toEqual([]);
      expect(instances(dry)[1]).toEqual(['X02', null, 'failed']);
    },
  );

  it.each(['erp-stop', 'erp-start'])(
    '%s: a sign-in the service refuses fails the dry run, nothing read or sent',
    async (operation) => {
      const e = emu.get();
      const extra = {
        operation,
        'dry-run': 'true',
        'auth-url': e.url,
        'tenant-id': 't1',
        'client-id': 'emu-client',
      };
      // The service principal's sign-in instead of a token: its secret is refused.
      const signIn: Record<string, string> = inputs({ ...extra, 'client-secret': 'not-the-secret' });
      delete signIn['access-token'];
      const dry = await run(signIn);
      expect(dry.code).toBe(1);
      expect(dry.errors[0]).toMatch(/invalid_client|HTTP 401/);
      expect(reads(e)).toEqual([]);
      expect(changesSeen(e)).toEqual([]);
    },
  );
});
