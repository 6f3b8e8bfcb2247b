import { redactQuery } from '../../client/url.js';
import type { OperationResult, SummaryTable } from '../types.js';
import { formatDuration, formatTime } from '../format.js';
import { entryOf, statusOf, stillRunning, targetRow } from './rows.js';
import type { TargetResult } from './target-result.js';

/**
 * `operation-status` over several: Succeeded when all succeeded; else Failed when the service failed any
 * (`Failed` only where the service said so); else the last status seen of one not ended (empty where none).
 */
function overallStatus(outcomes: TargetResult[]): string {
  if (outcomes.every((o) => o.kind === 'succeeded')) return 'Succeeded';
  if (outcomes.some((o) => o.kind === 'failed')) return 'Failed';
  const notEnded = outcomes.filter((o) => o.kind !== 'succeeded' && o.kind !== 'failed');
  return notEnded.map(statusOf).find((s) => s !== undefined) ?? '';
}

export interface ReportOptions {
  /** The summary table's title and first column. */
  title: string;
  targetHeader: string;
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
  /** How a row still running is resumed, where not by wait-for-operation and its URL (an erp run: the step again). */
  resumeWith?: string;
}

/** Outputs (the contract's), the summary table and the step's failure, from the outcomes in input order. */
export function report(outcomes: TargetResult[], options: ReportOptions): OperationResult {
  // Several targets: `result` an array, `operation-status` Succeeded only if all succeeded.
  const several = outcomes.length > 1;
  const last = outcomes[outcomes.length - 1]!;
  const operationStatus = several ? overallStatus(outcomes) : (statusOf(last) ?? '');
  const result = several
    ? outcomes.map((o) => ({
        ...(options.resultKey ? { [options.resultKey]: o.target } : {}),
        ...o.operation?.body,
        operationUrl: o.operation?.url,
        failure: o.failure,
      }))
    : last.operation?.body;
  // The cause is stated once, by the step's failure; the table says how each target ended.
  const table: SummaryTable = {
    title: options.title,
    context: options.context,
    ...(options.instances ? instanceRows(outcomes, options) : operationRows(outcomes, options)),
    // The URL to resume with is whole only in the outputs: the summary of a public repository is read by anyone,
    // so it shows the URL as every log line does, its query reduced to api-version (a signature never shown).
    code: outcomes.filter(stillRunning).map((o) => ({
      label: `${o.target} is still running: ${options.resumeWith ?? 'resume with wait-for-operation and the `operation-urls` output, which holds its whole URL'}. Its operation, the query reduced to api-version:`,
      text: redactQuery(o.operation!.url!),
    })),
  };
  return {
    outputs: {
      result,
      'operation-status': operationStatus,
      'operation-id': last.operation?.body?.id ?? last.operation?.body?.name ?? undefined,
      'operation-url': last.operation?.url,
      'operation-urls': outcomes.filter(stillRunning).map((o) => o.operation?.url),
      ...(options.operations
        ? {
            operations: outcomes
              .filter((o) => stillRunning(o) && (options.operations !== 'named' || o.entry))
              .map(operationEntry),
          }
        : {}),
      'percent-complete': last.operation?.body?.percentComplete ?? undefined,
      'start-time': last.operation?.body?.startTime ?? undefined,
      'end-time': last.operation?.body?.endTime ?? undefined,
      ...(options.instances ? { instances: outcomes.map(instanceEntry) } : {}),
    },
    summary: [table],
    failure: failureOf(outcomes, options.severalFailed),
    rows: outcomes.map((o) =>
      targetRow(o, {
        running: options.running,
        of: options.instances ? 'action' : 'operation',
        id: o.entry?.target,
      }),
    ),
  };
}

/** An entry of the `operations` output: what the target's entry says, its polling URL after the verb. */
function operationEntry(o: TargetResult) {
  const { target, verb, snooze, ...window } = o.entry ?? {};
  return { target, verb, url: o.operation?.url, ...(snooze ? { snooze: true } : {}), ...window };
}

/** The step's failure: the one target's, or how many of how many failed (`severalFailed`), each one's named. */
export function failureOf(
  outcomes: TargetResult[],
  severalFailed: string,
  several = outcomes.length > 1,
): string | undefined {
  const failed = outcomes.filter((o) => o.failure);
  if (failed.length === 1 && !several) return failed[0]!.failure;
  if (failed.length === 0) return undefined;
  return `${failed.length} of ${outcomes.length} ${severalFailed}: ${failed.map((o) => o.failure).join(' ')}`;
}

/** wait-for-operation's rows: how long this step waited, beside the service's own start and end. */
function operationRows(
  outcomes: TargetResult[],
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
      typeof o.operation?.body?.percentComplete === 'number' ? `${o.operation?.body.percentComplete}%` : '-',
      formatTime(o.operation?.body?.startTime),
      formatTime(o.operation?.body?.endTime),
    ]),
    notes: [
      "this step's wait: how long this step followed the operation; service start and end: the operation's startTime and endTime as the service reports them.",
    ],
  };
}

/** erp-stop and erp-start: one row per instance, as the contract lists it. */
function instanceRows(
  outcomes: TargetResult[],
  options: ReportOptions,
): Pick<SummaryTable, 'header' | 'rows'> {
  return {
    header: [options.targetHeader, 'status before', 'what was done', 'status after', 'duration'],
    rows: outcomes.map((o) => {
      const { before, done, after } = entryOf(o);
      return [o.target, before ?? '-', done ?? '-', after ?? '-', formatDuration(o.durationMs)];
    }),
  };
}

/** One entry of the `instances` output. */
export function instanceEntry(o: TargetResult) {
  const { before, after, health, outcome } = entryOf(o);
  return {
    name: o.target,
    before: before ?? null,
    after: after ?? null,
    health: health ?? null,
    outcome: outcome ?? ('failed' as const),
  };
}
