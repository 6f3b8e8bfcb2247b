import { describe, expect, it } from '@jest/globals';
import type { RecordedRequest } from '../../src/emulator/index.js';
import { runOnEmulator, useEmulator } from '../helpers/emulator.js';
import type { ActionRun } from '../helpers/run-action.js';

/**
 * How the poller follows the service's long-running-operation answers: a fresh polling URL on every answer
 * (the superseded ones expire), and the resource-manager Location pattern (202 with no body, then 200 with a
 * resource or 204).
 */
const SUB = '00000000-0000-4000-8000-0000000000c3';
const POLL = /\/operation(Statuses|Results)\//;
const STOP = /\/stop$/;

const emu = useEmulator();

// The window's own requests, pinned here: the checks before it (preflight) read more and have their own suite.
const run = (inputs: Record<string, string>): Promise<ActionRun> =>
  runOnEmulator(emu.get(), {
    ...(/^erp-(stop|start)$/.test(inputs.operation ?? '') ? { preflight: 'off' } : {}),
    ...inputs,
  });

const stop = (extra: Record<string, string> = {}) =>
  run({
    operation: 'erp-stop',
    'subscription-id': SUB,
    'resource-group': 'rg-erp',
    'erp-virtual-instance': 'X01',
    ...extra,
  });

const sigOf = (q: RecordedRequest) => q.url.searchParams.get('sig');

describe('a polling URL that rotates on every answer, the superseded ones expiring', () => {
  it('is followed: every poll goes to the newest URL, none to a superseded one', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', {
      rotatePollingUrl: true,
      steps: ['InProgress', 'InProgress', { status: 'InProgress', percentComplete: 80 }, 'Succeeded'],
    });
    const r = await stop();
    expect(r.code).toBe(0);
    expect(e.erp.supersededPolls).toBe(0);
    const polls = e.requestsTo(POLL);
    expect(polls).toHaveLength(4);
    // The stop's 202 handed out s1, each poll answer the next: poll n went to s{n}.
    expect(polls.map((q) => sigOf(q)?.split('-')[0])).toEqual(['s1', 's2', 's3', 's4']);
    const op = [...e.erp.operations.values()][0]!;
    expect(r.outputs['operation-url']).toContain(`sig=${op.signature}`);
    expect(r.outputs['operation-urls']).toBe('[]');
    // One line per status change, still: InProgress once, though three polls said it.
    expect(r.stdout.match(/X01: InProgress(,|\s)/g)).toHaveLength(1);
  });

  it('a timed-out wait reports the newest URL, and a resume with it succeeds', async () => {
    const e = emu.get();
    // Polls come at least 1 s apart (poll-interval's floor): two polls fit in the timeout, the end does not.
    e.erp.setInstance('X01', { rotatePollingUrl: true, durationMs: 4000 });
    const first = await stop({ timeout: '2.5s', 'poll-interval': '1' });
    expect(first.code).toBe(1);
    expect(first.errors[0]).toContain('did not end within the timeout');
    const op = [...e.erp.operations.values()][0]!;
    const [newest] = JSON.parse(first.outputs['operation-urls']!) as string[];
    expect(newest).toContain(`sig=${op.signature}`);
    expect(first.outputs['operation-url']).toBe(newest);
    expect(op.signatures).toBeGreaterThan(2);
    const second = await run({
      operation: 'wait-for-operation',
      'operation-url': first.outputs['operation-urls']!,
    });
    expect(second.code).toBe(0);
    expect(second.outputs['operation-status']).toBe('Succeeded');
    expect(e.erp.supersededPolls).toBe(0);
  });

  it('a superseded URL is refused by the emulator (404 OperationNotFound): the rotation is real', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { rotatePollingUrl: true, steps: ['InProgress', 'InProgress', 'Succeeded'] });
    const started = await stop({ wait: 'false' });
    const first = started.outputs['operation-url']!;
    // Poll once by hand: the service hands out a newer URL, and the one the stop gave expires.
    const res = await fetch(first, { headers: { authorization: 'Bearer emu-access-token' } });
    expect(res.headers.get('vendor-asyncoperation')).not.toBe(first);
    const r = await run({ operation: 'wait-for-operation', 'operation-url': first });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toMatch(/HTTP 404 OperationNotFound: The polling URL of operation .* has expired/);
    expect(e.erp.supersededPolls).toBe(1);
  });

  it('a new URL on another origin is refused, and nothing is sent there', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { rotatePollingUrl: true, steps: ['InProgress', 'Succeeded'] });
    // The first poll's answer will carry a URL on the second origin.
    const started = await stop({ wait: 'false' });
    [...e.erp.operations.values()][0]!.knobs.pollingOrigin = 'secondary';
    const r = await run({
      operation: 'wait-for-operation',
      'operation-url': started.outputs['operation-url']!,
    });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain(`Refused to follow the polling URL on ${e.secondUrl}`);
    expect(e.requests.filter((q) => q.origin === 'secondary')).toHaveLength(0);
    // The URL to resume with is the last one on the right origin.
    expect(JSON.parse(r.outputs['operation-urls'] ?? '[]')).toEqual([started.outputs['operation-url']]);
  });
});

