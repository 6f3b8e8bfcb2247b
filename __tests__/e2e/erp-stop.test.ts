import { describe, expect, it } from '@jest/globals';
import type { ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import {
  expectNoSecrets,
  runAction,
  unescapeCommands,
  type ActionRun,
  type RunOptions,
} from '../helpers/run-action.js';
import { runActionInProcess } from '../helpers/run-action-in-process.js';

const SUB = '00000000-0000-4000-8000-0000000000c1';
const STOP = /\/erpVirtualInstances\/[^/]+\/stop$/;
const POLL = /\/operationStatuses\//;
const READ = /\/erpVirtualInstances\/[^/]+$/;
const READ_TARGET = `/subscriptions/${SUB}/resourceGroups/rg-erp/providers/Vendor.Workloads/erpVirtualInstances/X01?api-version=2023-04-01`;

const emu = useEmulator();

function stopInputs(extra: Record<string, string> = {}): Record<string, string> {
  return {
    operation: 'erp-stop',
    'base-url': emu.get().url,
    'access-token': 'emu-access-token',
    'subscription-id': SUB,
    'resource-group': 'rg-erp',
    'erp-virtual-instance': 'X01',
    'poll-interval': '0.05',
    ...extra,
  };
}

function expectClean(r: ActionRun, e: ServiceEmulator): void {
  expect(r.stdout).toContain('::add-mask::');
  expectNoSecrets(r, emulatorSecrets(e));
}

/**
 * The bundle, as a runner starts it: for a signal, and for one case of each kind (the whole flow and its outputs, a
 * failure's annotation, several at once, the token renewed). The other cases `run` the same adapter in this process
 * (Node's start-up is most of a short run's processor time, docs/test-speed.md), with the same assertions.
 */
async function bundle(inputs: Record<string, string>, options: RunOptions = {}): Promise<ActionRun> {
  const result = await runAction(inputs, options);
  expectClean(result, emu.get());
  return unescapeCommands(result);
}

async function run(inputs: Record<string, string>): Promise<ActionRun> {
  const result = await runActionInProcess(inputs);
  expectClean(result, emu.get());
  return unescapeCommands(result);
}

describe('erp-stop, through the action (the bundle as a runner runs it where a case says so, else in this process)', () => {
  it('sends the body and api-version, follows the 202 to Succeeded and sets the outputs', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', {
      steps: [
        { status: 'InProgress', percentComplete: 20 },
        { status: 'InProgress', percentComplete: 60 },
        { status: 'Succeeded', percentComplete: 100 },
      ],
    });
    const r = await bundle(stopInputs({ 'soft-stop-timeout-seconds': '300' }));
    expect(r.code).toBe(0);
    const [stop] = e.requestsTo(STOP);
    expect(stop!.method).toBe('POST');
    expect(stop!.target).toBe(
      `/subscriptions/${SUB}/resourceGroups/rg-erp/providers/Vendor.Workloads/erpVirtualInstances/X01/stop?api-version=2023-04-01`,
    );
    expect(stop!.headers.authorization).toBe('Bearer emu-access-token');
    expect(stop!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(stop!.body)).toEqual({ softStopTimeoutSeconds: 300 });
    const polls = e.requestsTo(POLL);
    expect(polls).toHaveLength(3);
    expect(polls[0]!.url.searchParams.get('api-version')).toBe('2021-12-01-preview');
    const op = [...e.erp.operations.values()][0]!;
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(r.outputs['percent-complete']).toBe('100');
    expect(r.outputs['operation-id']).toBe(
      `/subscriptions/${SUB}/providers/Vendor.Workloads/locations/westeurope/operationStatuses/${op.id}`,
    );
    expect(r.outputs['operation-url']).toBe(
      `${e.url}/subscriptions/${SUB}/providers/Vendor.Workloads/locations/westeurope/operationStatuses/${op.id}?api-version=2021-12-01-preview`,
    );
    expect(r.outputs['start-time']).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(r.outputs['end-time']).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(r.outputs['request-id']).toMatch(/^emu-req-\d+$/);
    expect(JSON.parse(r.outputs.result!)).toMatchObject({ status: 'Succeeded', name: op.id, error: null });
    // One line per status change, not per poll: InProgress appears once although two polls said it.
    expect(r.stdout.match(/X01: InProgress, /g)).toHaveLength(1);
    expect(r.stdout).toContain('::group::erp-stop X01');
    expect(r.summary).toContain('erp virtual instance');
    expect(r.summary).toContain('X01');
    // The person's summary: where, how long, when; the 130-character operation id stays in the outputs.
    expect(r.summary).toContain(`subscription <code>${SUB}</code> · resource group <code>rg-erp</code>`);
    // One row per instance: status before, what was done, status after, how long.
    expect(r.summary).toMatch(
      /<tr><td>✅&nbsp;stopped<\/td><td><strong>X01<\/strong><\/td><td>Running<\/td><td>stop \(soft 300 s\): Succeeded<\/td><td>Offline<\/td><td>\w+<\/td><td>\d+\.\d&nbsp;s<\/td><\/tr>/,
    );
    expect(JSON.parse(r.outputs.instances!)).toEqual([
      { name: 'X01', before: 'Running', after: 'Offline', health: 'Unknown', outcome: 'stopped' },
    ]);
    expect(r.summary).not.toContain(op.id);
  });

  it('reads the system once before its stop: the checks (preflight basic) and the step share one read', async () => {
    const e = emu.get();
    const from = e.requests.length;
    const r = await run(stopInputs({}));
    expect(r.code).toBe(0);
    const sent = e.requests.findIndex((q, i) => i >= from && q.method === 'POST');
    const reads = e.requests
      .slice(from, sent)
      .filter((q) => q.method === 'GET' && /\/erpVirtualInstances\/X01$/.test(q.url.pathname));
    expect(reads).toHaveLength(1);
    expect(r.stdout).toContain('X01: checks (basic: ');
  });

  it('sends softStopTimeoutSeconds 0 by default and ends on a terminal 200 without polling', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { respond: 200, steps: ['Succeeded'] });
    const r = await run(stopInputs({ preflight: 'off' }));
    expect(r.code).toBe(0);
    expect(JSON.parse(e.requestsTo(STOP)[0]!.body)).toEqual({ softStopTimeoutSeconds: 0 });
    // The read before, the stop, the read that verifies: no poll.
    expect(e.requests.map((q) => q.method)).toEqual(['GET', 'POST', 'GET']);
    expect(e.requestsTo(POLL)).toHaveLength(0);
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(r.outputs['operation-url']).toBeUndefined();
  });

  it('polls a 200 whose status is still running and which carries a polling header', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { respond: 200, steps: ['InProgress', 'Succeeded'] });
    const r = await run(stopInputs());
    expect(r.code).toBe(0);
    expect(e.requestsTo(POLL)).toHaveLength(1);
    expect(r.outputs['operation-status']).toBe('Succeeded');
  });

  it('fails a Failed operation naming code, message and request id, with the nested details in the log', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { steps: ['InProgress', 'Failed'] });
    const r = await bundle(stopInputs());
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(
      /The stop of erp virtual instance 'X01' ended with status Failed: StopFailed: The application server instance could not be stopped\. \(request-id: emu-req-\d+\)/,
    );
    expect(r.stdout).toContain('target: appServerInstances/app0');
    expect(r.stdout).toContain(
      '- KernelShutdownTimeout: The kernel did not reach the next shutdown state. (target: app0)',
    );
    expect(r.stdout).toContain('additionalInfo ErpDiagnostic: {"workProcess":"DIA 3","state":"stopping"}');
    expect(r.stdout).toContain('additionalInfo PolicyViolation: {"rule":"maintenance-window"}');
    expect(r.outputs['operation-status']).toBe('Failed');
    expect(JSON.parse(r.outputs.result!).error.code).toBe('StopFailed');
  });

  it('fails a Canceled operation', async () => {
    emu.get().erp.setInstance('X01', { steps: ['InProgress', { status: 'Canceled', percentComplete: 30 }] });
    const r = await run(stopInputs());
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain("'X01' ended with status Canceled");
    expect(r.outputs['operation-status']).toBe('Canceled');
  });

  it('treats an unknown status as still running', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', {
      steps: [{ status: 'Preparing System Configuration', percentComplete: 10 }, 'succeeded'],
    });
    const r = await run(stopInputs());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('X01: Preparing System Configuration, 10% complete');
    expect(e.requestsTo(POLL)).toHaveLength(2);
    expect(r.outputs['operation-status']).toBe('succeeded');
  });

  it("honours the service's Retry-After over poll-interval", async () => {
    // A poll-interval longer than the timeout: only the 1 s Retry-After lets the wait end in time.
    const e = emu.get();
    e.erp.setInstance('X01', { retryAfter: '1', steps: ['InProgress', 'Succeeded'] });
    const r = await run(stopInputs({ 'poll-interval': '1h', timeout: '20s' }));
    expect(r.code).toBe(0);
    expect(e.requestsTo(POLL)).toHaveLength(2);
  });

  it('sends the stop and then one poll per step, waiting the Retry-After rather than poll-interval', async () => {
    // A poll-interval longer than the timeout: only the 1 s Retry-After lets the wait reach its end.
    const e = emu.get();
    const steps = ['InProgress', 'InProgress', 'Succeeded'];
    e.erp.setInstance('X01', { retryAfter: '1', steps });
    const r = await run(stopInputs({ preflight: 'off', 'poll-interval': '1h', timeout: '20s' }));
    expect(r.code).toBe(0);
    expect(r.outputs['operation-status']).toBe('Succeeded');
    // The 202 and each non-terminal poll carried Retry-After: 1 s; the terminal poll ends the wait.
    expect(
      e.requests.map((q) =>
        STOP.test(q.url.pathname) ? 'stop' : POLL.test(q.url.pathname) ? 'poll' : q.target,
      ),
    ).toEqual([READ_TARGET, 'stop', ...steps.map(() => 'poll'), READ_TARGET]);
  });

  it('waits poll-interval where no Retry-After comes', async () => {
    // The default poll-interval (15 s) would run past this timeout; the 0.05 s one does not.
    const e = emu.get();
    e.erp.setInstance('X01', {
      steps: ['InProgress', 'InProgress', 'InProgress', 'InProgress', 'Succeeded'],
    });
    const r = await run(stopInputs({ timeout: '10s' }));
    expect(r.code).toBe(0);
    expect(e.requestsTo(POLL)).toHaveLength(5);
  });

  it('finds the polling URL under any header-name case, and in Location where vendor-AsyncOperation is absent', async () => {
    const e = emu.get();
    e.erp.setInstance('U1', { pollingHeader: 'VENDOR-ASYNCOPERATION' });
    e.erp.setInstance('L1', { pollingHeader: 'Location' });
    const r = await run(stopInputs({ 'erp-virtual-instance': 'U1, L1' }));
    expect(r.code).toBe(0);
    expect(e.requestsTo(POLL)).toHaveLength(4);
    expect(JSON.parse(r.outputs.result!).map((x: { status: string }) => x.status)).toEqual([
      'Succeeded',
      'Succeeded',
    ]);
  });

  it('fails a 202 that carries no polling header, saying so', async () => {
    emu.get().erp.setInstance('X01', { pollingHeader: 'none' });
    const r = await run(stopInputs());
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain('202 Accepted without a vendor-AsyncOperation or Location header');
    expect(emu.get().requestsTo(POLL)).toHaveLength(0);
  });

  it('refuses a polling URL on another origin and sends nothing there', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { pollingOrigin: 'secondary' });
    const r = await run(stopInputs({ preflight: 'off' }));
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain(`Refused to follow the polling URL on ${e.secondUrl}`);
    expect(e.requests.filter((q) => q.origin === 'secondary')).toHaveLength(0);
    expect(e.requests.map((q) => q.method)).toEqual(['GET', 'POST']);
  });

  it('falls back to a hard stop where a soft stop is not supported and hard-stop-fallback is true', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { softStopUnsupported: true });
    const r = await run(stopInputs({ 'soft-stop-timeout-seconds': '120', 'hard-stop-fallback': 'true' }));
    expect(r.code).toBe(0);
    expect(e.requestsTo(STOP).map((q) => JSON.parse(q.body))).toEqual([
      { softStopTimeoutSeconds: 120 },
      { softStopTimeoutSeconds: 0 },
    ]);
    expect(r.stdout).toMatch(/::warning::X01: the service refused a soft stop of 120s/);
    expect(r.outputs['operation-status']).toBe('Succeeded');
    // What was done is what was sent (issue 43): the hard stop, and that the soft one was refused.
    expect(r.summary).toContain(
      'stop (hard; the soft stop of 120 s was refused: SoftStopUnsupported): Succeeded',
    );
    expect(r.summary).not.toContain('stop (soft 120 s)');
  });

  it('fails on SoftStopUnsupported without hard-stop-fallback, saying how to allow it', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { softStopUnsupported: true });
    const r = await run(stopInputs({ 'soft-stop-timeout-seconds': '120' }));
    expect(r.code).toBe(1);
    expect(e.requestsTo(STOP)).toHaveLength(1);
    expect(r.errors[0]).toMatch(/HTTP 400 SoftStopUnsupported: .*request-id: emu-req-\d+/);
    expect(r.errors[0]).toContain('hard-stop-fallback: true');
  });

  it('with wait: false returns after the 202 with the operation-url and the status so far', async () => {
    const e = emu.get();
    const r = await run(stopInputs({ preflight: 'off', wait: 'false' }));
    expect(r.code).toBe(0);
    // The read before, the stop; nothing verified.
    expect(e.requests.map((q) => q.method)).toEqual(['GET', 'POST']);
    expect(JSON.parse(r.outputs.instances!)).toEqual([
      { name: 'X01', before: 'Running', after: null, health: 'Healthy', outcome: 'running' },
    ]);
    expect(r.outputs['operation-status']).toBe('Accepted');
    expect(r.outputs['operation-url']).toMatch(
      new RegExp(
        `^${e.url}/subscriptions/${SUB}/providers/Vendor\\.Workloads/locations/westeurope/operationStatuses/`,
      ),
    );
  });

  it('times out naming the last status, percent complete and the operation-url', async () => {
    const e = emu.get();
    // Signed polling URLs (`&sig=…`), as the service hands out: the summary must not show the signature.
    e.erp.setInstance('X01', {
      steps: [{ status: 'Preparing System Configuration', percentComplete: 40 }],
      rotatePollingUrl: true,
    });
    const r = await run(stopInputs({ timeout: '1s', 'poll-interval': '0.2' }));
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain(
      "The stop of erp virtual instance 'X01' did not end within the timeout: last status Preparing System Configuration, 40% complete; resume with wait-for-operation",
    );
    expect(r.outputs['operation-url']).toContain('/operationStatuses/');
    expect(r.outputs['operation-status']).toBe('Preparing System Configuration');
    expect(r.outputs['percent-complete']).toBe('40');
    // The summary never shows the polling URL whole (a public run page): it points at the outputs, and shows the
    // URL with its query reduced to api-version.
    const url = r.outputs['operation-url']!;
    expect(url).toContain('&sig=');
    expect(r.summary).toContain('<td>⏳&nbsp;stopping</td><td><strong>X01</strong></td>');
    expect(r.summary).toMatch(
      /resume with <code>wait-for-operation<\/code> and the <code>operation-urls<\/code> output/,
    );
    expect(r.summary).not.toContain(url);
    expect(r.summary).not.toContain('sig=');
    expect(r.summary).toContain(`${url.slice(0, url.indexOf('&sig='))}&#38;…`);
    expect(JSON.parse(r.outputs['operation-urls']!)).toEqual([r.outputs['operation-url']]);
  });

  it('ends at once on SIGTERM during a wait, with the operation-url to resume', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { steps: [{ status: 'InProgress', percentComplete: 55 }] });
    // Sent once the wait is under way (a second poll: the first one's answer was read), not at a fixed 2.5 s.
    const waiting = () => e.requestsTo(POLL).length >= 2;
    const r = await bundle(stopInputs({ 'poll-interval': '0.1' }), { signalWhen: waiting });
    expect(r.code).toBe(1);
    expect(e.requestsTo(POLL).length).toBeGreaterThan(0);
    expect(r.errors[0]).toContain(
      "The job was cancelled while waiting on the stop of erp virtual instance 'X01': last status InProgress, 55% complete",
    );
    const op = [...e.erp.operations.values()][0]!;
    expect(r.outputs['operation-url']).toContain(
      `/operationStatuses/${op.id}?api-version=2021-12-01-preview`,
    );
  });

  it.each([
    ['erp-virtual-instance', 'X01, ..'],
    ['resource-group', 'r'.repeat(91)],
    ['subscription-id', ' '],
    ['erp-virtual-instance', 'X01\u0007'],
  ])('rejects a bad %s (%j) with zero requests, naming the input', async (input, value) => {
    const r = await run(stopInputs({ [input]: value }));
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(new RegExp(`^::error::Input '${input}': `));
    expect(emu.get().requests).toHaveLength(0);
  });

  // A name with /, \\, ?, # or % is refused before any request (__tests__/e2e/input-refusals.test.ts); what the
  // rule lets through is still encoded, as one path segment.
  it('percent-encodes a name with ;, @, + and & so it stays one path segment', async () => {
    const e = emu.get();
    const r = await run(stopInputs({ 'erp-virtual-instance': 'a;b@c+d&e' }));
    expect(r.code).toBe(0);
    expect(e.requestsTo(STOP)[0]!.target).toBe(
      `/subscriptions/${SUB}/resourceGroups/rg-erp/providers/Vendor.Workloads/erpVirtualInstances/a%3Bb%40c%2Bd%26e/stop?api-version=2023-04-01`,
    );
    expect(e.erp.stops[0]!.instance).toBe('a;b@c+d&e');
  });
  it.each(['a/../b', 'b%2Fc', 'c#d'])('refuses the item %j, naming it, before any request', async (item) => {
    const r = await run(stopInputs({ 'erp-virtual-instance': `X00, ${item}` }));
    expect(r.code).toBe(1);
    const refusal = `::error::Input 'erp-virtual-instance': item '${item}' must not contain`;
    expect(r.errors[0]!.slice(0, refusal.length)).toBe(refusal);
    expect(emu.get().requests).toHaveLength(0);
  });

  it('refuses an item with whitespace inside as every list does, naming it and how to separate items', async () => {
    const r = await run(stopInputs({ 'erp-virtual-instance': 'X00, X01 X02' }));
    expect(r.code).toBe(1);
    expect(r.errors).toEqual([
      "::error::Input 'erp-virtual-instance': item 'X01 X02' has whitespace inside; give one item per line, or separate items with commas (got 'X00, X01 X02')",
    ]);
    expect(emu.get().requests).toHaveLength(0);
  });
});

