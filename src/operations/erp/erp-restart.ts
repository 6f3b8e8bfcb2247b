import { InputError } from '../../client/errors.js';
import type { HttpClient } from '../../client/http.js';
import { bySelection } from './erp-list/select.js';
import { defineOperation, optional, withDefault, type OptionsOf } from '../module.js';
import {
  checkedAndUp,
  runDeclaration,
  START_AND_SELECTION_INPUTS,
  type ErpStartOptions,
} from './run-declaration.js';
import type { OperationContext } from '../types.js';
import { ERP_API_VERSION } from './vocabulary.js';
import { erpCode } from './load.js';

// erp-start's inputs, selection included (run-declaration.ts: whatever it gains, restart reads too), but for the
// machines (a restart starts none) and wait (each stop must end before its start is sent).
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the two left out by name
const { startVm, wait, ...RESTART_START_INPUTS } = START_AND_SELECTION_INPUTS;

const RESTART_INPUTS = {
  ...RESTART_START_INPUTS,
  // No machine step: never the snooze's api-version.
  apiVersion: optional('api-version', ERP_API_VERSION),
  softStopTimeoutSeconds: withDefault('soft-stop-timeout-seconds'),
  hardStopFallback: withDefault('hard-stop-fallback'),
  databaseSoftStopTimeoutSeconds: optional('database-soft-stop-timeout-seconds'),
};

/** What the restart runs on once the selection is resolved (bySelection): erp-start's, and the stop's timeouts. */
export type ErpRestartOptions = Omit<ErpStartOptions, 'startVm' | 'wait'> &
  Pick<
    OptionsOf<typeof RESTART_INPUTS>,
    'softStopTimeoutSeconds' | 'hardStopFallback' | 'databaseSoftStopTimeoutSeconds'
  >;

/**
 * erp-restart: stops and then starts each erp virtual instance in one step, the application then (whole-system)
 * its HANA databases, then the databases and the application; a system whose stop fails is brought back and
 * fails with the stop's cause; one read Offline before is started only. No machine is deallocated or started.
 */
export default defineOperation({
  ...runDeclaration(
    'restart',
    "The system's database is not running, so its application cannot start: run erp-restart with `whole-system: true`, which restarts its HANA databases with it, or erp-start with `whole-system: true` to bring it back.",
  ),
  description:
    'Restarts one or more erp virtual instances: stops each (with whole-system its HANA databases after the application) and starts it again in the safe order, bringing back a system whose stop failed.',
  inputs: RESTART_INPUTS,
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-erp --erp-virtual-instance X01 --whole-system true',
  run: bySelection('erp-restart', erpRestart, erpCode),
});

/** The restart run (verbs.ts): each system stopped then started, one step after the other, never its machines. */
export async function erpRestart(options: ErpRestartOptions, client: HttpClient, ctx: OperationContext) {
  const { refuseWindowInputs, runErp } = await erpCode();
  if (options.databaseSoftStopTimeoutSeconds !== undefined && !options.wholeSystem) {
    throw new InputError(
      'database-soft-stop-timeout-seconds',
      'is read only with whole-system: true (a restart without it never stops the database); set whole-system: true or remove it',
    );
  }
  refuseWindowInputs({ ...options, wait: true });
  return runErp(
    {
      run: 'restart',
      options: { ...options, wait: true },
      machines: false,
      ...checkedAndUp(options),
    },
    client,
    ctx,
  );
}
