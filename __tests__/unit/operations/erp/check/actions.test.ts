import { describe, expect, it } from '@jest/globals';
import {
  allows,
  lacking,
  matchesPattern,
  type PermissionEntry,
} from '../../../../../src/operations/erp/check/actions.js';

const STOP = 'Vendor.Workloads/erpVirtualInstances/stop/action';
const START = 'Vendor.Workloads/erpVirtualInstances/start/action';
const DEALLOCATE = 'Vendor.Compute/virtualMachines/deallocate/action';

describe('matchesPattern: whole strings, without case, every *', () => {
  it.each([
    ['*', STOP, true],
    ['*/read', 'Vendor.Workloads/erpVirtualInstances/read', true],
    ['*/read', STOP, false],
    ['Vendor.Workloads/*', STOP, true],
    ['vendor.workloads/ERPVIRTUALINSTANCES/STOP/ACTION', STOP, true],
    // Several `*`: the second must match too (a helper that converts only the first would say yes here).
    ['Vendor.Network/*/join/*', 'Vendor.Network/virtualNetworks/subnets/join/action', true],
    ['Vendor.Network/*/join/*', 'Vendor.Network/virtualNetworks/subnets/read', false],
    ['Vendor.Workloads/*/stop/*', STOP, true],
    ['Vendor.Workloads/*/stop/*', START, false],
    ['Vendor.Compute/*/deallocate/action', DEALLOCATE, true],
    // Whole string: a pattern is not a prefix or a substring.
    ['Vendor.Workloads/erpVirtualInstances/stop', STOP, false],
    ['Workloads/erpVirtualInstances/stop/action', STOP, false],
    // A `.` is a dot, not any character.
    [
      'Vendor.Workloads/erpVirtualInstances/stop/action',
      'VendorXWorkloads/erpVirtualInstances/stop/action',
      false,
    ],
  ])('%s against %s: %s', (pattern, action, expected) => {
    expect(matchesPattern(pattern, action)).toBe(expected);
  });
});

describe('allows: notActions per entry', () => {
  const reader: PermissionEntry = { actions: ['*/read'], notActions: [] };
  const noStart: PermissionEntry = { actions: ['Vendor.Workloads/*'], notActions: ['*/START/*'] };
  const starter: PermissionEntry = { actions: ['Vendor.Workloads/erpVirtualInstances/start/action'] };

  it('an entry subtracts its notActions from its own actions', () => {
    expect(allows([noStart], STOP)).toBe(true);
    expect(allows([noStart], START)).toBe(false);
  });
  it("one role's notActions do not cancel another role's grant", () => {
    expect(allows([noStart, starter], START)).toBe(true);
    expect(allows([starter, noStart], START)).toBe(true);
  });
  it('nothing granted, or null lists, is not allowed', () => {
    expect(allows([], STOP)).toBe(false);
    expect(allows([{ actions: null, notActions: null }], STOP)).toBe(false);
    expect(allows([reader], STOP)).toBe(false);
  });
  it('lacking names what no entry grants, in order', () => {
    expect(lacking([reader, noStart], [STOP, START, DEALLOCATE])).toEqual([START, DEALLOCATE]);
  });
});
