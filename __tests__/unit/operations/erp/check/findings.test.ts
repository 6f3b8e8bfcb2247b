import { describe, expect, it } from '@jest/globals';
import type { SystemFacts } from '../../../../../src/operations/erp/check/facts.js';
import { checksFor, type CheckWindow } from '../../../../../src/operations/erp/check/findings.js';

const machine = (vm: string) =>
  `/subscriptions/s/resourceGroups/rg/providers/Vendor.Compute/virtualMachines/${vm}`;
const part = (kind: 'application' | 'central services' | 'database', name: string, more = {}) => ({
  kind,
  name,
  status: 'Running',
  provisioningState: 'Succeeded',
  servers: [],
  machines: [machine(`${name}-vm`)],
  ...more,
});
const clean: SystemFacts = {
  name: 'X01',
  state: 'RegistrationComplete',
  provisioningState: 'Succeeded',
  status: 'Running',
  health: 'Healthy',
  identity: { principalId: 'p' },
  parts: [
    part('central services', 'cs0'),
    part('application', 'app0'),
    part('database', 'db0', { databaseType: 'hdb' }),
  ],
};
const stop: CheckWindow = {
  for: 'stop',
  wholeSystem: true,
  deallocateVm: false,
  startVm: false,
  softStopTimeoutSeconds: 0,
};
const codes = (facts: SystemFacts, w: CheckWindow = stop) =>
  checksFor(facts, w).map((f) => `${f.code} ${f.part}`);

describe('checksFor: the checks that need no read beyond the system', () => {
  it('finds nothing on a registered, Succeeded, healthy system', () => {
    expect(codes(clean)).toEqual([]);
    expect(codes(clean, { ...stop, for: 'start', startVm: true })).toEqual([]);
  });

  it('refuses a soft stop outside what the service accepts, for the parts this window stops', () => {
    expect(codes(clean, { ...stop, softStopTimeoutSeconds: 82800 })).toEqual([
      'soft-stop-out-of-range system',
    ]);
    expect(codes(clean, { ...stop, databaseSoftStopTimeoutSeconds: 1800 })).toEqual([
      'soft-stop-out-of-range database db0',
    ]);
    expect(
      codes(clean, { ...stop, databaseSoftStopTimeoutSeconds: 1799, softStopTimeoutSeconds: 82799 }),
    ).toEqual([]);
    // A start stops nothing; without the whole system no database is stopped.
    expect(codes(clean, { ...stop, for: 'start', softStopTimeoutSeconds: 90000 })).toEqual([]);
    expect(codes(clean, { ...stop, wholeSystem: false, databaseSoftStopTimeoutSeconds: 1800 })).toEqual([]);
  });

  it('asks for an identity only where the window moves machines (never a restart)', () => {
    const none = { ...clean, identity: undefined };
    expect(codes(none, { ...stop, deallocateVm: true })).toEqual(['no-identity system']);
    expect(codes(none, { ...stop, for: 'start', startVm: true })).toEqual(['no-identity system']);
    expect(codes(none, { ...stop, for: 'start', deallocateVm: true })).toEqual([]);
    expect(codes(none, { ...stop, for: 'restart' })).toEqual([]);
  });

  it('counts a shared machine only among the instances the window stops', () => {
    const shared = {
      ...clean,
      parts: [
        ...clean.parts,
        part('database', 'db1', { databaseType: 'HANA', machines: [machine('APP0-vm')] }),
      ],
    };
    expect(codes(shared)).toEqual(['shared-machine application app0, database db1']);
    expect(codes(shared, { ...stop, wholeSystem: false })).toEqual([]);
    expect(codes(shared, { ...stop, for: 'start' })).toEqual([]);
  });

  it('reads health, moves and registration without case, a missing state as not registered', () => {
    const odd = { ...clean, state: 'registrationcomplete', health: 'DEGRADED', status: 'softShutdown' };
    expect(codes(odd)).toEqual(['moving system', 'unhealthy system']);
    expect(codes({ ...clean, state: undefined })).toEqual(['not-registered system']);
  });
});
