import { expect } from '@jest/globals';
import { systemClock, VirtualClock } from '../../src/client/clock.js';
import type { Fault, ServiceEmulator } from '../../src/emulator/index.js';
import {
  withEmulator,
  expectNoCrash,
  inputsFor,
  pollInterval,
  runInProcess,
  scanRun,
  startedOperation,
  SUB,
  type InProcessRun,
} from './harness.js';
import { faultCase } from './tally.js';

/**
 * Where in an operation a fault lands: its first request, a later poll, a page after the first, (erp) the read
 * of the instance before acting (C0), retried as every read is, a request that changes something after a first
 * read (sync-cancel's cancel), or the read of why a synchronization failed (A5).
 */
export interface Phase {
  name: 'initial' | 'poll' | 'page' | 'read' | 'change' | 'details';
  method: string;
  path: RegExp;
  query?: RegExp;
  skip?: number;
  /** A lasting fault here leaves the step's outcome as it was, with one warning (A5 never hides the cause). */
  tolerated?: boolean;
  /** Faults no run of this target meets on this request (named, with why, where the phase is declared). */
  unreached?: string[];
}

/** One operation, set up to succeed in a few requests, with the requests a fault can land on. */
export interface Target {
  operation: string;
  setUp(emu: ServiceEmulator): Promise<Record<string, string>>;
  phases: Phase[];
  succeeded(r: InProcessRun): void;
  /** A lasting fault of a request after the operation started: the failure says how to resume. */
  resumable?: Phase['name'][];
  /** A dry run: requests that must never reach the service, whatever the fault. */
  neverSent?: { method: string; path: RegExp };
}

const POLL = /\/operationStatuses\//;
const READ = /\/erpVirtualInstances\/[^/]+$/;
const NO_SKIP_TOKEN = /^(?!.*skipToken)/;
const SKIP_TOKEN = /skipToken/;
const STEPS = [
  { status: 'InProgress', percentComplete: 30 },
  { status: 'InProgress', percentComplete: 60 },
  { status: 'Succeeded', percentComplete: 100 },
];

