import { expect, it } from '@jest/globals';
import { VirtualClock } from '../../src/client/clock.js';
import type { FaultRule, ServiceEmulator } from '../../src/emulator/index.js';
import {
  expectNoCrash,
  pollInterval,
  runInProcess,
  scanRun,
  startedOperation,
  withEmulator,
  type InProcessRun,
} from './harness.js';
import { TARGETS, type Target } from './matrix.js';
import { faultCase, writeCountsAfterAll } from './tally.js';

/**
 * The faults that are not one bad response: URLs the service hands out (relative, malformed, on another origin,
 * repeating), operations that never end, Retry-After past the timeout, the clock jumping, and the job
 * cancelled mid-wait. In-process, on virtual clocks.
 */
writeCountsAfterAll(import.meta.url);

const target = (operation: string): Target => TARGETS.find((t) => t.operation === operation)!;
const TIMEOUT_MS = 60_000;
const POLL_MS = 5_000;

/** A virtual clock that calls `onSleep` before each sleep: where a test jumps a clock or cancels the job. */
class HookedClock extends VirtualClock {
  private readonly onSleep: (n: number, clock: HookedClock) => void;
  constructor(onSleep: (n: number, clock: HookedClock) => void) {
    super(Date.now());
    this.onSleep = onSleep;
  }
  override async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.onSleep(this.sleeps.length + 1, this);
    await super.sleep(ms, signal);
  }
}

interface EdgeOptions {
  operation: string;
  /** Knobs set after the target's own set-up. */
  knobs?: (emu: ServiceEmulator) => void;
  inputs?: Record<string, string> | ((emu: ServiceEmulator) => Record<string, string>);
  clock?: (controller: AbortController, emu: ServiceEmulator) => VirtualClock;
  check: (r: InProcessRun, emu: ServiceEmulator) => void;
}

async function edge(options: EdgeOptions): Promise<void> {
  await faultCase(() =>
    withEmulator({}, async (emu) => {
      const t = target(options.operation);
      const inputs = await t.setUp(emu);
      options.knobs?.(emu);
      // The operation wait-for-operation resumes was started in set-up: start it again under the knobs.
      // Another instance: the first one's stop still runs, and a second stop of it would be refused (409).
      if (options.operation === 'wait-for-operation') {
        inputs['operation-url'] = await startedOperation(emu, 'X02');
      }
      const controller = new AbortController();
      const clock = options.clock?.(controller, emu) ?? new VirtualClock(Date.now());
      const start = clock.now();
      const r = await runInProcess(
        {
          operation: options.operation,
          ...inputs,
          timeout: `${TIMEOUT_MS / 1000}`,
          ...pollInterval(options.operation, `${POLL_MS / 1000}`),
          ...(typeof options.inputs === 'function' ? options.inputs(emu) : options.inputs),
        },
        { clock, signal: controller.signal },
      );
      expectNoCrash(r);
      scanRun(r, emu);
      // Ends within the timeout plus one poll, on the step's own clock (a jumping clock is checked apart).
      if (!options.clock) expect(clock.now() - start).toBeLessThanOrEqual(TIMEOUT_MS + POLL_MS);
      options.check(r, emu);
    }),
  );
}

const fails = (cause: RegExp) => (r: InProcessRun) => {
  expect(r.ok).toBe(false);
  expect(r.message).toMatch(cause);
};
const succeeds = (operation: string) => (r: InProcessRun) => {
  expect(r.message).toBe('');
  target(operation).succeeded(r);
};
const INVALID_URL = /is not a valid URL/;
const OTHER_ORIGIN =
  /Refused to follow the (polling URL|nextLink) on http:\/\/127\.0\.0\.1:\d+: credentials are sent only to/;
const REPEATING = /nextLink it had returned before/;

it.concurrent.each([
  ['relative', (r: InProcessRun) => succeeds('erp-stop')(r)],
  ['malformed', fails(INVALID_URL)],
] as const)('erp-stop: a polling URL that is %s', (form, check) =>
  edge({ operation: 'erp-stop', knobs: (e) => (e.erp.scenario.defaults!.pollingUrlForm = form), check }),
);

it.concurrent('erp-stop: a polling URL on another origin is refused and never called', () =>
  edge({
    operation: 'erp-stop',
    knobs: (e) => (e.erp.scenario.defaults!.pollingOrigin = 'secondary'),
    check: (r, e) => {
      fails(OTHER_ORIGIN)(r);
      expect(e.requests.filter((q) => q.origin === 'secondary')).toEqual([]);
    },
  }),
);

it.concurrent('erp-stop: a 202 without any polling URL', () =>
  edge({
    operation: 'erp-stop',
    knobs: (e) => (e.erp.scenario.defaults!.pollingHeader = 'none'),
    check: fails(/without a vendor-AsyncOperation or Location header/),
  }),
);

