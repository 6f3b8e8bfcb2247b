import { describe, expect, it } from '@jest/globals';
import { VirtualClock } from '../../../../../src/client/clock.js';
import { readSystemFacts } from '../../../../../src/operations/erp/check/facts.js';
import { checksFor } from '../../../../../src/operations/erp/check/findings.js';
import { clientOver, errorAnswer } from '../../../../helpers/fake-transport.js';

const ORIGIN = 'https://vendor.example';
const ref = { subscriptionId: 's1', resourceGroup: 'rg', name: 'X01', label: 'X01' };

describe("a system's facts before a window", () => {
  it("a list of its instances that cannot be read is could-not-check, never the system's own failure (shared/repro c05: a 404 on centralInstances named X01 not found)", async () => {
    const clock = new VirtualClock();
    const client = clientOver(
      (call) =>
        call.url.pathname.endsWith('/erpVirtualInstances/X01')
          ? { status: 200, json: { properties: { state: 'RegistrationComplete', status: 'Running' } } }
          : errorAnswer(404, 'ResourceNotFound'),
      { origin: ORIGIN, clock, deadline: clock.now() + 60_000 },
    );
    const facts = await readSystemFacts(client, { baseUrl: new URL(ORIGIN), apiVersion: 'v', ref });
    const window = { for: 'stop', wholeSystem: false, deallocateVm: false, startVm: false } as const;
    const findings = checksFor(facts, { ...window, softStopTimeoutSeconds: 0 });
    expect(findings).toEqual([
      expect.objectContaining({ code: 'could-not-check', level: 'unknown', part: 'instances' }),
    ]);
    expect(findings[0]!.text).toContain('HTTP 404 ResourceNotFound');
  });
});
