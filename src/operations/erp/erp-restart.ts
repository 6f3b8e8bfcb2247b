import { InputError } from '../../client/errors.js';
import { cutShortView } from './conclude.js';
import { RUNS } from './verbs.js';
import type { HttpClient } from '../../client/http.js';
import { resultFileFor } from './report/build.js';
import { INSTANCE_ACTION_OUTPUTS } from './instance-io.js';
import { bySelection, selectionTitle } from './erp-list/select.js';
import { defineOperation, optional, withDefault, type OptionsOf } from '../module.js';
import erpStart, { checkedAndUp, type ErpStartOptions } from './erp-start.js';
import type { OperationContext } from '../types.js';
import { ERP_API_VERSION } from './vocabulary.js';

// erp-start's inputs, selection included, as declared there (whatever it gains, restart reads too), but for the
// machines (a restart starts none) and wait (each stop must end before its start is sent).
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the two left out by name
const { startVm, wait, ...START_INPUTS } = erpStart.inputs;

const RESTART_INPUTS = {
  ...START_INPUTS,
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
  name: 'erp-restart',
  resultFile: resultFileFor('erp-restart'),
  description:
    'Restarts one or more erp virtual instances: stops each (with whole-system its HANA databases after the application) and starts it again in the safe order, bringing back a system whose stop failed.',
  client: 'resource-manager',
  polls: true,
  plans: true,
  inputs: RESTART_INPUTS,
  outputs: [...INSTANCE_ACTION_OUTPUTS, 'changes', 'plan'],
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-erp --erp-virtual-instance X01 --whole-system true',
  view: {
    title: selectionTitle,
    ...cutShortView(RUNS.restart),
    whatToDo: {
      ...cutShortView(RUNS.restart).whatToDo,
      'whole system':
        "The system's database is not running, so its application cannot start: run erp-restart with `whole-system: true`, which restarts its HANA databases with it, or erp-start with `whole-system: true` to bring it back.",
    },
  },
  run: bySelection('erp-restart', erpRestart),
});

/** The restart run (verbs.ts): each system stopped then started, one step after the other, never its machines. */
export async function erpRestart(options: ErpRestartOptions, client: HttpClient, ctx: OperationContext) {
  const { refuseWindowInputs, runErp } = await import('./code.js');
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
