import { describe, expect, it } from '@jest/globals';
import type { ServiceEmulator } from '../../src/emulator/index.js';
import { runOnEmulator, useEmulator } from '../helpers/emulator.js';
import { runAction, type ActionRun } from '../helpers/run-action.js';
import { runActionInProcess } from '../helpers/run-action-in-process.js';

const SUB = '00000000-0000-4000-8000-0000000000c2';
const POLL = /\/operationStatuses\//;

const emu = useEmulator();

type Run = (inputs: Record<string, string>) => Promise<ActionRun>;
// The window's own requests, pinned here: the checks before it (preflight) read more and have their own suite.
const through =
  (runner: Run): Run =>
  (inputs) =>
    runOnEmulator(
      emu.get(),
      { ...(/^erp-(stop|start)$/.test(inputs.operation ?? '') ? { preflight: 'off' } : {}), ...inputs },
      runner,
    );
/**
 * The bundle, as a runner starts it, for one case of each kind (a wait resumed to success, a failure's
 * annotation, an input refused); the other cases run the same adapter in this process (Node's start-up is most
 * of a short run's processor time, docs/test-speed.md), with the same emulator and the same assertions.
 */
const bundle = through(runAction);
const run = through(runActionInProcess);

/** Starts a stop with wait: false, as a first job would, and returns its operation-url output. */
async function startStop(instance: string, via: Run = run): Promise<string> {
  const r = await via({
    operation: 'erp-stop',
    'subscription-id': SUB,
    'resource-group': 'rg-erp',
    'erp-virtual-instance': instance,
    wait: 'false',
  });
  expect(r.code).toBe(0);
  expect(r.outputs['operation-status']).toBe('Accepted');
  return r.outputs['operation-url']!;
}