for (const operation of ['wait-for-sync', 'check-image-cached']) {
  const set = (e: ServiceEmulator, knob: 'relative' | 'malformed' | 'secondary' | 'repeat') => {
    if (operation === 'wait-for-sync') {
      if (knob === 'secondary') e.dataShare.nextLinkOrigin = 'secondary';
      else if (knob === 'repeat') e.dataShare.repeatNextLink = true;
      else e.dataShare.nextLinkForm = knob;
      // The followed synchronization moves to a third page, behind the one that repeats.
      if (knob === 'repeat') {
        e.dataShare.synchronizations[1]!.startTime = '2025-01-01T00:00:00Z';
        e.dataShare.synchronizations.push({
          synchronizationId: 'middle',
          status: 'Succeeded',
          startTime: '2025-06-01T00:00:00Z',
        });
      }
    } else {
      if (knob === 'secondary') e.cachedImages.nextLinkOnSecondOrigin = true;
      else if (knob === 'repeat') e.cachedImages.repeatNextLink = true;
      else e.cachedImages.nextLinkForm = knob;
      if (knob === 'repeat') e.cachedImages.setImages('westeurope', [{ generate: 10 }]);
    }
  };
  it.concurrent(`${operation}: a relative nextLink is followed on the same origin`, () =>
    edge({ operation, knobs: (e) => set(e, 'relative'), check: succeeds(operation) }),
  );
  it.concurrent(`${operation}: a malformed nextLink`, () =>
    edge({ operation, knobs: (e) => set(e, 'malformed'), check: fails(INVALID_URL) }),
  );
  it.concurrent(`${operation}: a nextLink on another origin is refused and never called`, () =>
    edge({
      operation,
      knobs: (e) => set(e, 'secondary'),
      check: (r, e) => {
        fails(OTHER_ORIGIN)(r);
        expect(e.requests.filter((q) => q.origin === 'secondary')).toEqual([]);
      },
    }),
  );
  it.concurrent(`${operation}: a nextLink that repeats forever`, () =>
    edge({ operation, knobs: (e) => set(e, 'repeat'), check: fails(REPEATING) }),
  );
}

// Operations that never end: the step times out naming the last status, and says how to resume.
it.concurrent.each(['erp-stop', 'wait-for-operation'])('%s: an operation that never ends', (operation) =>
  edge({
    operation,
    knobs: (e) => (e.erp.scenario.defaults = { steps: [{ status: 'InProgress', percentComplete: 40 }] }),
    check: (r) => {
      fails(/did not end within the timeout: last status InProgress, 40%/)(r);
      expect(r.message).toContain('resume with wait-for-operation');
      expect(r.run?.result.outputs['operation-url']).toContain('/operationStatuses/');
    },
  }),
);

it.concurrent.each(['erp-stop', 'wait-for-operation'])(
  '%s: status results without a status, for ever, count as running until the timeout',
  (operation) =>
    edge({
      operation,
      knobs: (e) =>
        e.addFault({
          method: 'GET',
          path: /\/operationStatuses\//,
          times: 1000,
          fault: { kind: 'status', status: 200, body: '{"percentComplete":40}' },
        }),
      check: fails(/did not end within the timeout: last status none, 40%/),
    }),
);

it.concurrent.each(['erp-stop', 'wait-for-operation'])(
  '%s: a status result without a status, once, is a running operation',
  (operation) =>
    edge({
      operation,
      knobs: (e) =>
        e.addFault({
          method: 'GET',
          path: /\/operationStatuses\//,
          times: 1,
          fault: { kind: 'status', status: 200, body: '{"percentComplete":40}' },
        }),
      check: succeeds(operation),
    }),
);

it.concurrent('wait-for-sync: a synchronization that never ends', () =>
  edge({
    operation: 'wait-for-sync',
    knobs: (e) => (e.dataShare.synchronizations[1]!.statuses = ['InProgress']),
    check: fails(/Timed out after 60 s waiting for synchronization followed; last status: InProgress/),
  }),
);

it.concurrent('wait-for-sync: a synchronization without a status counts as running', () =>
  edge({
    operation: 'wait-for-sync',
    knobs: (e) => {
      e.dataShare.synchronizations[1]!.statuses = undefined;
      e.dataShare.synchronizations[1]!.status = undefined;
    },
    check: fails(/last status: \(none\)/),
  }),
);

// A Retry-After longer than what is left of the timeout: the step must not sleep past its timeout.
it.concurrent.each(['erp-stop', 'wait-for-operation', 'wait-for-sync'])(
  '%s: a 503 whose Retry-After runs past the timeout',
  (operation) =>
    edge({
      operation,
      knobs: (e) =>
        e.addFault({
          path: /\/(operationStatuses\/|listSynchronizations$)/,
          times: 1,
          fault: { kind: 'status', status: 503, retryAfter: '99999' },
        }),
      check: fails(/HTTP 503/),
    }),
);

