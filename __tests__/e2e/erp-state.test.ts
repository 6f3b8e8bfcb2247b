import { describe, expect, it } from '@jest/globals';
import { emulatorSecrets, runOnEmulator, useEmulator } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';
import { runActionInProcess } from '../helpers/run-action-in-process.js';

/** Issue 22: each instance read before (C0) and after (verify), skip, snooze, erp-status, resource ids. */

const SUB = '00000000-0000-4000-8000-0000000000d1';
const SUB2 = '00000000-0000-4000-8000-0000000000d2';
const READ = /\/erpVirtualInstances\/[^/]+$/;
const STOP = /\/stop$/;
const START = /\/start$/;
const POLL = /\/operationStatuses\//;

const emu = useEmulator();

/**
 * Most cases run the action's adapter in this process (runActionInProcess: Node's start-up is most of a short
 * run's processor time, docs/test-speed.md); one of each kind passes `runAction`, the bundle as a runner starts
 * it: a false success's annotation, a mixed window's summary, erp-status's read, full resource ids.
 */
type Runner = typeof runAction;

const run = (inputs: Record<string, string>, runner: Runner = runActionInProcess): Promise<ActionRun> =>
  runOnEmulator(
    emu.get(),
    {
      'subscription-id': SUB,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X01',
      // The window's own requests, pinned here: the checks before it (preflight) read more and have their own suite.
      ...(/^erp-(stop|start)$/.test(inputs.operation ?? '') ? { preflight: 'off' } : {}),
      ...inputs,
    },
    runner,
  );

/** erp-status reads no poll-interval (it does not poll): the inputs without it. */
async function status(
  inputs: Record<string, string>,
  runner: Runner = runActionInProcess,
): Promise<ActionRun> {
  const e = emu.get();
  const r = await runner({
    operation: 'erp-status',
    'base-url': e.url,
    'access-token': 'emu-access-token',
    'subscription-id': SUB,
    'resource-group': 'rg-erp',
    ...inputs,
  });
  expectNoSecrets(r, emulatorSecrets(e));
  return unescapeCommands(r);
}

const instances = (r: ActionRun) => JSON.parse(r.outputs.instances!);
const kinds = () =>
  emu
    .get()
    .requests.map((q) =>
      READ.test(q.url.pathname)
        ? 'read'
        : STOP.test(q.url.pathname)
          ? 'stop'
          : START.test(q.url.pathname)
            ? 'start'
            : POLL.test(q.url.pathname)
              ? 'poll'
              : q.target,
    );

