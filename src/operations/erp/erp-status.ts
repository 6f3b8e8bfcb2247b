import { ERP_API_VERSION, holds } from './vocabulary.js';
import { resultFileFor } from './report/build.js';
import { ERP_VIRTUAL_INSTANCE, resourceUrl } from '../../client/arm/resource-id.js';
import { entryOf, targetRow } from './rows.js';
import { ServiceError } from '../../client/errors.js';
import type { HttpClient } from '../../client/http.js';
import { jsonOf } from '../../client/response.js';
import { defineOperation, optional, withDefault } from '../module.js';
import { RESPONSE_ID_OUTPUTS } from '../outputs.js';
import { bySelection, READ_SELECTION_INPUTS, selectionTitle } from './erp-list/select.js';
import type { OperationContext, OperationResult } from '../types.js';
import { forEachTarget } from './each.js';
import { idOf, resolveInstances, whereContext, type InstanceRef } from './instance-ref.js';
import { sameStatus } from '../../client/status.js';
import { readInstance } from './instance-state.js';
import { failureOf, instanceEntry } from './outcome.js';
import { failedAt, type TargetResult } from './target-result.js';
import { notFound, READ_PERMISSION } from './read-failure.js';
import type { PartsRead } from './health.js';
import type { ErpStatusOptions } from './erp-status-options.js';
import { described, firstLine } from './wording.js';
import { erpCode } from './load.js';

export type { ErpStatusOptions } from './erp-status-options.js';

/** The parts' health read (health.ts), loaded with erp's chunk when a status is read. */
const readPartsOf: typeof import('./health.js').readParts = async (...args) =>
  (await erpCode()).readParts(...args);

/**
 * erp-status (C0): reads each erp virtual instance's status and health and changes nothing; with expect-status,
 * a gate: the step fails when any instance is in another status. Sets result, instances and the response ids.
 */
export default defineOperation({
  name: 'erp-status',
  resultFile: resultFileFor('erp-status'),
  description:
    'Reads the status and health of one or more erp virtual instances and changes nothing; with expect-status, fails when any is in another status.',
  client: 'resource-manager',
  inputs: {
    apiVersion: withDefault('api-version', ERP_API_VERSION),
    maxParallel: withDefault('max-parallel'),
    expectStatus: optional('expect-status'),
    ...READ_SELECTION_INPUTS,
    wholeSystem: withDefault('whole-system'),
  },
  outputs: ['result', 'instances', ...RESPONSE_ID_OUTPUTS],
  // The one read is the row: its times go to the result file, not to a `took` column.
  view: { untimed: true, title: selectionTitle },
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-erp --erp-virtual-instance X01,X02 --expect-status Offline',
  run: bySelection('erp-status', erpStatus, erpCode),
});

export async function erpStatus(
  options: ErpStatusOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  if (options.wholeSystem) {
    const { statusWindow } = await erpCode();
    return statusWindow(options, client, ctx, () =>
      erpStatus({ ...options, wholeSystem: false }, client, ctx),
    );
  }
  const targets = resolveInstances(options.erpVirtualInstances, options).map((ref) => ({
    ref,
    url: resourceUrl(options.baseUrl, ref, ERP_VIRTUAL_INSTANCE, options.apiVersion),
  }));
  const parts = new Map<string, PartsRead>();
  const outcomes = await forEachTarget(targets, options.maxParallel, ctx, {
    title: (t) => `erp-status ${t.ref.label}`,
    logName: (t) => t.ref.label,
    work: async (t, log) => {
      const outcome = await readOne(t.ref, t.url, options.expectStatus, client, ctx);
      const state = outcome.instance?.after;
      if (state) log.info(`is ${described(state)}`);
      if (state) parts.set(t.ref.label, await readPartsOf(t.ref, options, { client, ctx, log }));
      return outcome;
    },
  });
  const bodies = outcomes.map((o) =>
    o.instance?.after ? (jsonOf(o.instance.after.response) as object) : null,
  );
  const gate = options.expectStatus ? `are not ${options.expectStatus} or ` : '';
  const failure = failureOf(outcomes, `erp virtual instances ${gate}could not be read`);
  return {
    rows: outcomes.map((o, i) =>
      targetRow(o, {
        running: 'reading',
        of: 'read',
        id: idOf(targets[i]!.ref),
        parts: parts.get(o.target)?.word,
      }),
    ),
    outputs: {
      result: outcomes.length > 1 ? bodies : (bodies[0] ?? undefined),
      instances: outcomes.map((o) => ({ ...instanceEntry(o), parts: parts.get(o.target)?.parts ?? null })),
    },
    summary: [
      {
        title: 'erp-status',
        context: whereContext(targets),
        header: ['erp virtual instance', 'status', 'health', ...(options.expectStatus ? ['expected'] : [])],
        rows: outcomes.map((o) => {
          const { after, health } = entryOf(o);
          const expected = options.expectStatus && (holds(after, options.expectStatus) ? 'yes' : 'no');
          return [
            o.target,
            after ?? (o.failure ? 'not read' : '-'),
            health ?? '-',
            ...(expected ? [expected] : []),
          ];
        }),
      },
    ],
    failure,
  };
}

async function readOne(
  ref: InstanceRef,
  url: URL,
  expectStatus: string | undefined,
  client: HttpClient,
  ctx: OperationContext,
): Promise<TargetResult> {
  const name = ref.label;
  const startedAt = ctx.clock.now();
  try {
    const state = await readInstance(client, url);
    const durationMs = ctx.clock.now() - startedAt;
    const base = { target: name, durationMs, requestId: state.response.requestId };
    const snoozed =
      expectStatus && !sameStatus(state.status, expectStatus) && holds(state.status, expectStatus);
    const done = snoozed ? `read: ${state.status} counts as ${expectStatus} (after a snooze)` : 'read';
    const instance = { before: state, after: state, outcome: 'read' as const, done };
    if (expectStatus && !holds(state.status, expectStatus)) {
      return {
        ...base,
        kind: 'failed',
        causeKind: 'other',
        failure: `Erp virtual instance '${name}' is ${described(state)}, not ${expectStatus} (expect-status).`,
        instance,
      };
    }
    return { ...base, kind: 'succeeded', instance };
  } catch (error) {
    const durationMs = ctx.clock.now() - startedAt;
    const status = error instanceof ServiceError ? error.status : undefined;
    const said = error instanceof ServiceError ? ` (${error.said()})` : `: ${firstLine(error)}`;
    const missing = status === 404 ? notFound(name, ref, `${said}.`) : undefined;
    const failure =
      missing?.failure ??
      (status === 403
        ? `Reading erp virtual instance '${name}' was refused${said}: erp-status needs the permission ${READ_PERMISSION}.`
        : `Reading erp virtual instance '${name}' failed${said}.`);
    return failedAt({
      target: name,
      kind: ctx.signal?.aborted ? 'cancelled' : 'error',
      causeKind: status === 404 ? 'not found' : status === 403 ? 'permission' : undefined,
      durationMs,
      failure,
      causeText: missing?.causeText,
      done: 'not read',
    });
  }
}
