import { describe, expect, it } from '@jest/globals';
import { runOnEmulator, useEmulator } from '../helpers/emulator.js';
import type { ActionRun } from '../helpers/run-action.js';

/** Issue 25's erp half (never a wrong verdict) and issue 26's erp half (what the step shows is true). */

const SUB = '00000000-0000-4000-8000-0000000000e1';
const STOP = /\/stop$/;
const POLL = /\/operationStatuses\//;
const RESULTS = /\/operationResults\//;

const emu = useEmulator();

const run = (inputs: Record<string, string>): Promise<ActionRun> =>
  runOnEmulator(emu.get(), {
    operation: 'erp-stop',
    'subscription-id': SUB,
    'resource-group': 'rg-erp',
    'erp-virtual-instance': 'X01',
    // The window's own requests, pinned here: the checks before it (preflight) read more and have their own suite.
    ...(/^erp-(stop|start)$/.test(inputs.operation ?? 'erp-stop') ? { preflight: 'off' } : {}),
    ...inputs,
  });

describe('a stop whose answer was lost', () => {
  it('is found out by reading the instance: the 409 of the retry is no failure, the stop is followed to Offline', async () => {
    const e = emu.get();
    // The service acts on the stop, and a gateway's 504 takes its answer; the retry meets the running stop.
    e.addFault({ fault: { kind: 'status', status: 504 }, times: 1, method: 'POST', path: STOP, after: true });
    const r = await run({});
    expect(r.code).toBe(0);
    expect(e.erp.stopsOf('X01')).toHaveLength(1);
    expect(e.erp.stops.filter((s) => s.conflict).length).toBeLessThanOrEqual(1);
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(r.outputs['operation-urls']).toBe('[]');
    expect(JSON.parse(r.outputs.instances!)).toEqual([
      { name: 'X01', before: 'Running', after: 'Offline', health: 'Unknown', outcome: 'stopped' },
    ]);
    expect(r.stdout).toContain(
      "X01: is Stopping: the service acted; following the instance's status to its end",
    );
  });
});

describe('the status lags (issue 32 point 2)', () => {
  it('a 12-second lag after a lost answer: read again within the settle window, one POST in all, the step succeeds', async () => {
    const e = emu.get();
    // Six reads at poll-interval 2 s would be 12 s; here 0.05 s each, the same reads.
    e.erp.setInstance('X01', { statusLagReads: 6 });
    e.addFault({ fault: { kind: 'status', status: 504 }, times: 1, method: 'POST', path: STOP, after: true });
    const r = await run({});
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(e.requestsTo(STOP)).toHaveLength(1);
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(JSON.parse(r.outputs.instances!)).toEqual([
      expect.objectContaining({ name: 'X01', before: 'Running', after: 'Offline', outcome: 'stopped' }),
    ]);
    expect(r.stdout).toContain('X01: is Running, as before the stop: the status may lag');
  });

  it('verify: a read still at the start state after a stop that worked is read again, not failed', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { statusLagReads: 3 });
    const r = await run({});
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.outputs.instances!)).toEqual([
      expect.objectContaining({ name: 'X01', after: 'Offline', outcome: 'stopped' }),
    ]);
  });
});

describe('a snooze (deallocate-vm) the status cannot tell (issue 32 point 3)', () => {
  const conflict = JSON.stringify({ error: { code: 'Conflict', message: 'An operation is in progress.' } });
  it.each([
    ['409', { kind: 'status' as const, status: 409, body: conflict }, false],
    ['504', { kind: 'status' as const, status: 504 }, true],
  ])(
    'of an Offline system answered %s fails, naming the cause and the client request id',
    async (_, fault, after) => {
      const e = emu.get();
      e.erp.setInstance('X01', { status: 'Offline', health: 'Unknown' });
      e.erp.parts.setParts('X01', { databases: [{ name: 'db0', status: 'Offline' }] });
      e.addFault({ fault, times: 1, method: 'POST', path: STOP, after });
      const r = await run({ 'deallocate-vm': 'true' });
      expect(r.code).toBe(1);
      expect(e.requestsTo(STOP)).toHaveLength(1);
      const id = e.requestsTo(STOP)[0]!.headers['x-vendor-client-request-id'];
      expect(r.errors[0]).toContain(`HTTP ${fault.status}`);
      expect(r.errors[0]).toContain(`client-request-id: ${id}`);
      expect(JSON.parse(r.outputs.instances!)[0].outcome).toBe('failed');
    },
  );

  it('ends as a success where the system ends Unavailable', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { endStatus: 'Unavailable', endHealth: 'Unknown' });
    e.erp.parts.setParts('X01', { databases: [{ name: 'db0', status: 'Offline' }] });
    const r = await run({ 'deallocate-vm': 'true' });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.outputs.instances!)).toEqual([
      expect.objectContaining({ name: 'X01', after: 'Unavailable', outcome: 'stopped' }),
    ]);
  });
});

describe('an operation that ends first (issue 32 point 4)', () => {
  it('fails at 3 s while the system reaches Offline at 8 s: the instance is followed, a success with a warning', async () => {
    const e = emu.get();
    // Three polls to the Failed (3 s at 1 s), then five more reads of Stopping before Offline (8 s).
    e.erp.setInstance('X01', {
      steps: ['InProgress', 'InProgress', 'Failed'],
      movesAfterFailure: { status: 'Offline', reads: 4 },
    });
    const r = await run({});
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(e.requestsTo(STOP)).toHaveLength(1);
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(r.outputs['operation-urls']).toBe('[]');
    expect(JSON.parse(r.outputs.instances!)).toEqual([
      expect.objectContaining({ name: 'X01', before: 'Running', after: 'Offline', outcome: 'stopped' }),
    ]);
    expect(r.warnings.join('\n')).toContain('ended with status Failed');
    expect(r.warnings.join('\n')).toContain('reached Offline: counted as done');
  });

  it('an operation that ended Failed and an instance back where it was: failed, never running', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { steps: ['InProgress', 'Failed'] });
    const r = await run({});
    expect(r.code).toBe(1);
    expect(r.outputs['operation-status']).toBe('Failed');
    expect(r.outputs['operation-urls']).toBe('[]');
    expect(JSON.parse(r.outputs.instances!)[0]).toMatchObject({ after: 'Running', outcome: 'failed' });
  });
});