describe('read before acting', () => {
  it('skips an instance already Offline: nothing sent, a success with nothing to resume', async () => {
    emu.get().erp.setInstance('X01', { status: 'Offline' });
    const r = await run({ operation: 'erp-stop' });
    expect(r.code).toBe(0);
    expect(kinds()).toEqual(['read']);
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(r.outputs['operation-urls']).toBe('[]');
    expect(instances(r)).toEqual([
      { name: 'X01', before: 'Offline', after: 'Offline', health: 'Healthy', outcome: 'skipped' },
    ]);
    expect(r.stdout).toContain('X01: already Offline: nothing sent (skip-if-done)');
    expect(r.summary).toContain('<td>skipped: already Offline</td>');
  });

  it('sends it anyway with skip-if-done: false (and still verifies)', async () => {
    emu.get().erp.setInstance('X01', { status: 'Running' });
    const r = await run({ operation: 'erp-start', 'skip-if-done': 'false' });
    expect(r.code).toBe(0);
    // After the verified start, the health read: the system, its central and application instances.
    expect(kinds().map((k) => k.replace(/^\/.*\/(\w+)\?.*$/, '$1'))).toEqual([
      'read',
      'start',
      'poll',
      'poll',
      'read',
      'read',
      'centralInstances',
      'applicationInstances',
    ]);
    expect(instances(r)[0]).toMatchObject({ before: 'Running', after: 'Running', outcome: 'started' });
  });

  it('fails an instance that is not found, sends it nothing, and goes on with the others', async () => {
    const e = emu.get();
    e.erp.setInstance('GONE', { missing: true });
    const r = await run({ operation: 'erp-stop', 'erp-virtual-instance': 'GONE, X01' });
    expect(r.code).toBe(1);
    expect(e.erp.stops.map((s) => s.instance)).toEqual(['X01']);
    expect(r.errors[0]).toContain(
      `Erp virtual instance 'GONE' was not found in resource group 'rg-erp' of subscription '${SUB}' (HTTP 404 ResourceNotFound`,
    );
    expect(r.errors[0]).toContain('nothing was sent to it');
    // The service's own words stay beside the action's.
    const said = `ResourceNotFound: The Resource 'Vendor.Workloads/erpVirtualInstances/GONE' under resource group 'rg-erp' was not found.`;
    expect(r.errors[0]).toContain(said);
    expect(instances(r).map((i: { outcome: string }) => i.outcome)).toEqual(['failed', 'stopped']);
    const read = await status({ 'erp-virtual-instance': 'GONE' });
    expect(read.code).toBe(1);
    expect(read.errors[0]).toContain(said);
  });

  it('names the missing read permission on a 403, and acts without reading when told to', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { readRefused: true });
    const refused = await run({ operation: 'erp-stop' });
    expect(refused.code).toBe(1);
    expect(e.erp.stops).toHaveLength(0);
    expect(refused.errors[0]).toContain('HTTP 403 AuthorizationFailed');
    expect(refused.errors[0]).toContain('Vendor.Workloads/erpVirtualInstances/read');
    expect(refused.errors[0]).toContain('skip-if-done: false and verify: false');
    const blind = await run({ operation: 'erp-stop', 'skip-if-done': 'false', verify: 'false' });
    expect(blind.code).toBe(0);
    expect(e.erp.stops).toHaveLength(1);
    expect(instances(blind)).toEqual([
      { name: 'X01', before: null, after: null, health: null, outcome: 'stopped' },
    ]);
  });
});

describe('verify the end', () => {
  it('catches a false success: the operation says Succeeded, the instance is PartiallyRunning', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { status: 'Offline', start: { endStatus: 'PartiallyRunning' } });
    const r = await run({ operation: 'erp-start' }, runAction);
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toContain(
      "The start succeeded but erp virtual instance 'X01' is PartiallyRunning, health Degraded (expected Running)",
    );
    // The service said the operation Succeeded: operation-status says so; the instance's outcome is failed.
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(instances(r)).toEqual([
      { name: 'X01', before: 'Offline', after: 'PartiallyRunning', health: 'Degraded', outcome: 'failed' },
    ]);
    expect(r.summary).toContain('<td>Offline</td><td>start: Succeeded</td><td>PartiallyRunning</td>');
  });

  it('waits out a slow settle: reads while Stopping, then Offline', async () => {
    emu.get().erp.setInstance('X01', { settleReads: 2 });
    const r = await run({ operation: 'erp-stop' });
    expect(r.code).toBe(0);
    expect(kinds()).toEqual(['read', 'stop', 'poll', 'poll', 'read', 'read', 'read']);
    expect(r.stdout).toContain('X01: verify: is Stopping, health Healthy');
    expect(r.stdout).toContain('X01: verify: is Offline, health Unknown');
    expect(instances(r)[0]).toMatchObject({ before: 'Running', after: 'Offline', outcome: 'stopped' });
  });

  it('names the last status read when the settle outlasts the timeout', async () => {
    emu.get().erp.setInstance('X01', { settleReads: 1000, respond: 200, steps: ['Succeeded'] });
    const r = await run({ operation: 'erp-stop', timeout: '2.5s' });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain(
      "The stop succeeded but erp virtual instance 'X01' was still Stopping, health Healthy, when the timeout ran out",
    );
    expect(instances(r)[0]).toMatchObject({ after: 'Stopping', outcome: 'running' });
    expect(r.outputs['operation-urls']).toBe('[]');
  });

  it('several instances, mixed: skipped, stopped, a false success; the clearest line names it', async () => {
    const e = emu.get();
    e.erp.setInstance('DONE', { status: 'Offline' });
    e.erp.setInstance('FALSE', { endStatus: 'PartiallyRunning' });
    const r = await run({ operation: 'erp-stop', 'erp-virtual-instance': 'DONE, X01, FALSE' }, runAction);
    expect(r.code).toBe(1);
    expect(e.erp.stops.map((s) => s.instance).sort()).toEqual(['FALSE', 'X01']);
    expect(r.errors[0]).toContain('1 of 3 erp virtual instances did not stop');
    expect(r.errors[0]).toContain("'FALSE' is PartiallyRunning, health Degraded (expected Offline)");
    expect(instances(r).map((i: { name: string; outcome: string }) => [i.name, i.outcome])).toEqual([
      ['DONE', 'skipped'],
      ['X01', 'stopped'],
      ['FALSE', 'failed'],
    ]);
  });
});

