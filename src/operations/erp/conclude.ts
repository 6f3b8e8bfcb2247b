import type { Seen } from '../../client/arm/follow.js';
import { ServiceError } from '../../client/errors.js';
import { formatDuration } from '../format.js';
import type { TargetResult, OutcomeKind } from './target-result.js';
import type { FailureKind } from '../types.js';
import { formatPercent, type InstanceLog } from './progress.js';
import type { Run } from './verbs.js';
import { inSentence } from './wording.js';

/**
 * Turns how a wait ended into an outcome: the failure sentence names the status, the service's error code and
 * message and the request id; a timeout or a cancellation names the last status, the percent complete and
 * how to resume. Error details go to the instance's log.
 */
export function conclude(o: {
  label: string;
  target: string;
  followed: { kind: OutcomeKind; last?: Seen; error?: unknown };
  operationUrl: string | undefined;
  durationMs: number;
  log: InstanceLog;
  /** How an operation still running is resumed, as the failure says it; by default by its URL (wait-for-operation). */
  resume?: string;
}): TargetResult {
  const { label, target, followed, operationUrl, durationMs, log } = o;
  const { kind, last } = followed;
  const body = last?.body;
  const base = {
    target,
    kind,
    operation: { body, url: operationUrl },
    requestId: last?.response.requestId,
    durationMs,
  };
  // The whole URL is in the outputs only: a shortened one pasted from a message would be refused (no api-version).
  const resume = operationUrl ? (o.resume ?? RESUME_BY_URL) : '';
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
        causeKind: KIND_OF_CODE[body?.error?.code?.toLowerCase() ?? ''],
        failure: `${label} ended with status ${body?.status}${what ? `: ${what}` : ''} (request-id: ${base.requestId ?? 'none'}).`,
      };
    }
    case 'timeout': {
      // The client gave up on a poll whose next try would come after the deadline: say which answer that was.
      const e = followed.error;
      const why =
        e instanceof ServiceError && e.pastDeadline
          ? `; the last poll was answered HTTP ${e.status} and its next try would come after the timeout`
          : '';
      return { ...base, failure: `${label} did not end within the timeout: ${lastSeen}${why}${resume}.` };
    }
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
      const message = inSentence(error);
      const seen = body ? `; ${lastSeen}` : '';
      // A polling URL that answers 404 names no operation any more: nothing to resume.
      if (operationUrl && error instanceof ServiceError && error.status === 404) {
        return {
          ...base,
          operation: { ...base.operation, gone: true },
          failure: `${label} failed: ${message}${seen}; the service no longer knows the operation, so there is nothing to resume.`,
        };
      }
      const status = error instanceof ServiceError ? error.status : undefined;
      return {
        ...base,
        causeKind: status === 409 ? 'conflict' : status === 403 ? 'permission' : undefined,
        failure: `${label} failed: ${message}${seen}${resume}.`,
      };
    }
  }
}

/** A wait resumed by its URL (wait-for-operation's own cuts). */
const RESUME_BY_URL = '; resume with wait-for-operation and the operation-urls output';

/** An erp step cut with its operation still running: the one way back, for a single step as for a window's. */
export const RUN_AGAIN = '; run the same step again to resume where the service is';

/** The service's codes whose failure has a kind of its own (lower case). */
const KIND_OF_CODE: Record<string, FailureKind> = {
  databasenotrunning: 'whole system',
  authorizationfailed: 'permission',
};

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * What an erp run's summary says of a cut (timeout, cancellation): the one way back, its run's `resume` (verbs.ts),
 * first; wait-for-operation named only as what follows what was sent.
 */
const FOLLOW_ONLY =
  "wait-for-operation with the operations output follows only what was sent, and fails naming a window's steps never sent.";

export function cutShortView(run: Run) {
  const again = run.resume.trim();
  return {
    resume: 'wait-for-operation and the operation-urls output',
    whatToDo: {
      timeout: `${again} Raise timeout if the window needs longer. ${FOLLOW_ONLY}`,
      cancelled: `The job was cancelled; what was sent goes on at the service. ${again} ${FOLLOW_ONLY}`,
    },
  };
}
