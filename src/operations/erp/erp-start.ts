import type { HttpClient } from '../../client/http.js';
import { cutShortView } from './conclude.js';
import { RUNS } from './verbs.js';
import { resultFileFor } from './report/build.js';
import { INSTANCE_ACTION_INPUTS, INSTANCE_ACTION_OUTPUTS } from './instance-io.js';
import { bySelection, SELECTION_INPUTS, selectionTitle } from './erp-list/select.js';
import { defineOperation, withDefault, type ClientOptions, type OptionsOf } from '../module.js';
import type { ErpRun } from './planners.js';
import type { PreflightLevel } from './check/preflight.js';
import type { OperationContext } from '../types.js';

const START_INPUTS = {
  ...INSTANCE_ACTION_INPUTS,
  startVm: withDefault('start-vm'),
  wholeSystem: withDefault('whole-system'),
  preflight: withDefault('preflight'),
  healthTimeout: withDefault('health-timeout'),
  expectHealthy: withDefault('expect-healthy'),
};

/**
 * erp-start (C2): starts the application of each erp virtual instance again, the end of a maintenance window, and
 * after a verified start reads it until it serves (health-timeout, expect-healthy); otherwise as erp-stop. Reads the instances, max-parallel and wait (no soft-stop inputs); sets the operation
 * outputs.
 */
export default defineOperation({
  name: 'erp-start',
  resultFile: resultFileFor('erp-start'),
  description:
    'Starts the application of one or more erp virtual instances again (the end of a maintenance window) and waits for each start to end.',
  client: 'resource-manager',
  polls: true,
  plans: true,
  inputs: { ...START_INPUTS, ...SELECTION_INPUTS },
  outputs: [...INSTANCE_ACTION_OUTPUTS, 'changes', 'plan'],
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-erp --erp-virtual-instance X01,X02',
  view: {
    title: selectionTitle,
    ...cutShortView(RUNS.start),
    whatToDo: {
      ...cutShortView(RUNS.start).whatToDo,
      'whole system':
        'The system cannot start while its database is not running: run erp-start with `whole-system: true`, which starts its HANA databases first, then the system.',
    },
  },
  run: bySelection('erp-start', erpStart),
});

export type ErpStartOptions = OptionsOf<typeof START_INPUTS> & ClientOptions<'resource-manager'>;

/** Which planner, which end: the one system-level start (C2, `{"startVm": true}` with start-vm), or the window. */
export async function erpStart(options: ErpStartOptions, client: HttpClient, ctx: OperationContext) {
  const { refuseWindowInputs, runErp } = await import('./code.js');
  refuseWindowInputs(options);
  return runErp({ run: 'start', options, machines: options.startVm, ...checkedAndUp(options) }, client, ctx);
}

/** A start's checks before (preflight) and its health read after (health-timeout, expect-healthy); a restart's too. */
export function checkedAndUp(
  options: Pick<ErpStartOptions, 'healthTimeout' | 'expectHealthy'> & {
    preflight: PreflightLevel;
    softStopTimeoutSeconds?: number;
  },
): Pick<ErpRun, 'softStopTimeoutSeconds' | 'preflight' | 'health'> {
  return {
    softStopTimeoutSeconds: options.softStopTimeoutSeconds ?? 0,
    preflight: options.preflight,
    health: { healthTimeoutMs: options.healthTimeout, expectHealthy: options.expectHealthy },
  };
}
