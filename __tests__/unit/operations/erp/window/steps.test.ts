import { describe, expect, it } from '@jest/globals';
import { planWindow, type WindowPlanOptions } from '../../../../../src/operations/erp/window/steps.js';

const ref = { subscriptionId: 'sub', resourceGroup: 'rg', name: 'X01', label: 'X01' };
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