describe('snooze: deallocate-vm and start-vm', () => {
  it('stops with deallocateVm on 2024-09-01 (read, POST and verify), even an Offline instance', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { status: 'Offline' });
    // Its database Offline: a snooze without the whole system is refused where one runs (issue 42).
    e.erp.parts.setParts('X01', { databases: [{ name: 'db0', status: 'Offline' }] });
    const r = await run({
      operation: 'erp-stop',
      'deallocate-vm': 'true',
      'soft-stop-timeout-seconds': '300',
    });
    expect(r.code).toBe(0);
    // The databases listed (C3), the system read, the POST, its operation polled twice, the verify read.
    expect(e.requests.map((q) => q.url.searchParams.get('api-version'))).toEqual([
      '2024-09-01',
      '2024-09-01',
      '2024-09-01',
      '2021-12-01-preview',
      '2021-12-01-preview',
      '2024-09-01',
    ]);
    expect(e.erp.stops[0]).toMatchObject({ deallocateVm: true, softStopTimeoutSeconds: 300 });
    expect(JSON.parse(e.erp.stops[0]!.body)).toEqual({ softStopTimeoutSeconds: 300, deallocateVm: true });
  });

  it('starts with {"startVm": true}; with both false the bodies are the seed’s, byte for byte', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { status: 'Offline' });
    expect((await run({ operation: 'erp-start', 'start-vm': 'true' })).code).toBe(0);
    expect(e.erp.starts[0]!.body).toBe('{"startVm":true}');
    expect(e.requestsTo(START)[0]!.url.searchParams.get('api-version')).toBe('2024-09-01');
    expect((await run({ operation: 'erp-stop' })).code).toBe(0);
    expect(e.erp.stops[0]!.body).toBe('{"softStopTimeoutSeconds":0}');
    expect(e.erp.stops[0]!.apiVersion).toBe('2023-04-01');
  });

  it('refuses an explicit api-version older than 2023-10-01-preview, naming both inputs, before any request', async () => {
    const r = await run({ operation: 'erp-stop', 'deallocate-vm': 'true', 'api-version': '2023-04-01' });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toMatch(
      /^::error::Input 'api-version': '2023-04-01' is older than 2023-10-01-preview/,
    );
    expect(r.errors[0]).toContain('deallocate-vm');
    expect(emu.get().requests).toHaveLength(0);
  });
});

