import type { PlannedRequest } from '../../client/dry-run.js';
import type { OperationStatusResult } from '../../client/schemas/erp.js';
import { redactQuery } from '../../client/url.js';
import type { FailureKind, OperationResult, SummaryTable } from '../types.js';
import { formatDuration, formatTime } from '../format.js';
import type { InstanceState } from './instance-state.js';
import { statusOf, stillRunning, targetRow } from './rows.js';

export { statusOf, stillRunning } from './rows.js';

export type OutcomeKind = 'succeeded' | 'failed' | 'accepted' | 'timeout' | 'cancelled' | 'error';

/** The contract's `instances` outcome of one instance. */
export type InstanceOutcome =
  'stopped' | 'started' | 'skipped' | 'running' | 'not sent' | 'failed' | 'read' | 'planned';

/** What the step knows of one instance: its status before and after, and what was done to it. */
export interface InstanceReport {
  before?: InstanceState;
  after?: InstanceState;
  outcome: InstanceOutcome;
  /** For the summary: `stop (soft 300 s): Succeeded`, `skipped: already Offline`. */
  done: string;
  /** A dry run: the stop or start it would send (`outcome` planned). */
  request?: PlannedRequest;
}

/** How the work on one operation (one instance's stop, or one resumed wait) ended. */
export interface Outcome {
  /** The instance name, or the operation URL for wait-for-operation. */
  target: string;
  kind: OutcomeKind;
  body?: OperationStatusResult;
  operationUrl?: string;
  requestId?: string;
  durationMs: number;
  /** One sentence naming the cause, where the outcome fails the step. */
  failure?: string;
  /** The cause as the target's row says it, where it leaves out what the summary's context names; else `failure`. */
  causeText?: string;
  /**
   * The operation status to report where it is not the body's: `Succeeded` for an instance skipped, or followed
   * to its end by its own status because the operation's answer was lost.
   */
  status?: string;
  /** The polling URL answered 404: the operation cannot be resumed, so it is not in `operation-urls`. */
  gone?: boolean;
  /** erp-stop, erp-start, erp-status: the instance. */
  instance?: InstanceReport;
  /** The system the operation acts on and what it does, where known: the `operations` output carries them. */
  resourceId?: string;
  verb?: 'stop' | 'start';
  /** deallocate-vm (stop) or start-vm (start) was on: a later wait then takes Unavailable as a stop's end. */
  snooze?: boolean;
  /** Chosen by tag, and the read before acting showed it no longer selected: nothing was sent to it. */
  leftAlone?: boolean;
  /** The kind of `failure`, named where the failure is made; else told from `kind` (rows.ts). */
  causeKind?: FailureKind;
  /** When the work on the target started and ended (clock ms); none for a target never reached. */
  startedAt?: number;
  endedAt?: number;
}

/**
 * `operation-status` over several: Succeeded when all succeeded; else Failed when the service failed any
 * (`Failed` only where the service said so); else the last status seen of one not ended (empty where none).
 */
function overallStatus(outcomes: Outcome[]): string {
  if (outcomes.every((o) => o.kind === 'succeeded')) return 'Succeeded';
  if (outcomes.some((o) => o.kind === 'failed')) return 'Failed';
  const notEnded = outcomes.filter((o) => o.kind !== 'succeeded' && o.kind !== 'failed');
  return notEnded.map(statusOf).find((s) => s !== undefined) ?? '';
}

export interface ReportOptions {
  /** The summary table's title and first column. */
  title: string;
  targetHeader: string;
  /** Several targets: `result` an array, `operation-status` Succeeded only if all succeeded. */
  several: boolean;
  /** What a failure of several is: "erp virtual instances did not stop". */
  severalFailed: string;
  /** The key that names each target in a several-target `result` (`erpVirtualInstance`); none: not named. */
  resultKey?: string;
  /** Where the work happened, for the summary. */
  context?: [string, string][];
  /** erp-stop, erp-start: one row per instance (status before, what was done, after) and the `instances` output. */
  instances?: boolean;
  /**
   * Sets the `operations` output (erp-stop, erp-start, wait-for-operation); `named`: only the operations on a system
   * (a window's database step still running is resumed by its URL alone, in `operation-urls`).
   */
  operations?: boolean | 'named';
  /** The word of a row still running: `stopping`, `starting`, `still running`. */
  running: string;
}