describe('wait-for-operation, through the action (the bundle as a runner runs it where a case says so, else in this process)', () => {
  it('given the operations output, names each system and verifies its end: a false success fails (issue 32 point 6)', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { endStatus: 'PartiallyRunning' });
    const started = await run({
      operation: 'erp-stop',
      'subscription-id': SUB,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X01',
      wait: 'false',
    });
    expect(started.code).toBe(0);
    const operations = JSON.parse(started.outputs.operations!) as {
      target: string;
      verb: string;
      url: string;
    }[];
    expect(operations).toEqual([
      {
        target: `/subscriptions/${SUB}/resourceGroups/rg-erp/providers/Vendor.Workloads/erpVirtualInstances/X01`,
        verb: 'stop',
        url: started.outputs['operation-url'],
      },
    ]);
    const r = await run({ operation: 'wait-for-operation', 'operation-url': started.outputs.operations! });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain("erp virtual instance 'X01' is PartiallyRunning");
    expect(r.stdout).toContain('X01: verify: is PartiallyRunning');
    expect(r.outputs.operations).toBe('[]');

    // Given the bare URL instead, it follows it and says in one line that it cannot verify.
    const bare = await startStop('X02');
    const b = await run({ operation: 'wait-for-operation', 'operation-url': bare });
    expect(b.code).toBe(0);
    expect(b.stdout).toContain(
      'operation-url holds bare polling URLs: the systems they act on are not named',
    );
  });

  it('a snooze resumed from the operations output ends Unavailable as erp-stop would take it: success', async () => {
    const e = emu.get();
    e.erp.setInstance('X03', { endStatus: 'Unavailable', endHealth: 'Unknown' });
    e.erp.parts.setParts('X03', { databases: [{ name: 'db0', status: 'Offline' }] });
    const started = await run({
      operation: 'erp-stop',
      'subscription-id': SUB,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X03',
      'deallocate-vm': 'true',
      wait: 'false',
    });
    expect(started.code).toBe(0);
    const operations = JSON.parse(started.outputs.operations!) as { snooze?: boolean }[];
    expect(operations[0]?.snooze).toBe(true);
    const r = await run({ operation: 'wait-for-operation', 'operation-url': started.outputs.operations! });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('X03: verify: is Unavailable');
  });

  it('with wait: false peeks: reads each operation once, a running one stays in operation-urls, success (issue 32 point 7)', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { steps: [{ status: 'InProgress', percentComplete: 30 }] });
    const operationUrl = await startStop('X01');
    const r = await run({
      operation: 'wait-for-operation',
      'operation-url': operationUrl,
      wait: 'false',
      timeout: '3s',
    });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(e.requestsTo(POLL)).toHaveLength(1);
    expect(JSON.parse(r.outputs['operation-urls']!)).toEqual([operationUrl]);
    expect(r.outputs['operation-status']).toBe('InProgress');
  });

  it('resumes the wait on the operation-url an erp-stop with wait: false returned', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', {
      steps: [{ status: 'InProgress', percentComplete: 30 }, 'Preparing System Configuration', 'Succeeded'],
    });
    const operationUrl = await startStop('X01', bundle);
    expect(e.requestsTo(POLL)).toHaveLength(0);
    const r = await bundle({ operation: 'wait-for-operation', 'operation-url': operationUrl });
    expect(r.code).toBe(0);
    const polls = e.requestsTo(POLL);
    expect(polls).toHaveLength(3);
    for (const poll of polls) {
      expect(`${e.url}${poll.target}`).toBe(operationUrl);
      expect(poll.method).toBe('GET');
      expect(poll.headers.authorization).toBe('Bearer emu-access-token');
    }
    const op = [...e.erp.operations.values()][0]!;
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(r.outputs['operation-url']).toBe(operationUrl);
    expect(r.outputs['operation-id']).toContain(op.id);
    expect(r.outputs['percent-complete']).toBe('100');
    expect(JSON.parse(r.outputs.result!)).toMatchObject({ name: op.id, status: 'Succeeded' });
    expect(r.stdout).toContain('operation: InProgress, 30% complete');
    expect(r.stdout).toContain('operation: Preparing System Configuration');
    expect(r.summary).toContain('wait-for-operation');
  });

  it('refuses an operation-url on another origin, with no request anywhere', async () => {
    const e = emu.get();
    const operationUrl = await startStop('X01');
    const foreign = operationUrl.replace(e.url, e.secondUrl);
    const before = e.requests.length;
    const r = await run({ operation: 'wait-for-operation', 'operation-url': foreign });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain(
      `Input 'operation-url': Refused to follow the operation-url on ${e.secondUrl}`,
    );
    expect(e.requests).toHaveLength(before);
    expect(e.requests.filter((q) => q.origin === 'secondary')).toHaveLength(0);
  });

  it('fails a Failed operation with its nested error details in the log', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', {
      steps: ['Failed'],
      error: {
        code: 'StopFailed',
        message: 'Central services did not stop.',
        details: [{ code: 'EnqueueBusy', message: 'Locks held', target: 'ascs' }],
        additionalInfo: [{ type: 'Hint', info: { retry: true } }],
      },
    });
    const operationUrl = await startStop('X01', bundle);
    const r = await bundle({ operation: 'wait-for-operation', 'operation-url': operationUrl });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toMatch(
      /^::error::The operation ended with status Failed: StopFailed: Central services did not stop\. \(request-id: emu-req-\d+\)\.$/,
    );
    expect(r.stdout).toContain('- EnqueueBusy: Locks held (target: ascs)');
    expect(r.stdout).toContain('- additionalInfo Hint: {"retry":true}');
  });

  it('fails an operation the service does not know, naming the HTTP status, code and request id', async () => {
    const operationUrl = await startStop('X01');
    const unknown = operationUrl.replace(/operationStatuses\/[^?]+/, 'operationStatuses/nope');
    const r = await run({ operation: 'wait-for-operation', 'operation-url': unknown });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toMatch(/HTTP 404 OperationNotFound: .*request-id: emu-req-\d+/);
    expect(emu.get().requestsTo(POLL)).toHaveLength(1);
  });

  it('times out naming the last status and percent complete', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { steps: [{ status: 'Stopping', percentComplete: 80 }] });
    const operationUrl = await startStop('X01');
    const r = await run({
      operation: 'wait-for-operation',
      'operation-url': operationUrl,
      timeout: '1s',
      'poll-interval': '0.2',
    });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain(
      'The operation did not end within the timeout: last status Stopping, 80% complete; resume with wait-for-operation',
    );
    expect(r.outputs['operation-url']).toBe(operationUrl);
    expect(e.requestsTo(POLL).length).toBeGreaterThan(1);
  });

  it('accepts an empty JSON array (nothing still running) without a request', async () => {
    const e = emu.get();
    const r = await run({ operation: 'wait-for-operation', 'operation-url': '[]' });
    expect(r.code).toBe(0);
    expect(e.requests).toHaveLength(0);
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(r.outputs['operation-urls']).toBe('[]');
  });
});