export const TARGETS: Target[] = [
  {
    operation: 'erp-stop',
    setUp: async (emu) => {
      emu.erp.scenario.defaults = { steps: STEPS };
      return inputsFor('erp-stop', emu);
    },
    phases: [
      { name: 'read', method: 'GET', path: READ },
      { name: 'initial', method: 'POST', path: /\/stop$/ },
      { name: 'poll', method: 'GET', path: POLL },
    ],
    succeeded: (r) => expect(r.run?.result.outputs['operation-status']).toBe('Succeeded'),
    resumable: ['poll'],
  },
  {
    operation: 'erp-start',
    setUp: async (emu) => {
      // Offline, as at the end of a window: a Running instance would be skipped, with no start to fault.
      emu.erp.scenario.defaults = { steps: STEPS, status: 'Offline' };
      return inputsFor('erp-start', emu);
    },
    phases: [
      { name: 'read', method: 'GET', path: READ },
      { name: 'initial', method: 'POST', path: /\/start$/ },
      { name: 'poll', method: 'GET', path: POLL },
    ],
    succeeded: (r) => expect(r.run?.result.outputs['operation-status']).toBe('Succeeded'),
    resumable: ['poll'],
  },
  {
    // A whole system (issue 33): the requests the window adds to a stop, its database list (C3) and the
    // database's stop; the system's own stop and polls are the erp-stop target's.
    operation: 'erp-stop (whole system)',
    setUp: async (emu) => {
      emu.erp.scenario.defaults = { steps: STEPS };
      return { ...inputsFor('erp-stop', emu), operation: 'erp-stop', 'whole-system': 'true' };
    },
    phases: [
      { name: 'read', method: 'GET', path: /\/databaseInstances$/ },
      {
        name: 'change',
        method: 'POST',
        path: /\/databaseInstances\/[^/]+\/stop$/,
        // The database's stop comes after the application's stop and its polls, past this fault's 1 s timeout on
        // a real clock; a database stop that hangs is the 'no answer within the request timeout' cell.
        unreached: ['a request that hangs past the timeout'],
      },
    ],
    succeeded: (r) => {
      expect(r.run?.result.outputs['operation-status']).toBe('Succeeded');
      const [instance] = r.run?.result.outputs.instances as { steps: { outcome: string }[] }[];
      expect(instance!.steps.map((s) => s.outcome)).toEqual(['stopped', 'stopped']);
    },
  },
  {
    // A dry run reads (C0) and plans: its read is retried as every read is, and no stop is ever sent.
    operation: 'erp-stop (dry run)',
    setUp: async (emu) => ({ ...inputsFor('erp-stop', emu), operation: 'erp-stop', 'dry-run': 'true' }),
    phases: [{ name: 'read', method: 'GET', path: READ }],
    succeeded: (r) => {
      expect(r.run?.result.outputs.changes).toBe(true);
      expect(r.run?.result.outputs.plan).toMatchObject([{ target: 'X01', method: 'POST' }]);
      expect(r.run?.result.outputs['operation-status']).toBeUndefined();
    },
    neverSent: { method: 'POST', path: /\/stop$/ },
  },
  {
    operation: 'wait-for-operation',
    setUp: async (emu) => {
      emu.erp.scenario.defaults = { steps: STEPS };
      return { ...inputsFor('wait-for-operation', emu), 'operation-url': await startedOperation(emu) };
    },
    phases: [
      { name: 'initial', method: 'GET', path: POLL },
      { name: 'poll', method: 'GET', path: POLL, skip: 1 },
    ],
    succeeded: (r) => expect(r.run?.result.outputs['operation-status']).toBe('Succeeded'),
    resumable: ['initial', 'poll'],
  },
  {
    operation: 'wait-for-sync',
    setUp: async (emu) => {
      // Newest first and one per page: the synchronization followed is on the second page of every listing.
      emu.dataShare.pageSize = 1;
      emu.dataShare.synchronizations.push(
        { synchronizationId: 'newer', status: 'Succeeded', startTime: '2026-01-02T00:00:00Z' },
        {
          synchronizationId: 'followed',
          startTime: '2026-01-01T00:00:00Z',
          statuses: ['InProgress', 'InProgress', 'Succeeded'],
        },
      );
      return { ...inputsFor('wait-for-sync', emu), 'synchronization-id': 'followed' };
    },
    phases: [
      { name: 'initial', method: 'POST', path: /\/listSourceShareSynchronizationSettings$/ },
      { name: 'poll', method: 'POST', path: /\/listSynchronizations$/, query: NO_SKIP_TOKEN, skip: 1 },
      { name: 'page', method: 'POST', path: /\/listSynchronizations$/, query: SKIP_TOKEN },
    ],
    succeeded: (r) => expect(r.run?.result.outputs['synchronization-status']).toBe('Succeeded'),
  },
  {
    operation: 'sync-start',
    setUp: async (emu) => {
      emu.dataShare.synchronizations.push({
        synchronizationId: 'yesterday',
        status: 'Succeeded',
        startTime: '2026-01-01T00:00:00Z',
      });
      emu.dataShare.starts = [{ statuses: ['InProgress', 'InProgress', 'Succeeded'] }];
      return { ...inputsFor('wait-for-sync', emu), 'synchronization-mode': 'FullSync' };
    },
    phases: [
      { name: 'initial', method: 'POST', path: /\/synchronize$/ },
      { name: 'poll', method: 'POST', path: /\/listSynchronizations$/, skip: 1 },
    ],
    succeeded: (r) => expect(r.run?.result.outputs['synchronization-status']).toBe('Succeeded'),
  },
  {
    // The cancel comes too late: the synchronization fails first, so its datasets are read (A5), and the step,
    // whose synchronization is no longer running, succeeds.
    operation: 'sync-cancel',
    setUp: async (emu) => {
      emu.dataShare.cancelAfterPolls = 9;
      emu.dataShare.synchronizations.push({
        synchronizationId: 'running',
        startTime: '2026-01-01T00:00:00Z',
        // Running through six listings: a cancel whose answer is lost is found out by reading (A1) and sent
        // again while it runs, so a burst of five faults on it still meets a running synchronization.
        statuses: [...Array<string>(6).fill('InProgress'), 'Failed'],
        generatedDetails: { count: 3, failed: 1 },
      });
      return inputsFor('wait-for-sync', emu);
    },
    phases: [
      { name: 'initial', method: 'POST', path: /\/listSynchronizations$/ },
      { name: 'change', method: 'POST', path: /\/cancelSynchronization$/ },
      { name: 'poll', method: 'POST', path: /\/listSynchronizations$/, skip: 1 },
      { name: 'details', method: 'POST', path: /\/listSynchronizationDetails$/, tolerated: true },
    ],
    succeeded: (r) => expect(r.run?.result.outputs['synchronization-status']).toBe('Failed'),
  },
  {
    operation: 'check-image-cached',
    setUp: async (emu) => {
      emu.cachedImages.pageSize = 2;
      emu.cachedImages.setImages('westeurope', [
        { generate: 3 },
        { image: 'docker.io/library/nginx:latest', osType: 'Linux' },
      ]);
      return inputsFor('check-image-cached', emu);
    },
    phases: [
      { name: 'initial', method: 'GET', path: /\/cachedImages$/, query: NO_SKIP_TOKEN },
      { name: 'page', method: 'GET', path: /\/cachedImages$/, query: SKIP_TOKEN },
    ],
    succeeded: (r) => expect(r.run?.result.outputs.cached).toBe(true),
  },
  {
    // Three systems two a page: every page read, all three handed on.
    operation: 'erp-list',
    setUp: async (emu) => {
      emu.fleet.pageSize = 2;
      emu.fleet.systems = [{ generate: 3, subscription: SUB, resourceGroup: 'rg', tags: { window: 'a' } }];
      return { ...inputsFor('erp-list', emu), operation: 'erp-list' };
    },
    phases: [
      { name: 'initial', method: 'GET', path: /\/erpVirtualInstances$/, query: NO_SKIP_TOKEN },
      { name: 'page', method: 'GET', path: /\/erpVirtualInstances$/, query: SKIP_TOKEN },
    ],
    succeeded: (r) => expect(r.run?.result.outputs.count).toBe(3),
  },
  {
    operation: 'app-remove-user',
    setUp: async (emu) => ({ ...inputsFor('app-remove-user', emu), operation: 'app-remove-user' }),
    phases: [{ name: 'initial', method: 'DELETE', path: /^\/v0\.1\/apps\// }],
    succeeded: (r) => expect(r.run?.result.outputs['removed-users']).toEqual(['leaver@contoso.com']),
  },
  {
    operation: 'app-current-user',
    setUp: async (emu) => inputsFor('app-current-user', emu),
    phases: [{ name: 'initial', method: 'GET', path: /^\/v0\.1\/user$/ }],
    succeeded: (r) => expect(r.run?.result.outputs['user-name']).toBe('emu-user'),
  },
];

/** `success`: the step must succeed (the fault was retried or is harmless); else it must fail naming `cause`. */
export interface FaultSpec {
  name: string;
  fault: () => Fault;
  times: number;
  expect: 'success' | RegExp;
  /** Overrides for some operations: a DELETE answered 200 succeeded, whatever its body. */
  expectFor?: Record<string, 'success' | RegExp>;
  /** Hangs and stalls cost real time: a short request-timeout keeps them fast. */
  requestTimeout?: string;
  /** "After the route": the service acts on the request, then its answer is lost (the fault replaces it). */
  after?: boolean;
  /** The step's timeout for this fault, where it is the point (default TIMEOUT_MS). */
  timeout?: string;
  /** The timeout of one operation's cells, where its phase comes later than `timeout` allows on a loaded machine. */
  timeoutFor?: Record<string, string>;
  /** Real time: a fault that lasts until the deadline (a hang, an endless listing) needs a clock that moves. */
  realClock?: boolean;
  /** The phases it applies to (a nextLink fault: the pages after the first); default every phase. */
  phases?: Phase['name'][];
}

/** The faults that apply to a phase. */
export function faultsFor(phase: Phase): FaultSpec[] {
  return FAULTS.filter(
    (spec) => (!spec.phases || spec.phases.includes(phase.name)) && !phase.unreached?.includes(spec.name),
  );
}

/** Failures of a step whose timeout came first: the wait's own words, or the client's. */
const TIMED_OUT = /did not end within the timeout|Timed out after|the step's timeout|within the timeout/;

const HUGE = 17 * 1024 * 1024;
const DELETE_OK = { 'app-remove-user': 'success' as const };

export const FAULTS: FaultSpec[] = [
  {
    name: '429, Retry-After in seconds',
    fault: () => ({ kind: 'status', status: 429, retryAfter: '2' }),
    times: 1,
    expect: 'success',
  },
  {
    name: '429, Retry-After as an HTTP date',
    fault: () => ({ kind: 'status', status: 429, retryAfter: new Date(Date.now() + 3000).toUTCString() }),
    times: 1,
    expect: 'success',
  },
  ...[500, 502, 503, 504].map((status) => ({
    name: `${status} burst shorter than the retry budget`,
    fault: (): Fault => ({ kind: 'status', status }),
    times: 3,
    expect: 'success' as const,
  })),
  ...[500, 502, 503, 504].map((status) => ({
    name: `${status} burst longer than the retry budget`,
    fault: (): Fault => ({ kind: 'status', status }),
    times: 5,
    expect: new RegExp(`HTTP ${status}`),
  })),
  ...['0', '-5', '99999999', 'soon'].map((retryAfter) => ({
    name: `503 with Retry-After ${retryAfter}`,
    fault: (): Fault => ({ kind: 'status', status: 503, retryAfter }),
    times: 1,
    expect: 'success' as const,
  })),
  {
    name: 'connection reset before the headers',
    fault: () => ({ kind: 'reset' }),
    times: 1,
    expect: 'success',
  },
  {
    name: 'connection reset mid-body',
    fault: () => ({ kind: 'reset-mid-body' }),
    times: 1,
    expect: 'success',
  },
  {
    name: 'headers that never arrive, once',
    fault: () => ({ kind: 'hang' }),
    times: 1,
    expect: 'success',
    requestTimeout: '0.15',
  },
  {
    name: 'a body that stalls, once',
    fault: () => ({ kind: 'stall-body' }),
    times: 1,
    expect: 'success',
    requestTimeout: '0.15',
  },
  {
    name: 'headers that never arrive, lasting',
    fault: () => ({ kind: 'hang' }),
    times: 5,
    expect: /UND_ERR_HEADERS_TIMEOUT/,
    requestTimeout: '0.15',
  },
  {
    name: 'a body that stalls, lasting',
    fault: () => ({ kind: 'stall-body' }),
    times: 5,
    expect: /UND_ERR_BODY_TIMEOUT/,
    requestTimeout: '0.15',
  },
  {
    name: 'connection refused (the service went away)',
    fault: () => ({ kind: 'shutdown' }),
    times: 1,
    expect: /ECONNREFUSED/,
  },
  {
    name: "a proxy's HTML 502 page",
    fault: () => ({ kind: 'html', status: 502 }),
    times: 1,
    expect: 'success',
  },
  { name: 'an HTML 403 page', fault: () => ({ kind: 'html', status: 403 }), times: 1, expect: /HTTP 403/ },
  {
    name: 'a truncated JSON body',
    fault: () => ({ kind: 'truncated-json' }),
    times: 1,
    expect: /not JSON/,
    expectFor: DELETE_OK,
  },
  {
    name: 'a 200 with an empty body',
    fault: () => ({ kind: 'empty-200' }),
    times: 1,
    expect: /not JSON/,
    expectFor: DELETE_OK,
  },
  // Acted, answer lost: the service did what was asked and the client never heard. A read is read again; a
  // request that changes something is not sent again blindly: its effect is found out (erp: the instance's
  // status; a DELETE: sent again, idempotent, its 404 then counting as done).
  {
    name: 'acted, answer lost: a 504 from a gateway',
    fault: () => ({ kind: 'status', status: 504 }),
    times: 1,
    expect: 'success',
    after: true,
  },
  {
    name: 'acted, answer lost: a reset',
    fault: () => ({ kind: 'reset' }),
    times: 1,
    expect: 'success',
    after: true,
  },
  {
    name: 'acted, answer lost: no answer within the request timeout',
    fault: () => ({ kind: 'hang' }),
    times: 1,
    expect: 'success',
    requestTimeout: '0.15',
    after: true,
  },
  // timeout bounds everything (issue 32): a Retry-After past it, a request that hangs, a listing that never ends.
  {
    name: '429 whose Retry-After passes the timeout',
    fault: () => ({ kind: 'status', status: 429, retryAfter: '120' }),
    times: 1,
    timeout: '60',
    expect: /HTTP 429/,
  },
  {
    name: 'a request that hangs past the timeout',
    fault: () => ({ kind: 'hang' }),
    times: 1,
    requestTimeout: '60',
    timeout: '1',
    // sync-cancel's poll comes after its listing and its cancel: past 1 s on a loaded machine (a clean-clone run
    // at load 6 never reached it, and the cell failed as unmet).
    timeoutFor: { 'sync-cancel': '3' },
    realClock: true,
    // Every request but A5's, which sync-cancel reaches only after polls that take longer than this timeout.
    phases: ['initial', 'poll', 'page', 'read', 'change'],
    expect: TIMED_OUT,
  },
  {
    name: 'a nextLink that never ends',
    fault: () => ({ kind: 'endless-page' }),
    times: Number.MAX_SAFE_INTEGER,
    timeout: '1',
    realClock: true,
    phases: ['page'],
    expect: /was still being read at the step's timeout/,
  },
  // A refusal (issue 32 point 1): a 409 to the first attempt is the service's word, never sent again, adopted or
  // followed; a read answered 409 is no success either.
  {
    name: 'a 409 refusal',
    fault: () => ({
      kind: 'status',
      status: 409,
      body: JSON.stringify({ error: { code: 'Conflict', message: 'Another operation is in progress.' } }),
    }),
    times: 5,
    expect: /HTTP 409/,
  },
  {
    name: 'a body over the cap',
    fault: () => ({ kind: 'huge', bytes: HUGE }),
    times: 1,
    expect: /exceeds \d+ bytes/,
  },
];

export const TIMEOUT_MS = 30 * 60_000;
export const POLL_MS = 5_000;

/** One cell of the matrix: a fault on one phase of one operation, run in-process on a virtual clock. */
export async function runCell(target: Target, phase: Phase, spec: FaultSpec): Promise<void> {
  await faultCase(() =>
    withEmulator({}, async (emu) => {
      const inputs = await target.setUp(emu);
      const rule = { ...phase, fault: spec.fault(), times: spec.times, after: spec.after };
      emu.addFault(rule);
      const clock = spec.realClock ? systemClock : new VirtualClock(Date.now());
      const start = clock.now();
      const r = await runInProcess(
        {
          operation: target.operation,
          ...inputs,
          timeout: spec.timeoutFor?.[target.operation] ?? spec.timeout ?? `${TIMEOUT_MS / 1000}`,
          ...pollInterval(target.operation, `${POLL_MS / 1000}`),
          ...(spec.requestTimeout ? { 'request-timeout': spec.requestTimeout } : {}),
        },
        { clock },
      );
      expectNoCrash(r);
      scanRun(r, emu);
      if (target.neverSent) {
        const { method, path } = target.neverSent;
        expect(emu.requests.filter((q) => q.method === method && path.test(q.url.pathname))).toEqual([]);
      }
      // The fault was met: a case whose fault never fired proves nothing.
      expect(rule.times).toBeLessThan(spec.times);
      // Within the timeout plus one poll, on the step's own clock.
      expect(clock.now() - start).toBeLessThanOrEqual(TIMEOUT_MS + POLL_MS);
      const expected = phase.tolerated ? 'success' : (spec.expectFor?.[target.operation] ?? spec.expect);
      if (phase.tolerated && spec.expect !== 'success') {
        expect(r.lines.filter((l) => l.startsWith('warning: '))).toHaveLength(1);
      }
      if (expected === 'success') {
        expect(r.message).toBe('');
        expect(r.ok).toBe(true);
        target.succeeded(r);
        if (spec.times <= 3) expect(rule.times).toBe(0);
        return;
      }
      expect(r.ok).toBe(false);
      expect(r.message).toMatch(expected);
      if (target.resumable?.includes(phase.name)) {
        expect(r.message).toContain('resume with wait-for-operation');
        expect(r.run?.result.outputs['operation-url']).toContain('/operationStatuses/');
      }
    }),
  );
}

export { SUB };