/** Outputs (the contract's), the summary table and the step's failure, from the outcomes in input order. */
export function report(outcomes: Outcome[], options: ReportOptions): OperationResult {
  const last = outcomes[outcomes.length - 1]!;
  const failed = outcomes.filter((o) => o.failure);
  const operationStatus = options.several ? overallStatus(outcomes) : (statusOf(last) ?? '');
  const result = options.several
    ? outcomes.map((o) => ({
        ...(options.resultKey ? { [options.resultKey]: o.target } : {}),
        ...o.body,
        operationUrl: o.operationUrl,
        failure: o.failure,
      }))
    : last.body;
  // The cause is stated once, by the step's failure; the table says how each target ended.
  const table: SummaryTable = {
    title: options.title,
    context: options.context,
    ...(options.instances ? instanceRows(outcomes, options) : operationRows(outcomes, options)),
    // The URL to resume with is whole only in the outputs: the summary of a public repository is read by anyone,
    // so it shows the URL as every log line does, its query reduced to api-version (a signature never shown).
    code: outcomes.filter(stillRunning).map((o) => ({
      label: `${o.target} is still running: resume with wait-for-operation and the \`operation-urls\` output, which holds its whole URL. Its operation, the query reduced to api-version:`,
      text: redactQuery(o.operationUrl!),
    })),
  };
  let failure: string | undefined;
  if (failed.length === 1 && !options.several) failure = failed[0]!.failure;
  else if (failed.length > 0) {
    failure = `${failed.length} of ${outcomes.length} ${options.severalFailed}: ${failed.map((o) => o.failure).join(' ')}`;
  }
  return {
    outputs: {
      result,
      'operation-status': operationStatus,
      'operation-id': last.body?.id ?? last.body?.name ?? undefined,
      'operation-url': last.operationUrl,
      'operation-urls': outcomes.filter(stillRunning).map((o) => o.operationUrl),
      ...(options.operations
        ? {
            operations: outcomes
              .filter((o) => stillRunning(o) && (options.operations !== 'named' || o.resourceId))
              .map((o) => ({
                target: o.resourceId,
                verb: o.verb,
                url: o.operationUrl,
                ...(o.snooze ? { snooze: true } : {}),
              })),
          }
        : {}),
      'percent-complete': last.body?.percentComplete ?? undefined,
      'start-time': last.body?.startTime ?? undefined,
      'end-time': last.body?.endTime ?? undefined,
      ...(options.instances ? { instances: outcomes.map(instanceEntry) } : {}),
    },
    summary: [table],
    failure,
    rows: outcomes.map((o) =>
      targetRow(o, {
        running: options.running,
        of: options.instances ? 'action' : 'operation',
        id: o.resourceId,
      }),
    ),
  };
}

/** wait-for-operation's rows: how long this step waited, beside the service's own start and end. */
function operationRows(
  outcomes: Outcome[],
  options: ReportOptions,
): Pick<SummaryTable, 'header' | 'rows' | 'notes'> {
  return {
    header: [
      options.targetHeader,
      'status',
      "this step's wait",
      'percent complete',
      'service start',
      'service end',
    ],
    rows: outcomes.map((o) => [
      o.target,
      statusOf(o) ?? (o.kind === 'error' ? 'request failed' : 'none'),
      formatDuration(o.durationMs),
      // An empty cell renders badly in the job summary: a dash says "not known".
      typeof o.body?.percentComplete === 'number' ? `${o.body.percentComplete}%` : '-',
      formatTime(o.body?.startTime),
      formatTime(o.body?.endTime),
    ]),
    notes: [
      "this step's wait: how long this step followed the operation; service start and end: the operation's startTime and endTime as the service reports them.",
    ],
  };
}

/** erp-stop and erp-start: one row per instance, as the contract lists it. */
function instanceRows(outcomes: Outcome[], options: ReportOptions): Pick<SummaryTable, 'header' | 'rows'> {
  return {
    header: [options.targetHeader, 'status before', 'what was done', 'status after', 'duration'],
    rows: outcomes.map((o) => [
      o.target,
      o.instance?.before?.status ?? '-',
      o.instance?.done ?? statusOf(o) ?? '-',
      o.instance?.after?.status ?? '-',
      formatDuration(o.durationMs),
    ]),
  };
}

/** One entry of the `instances` output. */
export function instanceEntry(o: Outcome) {
  const { before, after, outcome } = o.instance ?? { outcome: 'failed' as const };
  return {
    name: o.target,
    before: before?.status ?? null,
    after: after?.status ?? null,
    health: (after ?? before)?.health ?? null,
    outcome,
  };
}
