import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../../../src/emulator/index.js';
import { parseScenario } from '../../../../src/emulator/scenario-schema.js';

/** The emulator's C5 listing and its read bucket, spoken to directly. */
const SUB = '00000000-0000-4000-8000-0000000000e5';
const AUTH = { authorization: 'Bearer emu-access-token' };
const LIST = `/subscriptions/${SUB}/providers/Vendor.Workloads/erpVirtualInstances?api-version=2023-04-01`;

let emu: ServiceEmulator;
beforeAll(async () => {
  emu = await startEmulator({
    fleet: {
      pageSize: 2,
      itemBytes: 100,
      systems: [
        { subscription: SUB, resourceGroup: 'rg-a', name: 'X01', tags: { a: '1' } },
        { generate: 2, subscription: SUB, resourceGroup: 'rg-b', prefix: 'G' },
      ],
    },
  });
});
afterAll(async () => {
  await emu.close();
});

const get = async (path: string) => {
  const res = await fetch(new URL(path, emu.url), { headers: AUTH });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
};

describe('the emulator’s listing of systems (C5)', () => {
  it('pages the subscription’s systems by nextLink on the same path, each the whole resource', async () => {
    const first = await get(LIST);
    const value = first.body.value as { name: string; properties: { configuration: unknown } }[];
    expect(value.map((v) => v.name)).toEqual(['X01', 'G0001']);
    expect(JSON.stringify(value[0]!.properties.configuration)).toContain('x'.repeat(100));
    const next = new URL(first.body.nextLink as string);
    expect(next.pathname).toBe(new URL(LIST, emu.url).pathname);
    const second = await get(next.pathname + next.search);
    expect((second.body.value as { name: string }[]).map((v) => v.name)).toEqual(['G0002']);
    expect(second.body.nextLink).toBeUndefined();
  });

  it('lists one resource group, case-insensitively', async () => {
    const page = await get(
      `/subscriptions/${SUB}/resourceGroups/RG-A/providers/Vendor.Workloads/erpVirtualInstances?api-version=2023-04-01`,
    );
    expect((page.body.value as { id: string }[]).map((v) => v.id)).toEqual([
      `/subscriptions/${SUB}/resourceGroups/rg-a/providers/Vendor.Workloads/erpVirtualInstances/X01`,
    ]);
  });

  it('answers 429 with Retry-After when the subscription’s read bucket is empty, and counts down before', async () => {
    const bucket = emu.limitReads({ capacity: 2, refillPerSecond: 0.01 });
    try {
      const answers = [await get(LIST), await get(LIST), await get(LIST)];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers.map((a) => a.headers.get('x-vendor-ratelimit-remaining-subscription-reads'))).toEqual([
        '1',
        '0',
        '0',
      ]);
      expect(Number(answers[2]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(bucket.throttled).toBe(1);
    } finally {
      emu.readBuckets = undefined;
    }
  });

  it('a misspelt knob of the scenario is refused with its path', () => {
    expect(parseScenario({ fleet: { pagesize: 2 } })).toEqual({ error: "unknown key 'fleet.pagesize'" });
    expect(
      parseScenario({ emulator: { readBucket: { capacity: 250, refillPerSecond: 25 } } }),
    ).toHaveProperty('scenario');
  });
});
