import { withDefault, type ClientOptions, type OptionsOf } from '../module.js';
import type { OutputName } from '../outputs.js';
import type { PreflightLevel } from './check/findings.js';
import { cutShortView } from './conclude.js';
import { SELECTION_INPUTS, selectionTitle } from './erp-list/select.js';
import { INSTANCE_ACTION_INPUTS, INSTANCE_ACTION_OUTPUTS } from './instance-io.js';
import type { ErpRun } from './plan-around.js';
import { resultFileFor } from './report/build.js';
import { RUNS, type RunName } from './verbs.js';

// What the modules of erp's runs (erp-stop, erp-start, erp-restart) declare alike, so none imports another.

/**
 * The declaration every run's module shares: its name and result file, its client, its outputs, and its summary's
 * words (the selection's title, how a cut is resumed, and its own "What to do" where a database is in the way).
 */
export function runDeclaration(run: RunName, wholeSystem: string) {
  const operation = RUNS[run].operation;
  const cut = cutShortView(RUNS[run]);
  return {
    name: operation,
    resultFile: resultFileFor(operation),
    client: 'resource-manager' as const,
    polls: true,
    plans: true,
    outputs: [...INSTANCE_ACTION_OUTPUTS, 'changes', 'plan'] satisfies OutputName[],
    view: { title: selectionTitle, ...cut, whatToDo: { ...cut.whatToDo, 'whole system': wholeSystem } },
  };
}

/** erp-start's own inputs: erp-restart reads them too, but for the machines (start-vm) and wait. */
const START_INPUTS = {
  ...INSTANCE_ACTION_INPUTS,
  startVm: withDefault('start-vm'),
  wholeSystem: withDefault('whole-system'),
  preflight: withDefault('preflight'),
  healthTimeout: withDefault('health-timeout'),
  expectHealthy: withDefault('expect-healthy'),
};

/** erp-start's inputs with its selection (tag, environment, from-result): as the module declares them. */
export const START_AND_SELECTION_INPUTS = { ...START_INPUTS, ...SELECTION_INPUTS };

export type ErpStartOptions = OptionsOf<typeof START_INPUTS> & ClientOptions<'resource-manager'>;

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
