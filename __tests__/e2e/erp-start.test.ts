import { describe, expect, it } from '@jest/globals';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';

const SUB = '00000000-0000-4000-8000-0000000000c3';
const START = /\/erpVirtualInstances\/[^/]+\/start$/;
const POLL = /\/operationStatuses\//;

// Instances that are Offline, as at the end of a maintenance window: a Running one would be skipped.
const emu = useEmulator(() => ({ erp: { defaults: { status: 'Offline' } } }));

function startInputs(extra: Record<string, string> = {}): Record<string, string> {
  return {
    operation: 'erp-start',
    'base-url': emu.get().url,
    'access-token': 'emu-access-token',
    'subscription-id': SUB,
    'resource-group': 'rg-erp',
    'erp-virtual-instance': 'X01',
    'poll-interval': '0.05',
    ...extra,
  };
}

async function run(inputs: Record<string, string>, options = {}): Promise<ActionRun> {
  const result = await runAction(inputs, options);
  expect(result.stdout).toContain('::add-mask::');
  expectNoSecrets(result, emulatorSecrets(emu.get()));
  return unescapeCommands(result);
}

describe('erp-start, run as a runner runs it', () => {
  it('POSTs to /start with no body and the api-version, follows the 202 to Succeeded and sets the outputs', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', {
      steps: [
        { status: 'InProgress', percentComplete: 40 },
        { status: 'Succeeded', percentComplete: 100 },
      ],
    });
    const r = await run(startInputs());
    expect(r.code).toBe(0);
    const [start] = e.requestsTo(START);
    expect(start!.method).toBe('POST');
    expect(start!.target).toBe(
      `/subscriptions/${SUB}/resourceGroups/rg-erp/providers/Vendor.Workloads/erpVirtualInstances/X01/start?api-version=2023-04-01`,
    );
    expect(start!.headers.authorization).toBe('Bearer emu-access-token');
    expect(start!.body).toBe('');
    expect(start!.headers['content-length']).toBe('0');
    expect(e.erp.stops).toHaveLength(0);
    expect(e.erp.startsOf('X01')).toHaveLength(1);
    expect(e.requestsTo(POLL)).toHaveLength(2);
    const op = [...e.erp.operations.values()][0]!;
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(r.outputs['percent-complete']).toBe('100');
    expect(r.outputs['operation-id']).toContain(op.id);
    expect(r.outputs['operation-url']).toContain(`/operationStatuses/${op.id}?api-version=`);
    expect(r.outputs['request-id']).toMatch(/^emu-req-\d+$/);
    expect(r.stdout).toContain('::group::erp-start X01');
    expect(r.stdout).toContain('start accepted (HTTP 202)');
    expect(r.summary).toContain('erp-start');
  });

  it('ends on a 200 with a terminal status without polling', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { respond: 200, steps: ['Succeeded'] });
    const r = await run(startInputs({ preflight: 'off' }));
    expect(r.code).toBe(0);
    // The read before, the start, the read that verifies: no poll; then the health read (the system, its central
    // and application instances), healthy at once.
    expect(e.requests.map((q) => q.method)).toEqual(['GET', 'POST', 'GET', 'GET', 'GET', 'GET']);
    expect(r.outputs.instances).toContain('"outcome":"started"');
    expect(r.summary).toContain('started, healthy');
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(r.outputs['operation-url']).toBeUndefined();
  });

  it('uses the start knobs of an instance where they differ from its stop', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { steps: ['Succeeded'], start: { steps: ['InProgress', 'Failed'] } });
    const r = await run(startInputs());
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(
      /The start of erp virtual instance 'X01' ended with status Failed: StopFailed: .* \(request-id: emu-req-\d+\)/,
    );
    expect(r.outputs['operation-status']).toBe('Failed');
  });

  it('several instances with one failing: the step fails after all have ended, naming the one', async () => {
    const e = emu.get();
    e.erp.setInstance('S2', { start: { steps: ['InProgress', 'Failed'] } });
    const r = await run(startInputs({ 'erp-virtual-instance': 'S1,S2,S3', 'max-parallel': '2' }));
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toContain('1 of 3 erp virtual instances did not start');
    expect(r.errors[0]).toContain("'S2' ended with status Failed");
    for (const n of ['S1', 'S2', 'S3']) expect(e.erp.startsOf(n)[0]!.endedAt).toBeDefined();
    expect(r.outputs['operation-status']).toBe('Failed');
    const result = JSON.parse(r.outputs.result!);
    expect(result.map((x: { status?: string }) => x.status)).toEqual(['Succeeded', 'Failed', 'Succeeded']);
  });

  it('with wait: false returns after the 202; wait-for-operation then finishes the start', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { steps: ['InProgress', 'InProgress', 'Succeeded'] });
    const started = await run(startInputs({ wait: 'false', preflight: 'off' }));
    expect(started.code).toBe(0);
    expect(e.requests.map((q) => q.method)).toEqual(['GET', 'POST']);
    expect(started.outputs['operation-status']).toBe('Accepted');
    const operationUrl = started.outputs['operation-url']!;
    const waited = await run({
      operation: 'wait-for-operation',
      'base-url': e.url,
      'access-token': 'emu-access-token',
      'poll-interval': '0.05',
      'operation-url': operationUrl,
    });
    expect(waited.code).toBe(0);
    expect(waited.outputs['operation-status']).toBe('Succeeded');
    for (const poll of e.requestsTo(POLL)) expect(`${e.url}${poll.target}`).toBe(operationUrl);
  });

  it('with wait: false and two instances sets operation-urls to both; wait-for-operation finishes both', async () => {
    const e = emu.get();
    for (const n of ['X01', 'X02']) e.erp.setInstance(n, { steps: ['InProgress', 'Succeeded'] });
    const started = await run(startInputs({ 'erp-virtual-instance': 'X01\nX02', wait: 'false' }));
    expect(started.code).toBe(0);
    const urls = JSON.parse(started.outputs['operation-urls']!) as string[];
    expect(
      urls.map((u) => [...e.erp.operations.values()].find((op) => u.includes(op.id))!.stop.instance),
    ).toEqual(['X01', 'X02']);
    const waited = await run({
      operation: 'wait-for-operation',
      'base-url': e.url,
      'access-token': 'emu-access-token',
      'poll-interval': '0.05',
      'operation-url': started.outputs['operation-urls']!,
    });
    expect(waited.code).toBe(0);
    expect(e.erp.startsOf('X01')[0]!.endedAt).toBeDefined();
    expect(e.erp.startsOf('X02')[0]!.endedAt).toBeDefined();
    expect(waited.outputs['operation-urls']).toBe('[]');
  });

  it('fails a 404 naming the HTTP status, the service code and the request id', async () => {
    const e = emu.get();
    const body = JSON.stringify({ error: { code: 'ResourceNotFound', message: 'No instance X01.' } });
    e.faults.push({ fault: { kind: 'status', status: 404, body }, times: 1, method: 'POST', path: START });
    const r = await run(startInputs());
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/The start of erp virtual instance 'X01' failed: .*404.*ResourceNotFound/);
    expect(r.errors[0]).toContain('No instance X01.');
    expect(r.errors[0]).toContain('emu-fault');
  });

  it('refuses the soft-stop inputs, which a start does not read, before any request', async () => {
    const r = await run(startInputs({ 'soft-stop-timeout-seconds': '300' }));
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^::error::Input 'soft-stop-timeout-seconds': is not read by erp-start/);
    expect(emu.get().requests).toHaveLength(0);
  });
});
