import type { HttpClient } from '../../client/http.js';
import { defineOperation, optional, required, withDefault, type InputUse } from '../module.js';
import { RESPONSE_ID_OUTPUTS } from '../outputs.js';
import type { OperationContext, OperationResult } from '../types.js';
import { listFleet, offeredOf, OFFERED_STATE } from './erp-list/listing.js';
import { matrixOf, overOutputLimit } from './erp-list/matrix.js';
import { resourceNames, subscriptionIds, type Environment, type TagRule } from './erp-list/selection.js';
import { ERP_API_VERSION } from './vocabulary.js';
import { resultFileFor } from './report/build.js';

export interface ErpListOptions {
  baseUrl: URL;
  apiVersion: string;
  subscriptionIds: string[];
  resourceGroups?: string[];
  tags?: TagRule[];
  environment?: Environment;
  perLeg: number;
  failIfEmpty: boolean;
}

/** Rows of the summary's table; past them the selected systems are counted (the outputs carry them all). */
const SUMMARY_ROWS = 200;

/**
 * erp-list (C5): lists the systems of one or more subscriptions (or resource groups), selects them by tag and
 * environment, and hands them on as ids for one step or as a matrix of legs for a job per group. Reads only.
 */
export default defineOperation({
  name: 'erp-list',
  resultFile: resultFileFor('erp-list'),
  description:
    'Lists the erp virtual instances of one or more subscriptions (or resource groups), selected by tag and environment, as ids for one step or as a job matrix.',
  client: 'resource-manager',
  inputs: {
    apiVersion: withDefault('api-version', ERP_API_VERSION),
    subscriptionIds: required('subscription-id', subscriptionIds),
    // A list here, where the other operations read one: the same input, read by this operation's own parser.
    resourceGroups: { ...optional('resource-group'), parse: resourceNames(90) } as InputUse<
      string[],
      'optional'
    >,
    tags: optional('tag'),
    environment: optional('environment'),
    perLeg: withDefault('per-leg'),
    failIfEmpty: withDefault('fail-if-empty'),
  },
  outputs: ['result', 'instances', 'ids', 'count', 'matrix', ...RESPONSE_ID_OUTPUTS],
  // Lists, acts on none: no rows, its table shows the systems and the title counts those handed on.
  view: {
    title: ({ outputs }) =>
      Array.isArray(outputs.instances) && typeof outputs.count === 'number'
        ? selectedWords(outputs.instances.length, outputs.count)
        : undefined,
  },
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --tag SnoozeSAPSystem=True --environment NonProd --per-leg 5',
  run: erpList,
});

export async function erpList(
  options: ErpListOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const { selected, listed, pages, nearMisses } = await listFleet(options, client, ctx);
  const { offered, left } = offeredOf(selected, ctx.logger, 'ids and matrix');
  const built = matrixOf(offered, options.perLeg, options);
  const ids = offered.map((m) => m.id).join('\n');
  const matrix = 'matrix' in built ? built.matrix : undefined;
  const size = overOutputLimit({ ids, matrix });
  if (size.warning) ctx.logger.warning(size.warning);
  const tooLarge = size.failure;
  const empty = offered.length === 0 && options.failIfEmpty;
  const failure =
    'failure' in built
      ? built.failure
      : (tooLarge ??
        (empty
          ? `No system selected (${selected.length} matched, none ${OFFERED_STATE}) among ${listed} listed, and fail-if-empty is true.`
          : undefined));
  if (!failure)
    ctx.logger.info(`${offered.length} system(s) handed on in ${matrix?.include.length ?? 0} leg(s).`);
  return {
    outputs: {
      result: selected,
      instances: selected,
      // Not set at all where they would be cut.
      ids: tooLarge ? undefined : ids,
      count: offered.length,
      matrix: tooLarge ? undefined : matrix,
    },
    summary: [
      {
        title: `erp-list: ${selectedWords(selected.length, offered.length)}`,
        context: [['subscription', options.subscriptionIds.join(', ')]],
        header: ['erp virtual instance', 'resource group', 'environment', 'state', 'status', 'health'],
        rows: selected
          .slice(0, SUMMARY_ROWS)
          .map((m) => [
            m.name,
            m['resource-group'],
            m.environment ?? '-',
            m.state ?? '-',
            m.status ?? '-',
            m.health ?? '-',
          ]),
        notes: [
          `Read ${pages} page(s), ${listed} system(s) listed, ${selected.length} selected.`,
          ...(selected.length > SUMMARY_ROWS
            ? [`${selected.length - SUMMARY_ROWS} more selected systems are in the instances output.`]
            : []),
          ...(left.length > 0 ? [`${left.length} not ${OFFERED_STATE}: left out of ids and matrix.`] : []),
          ...nearMisses,
        ],
      },
    ],
    failure,
    ...(empty && failure !== undefined ? { failureKind: 'nothing selected' as const } : {}),
    // Its result file carries the selection and each system's leg: erp-report knows the window from it.
    selection: {
      tag: options.tags?.map((t) => (t.value === undefined ? t.name : `${t.name}=${t.value}`)).join('\n'),
      environment: options.environment,
    },
  };
}

/** The title's count and the table's, one way: `3 selected, 1 left out` (handed on: the 2 in count). */
function selectedWords(selected: number, offered: number): string {
  return `${selected} selected${selected > offered ? `, ${selected - offered} left out` : ''}`;
}
