import type { HttpClient } from '../../client/http.js';
import { INSTANCE_ACTION_INPUTS } from './instance-io.js';
import { bySelection, CHANGE_SELECTION_INPUTS } from './erp-list/select.js';
import { runDeclaration } from './run-declaration.js';
import { defineOperation, optional, withDefault, type ClientOptions, type OptionsOf } from '../module.js';
import type { OperationContext } from '../types.js';
import { erpCode } from './load.js';

const STOP_INPUTS = {
  ...INSTANCE_ACTION_INPUTS,
  softStopTimeoutSeconds: withDefault('soft-stop-timeout-seconds'),
  hardStopFallback: withDefault('hard-stop-fallback'),
  deallocateVm: withDefault('deallocate-vm'),
  wholeSystem: withDefault('whole-system'),
  databaseSoftStopTimeoutSeconds: optional('database-soft-stop-timeout-seconds'),
  preflight: withDefault('preflight'),
};

export type ErpStopOptions = OptionsOf<typeof STOP_INPUTS> & ClientOptions<'resource-manager'>;

/**
 * erp-stop (C1): stops the application of each erp virtual instance and, unless `wait` is false, follows each
 * stop's long-running operation to its end. Reads the instances, the soft-stop inputs, max-parallel and wait;
 * sets the operation outputs.
 */
export default defineOperation({
  ...runDeclaration(
    'stop',
    'A HANA database of the system was not Offline where its machines were to be deallocated: run erp-stop with `whole-system: true`, which stops the application, then its HANA databases, and deallocates no machine before every database reads Offline; where the window already runs, run the same step again once the database is Offline.',
  ),
  description:
    'Stops the application of one or more erp virtual instances (soft-stop timeout, hard-stop fallback) and waits for each stop to end.',
  inputs: { ...STOP_INPUTS, ...CHANGE_SELECTION_INPUTS },
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-erp --erp-virtual-instance X01 --soft-stop-timeout-seconds 300',
  run: bySelection('erp-stop', erpStop, erpCode),
});

/** Which planner, which end: the one system-level stop (C1, deallocating with deallocate-vm), or the window. */
export async function erpStop(options: ErpStopOptions, client: HttpClient, ctx: OperationContext) {
  const { refuseWindowInputs, runErp } = await erpCode();
  refuseWindowInputs(options);
  return runErp(
    {
      run: 'stop',
      options,
      machines: options.deallocateVm,
      softStopTimeoutSeconds: options.softStopTimeoutSeconds,
      preflight: options.preflight,
    },
    client,
    ctx,
  );
}
