import type { HttpClient } from '../../client/http.js';
import { bySelection } from './erp-list/select.js';
import { defineOperation } from '../module.js';
import type { OperationContext } from '../types.js';
import {
  checkedAndUp,
  runDeclaration,
  START_AND_SELECTION_INPUTS,
  type ErpStartOptions,
} from './run-declaration.js';
import { erpCode } from './load.js';

/**
 * erp-start (C2): starts the application of each erp virtual instance again, the end of a maintenance window, and
 * after a verified start reads it until it serves (health-timeout, expect-healthy); otherwise as erp-stop. Reads the instances, max-parallel and wait (no soft-stop inputs); sets the operation
 * outputs.
 */
export default defineOperation({
  ...runDeclaration(
    'start',
    'The system cannot start while its database is not running: run erp-start with `whole-system: true`, which starts its HANA databases first, then the system.',
  ),
  description:
    'Starts the application of one or more erp virtual instances again (the end of a maintenance window) and waits for each start to end.',
  inputs: START_AND_SELECTION_INPUTS,
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-erp --erp-virtual-instance X01,X02',
  run: bySelection('erp-start', erpStart, erpCode),
});

/** Which planner, which end: the one system-level start (C2, `{"startVm": true}` with start-vm), or the window. */
export async function erpStart(options: ErpStartOptions, client: HttpClient, ctx: OperationContext) {
  const { refuseWindowInputs, runErp } = await erpCode();
  refuseWindowInputs(options);
  return runErp({ run: 'start', options, machines: options.startVm, ...checkedAndUp(options) }, client, ctx);
}
