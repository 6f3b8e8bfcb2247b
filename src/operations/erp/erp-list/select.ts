import { InputError } from '../../../client/errors.js';
import type { HttpClient } from '../../../client/http.js';
import { optional } from '../../module.js';
import type { OperationContext, OperationResult } from '../../types.js';
import { listFleet, offeredOf, type FleetMember } from './listing.js';
import type { Environment, TagRule } from './selection.js';
import { ERP_API_VERSION } from '../vocabulary.js';

/**
 * `tag` and `environment` in place of `erp-virtual-instance` (erp-stop, erp-start, erp-status): spread after the
 * operation's own inputs, so erp-virtual-instance becomes optional and the choice is checked in `bySelection`.
 */
export const SELECTION_INPUTS = {
  erpVirtualInstances: optional('erp-virtual-instance'),
  tags: optional('tag'),
  environment: optional('environment'),
};

/** Where and what to select: the subscription (and resource group) the operation reads, and the selection. */
export interface SelectionOptions {
  baseUrl: URL;
  apiVersion?: string;
  subscriptionId?: string;
  resourceGroup?: string;
  erpVirtualInstances?: string[];
  tags?: TagRule[];
  environment?: Environment;
}

type Run<O> = (options: O, client: HttpClient, ctx: OperationContext) => Promise<OperationResult>;

/**
 * The operation's run, given the instances or a selection: with `tag` or `environment` it lists first (C5) and
 * acts on what was selected and offered stop and start, exactly as if their ids had been given. Both ways given,
 * or neither: refused before any request.
 */
export function bySelection<O extends { erpVirtualInstances: string[] }>(
  operation: string,
  run: Run<O>,
): Run<Omit<O, 'erpVirtualInstances'> & SelectionOptions> {
  return async (options, client, ctx) => {
    const ids = await selectInstances(operation, options, client, ctx);
    if (ids.length === 0) return nothingSelected(operation);
    return run({ ...options, erpVirtualInstances: ids } as unknown as O, client, ctx);
  };
}

/** The ids to act on: the ones given, or those the listing selected (with one warning for the ones left out). */
async function selectInstances(
  operation: string,
  options: SelectionOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<string[]> {
  const byTag = options.tags !== undefined || options.environment !== undefined;
  if (byTag && options.erpVirtualInstances) {
    throw new InputError(
      'erp-virtual-instance',
      'is given with tag or environment; give the instances, or select them by tag and environment, not both',
    );
  }
  if (!byTag) {
    if (options.erpVirtualInstances) return options.erpVirtualInstances;
    throw new InputError(
      'erp-virtual-instance',
      `is required for ${operation} (or select by tag and environment)`,
    );
  }
  if (!options.subscriptionId) {
    throw new InputError(
      'subscription-id',
      'is required with tag or environment: the subscription whose systems are listed',
    );
  }
  const { selected } = await listFleet(
    {
      baseUrl: options.baseUrl,
      apiVersion: options.apiVersion ?? ERP_API_VERSION,
      subscriptionIds: [options.subscriptionId],
      resourceGroups: options.resourceGroup ? [options.resourceGroup] : undefined,
      tags: options.tags,
      environment: options.environment,
    },
    client,
    ctx,
  );
  const { offered } = offeredOf(selected, ctx.logger, operation);
  ctx.logger.info(`Selected ${offered.length} system(s)${offered.length ? `: ${names(offered)}` : ''}.`);
  return offered.map((m) => m.id);
}

function names(members: readonly FleetMember[]): string {
  const shown = members.slice(0, 20).map((m) => m.name);
  return `${shown.join(', ')}${members.length > 20 ? ` and ${members.length - 20} more` : ''}`;
}

function nothingSelected(operation: string): OperationResult {
  return {
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
