import type { ServiceError } from '../../client/errors.js';
import type { FailureKind, OperationResult, RowMark, TargetRow } from '../types.js';
import { isAbsentUser } from './error-hints.js';

/** What happened to one address; `result` carries these. */
export interface RemovalOutcome {
  user_email: string;
  removed: boolean;
  /** Not a member of the app (404 UserNotFound): nothing to remove, which a re-run of a removal expects. */
  absent?: true;
  /** The HTTP status; absent when the service was not reached, or the address was not tried. */
  status?: number;
  code?: string;
  message?: string;
  notAttempted?: true;
  /** The service's body, where a removal answered with one (the real API answers 204). */
  response?: unknown;
  /** The answer to the removal was lost and the one sent again found no such user: this run removed it. */
  answerLost?: true;
}

/** An address whose refusal fails the step. */
export interface RemovalFailure {
  email: string;
  error: ServiceError;
}

/**
 * What app-remove-user returns: the addresses removed and absent, `result`, one row per address (its mark, what
 * was done, the cause of a failure and its kind) and the table that shows them.
 */
export function removalResult(o: {
  app: string;
  emails: string[];
  outcomes: RemovalOutcome[];
  failures: RemovalFailure[];
  notice: string;
  failIfAbsent?: boolean;
}): OperationResult {
  const { app, outcomes, failures, failIfAbsent } = o;
  const removed = outcomes.filter((r) => r.removed).map((r) => r.user_email);
  const absent = outcomes.filter((r) => r.absent).map((r) => r.user_email);
  const rows = outcomes.map((r) => rowOf(r, failures, failIfAbsent));
  return {
    outputs: {
      'removed-users': removed,
      'absent-users': absent,
      changes: removed.length > 0,
      plan: [],
      result: outcomes.length === 1 ? outcomes[0] : outcomes,
    },
    summary: [
      {
        title: `Users removed from ${app}`,
        header: ['User', 'Details'],
        rows: outcomes.map((r) => [r.user_email, describeOutcome(r, failIfAbsent)]),
        marks: rows.map(({ outcome, word }) => ({ outcome, word })),
        notes: [o.notice],
      },
    ],
    rows,
    failure: failures.length
      ? describeFailure(app, o.emails.length, removed.length, failures, outcomes)
      : undefined,
  };
}

/** The kind of a refusal, by its status: what the "What to do" line fits. */
function kindOf(error: ServiceError): FailureKind {
  if (error.status === 401) return 'sign-in';
  if (error.status === 403) return 'permission';
  if (error.status === 404) return 'not found';
  if (error.status === 409) return 'conflict';
  return 'other';
}

function rowOf(r: RemovalOutcome, failures: RemovalFailure[], failIfAbsent = false): TargetRow {
  const failure = failures.find((f) => f.email === r.user_email);
  const cause = failure
    ? { text: failure.error.message, kind: kindOf(failure.error), requestId: failure.error.requestId }
    : r.notAttempted
      ? { text: 'not attempted: the step stopped at the refusal before it', kind: 'not sent' as const }
      : undefined;
  return {
    target: r.user_email,
    ...markOf(r, failIfAbsent),
    done: describeOutcome(r, failIfAbsent),
    ...(cause ? { cause } : {}),
  };
}

/** The row's mark: removed, nothing to remove (a failure only with fail-if-absent), not sent, or failed. */
function markOf(o: RemovalOutcome, failIfAbsent = false): RowMark {
  if (o.removed) return { outcome: 'succeeded', word: 'removed' };
  if (o.notAttempted) return { outcome: 'not sent', word: 'not sent' };
  if (o.absent) return { outcome: failIfAbsent ? 'failed' : 'skipped', word: 'not a user' };
  return { outcome: 'failed', word: 'failed' };
}

function describeOutcome(o: RemovalOutcome, failIfAbsent = false): string {
  if (o.answerLost) return `Removed (the answer was lost; sent again, HTTP 404 ${o.code ?? 'not found'})`;
  if (o.removed) return `Removed (HTTP ${o.status})`;
  if (o.notAttempted) return 'Not attempted';
  const what404 = `HTTP 404 ${o.code ?? 'not found'}`;
  if (o.absent)
    return failIfAbsent ? `Failed: not a user (${what404})` : `Not a user: nothing to remove (${what404})`;
  const what = [o.status !== undefined ? `HTTP ${o.status}` : undefined, o.code].filter(Boolean).join(' ');
  return `Failed: ${what || 'no answer'}`;
}

function describeFailure(
  app: string,
  total: number,
  removedCount: number,
  failures: { email: string; error: ServiceError }[],
  outcomes: RemovalOutcome[],
): string {
  const [first, ...others] = failures;
  const parts = [`Removed ${removedCount} of ${total} user(s) from ${app}`];
  parts.push(`could not remove ${first!.email}: ${first!.error.message}`);
  if (others.length) parts.push(`could not remove either: ${others.map((f) => f.email).join(', ')}`);
  const skipped = outcomes.filter((o) => o.notAttempted).map((o) => o.user_email);
  if (skipped.length) parts.push(`not attempted: ${skipped.join(', ')}`);
  if (failures.some((f) => isAbsentUser(f.error)))
    parts.push('fail-if-absent is true, so a user who is not a member fails the step');
  // One line: the annotation's first line names the cause.
  // A part that ends a sentence (an error's message) would leave `.;` at the join: its full stop goes.
  return parts
    .map((part) => part.replace(/\.$/, ''))
    .join('; ')
    .replace(/\s*\n\s*/g, ' ');
}
