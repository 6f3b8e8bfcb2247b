import { InputError } from '../../../client/errors.js';
import type { HttpClient } from '../../../client/http.js';
import { jsonOf } from '../../../client/response.js';
import { optional, withDefault, type InputUse } from '../../module.js';
import type { OperationContext, OperationResult } from '../../types.js';
import type { InstanceState } from '../instance-state.js';
import type { Outcome } from '../outcome.js';
import type { InstanceLog } from '../progress.js';
import { noLongerSelected } from './close-misses.js';
import { listFleet, offeredOf, type FleetMember } from './listing.js';
import {
  resourceNames,
  subscriptionIds,
  type Environment,
  type Selection,
  type TagRule,
} from './selection.js';
import { ERP_API_VERSION } from '../vocabulary.js';

/**
 * `tag` and `environment` in place of `erp-virtual-instance` (erp-stop, erp-start, erp-status): spread after the
 * operation's own inputs, so erp-virtual-instance becomes optional and the choice is checked in `bySelection`.
 */
export const SELECTION_INPUTS = {
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
  failIfEmpty: withDefault('fail-if-empty'),
};

/** Where and what to select: the subscription (and resource group) the operation reads, and the selection. */
export interface SelectionOptions {
  baseUrl: URL;
  apiVersion?: string;
  subscriptionId?: string[];
  resourceGroup?: string[];
  erpVirtualInstances?: string[];
  tags?: TagRule[];
  environment?: Environment;
  failIfEmpty?: boolean;
}

/** What the operation itself reads of where its instances live: one subscription and resource group. */
type Where = 'erpVirtualInstances' | 'subscriptionId' | 'resourceGroup';

type Run<O> = (options: O, client: HttpClient, ctx: OperationContext) => Promise<OperationResult>;

/**
 * The operation's run, given the instances or a selection: with `tag` or `environment` it lists first (C5) and
 * acts on what was selected and offered stop and start, exactly as if their ids had been given. Both ways given,
 * or neither: refused before any request.
 */
export function bySelection<O extends { erpVirtualInstances: string[] }>(
  operation: string,
  run: Run<O>,
): Run<Omit<O, Where> & SelectionOptions> {
  return async (options, client, ctx) => {
    const ids = await selectInstances(operation, options, client, ctx);
    if (ids === undefined) return run({ ...options, ...oneScope(options) } as unknown as O, client, ctx);
    if (ids.length === 0) return nothingSelected(operation, options.failIfEmpty === true);
    const where = { subscriptionId: undefined, resourceGroup: undefined };
    return run({ ...options, ...where, erpVirtualInstances: ids } as unknown as O, client, ctx);
  };
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
 * instances were given. erp-status reads every system selected: a gate that left one out would pass unseen.
 */
async function selectInstances(
  operation: string,
  options: SelectionOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<string[] | undefined> {
  const byTag = options.tags !== undefined || options.environment !== undefined;
  if (byTag && options.erpVirtualInstances) {
    throw new InputError(
      'erp-virtual-instance',
      'is given with tag or environment; give the instances, or select them by tag and environment, not both',
    );
  }
  if (!byTag) {
    if (options.erpVirtualInstances) return undefined;
    throw new InputError(
      'erp-virtual-instance',
      `is required for ${operation} (or select by tag and environment)`,
    );
  }
  if (!options.subscriptionId?.length) {
    throw new InputError(
      'subscription-id',
      'is required with tag or environment: the subscription whose systems are listed',
    );
  }
  const { selected } = await listFleet(
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
  return offered.map((m) => m.id);
}

function names(members: readonly FleetMember[]): string {
  const shown = members.slice(0, 20).map((m) => m.name);
  return `${shown.join(', ')}${members.length > 20 ? ` and ${members.length - 20} more` : ''}`;
}

function nothingSelected(operation: string, failIfEmpty: boolean): OperationResult {
  return {
    failure: failIfEmpty
      ? `No system selected by the tag and environment given, and fail-if-empty is true.`
      : undefined,
    outputs: { result: [], instances: [] },
    summary: [
      {
        title: `${operation}: no system selected`,
        header: ['erp virtual instance'],
        rows: [],
        notes: [
          'No system matched the tag and environment given (or none is RegistrationComplete): nothing was done.',
        ],
      },
    ],
  };
}

/**
 * The hook where an erp operation reads a system before acting on it (instance-action.ts, `actOn`): a system
 * chosen by a selection that the read shows no longer matching is left alone, named in a warning, and skipped.
 */
export function leftAlone(
  options: Selection,
  before: InstanceState,
  name: string,
  log: InstanceLog,
): Omit<Outcome, 'durationMs'> | undefined {
  const why = noLongerSelected(options, jsonOf(before.response));
  if (!why) return undefined;
  log.warning(`left alone, ${why}`);
  return {
    target: name,
    kind: 'succeeded',
    status: 'Succeeded',
    leftAlone: true,
    requestId: before.response.requestId,
    instance: { before, after: before, outcome: 'skipped', done: `skipped: ${why}` },
  };
}
