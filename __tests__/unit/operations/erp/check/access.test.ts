import { describe, expect, it } from '@jest/globals';
import { VirtualClock } from '../../../../../src/client/clock.js';
import { AccessReads, callerChecks } from '../../../../../src/operations/erp/check/access.js';
import type { CheckWindow } from '../../../../../src/operations/erp/check/findings.js';
import { clientOver, errorAnswer, type FakeService } from '../../../../helpers/fake-transport.js';

const ORIGIN = 'https://vendor.example';
const ref = (rg: string, name: string) => ({ subscriptionId: 's1', resourceGroup: rg, name, label: name });
const stop: CheckWindow = {
  for: 'stop',
  wholeSystem: false,
  deallocateVm: false,
  startVm: false,
  softStopTimeoutSeconds: 0,
};

function reads(service: FakeService, deadlineMs = 60_000) {
  const clock = new VirtualClock();
  const client = clientOver(service, { origin: ORIGIN, clock, deadline: clock.now() + deadlineMs });
  return new AccessReads(client, new URL(ORIGIN));
}

describe("caller-lacks: the caller's permissions, read once per resource group", () => {
  it('reads a resource group once for all its systems, and names what is lacking', async () => {
    const asked: string[] = [];
    const r = reads((call) => {
      asked.push(call.url.pathname);
      return { status: 200, json: { value: [{ actions: ['*/read', 'Vendor.Workloads/*/stop/action'] }] } };
    });
    const found = await Promise.all(['X01', 'X02', 'X03'].map((n) => callerChecks(ref('rg-a', n), stop, r)));
    expect(found.map((f) => f.map((x) => x.code))).toEqual([[], [], []]);
    expect(asked).toEqual([
      '/subscriptions/s1/resourceGroups/rg-a/providers/Vendor.Authorization/permissions',
    ]);
    const start = await callerChecks(ref('rg-a', 'X01'), { ...stop, for: 'restart' }, r);
    expect(start.map((f) => f.text)).toEqual([
      expect.stringContaining('lack Vendor.Workloads/erpVirtualInstances/start/action,'),
    ]);
    expect(asked).toHaveLength(1);
  });

  it('a 429 that lasts past timeout is could-not-check, never a pass', async () => {
    const r = reads(() => errorAnswer(429, 'TooManyRequests', { 'retry-after': '120' }), 30_000);
    const [only] = await callerChecks(ref('rg-a', 'X01'), stop, r);
    expect(only).toMatchObject({ code: 'could-not-check', level: 'unknown', part: 'caller' });
    expect(only!.text).toContain(
      'caller-lacks could not be checked: the read was throttled past timeout (HTTP 429',
    );
  });

  it('a 403 is could-not-check, naming the refusal', async () => {
    const r = reads(() => errorAnswer(403, 'AuthorizationFailed'));
    const [only] = await callerChecks(ref('rg-a', 'X01'), stop, r);
    expect(only).toMatchObject({ code: 'could-not-check', level: 'unknown' });
    expect(only!.text).toContain('the read was refused (HTTP 403 AuthorizationFailed');
  });
});
