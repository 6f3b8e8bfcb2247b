import { InputError } from '../../../client/errors.js';
import type { HttpClient } from '../../../client/http.js';
import type { OperationContext, OperationResult } from '../../types.js';
import { ERP_API_VERSION } from '../vocabulary.js';
import { nothingSelected, withNearMisses, type Chosen } from './chosen.js';
import type { ResultSelection } from './from-result.js';
import { listFleet, offeredOf, type FleetMember } from './listing.js';
import type { Run, SelectionOptions, Where } from './selection-options.js';
import { describeSelection, type Selection } from './selection.js';

/**
 * What `bySelection` (select.ts) runs when the step runs: with `tag` or `environment` it lists first (C5) and acts on
 * what was selected and offered stop and start; with ids as well, the tag and environment are their re-check; with
 * `from-result`, the systems of that file. Loaded with erp's chunk, so a step of another area parses none of it.
 */
export async function runBySelection<O extends { erpVirtualInstances: string[] }>(s: {
  operation: string;
  run: Run<O>;
  options: Omit<O, Where> & SelectionOptions;
  client: HttpClient;
  ctx: OperationContext;
}): Promise<OperationResult> {
  const { operation, run, options, client, ctx } = s;
  const chosen = await selectInstances(operation, options, client, ctx);
  if (chosen === undefined) return run({ ...options, ...oneScope(options) } as unknown as O, client, ctx);
  if (chosen.ids.length === 0) return nothingSelected(operation, options.failIfEmpty === true, chosen);
  const where = { subscriptionId: undefined, resourceGroup: undefined };
  const result = await run(
    { ...options, ...where, erpVirtualInstances: chosen.ids } as unknown as O,
    client,
    ctx,
  );
  return withNearMisses(result, chosen.notes);
}

/** Instances given by name live in one subscription and resource group: a list there is refused, naming it. */
function oneScope(options: SelectionOptions): { subscriptionId?: string; resourceGroup?: string } {
  for (const [input, given] of [
    ['subscription-id', options.subscriptionId],
    ['resource-group', options.resourceGroup],
  ] as const) {
    if (given && given.length > 1) {
      throw new InputError(
        input,
        `names ${given.length} items; with erp-virtual-instance names give one (a selection by tag, or full resource ids, may span several)`,
      );
    }
  }
  return { subscriptionId: options.subscriptionId?.[0], resourceGroup: options.resourceGroup?.[0] };
}

/**
 * The ids to act on where a selection chose them (with one warning for the ones left out); undefined where the
 * instances were given (with a tag or environment, re-checked by the read before each is acted on). erp-status
 * reads every system selected: a gate that left one out would pass unseen.
 */
async function selectInstances(
  operation: string,
  options: SelectionOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<Chosen | undefined> {
  const byTag = options.tags !== undefined || options.environment !== undefined;
  if (options.fromResult) return fromResult(options.fromResult, options, byTag, ctx);
  if (options.erpVirtualInstances) {
    if (byTag) ctx.logger.info(recheckLine(operation, refuseUnread(options)));
    return undefined;
  }
  if (!byTag) {
    throw new InputError(
      'erp-virtual-instance',
      `is required for ${operation} (or select by tag and environment${operation === 'erp-status' ? '' : ', or from-result'})`,
    );
  }
  if (!options.subscriptionId?.length) {
    throw new InputError(
      'subscription-id',
      'is required with tag or environment: the subscription whose systems are listed',
    );
  }
  const { selected, nearMisses } = await listFleet(
    {
      baseUrl: options.baseUrl,
      apiVersion: options.apiVersion ?? ERP_API_VERSION,
      subscriptionIds: options.subscriptionId,
      resourceGroups: options.resourceGroup,
      tags: options.tags,
      environment: options.environment,
    },
    client,
    ctx,
  );
  // erp-status and erp-check read every system selected: erp-check names the unregistered (not-registered).
  const { offered } = ['erp-status', 'erp-check'].includes(operation)
    ? { offered: selected }
    : offeredOf(selected, ctx.logger, operation);
  ctx.logger.info(`Selected ${offered.length} system(s)${offered.length ? `: ${names(offered)}` : ''}.`);
  return { ids: offered.map((m) => m.id), notes: nearMisses, by: `by ${describeSelection(options)}` };
}

/** Given ids with a tag or environment (a matrix leg): what the read before acting holds each one to. */
function recheckLine(operation: string, selection: Selection): string {
  return operation === 'erp-status'
    ? `Reading each instance given, whatever its tags (a gate reads them all); the selection given: ${describeSelection(selection)}.`
    : `The instances given are acted on only while each still matches ${describeSelection(selection)}: the read before acting re-checks it (a system that no longer matches is left alone).`;
}

/**
 * The ids' re-check is made by the read before acting, which `skip-if-done: false` with `verify: false` leaves out:
 * given so, the tag and environment would be read as a check and never made.
 */
function refuseUnread<S extends SelectionOptions>(options: S): S {
  const reads = options as { skipIfDone?: boolean; verify?: boolean };
  if (reads.skipIfDone === false && reads.verify === false) {
    throw new InputError(
      'tag',
      'with erp-virtual-instance is the re-check made by the read before acting, which skip-if-done: false with verify: false leaves out: set one of them true, or drop tag and environment',
    );
  }
  return options;
}

/** from-result: the systems an earlier stop acted on, whatever their tags now; never with another selection. */
function fromResult(
  file: ResultSelection,
  options: SelectionOptions,
  byTag: boolean,
  ctx: OperationContext,
): Chosen {
  const other = options.erpVirtualInstances
    ? 'erp-virtual-instance'
    : byTag
      ? 'tag or environment'
      : undefined;
  if (other) {
    throw new InputError(
      'from-result',
      `is given with ${other}; the result file is the selection: give one of them, not both`,
    );
  }
  const passed = file.passed ? ` (${file.passed} it skipped or planned left out)` : '';
  ctx.logger.info(
    `Selected from ${file.path}, the result file of ${file.operation}: ${file.ids.length} system(s) it acted on${passed}, whatever their tags are now${file.ids.length ? `: ${namesOf(file.names)}` : ''}.`,
  );
  const none = `The result file ${file.path} of ${file.operation} names no system it acted on${passed}.`;
  return { ids: file.ids, notes: file.ids.length ? [] : [none], by: `from ${file.path}` };
}

function names(members: readonly FleetMember[]): string {
  return namesOf(members.map((m) => m.name));
}

function namesOf(all: readonly string[]): string {
  return `${all.slice(0, 20).join(', ')}${all.length > 20 ? ` and ${all.length - 20} more` : ''}`;
}
