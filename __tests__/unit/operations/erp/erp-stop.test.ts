import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { VirtualClock } from '../../../../src/client/clock.js';
import { InputError } from '../../../../src/client/errors.js';
import type { HttpClient } from '../../../../src/client/http.js';
import { erpStop, type ErpStopOptions } from '../../../../src/operations/erp/erp-stop.js';
import { waitForOperation } from '../../../../src/operations/erp/resume.js';
import type { Logger, OperationContext } from '../../../../src/operations/types.js';
import { clientOver, errorAnswer, type FakeAnswer, type WireCall } from '../../../helpers/fake-transport.js';

const ORIGIN = 'https://vendor.example';
const OP_URL = `${ORIGIN}/subscriptions/s1/providers/Vendor.Workloads/locations/westeurope/operationStatuses/op1?api-version=2021-12-01-preview`;

interface FakeOptions {
  /** The operation succeeds this long after the stop. */
  durationMs?: number;
  /** Statuses by poll (the last repeats); wins over durationMs. */
  statuses?: { status?: string; percentComplete?: number; error?: unknown }[];
  retryAfter?: string;
  stop?: (
    call: WireCall,
    count: number,
  ) => { status?: number; text?: string; headers?: Record<string, string> };
}

/** A service on a virtual clock: stop → 202, polls report by elapsed clock time or by a list. */
class FakeService {
  readonly requests: { method: string; url: string; json: unknown }[] = [];
  private startedAt = 0;
  private polls = 0;
  private stops = 0;
  private readonly clock: VirtualClock;
  private readonly options: FakeOptions;
  constructor(clock: VirtualClock, options: FakeOptions = {}) {
    this.clock = clock;
    this.options = options;
  }

  /** A real client over the fake wire this service plays. */
  client(): HttpClient {
    return clientOver((call) => this.answer(call), { origin: ORIGIN, clock: this.clock });
  }

  private answer(call: WireCall): FakeAnswer {
    this.requests.push({ method: call.method, url: call.url.href, json: call.json });
    const retry: Record<string, string> =
      this.options.retryAfter !== undefined ? { 'retry-after': this.options.retryAfter } : {};
    if (call.method === 'POST') {
      this.startedAt = this.clock.now();
      const custom = this.options.stop?.(call, ++this.stops);
      if (custom?.status && custom.status >= 400) {
        return errorAnswer(custom.status, custom.text ?? '', { 'x-vendor-request-id': 'rid-stop' });
      }
      return answer(202, undefined, custom?.headers ?? { 'vendor-asyncoperation': OP_URL, ...retry });
    }
    this.polls++;
    let body: { status?: string; percentComplete?: number };
    if (this.options.statuses) {
      body = this.options.statuses[Math.min(this.polls, this.options.statuses.length) - 1]!;
    } else {
      const done = this.clock.now() - this.startedAt >= (this.options.durationMs ?? 0);
      body = { status: done ? 'Succeeded' : 'InProgress', percentComplete: done ? 100 : 10 };
    }
    return answer(200, body, retry);
  }
}

function answer(status: number, json: unknown, headers: Record<string, string>): FakeAnswer {
  return { status, json, headers: { ...headers, 'x-vendor-request-id': `rid-${status}` } };
}

function recordingLogger() {
  const lines: string[] = [];
  const logger: Logger = {
    info: (l) => lines.push(l),
    warning: (l) => lines.push(`warning: ${l}`),
    debug: () => undefined,
    group: async (name, work) => {
      lines.push(`::group::${name}`);
      try {
        return await work();
      } finally {
        lines.push('::endgroup::');
      }
    },
  };
  return { lines, logger };
}

function context(clock: VirtualClock, extra: Partial<OperationContext> = {}) {
  const { lines, logger } = recordingLogger();
  const ctx: OperationContext = {
    clock,
    logger,
    deadline: clock.now() + 10 * 3_600_000,
    pollIntervalMs: 15_000,
    ...extra,
  };
  return { ctx, lines };
}

