import { describe, expect, it } from '@jest/globals';
import type { ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';
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

async function run(inputs: Record<string, string>): Promise<ActionRun> {
  const result = await runAction(inputs);
  expectNoSecrets(result, emulatorSecrets(emu.get()));
  return unescapeCommands(result);
}

/** The plan a dry run output, checked against what the real run sent afterwards. */
function expectPlanSent(plan: PlanEntry[], sent: ReturnType<typeof changesSeen>): void {
  expect(
    plan.map(({ method, url, body }) => ({ method, url: withApiVersionOnly(new URL(url)), body })),
  ).toEqual(sent);
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
    expect(e.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['GET /v0.1/user']);
    expect(Object.keys(e.apps.members('contoso', 'shop')!)).toEqual(
      expect.arrayContaining(['leaver@contoso.com', 'tester@contoso.com']),
    );
    expect(dry.outputs.changes).toBe('true');
    expect(JSON.parse(dry.outputs['removed-users']!)).toEqual([]);
    const plan = JSON.parse(dry.outputs.plan!) as PlanEntry[];
    expect(plan.map((p) => [p.target, p.effect])).toEqual([
      ['leaver@contoso.com', 'remove from contoso/shop (if a member)'],
      ['tester@contoso.com', 'remove from contoso/shop (if a member)'],
    ]);
    expect(dry.stdout).toContain(
      `dry run: would DELETE ${e.url}/v0.1/apps/contoso/shop/users/leaver%40contoso.com {}`,
    );
    expect(dry.summary).toContain('Plan of app-remove-user (dry run: nothing was changed)');

    e.requests.length = 0;
    const real = await run(inputs());
    expect(real.code).toBe(0);
    expect(real.outputs.changes).toBe('true');
    expect(JSON.parse(real.outputs.plan!)).toEqual([]);
    expectPlanSent(plan, changesSeen(e));
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

  it('sync-start reads the list, starts nothing, and plans the synchronize the real run then sends', async () => {
    const e = emu.get();
    e.dataShare.synchronizations.push({
      synchronizationId: 'old',
      status: 'Succeeded',
      startTime: '2026-01-01T00:00:00Z',
    });
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
    expect(dry.summary).toContain('Plan of sync-start (dry run: nothing was changed)');

    e.requests.length = 0;
    const real = await run(share('sync-start', { 'synchronization-mode': 'FullSync' }));
    expect(real.code).toBe(0);
    expect(real.outputs.changes).toBe('true');
    expectPlanSent(plan, changesSeen(e));
  });

  it('sync-start fails, as the real run would, while a synchronization runs, and sends nothing', async () => {
    const e = emu.get();
    e.dataShare.synchronizations.push({
      synchronizationId: 'now',
      status: 'InProgress',
      startTime: '2026-01-01T00:00:00Z',
    });
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
      '--api-url',
      e.url,
      '--api-token',
      'emu-user-token',
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