// The step's clock jumps two hours ahead mid-wait: it ends at once as a timeout, with at most one more poll.
it.concurrent.each(['erp-stop', 'wait-for-operation', 'wait-for-sync'])(
  "%s: the step's clock jumps ahead mid-wait",
  (operation) => {
    let requestsAtJump = 0;
    let jumped = false;
    return edge({
      operation,
      knobs: (e) => {
        e.erp.scenario.defaults = { steps: [{ status: 'InProgress', percentComplete: 40 }] };
        const followed = e.dataShare.synchronizations[1];
        if (followed) followed.statuses = ['InProgress'];
      },
      clock: (_c, e) =>
        new HookedClock((n, clock) => {
          // Counted once, at the jump: every request after it is held against the bound below.
          if (n === 2) {
            clock.advance(2 * 3_600_000);
            jumped = true;
            requestsAtJump = e.requests.length;
          }
        }),
      check: (r, e) => {
        // The client sends nothing past the deadline: wait-for-sync's next listing is refused as the step's timeout
        // (until its follow reports that as its own timeout, with the last status).
        fails(/did not end within the timeout|Timed out after|the step's timeout came first/)(r);
        expect(jumped).toBe(true);
        // Listing a synchronization takes two requests (its page and the next); a poll takes one.
        expect(e.requests.length - requestsAtJump).toBeLessThanOrEqual(2);
      },
    });
  },
);

// The service's clock jumps two hours ahead: the token it issued has expired, the client signs in again.
it.concurrent('erp-stop: the service clock jumps past the token lifetime', () =>
  edge({
    operation: 'erp-stop',
    inputs: (e) => ({
      'auth-url': e.url,
      'access-token': '',
      'client-id': 'emu-client',
      'tenant-id': 'tenant',
      'client-secret': 'emu-client-secret',
    }),
    knobs: (e) => {
      e.erp.scenario.defaults = {
        steps: [{ status: 'InProgress' }, { status: 'InProgress' }, { status: 'Succeeded' }],
      };
    },
    clock: (_c, e) =>
      new HookedClock((n) => {
        if (n === 1) e.clockOffsetMs = 2 * 3_600_000;
      }),
    check: (r, e) => {
      succeeds('erp-stop')(r);
      expect(e.erp.unauthorized).toBe(1);
      expect(e.issuedTokens.size).toBe(2);
    },
  }),
);

// SIGTERM mid-wait: the adapter aborts the signal; the step ends at once with the last status.
it.concurrent.each([
  [
    'erp-stop',
    /The job was cancelled while waiting on the stop of erp virtual instance 'X01': last status InProgress, 40%/,
  ],
  ['wait-for-operation', /The job was cancelled while waiting on the operation: last status InProgress, 40%/],
  ['wait-for-sync', /Cancelled while waiting for synchronization followed; last status: InProgress/],
] as const)('%s: cancelled in the middle of a wait', (operation, cause) =>
  edge({
    operation,
    knobs: (e) => {
      e.erp.scenario.defaults = { steps: [{ status: 'InProgress', percentComplete: 40 }] };
      const followed = e.dataShare.synchronizations[1];
      if (followed) followed.statuses = ['InProgress'];
    },
    clock: (controller) =>
      new HookedClock((n) => n === 2 && controller.abort(new Error('The job was cancelled'))),
    check: (r) => {
      fails(cause)(r);
      if (operation !== 'wait-for-sync') {
        expect(r.run?.result.outputs['operation-url']).toContain('/operationStatuses/');
        expect(r.run?.result.outputs['operation-status']).toBe('InProgress');
      } else expect(r.run?.result.outputs['synchronization-status']).toBe('InProgress');
    },
  }),
);

it.concurrent('erp-stop: cancelled while a poll is retried after 503s', () => {
  const rule: FaultRule = {
    path: /\/operationStatuses\//,
    times: 10,
    fault: { kind: 'status', status: 503 },
  };
  return edge({
    operation: 'erp-stop',
    knobs: (e) => e.addFault(rule),
    clock: (controller) =>
      new HookedClock((n) => n === 2 && controller.abort(new Error('The job was cancelled'))),
    check: (r) => {
      fails(/The job was cancelled while waiting on the stop of erp virtual instance 'X01'/)(r);
      expect(r.run?.result.outputs['operation-url']).toContain('/operationStatuses/');
      // The first poll got a 503; the cancel came during the wait before its retry.
      expect(rule.times).toBe(9);
    },
  });
});

it.concurrent.each([
  'erp-stop',
  'wait-for-operation',
  'wait-for-sync',
  'check-image-cached',
  'app-current-user',
])(
  '%s: cancelled while a request hangs',
  (operation) => {
    const rule: FaultRule = {
      times: 1,
      fault: { kind: 'hang' },
      path: /^\/(subscriptions|v0\.1)\//,
      method: operation === 'wait-for-operation' ? 'GET' : undefined,
    };
    return edge({
      operation,
      inputs: { 'request-timeout': '60s' },
      // Not the stop that wait-for-operation's set-up sends itself.
      knobs: (e) => e.addFault(rule),
      clock: (controller, e) => {
        const timer = setInterval(() => {
          if (e.requests.length > 0) {
            clearInterval(timer);
            setTimeout(() => controller.abort(new Error('The job was cancelled')), 20);
          }
        }, 5);
        return new VirtualClock(Date.now());
      },
      check: (r) => {
        expect(r.ok).toBe(false);
        expect(r.message).toMatch(/cancel/i);
        // The request that hung is the one the cancel ended.
        expect(rule.times).toBe(0);
      },
    });
  },
  10_000,
);
