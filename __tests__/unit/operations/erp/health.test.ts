import { describe, expect, it } from '@jest/globals';
import type { PartFacts, SystemFacts } from '../../../../src/operations/erp/check/facts.js';
import { notHealthy, partsOf } from '../../../../src/operations/erp/health.js';

const part = (p: Partial<PartFacts> & Pick<PartFacts, 'kind' | 'name'>): PartFacts => ({
  servers: [],
  machines: [],
  ...p,
});

const central = (servers: Record<string, string | undefined>) =>
  part({
    kind: 'central services',
    name: 'cs0',
    health: 'Healthy',
    servers: Object.entries(servers).map(([name, health]) => ({ name, health })),
  });

const system = (parts: PartFacts[], health = 'Healthy'): SystemFacts => ({ name: 'X01', health, parts });

describe('notHealthy: what a start waits for (contract, "After a start: up, not only Running")', () => {
  it('nothing once the system, its message and enqueue servers are Healthy and every dispatcher Running', () => {
    const parts = [
      central({ 'message server': 'Healthy', 'enqueue server': 'healthy', 'gateway server': 'Unhealthy' }),
      part({ kind: 'application', name: 'app01', dispatcherStatus: 'Running' }),
      part({ kind: 'database', name: 'db0', status: 'Running' }),
    ];
    // The gateway is not one the contract names; the database has no health.
    expect(notHealthy(system(parts))).toEqual([]);
  });

  it('names each part not serving with its last value, the replication server where there is one', () => {
    const parts = [
      central({
        'message server': 'Healthy',
        'enqueue server': 'Degraded',
        'enqueue replication server': 'Unknown',
      }),
      part({ kind: 'application', name: 'app01', dispatcherStatus: 'Running' }),
      part({ kind: 'application', name: 'app02', dispatcherStatus: 'Stopped' }),
      part({ kind: 'application', name: 'app03' }),
    ];
    expect(notHealthy(system(parts, 'Unknown'))).toEqual([
      'system: health Unknown',
      'cs0: enqueue server Degraded',
      'cs0: enqueue replication server Unknown',
      'app02: dispatcher Stopped',
      'app03: dispatcher none',
    ]);
  });
});

describe('partsOf: erp-status parts', () => {
  it('the central services and application instances, never the database', () => {
    const parts = [
      central({}),
      part({ kind: 'application', name: 'app01', health: 'Unhealthy', dispatcherStatus: 'Stopped' }),
      part({ kind: 'database', name: 'db0' }),
    ];
    expect(partsOf(system(parts))).toEqual([
      { part: 'central services', name: 'cs0', health: 'Healthy', dispatcher: null },
      { part: 'application', name: 'app01', health: 'Unhealthy', dispatcher: 'Stopped' },
    ]);
  });
});
