import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, unescapeCommands } from '../helpers/run-action.js';
import { summaryText } from '../helpers/summary-text.js';

const SUB = '00000000-0000-4000-8000-0000000000c4';
const id = (rg: string, name: string) =>
  `/subscriptions/${SUB}/resourceGroups/${rg}/providers/Vendor.Workloads/erpVirtualInstances/${name}`;

// One emulator, one fleet: every code of the contract's table but soft-stop-out-of-range, whose inputs' own
// ranges refuse first (its check is unit-tested), on a system of its own.
let e: ServiceEmulator;
beforeAll(async () => {
  e = await startEmulator({
    erp: {
      instances: {
        C01: { identity: { principalId: 'p-1' } },
        C02: {
          state: 'SoftwareInstallationFailed',
          provisioningState: 'Updating',
          errors: { code: 'MonitoringFailed', message: 'No metrics since 02:00.' },
          identity: { principalId: 'p-1' },
        },
        C03: { identity: null },
        C04: { identity: { principalId: 'p-4' } },
        C05: { identity: { principalId: 'p-5' } },
        C06: { identity: { principalId: 'p-1' } },
      },
      parts: {
        systems: {
          C03: { databases: [{ name: 'ora', databaseType: 'Oracle' }] },
          C05: {
            applicationInstances: ['app0', 'app1'],
            machines: { app0: 'vm-shared', app1: 'vm-shared' },
            machineResourceGroup: 'rg-vms',
            children: { app1: { status: 'Stopping' } },
            centralParts: { enqueueServer: 'Degraded' },
          },
        },
      },
      authorization: {
        permissions: {
          // One role takes the stop back, another grants it: the caller may stop; nothing grants the database's.
          'rg-ro': [
            { actions: ['*'], notActions: ['Vendor.Workloads/*/stop/action'] },
            { actions: ['vendor.workloads/erpVirtualInstances/STOP/action'] },
          ],
        },
        permissionsRefused: ['rg-denied'],
        roleAssignments: [
          { principalId: 'p-1', roleDefinition: 'VirtualMachineContributor' },
          { principalId: 'p-4', resourceGroup: 'rg-erp', roleDefinition: 'Reader' },
          {
            principalId: 'p-5',
            resourceGroup: 'rg-vms',
            roleDefinition: 'Owner',
            condition: "@Resource[tag] == 'x'",
          },
          { principalId: 'p-5', resourceGroup: 'rg-erp', roleDefinition: 'VirtualMachineContributor' },
        ],
      },
    },
  });
});
afterAll(() => e.close());

async function check(inputs: Record<string, string>) {
  const r = await runAction({
    operation: 'erp-check',
    'base-url': e.url,
    'access-token': 'emu-access-token',
    'subscription-id': SUB,
    'resource-group': 'rg-erp',
    ...inputs,
  });
  expectNoSecrets(r, emulatorSecrets(e));
  return unescapeCommands(r);
}

interface Check {
  name: string;
  ready: boolean;
  findings: { code: string; level: string; part: string; text: string }[];
}

describe('erp-check (contract: "Before the window: checks that refuse by name")', () => {
  it('names each system refused, by code and part, reads each scope once, and fails on a refusal', async () => {
    const from = e.requests.length;
    const r = await check({
      'erp-virtual-instance': ['C01', 'C02', 'C03', 'C04', 'C05', id('rg-ro', 'C06')].join(','),
      for: 'stop',
      'deallocate-vm': 'true',
      'whole-system': 'true',
    });
    const checks = JSON.parse(r.outputs.checks!) as Check[];
    const codes = Object.fromEntries(
      checks.map((c) => [c.name, c.findings.map((f) => `${f.level} ${f.code} ${f.part}`)]),
    );
    expect(codes).toEqual({
      C01: [],
      C02: [
        'refuse not-registered system',
        'refuse resource-not-succeeded system',
        'warn service-errors system',
      ],
      C03: ['refuse no-identity system', 'refuse database-not-hana database ora'],
      C04: ['refuse identity-lacks identity'],
      C05: [
        'warn moving application app1',
        'warn unhealthy central services cs0 enqueue server',
        'warn shared-machine application app0, application app1',
        'unknown could-not-check identity',
      ],
      C06: ['refuse caller-lacks caller'],
    });
    // The refused first, in input order; then the one not fully checked; then the ready.
    expect(checks.map((c) => c.name)).toEqual(['C02', 'C03', 'C04', 'C06', 'C05', 'C01']);
    expect(r.outputs).toMatchObject({ count: '6', refused: '4' });
    const text = (name: string, code: string) =>
      checks.find((c) => c.name === name)!.findings.find((f) => f.code === code)!.text;
    expect(text('C02', 'not-registered')).toContain('SoftwareInstallationFailed');
    expect(text('C02', 'service-errors')).toContain('MonitoringFailed: No metrics since 02:00.');
    expect(text('C03', 'database-not-hana')).toContain('Oracle');
    expect(text('C04', 'identity-lacks')).toContain('Vendor.Compute/virtualMachines/deallocate/action');
    expect(text('C06', 'caller-lacks')).toContain(
      'Vendor.Workloads/erpVirtualInstances/databaseInstances/stop/action',
    );
    expect(text('C06', 'caller-lacks')).not.toContain('erpVirtualInstances/stop/action,');
    expect(r.code).toBe(1);
    expect(r.errors.join('\n')).toContain(
      '4 of 6 systems refused for stop: C02 (not-registered, resource-not-succeeded)',
    );
    const summary = summaryText(r.summary);
    expect(summary).toContain('erp-check: failed (4 of 6 refused)');
    expect(summary).toContain('refuse `no-identity`');
    // Permissions once per resource group; assignments once per machine resource group and identity; each role once.
    const reads = (what: RegExp) => e.requests.slice(from).filter((q) => what.test(q.url.pathname)).length;
    expect(reads(/\/permissions$/)).toBe(2);
    expect(reads(/\/roleAssignments$/)).toBe(4);
    expect(reads(/\/roleDefinitions\//)).toBe(2);
    expect(e.requests.slice(from).filter((q) => q.method !== 'GET')).toEqual([]);
    const file = JSON.parse(Object.values(r.resultFiles)[0]!);
    expect(file).toMatchObject({ format: 'vendor-ops-result/1', operation: 'erp-check' });
    expect(file.systems).toEqual(checks);
  });

  it('a refused permissions read is could-not-check, never a pass: exit 0 with fail-on refuse, 1 with unknown', async () => {
    const inputs = { 'erp-virtual-instance': id('rg-denied', 'C07'), for: 'start' };
    const passing = await check(inputs);
    expect(passing.code).toBe(0);
    const [only] = JSON.parse(passing.outputs.checks!) as Check[];
    expect(only!.findings.map((f) => `${f.level} ${f.code}`)).toEqual(['unknown could-not-check']);
    expect(only!.findings[0]!.text).toContain('HTTP 403 AuthorizationFailed');
    expect(passing.outputs.refused).toBe('0');
    const failing = await check({ ...inputs, 'fail-on': 'unknown' });
    expect(failing.code).toBe(1);
    expect(failing.errors.join('\n')).toContain(
      '1 of 1 systems refused or not fully checked for start: C07 (could-not-check)',
    );
  });
});