describe('erp-status', () => {
  it('reads each instance and changes nothing', async () => {
    const e = emu.get();
    e.erp.setInstance('X02', { status: 'Offline', health: 'Unknown' });
    const r = await status({ 'erp-virtual-instance': 'X01, X02' }, runAction);
    expect(r.code).toBe(0);
    // Each system's read, then its parts' (its central services and application instances).
    expect(kinds().filter((k) => k === 'read')).toEqual(['read', 'read']);
    expect(kinds().filter((k) => k !== 'read')).toHaveLength(4);
    const parts = (health: string, dispatcher: string) => [
      { part: 'central services', name: 'cs0', health, dispatcher: null },
      { part: 'application', name: 'app0', health, dispatcher },
    ];
    expect(instances(r)).toEqual([
      {
        name: 'X01',
        before: 'Running',
        after: 'Running',
        health: 'Healthy',
        outcome: 'read',
        parts: parts('Healthy', 'Running'),
      },
      {
        name: 'X02',
        before: 'Offline',
        after: 'Offline',
        health: 'Unknown',
        outcome: 'read',
        parts: parts('Unknown', 'Stopped'),
      },
    ]);
    // The summary says how the parts were read, as `instances` does: each that does not serve, with its values.
    expect(r.summary).toContain('<th>parts</th>');
    expect(r.summary).toContain(
      '<tr><td>✅&nbsp;read</td><td><strong>X01</strong></td><td>Running</td><td>Running</td><td>Healthy</td><td>all healthy</td></tr>',
    );
    expect(r.summary).toContain(
      '<tr><td>✅&nbsp;read</td><td><strong>X02</strong></td><td>Offline</td><td>Offline</td><td>Unknown</td><td>cs0: health Unknown; app0: health Unknown, dispatcher Stopped</td></tr>',
    );
  });

  it('is a gate with expect-status: fails naming each instance in another status', async () => {
    const e = emu.get();
    e.erp.setInstance('X02', { status: 'Offline' });
    const r = await status({
      'erp-virtual-instance': 'X01, X02',
      'expect-status': 'offline',
    });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain("Erp virtual instance 'X01' is Running, health Healthy, not offline");
    expect(r.errors[0]).not.toContain("'X02'");
    const gate = await status({
      'erp-virtual-instance': 'X02',
      'expect-status': 'Offline',
    });
    expect(gate.code).toBe(0);
  });
});

describe('full resource ids', () => {
  it('cover several subscriptions and resource groups, without subscription-id or resource-group', async () => {
    const e = emu.get();
    const id = (sub: string, rg: string, name: string) =>
      `/subscriptions/${sub}/resourceGroups/${rg}/providers/Vendor.Workloads/erpVirtualInstances/${name}`;
    const r = await runOnEmulator(e, {
      operation: 'erp-stop',
      'erp-virtual-instance': `${id(SUB, 'rg-a', 'A01')}\n${id(SUB2, 'rg-b', 'B01').toLowerCase().replace('b01', 'B01')}`,
    });
    expect(r.code).toBe(0);
    // The two stops go out at once (max-parallel), so they may arrive in either order.
    const stops = e.erp.stops.map((s) => [s.subscriptionId, s.resourceGroup, s.instance]);
    expect(stops.sort((a, b) => a.join().localeCompare(b.join()))).toEqual(
      [
        [SUB, 'rg-a', 'A01'],
        [SUB2, 'rg-b', 'B01'],
      ].sort((a, b) => a.join().localeCompare(b.join())),
    );
    expect(r.summary).toContain('subscription <code>several</code>');
  });

  it('refuse a malformed id naming the item, before any request', async () => {
    const r = await runOnEmulator(
      emu.get(),
      {
        operation: 'erp-stop',
        'erp-virtual-instance': `/subscriptions/${SUB}/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances`,
      },
      runActionInProcess,
    );
    expect(r.code).toBe(1);
    expect(r.errors[0]).toMatch(/^::error::Input 'erp-virtual-instance': item '\/subscriptions\//);
    expect(r.errors[0]).toContain('is not a full resource id of the form');
    expect(emu.get().requests).toHaveLength(0);
  });
});
