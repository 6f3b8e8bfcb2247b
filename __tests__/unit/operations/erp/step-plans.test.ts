import { describe, expect, it } from '@jest/globals';
import { planSystem, planWindow, type WindowPlanOptions } from '../../../../src/operations/erp/step-plans.js';

const ref = { subscriptionId: 'sub', resourceGroup: 'rg', name: 'X01', label: 'X01' };
const system = { baseUrl: new URL('https://management.example'), softStopTimeoutSeconds: 300 };
const base: WindowPlanOptions = {
  verb: 'stop',
  baseUrl: new URL('https://management.example'),
  apiVersion: '2024-09-01',
  softStopTimeoutSeconds: 300,
  databaseSoftStopTimeoutSeconds: 600,
  machines: true,
};
const shown = (o: Partial<WindowPlanOptions>, dbs = ['db0', 'db1']) =>
  planWindow(ref, dbs, { ...base, ...o }).map(
    (s) =>
      `${s.step} ${s.target} ${s.actionUrl.pathname.split('/erpVirtualInstances/')[1]} ${JSON.stringify(s.body) ?? '-'} ${s.endStatus}${s.skippable ? '' : ' always'}`,
  );

describe('planWindow: the steps of one system, in the safe order', () => {
  it('stops the application, every database, then the machines, the databases last', () => {
    expect(shown({})).toEqual([
      'application stop X01 X01/stop {"softStopTimeoutSeconds":300} Offline',
      'database stop X01/db0 X01/databaseInstances/db0/stop {"softStopTimeoutSeconds":600} Offline',
      'database stop X01/db1 X01/databaseInstances/db1/stop {"softStopTimeoutSeconds":600} Offline',
      'application machines X01 X01/stop {"softStopTimeoutSeconds":0,"deallocateVm":true} Offline always',
      'database machines X01/db0 X01/databaseInstances/db0/stop {"softStopTimeoutSeconds":0,"deallocateVm":true} Offline always',
      'database machines X01/db1 X01/databaseInstances/db1/stop {"softStopTimeoutSeconds":0,"deallocateVm":true} Offline always',
    ]);
  });

  it('without deallocate-vm, sends no machine step', () => {
    expect(shown({ machines: false }, ['db0'])).toEqual([
      'application stop X01 X01/stop {"softStopTimeoutSeconds":300} Offline',
      'database stop X01/db0 X01/databaseInstances/db0/stop {"softStopTimeoutSeconds":600} Offline',
    ]);
  });

  it('starts every database before the application, with startVm only when asked', () => {
    expect(shown({ verb: 'start' }, ['db0'])).toEqual([
      'database start X01/db0 X01/databaseInstances/db0/start {"startVm":true} Running',
      'application start X01 X01/start {"startVm":true} Running',
    ]);
    expect(shown({ verb: 'start', machines: false }, ['db0'])).toEqual([
      'database start X01/db0 X01/databaseInstances/db0/start - Running',
      'application start X01 X01/start - Running',
    ]);
  });

  it('keeps every name one encoded path segment', () => {
    const [step] = planWindow(ref, ['db 0'], { ...base, verb: 'start' });
    expect(step!.actionUrl.href).toBe(
      'https://management.example/subscriptions/sub/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/X01/databaseInstances/db%200/start?api-version=2024-09-01',
    );
  });
});

describe('planSystem: the single system-level stop or start is one step', () => {
  it("the seed's bodies byte for byte; the deallocate-vm stop one POST, never skipped, its databases checked first", () => {
    const [stop] = planSystem(ref, { ...system, verb: 'stop', apiVersion: '2023-04-01', machines: false });
    expect([stop!.body, stop!.skippable, stop!.machines, stop!.preflight]).toEqual([
      { softStopTimeoutSeconds: 300 },
      true,
      false,
      undefined,
    ]);
    const [snooze] = planSystem(ref, { ...system, verb: 'stop', apiVersion: '2024-09-01', machines: true });
    expect([snooze!.body, snooze!.skippable, snooze!.preflight, snooze!.describe]).toEqual([
      { softStopTimeoutSeconds: 300, deallocateVm: true },
      false,
      'databases offline',
      'stop (soft 300 s), deallocating the VMs',
    ]);
    const [start] = planSystem(ref, { ...system, verb: 'start', apiVersion: '2023-04-01', machines: false });
    expect([start!.body, start!.actionUrl.pathname.endsWith('/X01/start')]).toEqual([undefined, true]);
  });
});
