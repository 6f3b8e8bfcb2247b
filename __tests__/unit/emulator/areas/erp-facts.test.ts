import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../../../src/emulator/index.js';

const SUB = '00000000-0000-4000-8000-0000000000f1';
const RG = `/subscriptions/${SUB}/resourceGroups/rg-erp`;
const S = (name: string) => `${RG}/providers/Vendor.Workloads/erpVirtualInstances/${name}`;
const V = '?api-version=2024-09-01';
const AUTH = '?api-version=2022-04-01';

let e: ServiceEmulator;
beforeAll(async () => {
  e = await startEmulator({
    erp: {
      defaults: { steps: ['Succeeded'] },
      instances: {
        F01: { state: 'SoftwareInstallationFailed', errors: { code: 'Monitoring', message: 'No data.' } },
        F02: { identity: { principalId: 'p-2' } },
        F03: { identity: null },
      },
      parts: {
        systems: {
          F02: {
            applicationInstances: ['app0', 'app1'],
            machines: { app0: 'vm-a', app1: 'vm-a' },
            machineResourceGroup: 'rg-vms',
            healthAfterStart: 2,
            dispatcherStopped: ['app1'],
            children: { cs0: { provisioningState: 'Updating' } },
            centralParts: { enqueueServer: 'Degraded' },
          },
        },
      },
      authorization: {
        permissions: { 'rg-erp': [{ actions: ['*/read'] }] },
        permissionsRefused: ['rg-denied'],
        roleAssignments: [
          { principalId: 'p-2', resourceGroup: 'rg-vms', roleDefinition: 'Ops', condition: 'x' },
        ],
        roleDefinitions: {
          Ops: { permissions: [{ actions: ['Vendor.Compute/*'], notActions: ['*/delete'] }] },
        },
      },
    },
  });
});
afterAll(() => e.close());

/** The fields these tests read of the bodies; each test reads its own. */
interface Body {
  value: Body[];
  identity: { userAssignedIdentities: Record<string, unknown> };
  properties: Record<string, unknown> & {
    errors?: unknown;
    health: string;
    dispatcherStatus: string;
    vmDetails: { virtualMachineId: string }[];
    actions: string[];
    roleDefinitionId: string;
    permissions: unknown[];
  };
  actions: string[];
}

async function get(path: string) {
  const response = await fetch(`${e.url}${path}`, { headers: { authorization: 'Bearer emu-access-token' } });
  return { status: response.status, json: (await response.json()) as Body };
}

describe("the emulator's facts before and after a window (C6, C7)", () => {
  it('shows state and errors only where the knobs set them, and an identity unless the knobs take it away', async () => {
    const f01 = (await get(`${S('F01')}${V}`)).json;
    expect(f01.properties).toMatchObject({
      state: 'SoftwareInstallationFailed',
      provisioningState: 'Succeeded',
    });
    expect(f01.properties.errors).toEqual({
      properties: { code: 'Monitoring', message: 'No data.', details: [] },
    });
    // An identity of its own by default (a system set up for snoozing has one); `identity: null`, none.
    expect(Object.values(f01.identity.userAssignedIdentities)).toEqual([
      { principalId: 'F01-identity', clientId: 'F01-identity-client' },
    ]);
    expect((await get(`${S('F03')}${V}`)).json.identity).toBeUndefined();
    const f02 = (await get(`${S('F02')}${V}`)).json;
    expect(Object.values(f02.identity.userAssignedIdentities)).toEqual([
      { principalId: 'p-2', clientId: 'p-2-client' },
    ]);
    expect(f02.properties.errors).toBeUndefined();
  });

  it('puts two instances on one machine, and the parts come healthy some reads after a start', async () => {
    const apps = async () => (await get(`${S('F02')}/applicationInstances${V}`)).json.value;
    const before = await apps();
    expect(before.map((a: Body) => a.properties.vmDetails[0]!.virtualMachineId)).toEqual([
      `/subscriptions/${SUB}/resourceGroups/rg-vms/providers/Vendor.Compute/virtualMachines/vm-a`,
      `/subscriptions/${SUB}/resourceGroups/rg-vms/providers/Vendor.Compute/virtualMachines/vm-a`,
    ]);
    expect(before.map((a: Body) => a.properties.dispatcherStatus)).toEqual(['Running', 'Stopped']);
    const cs = (await get(`${S('F02')}/centralInstances/cs0${V}`)).json.properties;
    expect(cs).toMatchObject({
      provisioningState: 'Updating',
      enqueueServerProperties: { health: 'Degraded' },
    });
    await fetch(`${e.url}${S('F02')}/start${V}`, {
      method: 'POST',
      headers: { authorization: 'Bearer emu-access-token' },
    });
    const system = async () => (await get(`${S('F02')}${V}`)).json.properties.health;
    expect(await system()).toBe('Unknown');
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push((await apps())[0]!.properties.health);
    expect(seen).toEqual(['Unknown', 'Unknown', 'Healthy']);
    expect(await system()).toBe('Healthy');
  });

  it('serves permissions by scope (403 where refused), role assignments by assignedTo, and role definitions', async () => {
    expect(
      (await get(`${RG}/providers/Vendor.Authorization/permissions${AUTH}`)).json.value[0]!.actions,
    ).toEqual(['*/read']);
    const other = `/subscriptions/${SUB}/resourceGroups/rg-other/providers/Vendor.Authorization/permissions${AUTH}`;
    expect((await get(other)).json.value[0]!.actions).toEqual(['*']);
    const denied = `/subscriptions/${SUB}/resourceGroups/rg-denied/providers/Vendor.Authorization/permissions${AUTH}`;
    expect((await get(denied)).status).toBe(403);
    const filter = `&$filter=${encodeURIComponent("assignedTo('p-2')")}`;
    const vms = `/subscriptions/${SUB}/resourceGroups/rg-vms/providers/Vendor.Authorization/roleAssignments${AUTH}`;
    const assignment = (await get(`${vms}${filter}`)).json.value[0]!;
    expect(assignment.properties).toMatchObject({ principalId: 'p-2', condition: 'x' });
    expect(
      (await get(`${RG}/providers/Vendor.Authorization/roleAssignments${AUTH}${filter}`)).json.value,
    ).toEqual([]);
    const role = (await get(`${assignment.properties.roleDefinitionId}${AUTH}`)).json;
    expect(role.properties.permissions[0]).toMatchObject({
      actions: ['Vendor.Compute/*'],
      notActions: ['*/delete'],
    });
    expect(e.erp.authorization.reads).toEqual({ permissions: 3, roleAssignments: 2, roleDefinitions: 1 });
  });
});
