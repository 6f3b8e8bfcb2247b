import { ServiceError } from '../../client/errors.js';
import type { OperationStatusResult } from '../../client/schemas/erp.js';
import { redactQuery } from '../../client/url.js';
import type { OperationResult, SummaryTable } from '../types.js';
import type { Seen } from '../../client/arm/follow.js';
import { formatDuration, formatTime } from '../format.js';
import { formatPercent, type InstanceLog } from './progress.js';

export type OutcomeKind = 'succeeded' | 'failed' | 'accepted' | 'timeout' | 'cancelled' | 'error';

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
}

/**
 * Turns how a wait ended into an outcome: the failure sentence names the status, the service's error code and
 * message and the request id; a timeout or a cancellation names the last status, the percent complete and
 * how to resume. Error details go to the instance's log.
 */
export function conclude(
  label: string,
  target: string,
  followed: { kind: OutcomeKind; last?: Seen; error?: unknown },
  operationUrl: string | undefined,
  durationMs: number,
  log: InstanceLog,
): Outcome {
  const { kind, last } = followed;
  const body = last?.body;
  const base = { target, kind, body, operationUrl, requestId: last?.response.requestId, durationMs };
  const resume = operationUrl
    ? `; resume with wait-for-operation and the operation-url output (${redactQuery(operationUrl)})`
    : '';
  const lastSeen = `last status ${body?.status ?? 'none'}, ${formatPercent(body?.percentComplete)}`;
  switch (kind) {
    case 'succeeded':
      log.info(`ended ${body?.status} after ${formatDuration(durationMs)}`);
      return base;
    case 'failed': {
      const { code, message, target: where, details, additionalInfo } = body?.error ?? {};
      const error = new ServiceError({
        code,
        message,
        target: where,
        details,
        additionalInfo,
        requestId: base.requestId,
      });
      log.detail(`${label} ended with status ${body?.status}: ${error.message.trim()}`);
      for (const line of error.detailLines()) log.detail(line);
      const what = [body?.error?.code, body?.error?.message].filter(Boolean).join(': ');
      return {
        ...base,
        failure: `${label} ended with status ${body?.status}${what ? `: ${what}` : ''} (request-id: ${base.requestId ?? 'none'}).`,
      };
    }
    case 'timeout':
      return { ...base, failure: `${label} did not end within the timeout: ${lastSeen}${resume}.` };
    case 'cancelled':
      return {
        ...base,
        failure: `The job was cancelled while waiting on ${lowerFirst(label)}: ${lastSeen}${resume}.`,
      };
    case 'accepted':
      return base;
    case 'error': {
      const error = followed.error;
      if (error instanceof ServiceError) for (const line of error.detailLines()) log.detail(line);
      const message = (error instanceof Error ? error.message : String(error))
        .split('\n')[0]!
        .replace(/\.$/, '');
      const seen = body ? `; ${lastSeen}` : '';
      return { ...base, failure: `${label} failed: ${message}${seen}${operationUrl ? resume : ''}.` };
    }
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The status a workflow sees: the service's own word, `Accepted` for a stop not waited on without one. */
export function statusOf(outcome: Outcome): string | undefined {
  return outcome.body?.status ?? (outcome.kind === 'accepted' ? 'Accepted' : undefined);
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
}

/** An operation that has not ended as far as the step knows: accepted and not waited on, or the wait broke off. */
export function stillRunning(outcome: Outcome): boolean {
  return outcome.operationUrl !== undefined && outcome.kind !== 'succeeded' && outcome.kind !== 'failed';
}

/** Outputs (the contract's), the summary table and the step's failure, from the outcomes in input order. */
export function report(outcomes: Outcome[], options: ReportOptions): OperationResult {
  const last = outcomes[outcomes.length - 1]!;
  const failed = outcomes.filter((o) => o.failure);
  const allSucceeded = outcomes.every((o) => o.kind === 'succeeded');
  const firstOther = outcomes.find((o) => o.kind !== 'succeeded');
  const operationStatus = options.several
    ? allSucceeded
      ? 'Succeeded'
      : (statusOf(firstOther!) ?? 'Failed')
    : statusOf(last);
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
    header: [options.targetHeader, 'status', 'duration', 'percent complete', 'started', 'ended'],
    rows: outcomes.map((o) => [
      o.target,
      statusOf(o) ?? (o.kind === 'error' ? 'request failed' : 'none'),
      formatDuration(o.durationMs),
      // An empty cell renders badly in the job summary: a dash says "not known".
      typeof o.body?.percentComplete === 'number' ? `${o.body.percentComplete}%` : '-',
      formatTime(o.body?.startTime),
      formatTime(o.body?.endTime),
    ]),
    code: outcomes.filter(stillRunning).map((o) => ({
      label: `To resume ${o.target} with wait-for-operation, operation-url:`,
      text: o.operationUrl!,
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
      'percent-complete': last.body?.percentComplete ?? undefined,
      'start-time': last.body?.startTime ?? undefined,
      'end-time': last.body?.endTime ?? undefined,
    },
    summary: [table],
    failure,
  };
}