describe('several operations: start in one job, wait in another', () => {
  const three = ['S1', 'S2', 'S3'];

  /** erp-stop of the three with wait: false; its operation-urls, as a later job receives it. */
  async function startThree(e: ServiceEmulator, via: Run = run): Promise<string> {
    const r = await via({
      operation: 'erp-stop',
      'subscription-id': SUB,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': three.join('\n'),
      wait: 'false',
    });
    expect(r.code).toBe(0);
    const urls = JSON.parse(r.outputs['operation-urls']!) as string[];
    // One URL per started operation, in input order.
    expect(urls).toHaveLength(3);
    const byUrl = urls.map(
      (u) => [...e.erp.operations.values()].find((op) => u.includes(op.id))!.stop.instance,
    );
    expect(byUrl).toEqual(three);
    expect(e.requestsTo(POLL)).toHaveLength(0);
    return r.outputs['operation-urls']!;
  }

  /** How many polls each operation got, by instance. */
  const pollsBy = (e: ServiceEmulator) =>
    three.map((n) => [...e.erp.operations.values()].find((op) => op.stop.instance === n)!.polls);

  it.each([
    ['the JSON array, as it is', (json: string) => json],
    ['one URL per line', (json: string) => (JSON.parse(json) as string[]).join('\n')],
  ])('waits for all three given %s, with one verdict', async (_form, shape) => {
    const e = emu.get();
    e.erp.setInstance('S2', { steps: ['InProgress', 'InProgress', 'Succeeded'] });
    const urls = await startThree(e);
    const r = await run({ operation: 'wait-for-operation', 'operation-url': shape(urls) });
    expect(r.code).toBe(0);
    // Each operation was polled to its end: not just the first one.
    expect(pollsBy(e)).toEqual([2, 3, 2]);
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(r.outputs['operation-urls']).toBe('[]');
    const result = JSON.parse(r.outputs.result!) as { status: string; operationUrl: string }[];
    expect(result.map((x) => x.status)).toEqual(['Succeeded', 'Succeeded', 'Succeeded']);
    expect(result.map((x) => x.operationUrl)).toEqual(JSON.parse(urls));
    expect(r.stdout).toContain('operation 2: InProgress');
  });

  it('fails when one of them fails, naming it, after all have ended', async () => {
    const e = emu.get();
    e.erp.setInstance('S2', { steps: ['InProgress', 'Failed'] });
    const urls = await startThree(e);
    const r = await run({ operation: 'wait-for-operation', 'operation-url': urls });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain('1 of 3 operations did not end well: Operation 2 ended with status Failed');
    expect(pollsBy(e)).toEqual([2, 2, 2]);
    expect(r.outputs['operation-status']).toBe('Failed');
    expect(r.outputs['operation-urls']).toBe('[]');
  });

  it('polls at most max-parallel at once: with 1, one operation after the other', async () => {
    const e = emu.get();
    for (const n of three) e.erp.setInstance(n, { steps: ['InProgress', 'InProgress', 'Succeeded'] });
    const urls = await startThree(e);
    const ids = (JSON.parse(urls) as string[]).map((u) => new URL(u).pathname.split('/').at(-1));
    const r = await run({ operation: 'wait-for-operation', 'operation-url': urls, 'max-parallel': '1' });
    expect(r.code).toBe(0);
    const order = e.requestsTo(POLL).map((q) => ids.indexOf(q.url.pathname.split('/').at(-1)));
    expect(order).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2]);
  });

  it('a timed-out wait lists those still running, and a second run resumes from its operation-urls', async () => {
    const e = emu.get();
    e.erp.setInstance('S1', { steps: ['Succeeded'] });
    e.erp.setInstance('S2', { durationMs: 4000 });
    e.erp.setInstance('S3', { durationMs: 4000 });
    const urls = JSON.parse(await startThree(e)) as string[];
    const first = await run({
      operation: 'wait-for-operation',
      'operation-url': JSON.stringify(urls),
      timeout: '1s',
      'poll-interval': '0.2',
    });
    expect(first.code).toBe(1);
    expect(first.errors[0]).toContain('2 of 3 operations did not end well');
    expect(first.errors[0]).toContain('Operation 2 did not end within the timeout');
    // S1 ended: only S2 and S3 are left to resume.
    expect(JSON.parse(first.outputs['operation-urls']!)).toEqual([urls[1], urls[2]]);
    const second = await run({
      operation: 'wait-for-operation',
      'operation-url': first.outputs['operation-urls']!,
      timeout: '20s',
    });
    expect(second.code).toBe(0);
    expect(second.outputs['operation-status']).toBe('Succeeded');
    expect(second.outputs['operation-urls']).toBe('[]');
    expect(e.erp.stopsOf('S2')[0]!.endedAt).toBeDefined();
    expect(e.erp.stopsOf('S3')[0]!.endedAt).toBeDefined();
  });

  it.each([
    ['two URLs glued together', (a: string, b: string) => `${a}${b}`, 'line 1 holds more than one URL'],
    ['a space inside a line', (a: string, b: string) => `${a} ${b}`, 'line 1 has whitespace inside'],
    [
      'a tab inside the second line',
      (a: string, b: string) => `${a}\n${b}\tx`,
      'line 2 has whitespace inside',
    ],
    ['a relative URL', (a: string) => `${a}\n${new URL(a).pathname}`, 'line 2 is not an absolute URL'],
    ['a JSON item that is not a string', (a: string) => JSON.stringify([a, 7]), 'item 2 of the JSON array'],
    ['a broken JSON array', (a: string) => `["${a}"`, 'is not a JSON array of URLs'],
  ])('refuses %s before any request, naming operation-url and the line', async (what, shape, reason) => {
    const e = emu.get();
    // One refusal through the bundle: the annotation a runner shows.
    const via = what === 'a broken JSON array' ? bundle : run;
    const urls = JSON.parse(await startThree(e, via)) as string[];
    const before = e.requests.length;
    const r = await via({ operation: 'wait-for-operation', 'operation-url': shape(urls[0]!, urls[1]!) });
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^::error::Input 'operation-url': /);
    expect(r.errors[0]).toContain(reason);
    expect(e.requests).toHaveLength(before);
  });

  it('refuses the whole list when one URL is on another origin, with no request anywhere', async () => {
    const e = emu.get();
    const urls = JSON.parse(await startThree(e)) as string[];
    const before = e.requests.length;
    const list = [urls[0], urls[1]!.replace(e.url, e.secondUrl)];
    const r = await run({ operation: 'wait-for-operation', 'operation-url': JSON.stringify(list) });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain(
      `Input 'operation-url': Refused to follow the operation-url on ${e.secondUrl}`,
    );
    expect(e.requests).toHaveLength(before);
  });
});