describe('a stop refused with 409', () => {
  it('on the first attempt is a refusal: sent once, fails with the service’s code and message', async () => {
    const e = emu.get();
    const body = JSON.stringify({
      error: { code: 'Conflict', message: 'Another operation is in progress.' },
    });
    e.addFault({ fault: { kind: 'status', status: 409, body }, times: 5, method: 'POST', path: STOP });
    const r = await run({});
    expect(r.code).toBe(1);
    expect(e.requestsTo(STOP)).toHaveLength(1);
    expect(r.errors[0]).toContain('HTTP 409');
    expect(r.errors[0]).toContain('Conflict: Another operation is in progress.');
    expect(r.outputs.changes).toBe('false');
  });
});

describe('operation-status and operation-urls say only what is true', () => {
  it('several instances, none failed by the service: the last status seen, not Failed', async () => {
    const e = emu.get();
    e.erp.setInstance('REFUSED', { softStopUnsupported: true });
    e.erp.setInstance('SLOW', { steps: [{ status: 'InProgress', percentComplete: 20 }] });
    const r = await run({
      'erp-virtual-instance': 'REFUSED, SLOW',
      'soft-stop-timeout-seconds': '30',
      timeout: '2s',
    });
    expect(r.code).toBe(1);
    expect(r.outputs['operation-status']).toBe('InProgress');
    expect(JSON.parse(r.outputs['operation-urls']!)).toHaveLength(1);
  });

  it('a 429 whose Retry-After passes the deadline is a timeout of the wait; the operation stays resumable', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', {
      steps: [{ status: 'InProgress', percentComplete: 10 }],
      rotatePollingUrl: true,
    });
    e.addFault({
      fault: { kind: 'status', status: 429, retryAfter: '120' },
      times: 10,
      method: 'GET',
      path: POLL,
    });
    const r = await run({ timeout: '3s' });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain("The stop of erp virtual instance 'X01' did not end within the timeout");
    expect(JSON.parse(r.outputs['operation-urls']!)).toEqual([r.outputs['operation-url']]);
    // Issue 26: the failure line points at the output; a URL cut short would be refused if pasted.
    expect(r.errors[0]).toContain('resume with wait-for-operation and the operation-urls output');
    expect(r.errors[0]).not.toContain('/operationStatuses/');
    // Issue 26: the summary shows the URL with its query reduced to api-version, never its signature.
    expect(r.outputs['operation-url']).toContain('&sig=');
    expect(r.summary).not.toContain(r.outputs['operation-url']!);
    expect(r.summary).not.toContain('sig=');
  });

  it('an operation whose polling URL answers 404 is not listed to resume; the instance decides (issue 32 point 4)', async () => {
    const e = emu.get();
    const gone = {
      fault: {
        kind: 'status' as const,
        status: 404,
        body: JSON.stringify({ error: { code: 'OperationNotFound', message: 'No such operation.' } }),
      },
      times: 1,
      method: 'GET',
      path: POLL,
    };
    e.addFault({ ...gone });
    // The instance goes on to Offline: a success, with a warning naming what the operation said.
    const reached = await run({});
    expect(reached.code).toBe(0);
    expect(reached.warnings.join('\n')).toContain('OperationNotFound');
    expect(reached.outputs['operation-urls']).toBe('[]');
    expect(JSON.parse(reached.outputs.instances!)[0]).toMatchObject({ after: 'Offline', outcome: 'stopped' });

    // The instance still Stopping at the timeout: the failure stands, nothing to resume, never running.
    e.erp.setInstance('X02', { steps: [{ status: 'InProgress', percentComplete: 10 }] });
    e.addFault({ ...gone });
    const r = await run({ 'erp-virtual-instance': 'X02', timeout: '2s' });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain('OperationNotFound');
    expect(r.errors[0]).toContain('nothing to resume');
    expect(r.outputs['operation-urls']).toBe('[]');
    expect(JSON.parse(r.outputs.instances!)[0]).toMatchObject({ outcome: 'failed' });
  });
});

describe('a Location operation resumed after it ended', () => {
  it('is done on a final 200 without a body, or with a body without a status', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { pollingMode: 'location' });
    const started = await run({ wait: 'false' });
    expect(started.code).toBe(0);
    const operationUrl = started.outputs['operation-url']!;
    expect(operationUrl).toMatch(RESULTS);
    for (const fault of [
      { kind: 'empty-200' as const },
      { kind: 'status' as const, status: 200, body: '{}' },
    ]) {
      e.addFault({ fault, times: 1, method: 'GET', path: RESULTS });
      const r = await runOnEmulator(e, { operation: 'wait-for-operation', 'operation-url': operationUrl });
      expect(r.code).toBe(0);
      expect(r.outputs['operation-status']).toBe('Succeeded');
      // Issue 26: which times are this step's and which the service's.
      expect(r.summary).toContain('<th>this step&#39;s wait</th>');
      expect(r.summary).toContain('<td>✅&nbsp;succeeded</td>');
      expect(r.summary).toContain('<th>service start</th><th>service end</th>');
    }
  });
});