const OPTIONS: ErpStopOptions = {
  // The checks before the window read more than these fakes answer; they are tested on their own.
  preflight: 'off',
  baseUrl: new URL(ORIGIN),
  apiVersion: '2023-04-01',
  subscriptionId: 's1',
  resourceGroup: 'rg',
  erpVirtualInstances: ['X01'],
  softStopTimeoutSeconds: 0,
  hardStopFallback: false,
  maxParallel: 10,
  wait: true,
  // These tests are of the operation's polling: the reads before and after have their own (finding-out.test.ts).
  skipIfDone: false,
  verify: false,
  deallocateVm: false,
  wholeSystem: false,
};

describe('erp-stop polling', () => {
  it('sends exactly 1 + ceil(T / r) requests for an operation of T seconds with Retry-After r', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3600 }), fc.integer({ min: 1, max: 120 }), async (t, r) => {
        const clock = new VirtualClock();
        const service = new FakeService(clock, { durationMs: t * 1000, retryAfter: String(r) });
        const { ctx } = context(clock);
        const result = await erpStop(OPTIONS, service.client(), ctx);
        expect(result.outputs['operation-status']).toBe('Succeeded');
        expect(service.requests).toHaveLength(1 + Math.ceil(t / r));
        expect(clock.sleeps.every((ms) => ms === r * 1000)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('waits poll-interval between polls when the service sends no Retry-After', async () => {
    const clock = new VirtualClock();
    const service = new FakeService(clock, { durationMs: 40_000 });
    const { ctx } = context(clock, { pollIntervalMs: 15_000 });
    await erpStop(OPTIONS, service.client(), ctx);
    expect(clock.sleeps).toEqual([15_000, 15_000, 15_000]);
    expect(service.requests).toHaveLength(4);
  });

  it('logs one line per status change, not one per poll', async () => {
    const clock = new VirtualClock();
    const steps = [
      { status: 'InProgress', percentComplete: 10 },
      { status: 'InProgress', percentComplete: 20 },
      { status: 'Preparing System Configuration', percentComplete: 30 },
      { status: 'Preparing System Configuration', percentComplete: 40 },
      { status: 'Succeeded', percentComplete: 100 },
    ];
    const service = new FakeService(clock, { statuses: steps });
    const { ctx, lines } = context(clock);
    const result = await erpStop(OPTIONS, service.client(), ctx);
    expect(result.failure).toBeUndefined();
    const progress = lines.filter((l) => /^X01: .*\(elapsed/.test(l));
    expect(progress.map((l) => l.split(',')[0])).toEqual([
      'X01: InProgress',
      'X01: Preparing System Configuration',
      'X01: Succeeded',
    ]);
    expect(service.requests).toHaveLength(6);
  });

  it('ends at once on cancellation, naming the last status, percent complete and the operation-url', async () => {
    const clock = new VirtualClock();
    const controller = new AbortController();
    const service = new FakeService(clock, {
      statuses: [{ status: 'InProgress', percentComplete: 35 }],
    });
    const { ctx } = context(clock, { signal: controller.signal });
    const client = service.client();
    const send = client.send.bind(client);
    client.send = async (req) => {
      const res = await send(req);
      if (service.requests.length === 3) controller.abort(new Error('The job was cancelled'));
      return res;
    };
    const result = await erpStop(OPTIONS, client, ctx);
    expect(service.requests).toHaveLength(3);
    expect(result.failure).toMatch(
      /^The job was cancelled while waiting on the stop of erp virtual instance 'X01'/,
    );
    expect(result.failure).toContain('last status InProgress, 35% complete');
    expect(result.failure).toContain('operation-url');
    expect(result.outputs['operation-url']).toBe(OP_URL);
    expect(result.outputs['operation-status']).toBe('InProgress');
  });

  it('times out at the deadline naming the last status and percent, without polling past it', async () => {
    const clock = new VirtualClock();
    const service = new FakeService(clock, { statuses: [{ status: 'Stopping', percentComplete: 70 }] });
    const { ctx } = context(clock, { deadline: clock.now() + 50_000, pollIntervalMs: 20_000 });
    const result = await erpStop(OPTIONS, service.client(), ctx);
    expect(clock.sleeps).toEqual([20_000, 20_000, 10_000]);
    expect(result.failure).toMatch(
      /did not end within the timeout: last status Stopping, 70% complete; resume/,
    );
    expect(result.outputs['operation-url']).toBe(OP_URL);
  });

  it('refuses a 202 without a polling header, saying so', async () => {
    const clock = new VirtualClock();
    const service = new FakeService(clock, {
      stop: () => ({ headers: {} }),
    });
    const { ctx } = context(clock);
    const result = await erpStop(OPTIONS, service.client(), ctx);
    expect(result.failure).toContain('202 Accepted without a vendor-AsyncOperation or Location header');
    expect(service.requests).toHaveLength(1);
  });

  it('stops again with 0 after SoftStopUnsupported when hard-stop-fallback is set, and fails otherwise', async () => {
    for (const fallback of [true, false]) {
      const clock = new VirtualClock();
      const service = new FakeService(clock, {
        statuses: [{ status: 'Succeeded' }],
        stop: (req) =>
          (req.json as { softStopTimeoutSeconds: number }).softStopTimeoutSeconds > 0
            ? { status: 400, text: 'SoftStopUnsupported' }
            : {},
      });
      const { ctx, lines } = context(clock);
      const result = await erpStop(
        { ...OPTIONS, softStopTimeoutSeconds: 300, hardStopFallback: fallback },
        service.client(),
        ctx,
      );
      const bodies = service.requests.filter((r) => r.method === 'POST').map((r) => r.json);
      if (fallback) {
        expect(bodies).toEqual([{ softStopTimeoutSeconds: 300 }, { softStopTimeoutSeconds: 0 }]);
        expect(lines.some((l) => l.startsWith('warning: X01: the service refused a soft stop of 300s'))).toBe(
          true,
        );
        expect(result.failure).toBeUndefined();
      } else {
        expect(bodies).toEqual([{ softStopTimeoutSeconds: 300 }]);
        expect(result.failure).toContain('SoftStopUnsupported');
        expect(result.failure).toContain('hard-stop-fallback: true');
      }
    }
  });

  it('rejects a name that cannot be a path segment before any request', async () => {
    const clock = new VirtualClock();
    const service = new FakeService(clock);
    const { ctx } = context(clock);
    await expect(
      erpStop({ ...OPTIONS, erpVirtualInstances: ['X01', '..'] }, service.client(), ctx),
    ).rejects.toThrow(InputError);
    await expect(
      erpStop({ ...OPTIONS, resourceGroup: 'r'.repeat(91) }, service.client(), ctx),
    ).rejects.toThrow("Input 'resource-group': must be at most 90 characters");
    expect(service.requests).toHaveLength(0);
  });

  it('refuses a name with /, ?, # or %, naming the item, before any request', async () => {
    const clock = new VirtualClock();
    const service = new FakeService(clock, { statuses: [{ status: 'Succeeded' }] });
    const { ctx } = context(clock);
    for (const bad of ['a/../b', 'b?c', 'c#d', 'd%2Fe']) {
      await expect(
        erpStop({ ...OPTIONS, erpVirtualInstances: ['X01', bad] }, service.client(), ctx),
      ).rejects.toThrow(`Input 'erp-virtual-instance': item '${bad}' must not contain`);
    }
    expect(service.requests).toHaveLength(0);
  });
});

describe('several instances', () => {
  it('runs at most max-parallel at once and fails after all have ended, naming each failure', async () => {
    const clock = new VirtualClock();
    let active = 0;
    let peak = 0;
    const polls = new Map<string, number>();
    const client = clientOver(
      async ({ method, url }): Promise<FakeAnswer> => {
        active += method === 'POST' ? 1 : 0;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (method === 'POST') {
          const name = url.pathname.split('/')[8]!;
          const link = `${ORIGIN}/op/${name}`;
          return { status: 202, headers: { location: link } };
        }
        const name = url.pathname.split('/')[2]!;
        const n = (polls.get(name) ?? 0) + 1;
        polls.set(name, n);
        const status = n < 3 ? 'InProgress' : name.endsWith('bad') ? 'Failed' : 'Succeeded';
        if (n >= 3) active--;
        const error = status === 'Failed' ? { code: 'StopFailed', message: `no ${name}` } : null;
        return {
          status: 200,
          json: { status, error, id: `op-${name}` },
          headers: { 'x-vendor-request-id': `rid-${name}` },
        };
      },
      { origin: ORIGIN, clock },
    );
    const names = ['A1', 'B1bad', 'C1', 'D1bad', 'E1'];
    const { ctx, lines } = context(clock);
    const result = await erpStop({ ...OPTIONS, erpVirtualInstances: names, maxParallel: 2 }, client, ctx);
    expect(peak).toBe(2);
    expect(result.outputs['operation-status']).toBe('Failed');
    expect(result.failure).toMatch(/^2 of 5 erp virtual instances did not stop: /);
    expect(result.failure).toContain(
      "'B1bad' ended with status Failed: StopFailed: no B1bad (request-id: rid-B1bad)",
    );
    expect(result.failure).toContain(
      "'D1bad' ended with status Failed: StopFailed: no D1bad (request-id: rid-D1bad)",
    );
    const entries = result.outputs.result as { erpVirtualInstance: string; status: string }[];
    expect(entries.map((e) => [e.erpVirtualInstance, e.status])).toEqual([
      ['A1', 'Succeeded'],
      ['B1bad', 'Failed'],
      ['C1', 'Succeeded'],
      ['D1bad', 'Failed'],
      ['E1', 'Succeeded'],
    ]);
    expect(result.outputs['operation-id']).toBe('op-E1');
    // Groups never nest or interleave: each ::group:: is closed before the next opens.
    let open = false;
    for (const line of lines) {
      if (line.startsWith('::group::')) {
        expect(open).toBe(false);
        open = true;
      } else if (line === '::endgroup::') open = false;
    }
    // A group only where there is more to tell than the live lines did: the failures' details.
    expect(lines.filter((l) => l.startsWith('::group::'))).toEqual([
      '::group::erp-stop B1bad: Failed',
      '::group::erp-stop D1bad: Failed',
    ]);
  });
});

describe('wait-for-operation', () => {
  it('polls at once, then every Retry-After, to a terminal status', async () => {
    const clock = new VirtualClock();
    const service = new FakeService(clock, {
      retryAfter: '3',
      statuses: [{ status: 'InProgress' }, { status: 'Completed', percentComplete: 100 }],
    });
    const { ctx } = context(clock);
    const result = await waitForOperation(
      {
        operationUrl: [{ url: OP_URL }],
        maxParallel: 10,
        wait: true,
        verify: true,
        baseUrl: new URL(ORIGIN),
      },
      service.client(),
      ctx,
    );
    expect(service.requests.map((r) => r.url)).toEqual([OP_URL, OP_URL]);
    expect(clock.sleeps).toEqual([3000]);
    expect(result.outputs['operation-status']).toBe('Completed');
    expect(result.failure).toBeUndefined();
  });

  it('refuses an operation-url on another origin as an input error, with nothing sent', async () => {
    const clock = new VirtualClock();
    const service = new FakeService(clock);
    const { ctx } = context(clock);
    await expect(
      waitForOperation(
        {
          operationUrl: [{ url: 'https://elsewhere.example/op' }],
          maxParallel: 10,
          wait: true,
          verify: true,
          baseUrl: new URL(ORIGIN),
        },
        service.client(),
        ctx,
      ),
    ).rejects.toThrow(
      "Input 'operation-url': Refused to follow the operation-url on https://elsewhere.example",
    );
    expect(service.requests).toHaveLength(0);
  });

  it('fails a Canceled operation', async () => {
    const clock = new VirtualClock();
    const service = new FakeService(clock, { statuses: [{ status: 'cancelled' }] });
    const { ctx } = context(clock);
    const result = await waitForOperation(
      {
        operationUrl: [{ url: OP_URL }],
        maxParallel: 10,
        wait: true,
        verify: true,
        baseUrl: new URL(ORIGIN),
      },
      service.client(),
      ctx,
    );
    expect(result.failure).toMatch(/^The operation ended with status cancelled \(request-id: rid-200\)\.$/);
  });
});

describe("erp-stop's own words", () => {
  it("its whole-system 'What to do' says how to stop, not erp-start's 'cannot start' (seen failing before)", async () => {
    const { default: erpStopModule } = await import('../../../../src/operations/erp/erp-stop.js');
    const advice = erpStopModule.view?.whatToDo?.['whole system'] ?? '';
    expect(advice).toContain('erp-stop with `whole-system: true`');
    expect(advice).not.toMatch(/cannot start|starts its HANA/);
    expect(advice).toMatch(/stops the application, then its HANA databases/);
  });
});