describe('several instances', () => {
  /** Each request the emulator received, in arrival order, as `stop <instance>` or `poll <instance>`. */
  const sequence = (e: ServiceEmulator) => {
    const instanceOf = new Map([...e.erp.operations.values()].map((op) => [op.id, op.stop.instance]));
    return e.requests.map((q) => {
      const path = q.url.pathname;
      if (STOP.test(path)) return `stop ${decodeURIComponent(path.split('/').at(-2)!)}`;
      if (READ.test(path)) return `read ${decodeURIComponent(path.split('/').at(-1)!)}`;
      if (POLL.test(path)) return `poll ${instanceOf.get(path.split('/').at(-1)!) ?? '?'}`;
      return `${q.method} ${path}`;
    });
  };
  const three = ['S1', 'S2', 'S3'];
  const slow = { steps: ['InProgress', 'InProgress', 'InProgress', 'Succeeded'] };
  const pollsOf = (n: string) => slow.steps.map(() => `poll ${n}`);

  it('overlap in time with max-parallel 3', async () => {
    const e = emu.get();
    for (const n of three) e.erp.setInstance(n, slow);
    // A poll-interval well above the time three requests take to send: no poll can come before the third stop.
    const r = await bundle(
      stopInputs({
        preflight: 'off',
        'erp-virtual-instance': three.join('\n'),
        'max-parallel': '3',
        'poll-interval': '0.3',
      }),
    );
    expect(r.code).toBe(0);
    const order = sequence(e).filter((q) => !q.startsWith('read'));
    expect(sequence(e).filter((q) => q.startsWith('read'))).toHaveLength(6);
    // Every stop was sent before any poll: all three ran at once.
    expect(order.slice(0, 3).sort()).toEqual(three.map((n) => `stop ${n}`));
    expect([...order.slice(3)].sort()).toEqual(three.flatMap(pollsOf));
    expect(r.outputs['operation-status']).toBe('Succeeded');
    const result = JSON.parse(r.outputs.result!);
    expect(result.map((x: { erpVirtualInstance: string }) => x.erpVirtualInstance)).toEqual(three);
    for (const n of three) {
      // Each progress line once: live, prefixed with its instance, and not replayed in a group.
      expect(r.stdout.match(new RegExp(`${n}: InProgress`, 'g'))).toHaveLength(1);
      expect(r.stdout).toContain(`${n}: ended Succeeded after `);
      expect(r.stdout).not.toContain(`::group::erp-stop ${n}`);
    }
  });

  it('do not overlap with max-parallel 1', async () => {
    const e = emu.get();
    for (const n of three) e.erp.setInstance(n, slow);
    const r = await run(
      stopInputs({ preflight: 'off', 'erp-virtual-instance': three.join(','), 'max-parallel': '1' }),
    );
    expect(r.code).toBe(0);
    // Each instance's stop comes only after the previous instance's last poll, in the order given.
    expect(sequence(e)).toEqual(three.flatMap((n) => [`read ${n}`, `stop ${n}`, ...pollsOf(n), `read ${n}`]));
  });

  it('fail after all have ended, naming each failure; operation-status is not Succeeded', async () => {
    const e = emu.get();
    e.erp.setInstance('F1', { steps: ['InProgress', 'Failed'] });
    e.erp.setInstance('F2', { softStopUnsupported: true });
    e.erp.setInstance('OK1', {
      steps: ['InProgress', 'InProgress', 'InProgress', 'InProgress', 'Succeeded'],
    });
    const r = await run(
      stopInputs({ 'erp-virtual-instance': 'F1,F2,OK1', 'soft-stop-timeout-seconds': '5' }),
    );
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toContain('2 of 3 erp virtual instances did not stop');
    expect(r.errors[0]).toContain("'F1' ended with status Failed: StopFailed");
    expect(r.errors[0]).toContain("'F2' failed: POST");
    expect(r.errors[0]).toContain('SoftStopUnsupported');
    expect(e.erp.stopsOf('OK1')[0]!.endedAt).toBeDefined();
    expect(r.outputs['operation-status']).toBe('Failed');
    const result = JSON.parse(r.outputs.result!);
    expect(result.map((x: { status?: string }) => x.status)).toEqual(['Failed', undefined, 'Succeeded']);
  });
});

describe('a token that expires during the wait', () => {
  const shortLived = useEmulator(() => ({ emulator: { tokenLifetimeSeconds: 2 } }));

  it('is renewed, and no request is refused', async () => {
    const e = shortLived.get();
    // Longer than the token's 2 s, which was issued before the stop arrived: it lapses during the wait.
    e.erp.setInstance('X01', { durationMs: 2500 });
    const r = await runAction({
      operation: 'erp-stop',
      'base-url': e.url,
      'auth-url': e.url,
      'tenant-id': 't1',
      'client-id': 'emu-client',
      'client-secret': 'emu-client-secret',
      'subscription-id': SUB,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X01',
      'poll-interval': '0.25',
    });
    expectClean(r, e);
    expect(r.code).toBe(0);
    expect(e.issuedTokens.size).toBeGreaterThan(1);
    expect(e.requestsTo(/\/t1\/oauth2\/v2\.0\/token$/).length).toBe(e.issuedTokens.size);
    expect(e.erp.unauthorized).toBe(0);
    // The later polls carried a token issued after the first.
    const used = new Set(e.requestsTo(POLL).map((q) => q.headers.authorization));
    expect(used.size).toBeGreaterThan(1);
  });
});
