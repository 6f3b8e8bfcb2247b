import { afterEach, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../../src/emulator/index.js';
import { WriteBuckets } from '../../../src/emulator/write-bucket.js';

let emu: ServiceEmulator | undefined;
afterEach(() => emu?.close());

it('a bucket per subscription: a write takes a token; empty, it tells the whole seconds until the next', () => {
  let now = 0;
  const buckets = new WriteBuckets({ capacity: 2, refillPerSecond: 0.5 }, () => now);
  expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([undefined, undefined, 2]);
  // Another subscription has its own bucket.
  expect(buckets.take('b')).toBeUndefined();
  now += 1_000;
  expect(buckets.take('a')).toBe(1);
  now += 1_000;
  expect(buckets.take('a')).toBeUndefined();
  expect(buckets.throttled).toBe(2);
});

it('counts writes under /subscriptions/ only, not reads', () => {
  expect(WriteBuckets.subscriptionOf('POST', '/subscriptions/S1/resourceGroups/rg/x/stop')).toBe('s1');
  expect(
    WriteBuckets.subscriptionOf('GET', '/subscriptions/S1/providers/x/operationStatuses/1'),
  ).toBeUndefined();
  expect(WriteBuckets.subscriptionOf('DELETE', '/v0.1/apps/o/a/users/u')).toBeUndefined();
});

it('the emulator answers 429 with Retry-After once the scenario bucket is empty', async () => {
  emu = await startEmulator({ emulator: { writeBucket: { capacity: 1, refillPerSecond: 1 } } });
  const stop = () =>
    fetch(
      `${emu!.url}/subscriptions/s1/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/X01/stop?api-version=2023-04-01`,
      { method: 'POST', headers: { authorization: 'Bearer emu-access-token' }, body: '{}' },
    );
  const first = await stop();
  const second = await stop();
  expect(first.status).toBe(202);
  expect(second.status).toBe(429);
  expect(second.headers.get('retry-after')).toBe('1');
  expect(second.headers.get('x-vendor-ratelimit-remaining-subscription-writes')).toBe('0');
  expect(emu.erp.stops).toHaveLength(1);
});
