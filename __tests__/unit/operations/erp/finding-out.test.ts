import { describe, expect, it } from '@jest/globals';
import { VirtualClock } from '../../../../src/client/clock.js';
import {
  compareApiVersions,
  ERP_VIRTUAL_INSTANCE,
  parseResourceId,
} from '../../../../src/client/arm/resource-id.js';
import { erpStart } from '../../../../src/operations/erp/erp-start.js';
import { erpStop, type ErpStopOptions } from '../../../../src/operations/erp/erp-stop.js';
import type { Logger, OperationContext } from '../../../../src/operations/types.js';
import { clientOver, errorAnswer, type FakeAnswer } from '../../../helpers/fake-transport.js';

const ORIGIN = 'https://vendor.example';
const OP_URL = `${ORIGIN}/subscriptions/s1/providers/Vendor.Workloads/locations/westeurope/operationStatuses/op1?api-version=2021-12-01-preview`;

/**
 * A service on a virtual clock whose first stop's answer is lost: a 504 the client reads as of unknown effect (a
 * change is never re-sent by the client where it may have arrived), or a 409. `acted`: whether the service had
 * acted on it. The instance's statuses are read in order (the last repeats).
 */
function service(
  clock: VirtualClock,
  options: { acted: boolean; lost: 'effectUnknown' | 409; retryAfter?: string },
) {
  const sent: string[] = [];
  let posts = 0;
  let reads = 0;
  const statuses = ['Running', 'Stopping', 'Stopping', 'Offline'];
  const respond = (status: number, json: unknown, headers: Record<string, string> = {}): FakeAnswer => ({
    status,
    json,
    headers: { 'x-vendor-request-id': `rid-${sent.length}`, ...headers },
  });
  const client = clientOver(
    ({ method, url }) => {
      if (method === 'POST') {
        sent.push('POST');
        if (++posts === 1)
          return options.lost === 409 ? errorAnswer(409, 'Conflict') : errorAnswer(504, 'GatewayTimeout');
        return respond(202, undefined, { 'vendor-asyncoperation': OP_URL });
      }
      if (url.pathname.includes('/operationStatuses/')) {
        sent.push('poll');
        return respond(200, { status: 'Succeeded', percentComplete: 100 });
      }
      sent.push('read');
      // Where the service did not act, the instance stays Running until a POST is answered.
      const status = options.acted
        ? statuses[Math.min(reads++, statuses.length - 1)]
        : posts >= 2
          ? 'Offline'
          : 'Running';
      const headers: Record<string, string> =
        options.retryAfter === undefined ? {} : { 'retry-after': options.retryAfter };
      return respond(200, { name: 'X01', properties: { status, health: 'Healthy' } }, headers);
    },
    { origin: ORIGIN, clock },
  );
  return { client, sent };
}

const silent: Logger = {
  info: () => undefined,
  warning: () => undefined,
  debug: () => undefined,
  group: (_name, work) => work(),
};

const OPTIONS: ErpStopOptions = {
  // The checks before the window read more than these fakes answer; they are tested on their own.
  preflight: 'off',
  baseUrl: new URL(ORIGIN),
  subscriptionId: 's1',
  resourceGroup: 'rg',
  erpVirtualInstances: ['X01'],
  softStopTimeoutSeconds: 0,
  hardStopFallback: false,
  deallocateVm: false,
  maxParallel: 10,
  wait: true,
  skipIfDone: true,
  verify: true,
  wholeSystem: false,
};

function context(clock: VirtualClock): OperationContext {
  return { clock, logger: silent, deadline: clock.now() + 3_600_000, pollIntervalMs: 15_000 };
}

describe('a stop whose effect is unknown', () => {
  it.each(['effectUnknown'] as const)(
    '(%s) where the service acted: followed by the instance status to Offline, never sent again',
    async (lost) => {
      const clock = new VirtualClock();
      const { client, sent } = service(clock, { acted: true, lost, retryAfter: '5' });
      const result = await erpStop(OPTIONS, client, context(clock));
      expect(result.failure).toBeUndefined();
      expect(sent).toEqual(['read', 'POST', 'read', 'read', 'read']);
      // The read's Retry-After paces the reads, not poll-interval.
      expect(clock.sleeps).toEqual([5000, 5000]);
      expect(result.outputs['operation-status']).toBe('Succeeded');
      expect(result.outputs['operation-urls']).toEqual([]);
      expect(result.outputs.instances).toEqual([
        { name: 'X01', before: 'Running', after: 'Offline', health: 'Healthy', outcome: 'stopped' },
      ]);
    },
  );

  it('(effectUnknown) where the service did not act: sent again, then followed as usual', async () => {
    const clock = new VirtualClock();
    const { client, sent } = service(clock, { acted: false, lost: 'effectUnknown' });
    const result = await erpStop(OPTIONS, client, context(clock));
    expect(result.failure).toBeUndefined();
    // Running after the lost answer is read again within the settle window (30 s at 15 s) before the re-send.
    expect(sent).toEqual(['read', 'POST', 'read', 'read', 'read', 'POST', 'poll', 'read']);
    expect(clock.sleeps.slice(0, 2)).toEqual([15_000, 15_000]);
    expect(result.outputs['operation-status']).toBe('Succeeded');
  });

  it('a 409 to the first stop: read through the settle window; where nothing moves, a refusal, never sent again', async () => {
    const clock = new VirtualClock();
    const { client, sent } = service(clock, { acted: false, lost: 409 });
    const result = await erpStop(OPTIONS, client, context(clock));
    // Issue 42: the status lags, so the 409 is read through; it never moved, so the refusal stands.
    expect(sent.slice(0, 2)).toEqual(['read', 'POST']);
    expect(sent.slice(2).every((s) => s === 'read')).toBe(true);
    expect(sent.length).toBeGreaterThan(2);
    expect(result.failure).toContain('Conflict');
    expect(result.outputs.changes).toBe(false);
  });

  it('a failure whose effect is known is not retried and not read after', async () => {
    const clock = new VirtualClock();
    const sent: string[] = [];
    const client = clientOver(
      ({ method }) => {
        sent.push(method);
        if (method === 'POST') return errorAnswer(400, 'BadRequest');
        return { status: 200, json: { properties: { status: 'Running' } } };
      },
      { origin: ORIGIN, clock },
    );
    const result = await erpStop(OPTIONS, client, context(clock));
    expect(sent).toEqual(['GET', 'POST']);
    expect(result.failure).toContain('BadRequest');
  });
});

