import { optional, withDefault, type InputUse } from '../../module.js';
import type { Run, SelectionOptions, Where } from './selection-options.js';
import { resultSelection, type ResultSelection } from './from-result.js';
import type { runBySelection } from './select-run.js';

export { selectionTitle } from './chosen.js';
import { resourceNames, subscriptionIds } from './selection.js';

const LISTED_SELECTION = {
  // Lists, as erp-list reads them: a selection may span subscriptions; names given need exactly one.
  subscriptionId: { ...optional('subscription-id'), parse: subscriptionIds } as InputUse<
    string[],
    'optional'
  >,
  resourceGroup: { ...optional('resource-group'), parse: resourceNames(90) } as InputUse<
    string[],
    'optional'
  >,
  erpVirtualInstances: optional('erp-virtual-instance'),
  tags: optional('tag'),
  environment: optional('environment'),
};

/**
 * `tag` and `environment` in place of `erp-virtual-instance` (or beside it, as its re-check), for a step that reads
 * (erp-status): spread after the operation's own inputs, so erp-virtual-instance becomes optional and the choice is
 * checked in `bySelection`. An empty selection succeeds unless fail-if-empty.
 */
export const READ_SELECTION_INPUTS = { ...LISTED_SELECTION, failIfEmpty: withDefault('fail-if-empty') };

/**
 * The selection of a step that changes things (erp-stop): an empty one fails unless `fail-if-empty: false`, since it
 * is a mistake far more often than a quiet week, and a green stop that stopped nothing lets the maintenance run.
 */
export const CHANGE_SELECTION_INPUTS = {
  ...LISTED_SELECTION,
  failIfEmpty: withDefault('fail-if-empty', 'true'),
};

/** The selection of a step that brings systems back (erp-start, erp-restart): also an earlier stop's result file. */
export const SELECTION_INPUTS = {
  ...CHANGE_SELECTION_INPUTS,
  fromResult: { ...optional('from-result'), parse: resultSelection } as InputUse<ResultSelection, 'optional'>,
};

export type { Run, SelectionOptions, Where } from './selection-options.js';

/**
 * The operation's run, given the instances or a selection: with `tag` or `environment` it lists first (C5) and
 * acts on what was selected and offered stop and start, exactly as if their ids had been given; with both, the ids
 * are the selection and the tag and environment its re-check (the driver's read before acting); with `from-result`,
 * the systems of that file. Neither, or from-result with another: refused before any request. The selection's work
 * (listing, from-result, the re-check) loads with erp's chunk (`code`, the module's `import()`), when the step runs.
 */
export function bySelection<O extends { erpVirtualInstances: string[] }>(
  operation: string,
  run: Run<O>,
  code: () => Promise<{ runBySelection: typeof runBySelection }>,
): Run<Omit<O, Where> & SelectionOptions> {
  return async (options, client, ctx) =>
    (await code()).runBySelection({ operation, run, options, client, ctx });
}