describe('the Location pattern: 202 with no body while running, then 200 with a resource or 204', () => {
  it.each([200, 204] as const)('erp-stop follows it to a final %i and succeeds', async (final) => {
    const e = emu.get();
    e.erp.setInstance('X01', {
      pollingMode: 'location',
      locationFinal: final,
      retryAfter: '1',
      steps: ['InProgress', 'InProgress', 'Succeeded'],
    });
    const r = await stop({ 'poll-interval': '1h', timeout: '20s' });
    expect(r.code).toBe(0);
    const polls = e.requestsTo(POLL);
    // One poll per step: the final answer ends the wait (a 200 resource does not poll on to the timeout).
    expect(polls).toHaveLength(3);
    for (const q of polls) expect(q.url.pathname).toContain('/operationResults/');
    const kind = (path: string) =>
      STOP.test(path) ? 'stop' : /\/erpVirtualInstances\/[^/]+$/.test(path) ? 'read' : 'poll';
    // The read before the stop and the read that verifies it frame the polls.
    expect(e.requests.map((q) => kind(q.url.pathname))).toEqual([
      'read',
      'stop',
      'poll',
      'poll',
      'poll',
      'read',
    ]);
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(r.outputs['operation-urls']).toBe('[]');
    const result = JSON.parse(r.outputs.result!);
    if (final === 200) {
      expect(result.resource.properties.provisioningState).toBe('Succeeded');
      expect(result.resource.name).toBe('X01');
    } else {
      expect(result).toEqual({ status: 'Succeeded' });
    }
  });

  it('fails a Location operation whose final answer says Failed, with its error', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { pollingMode: 'location', steps: ['InProgress', 'Failed'] });
    const r = await stop();
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain("'X01' ended with status Failed: StopFailed");
  });

  it.each([200, 204] as const)('wait-for-operation resumes a Location URL to a final %i', async (final) => {
    const e = emu.get();
    e.erp.setInstance('X01', {
      pollingMode: 'location',
      locationFinal: final,
      steps: ['InProgress', 'InProgress', 'Succeeded'],
    });
    const started = await stop({ wait: 'false' });
    expect(started.outputs['operation-url']).toContain('/operationResults/');
    const r = await run({
      operation: 'wait-for-operation',
      'operation-url': started.outputs['operation-urls']!,
    });
    expect(r.code).toBe(0);
    expect(e.requestsTo(POLL)).toHaveLength(3);
    expect(r.outputs['operation-status']).toBe('Succeeded');
  });

  it('rotating Location URLs are followed too', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', {
      pollingMode: 'location',
      rotatePollingUrl: true,
      locationFinal: 204,
      steps: ['InProgress', 'InProgress', 'InProgress', 'Succeeded'],
    });
    const r = await stop();
    expect(r.code).toBe(0);
    expect(e.erp.supersededPolls).toBe(0);
    expect(e.requestsTo(POLL)).toHaveLength(4);
  });
});