describe('a 409, then a read that changed but shows no move (issue 50)', () => {
  /** Running, a 409 to the stop, then `then` on every read after it: another operation the status never shows moving. */
  function conflicted(clock: VirtualClock, then: string) {
    const sent: string[] = [];
    const client = clientOver(
      ({ method }) => {
        sent.push(method);
        if (method === 'POST') return errorAnswer(409, 'OperationInProgress');
        const status = sent.includes('POST') ? then : 'Running';
        return { status: 200, json: { name: 'X01', properties: { status, health: 'Healthy' } } };
      },
      { origin: ORIGIN, clock },
    );
    return { client, sent };
  }

  it.each(['PartiallyRunning', 'Unavailable'])(
    'reads %s: the refusal stands, one POST, the row carries the status read',
    async (then) => {
      const clock = new VirtualClock();
      const { client, sent } = conflicted(clock, then);
      const result = await erpStop(OPTIONS, client, context(clock));
      expect(sent.filter((m) => m === 'POST')).toHaveLength(1);
      expect(result.failure).toContain('OperationInProgress');
      expect(result.outputs.instances).toEqual([
        expect.objectContaining({ name: 'X01', before: 'Running', after: then, outcome: 'failed' }),
      ]);
    },
  );

  it("reads the step's own end (Offline): done, nothing sent again", async () => {
    const clock = new VirtualClock();
    const { client, sent } = conflicted(clock, 'Offline');
    const result = await erpStop({ ...OPTIONS, skipIfDone: false }, client, context(clock));
    expect(sent.filter((m) => m === 'POST')).toHaveLength(1);
    expect(result.failure).toBeUndefined();
    expect(result.outputs.instances).toEqual([
      expect.objectContaining({ name: 'X01', before: 'Running', after: 'Offline' }),
    ]);
  });
});

describe('a start with start-vm read Starting (issue 50)', () => {
  it('waits the start in progress out and reads it as followed: started, nothing sent', async () => {
    const clock = new VirtualClock();
    const sent: string[] = [];
    const statuses = ['Starting', 'Starting', 'Running'];
    const client = clientOver(
      ({ method }) => {
        sent.push(method);
        const status = statuses[Math.min(sent.length - 1, statuses.length - 1)];
        return { status: 200, json: { name: 'X01', properties: { status, health: 'Healthy' } } };
      },
      { origin: ORIGIN, clock },
    );
    const {
      baseUrl,
      subscriptionId,
      resourceGroup,
      erpVirtualInstances,
      maxParallel,
      wait,
      skipIfDone,
      verify,
    } = OPTIONS;
    const start = {
      baseUrl,
      subscriptionId,
      resourceGroup,
      erpVirtualInstances,
      maxParallel,
      wait,
      skipIfDone,
    };
    const result = await erpStart(
      {
        ...start,
        verify,
        wholeSystem: false,
        startVm: true,
        preflight: 'off',
        healthTimeout: 0,
        expectHealthy: false,
      },
      client,
      context(clock),
    );
    expect(sent.every((m) => m === 'GET')).toBe(true);
    expect(result.failure).toBeUndefined();
    expect(result.outputs.instances).toEqual([
      expect.objectContaining({ name: 'X01', before: 'Starting', after: 'Running', outcome: 'started' }),
    ]);
  });
});

describe('resource ids', () => {
  it('split into parts, compared case-insensitively on the literal segments, each part held to the name rule', () => {
    expect(
      parseResourceId(
        '/SUBSCRIPTIONS/s1/resourcegroups/rg/providers/vendor.workloads/ERPVIRTUALINSTANCES/X01/',
        ERP_VIRTUAL_INSTANCE,
      ),
    ).toEqual({ subscriptionId: 's1', resourceGroup: 'rg', name: 'X01' });
    for (const bad of [
      '/subscriptions/s1/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances',
      '/subscriptions/s1/resourceGroups/rg/providers/Other.Ns/erpVirtualInstances/X01',
      '/subscriptions/s 1/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/X01',
      '/subscriptions/s1/resourceGroups/r%2Fg/providers/Vendor.Workloads/erpVirtualInstances/X01',
      '/subscriptions/s1/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/X01?x',
      '/subscriptions/s1/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/X01/stop',
    ]) {
      expect(typeof parseResourceId(bad, ERP_VIRTUAL_INSTANCE)).toBe('string');
    }
  });

  it('api-versions order by date, a preview before the release of its date', () => {
    expect(compareApiVersions('2023-04-01', '2023-10-01-preview')).toBeLessThan(0);
    expect(compareApiVersions('2023-10-01-preview', '2023-10-01-preview')).toBe(0);
    expect(compareApiVersions('2023-10-01', '2023-10-01-preview')).toBeGreaterThan(0);
    expect(compareApiVersions('2024-09-01', '2023-10-01-preview')).toBeGreaterThan(0);
  });
});
