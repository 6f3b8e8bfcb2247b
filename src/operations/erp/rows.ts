import { classifyStatus } from '../../client/status.js';
import type { Cause, FailureKind, Mark, StepRow, TargetRow } from '../types.js';
import type { InstanceOutcome, TargetResult } from './target-result.js';
import { isDoneWord } from './verbs.js';

/** The status a workflow sees: the service's own word, `Accepted` for a stop not waited on without one. */
export function statusOf(outcome: TargetResult): string | undefined {
  return (
    outcome.operation?.status ??
    outcome.operation?.body?.status ??
    (outcome.kind === 'accepted' ? 'Accepted' : undefined)
  );
}

/** How a target ended in a word: the service's status, else how its wait ended (`request failed`, `timed out`). */
export function endedAs(outcome: TargetResult): string {
  const cut = outcome.kind === 'cancelled' ? 'cancelled' : 'timed out';
  return statusOf(outcome) ?? (outcome.kind === 'error' ? 'request failed' : cut);
}

/** An operation that has not ended as far as the step knows: accepted and not waited on, or the wait broke off. */
export function stillRunning(outcome: TargetResult): boolean {
  return (
    outcome.operation?.url !== undefined &&
    !outcome.operation?.gone &&
    outcome.kind !== 'succeeded' &&
    outcome.kind !== 'failed'
  );
}

/** The contract's `instances` outcome as a summary's mark: `stopped` → succeeded; every outcome named (a new one fails tsc). */
export function markOf(outcome: InstanceOutcome | undefined): Mark {
  // A run's done word (verbs.ts), whatever runs there are.
  if (isDoneWord(outcome)) return 'succeeded';
  switch (outcome) {
    case 'read':
      return 'succeeded';
    case 'skipped':
    case 'running':
    case 'not sent':
    case 'planned':
      return outcome;
    case 'failed':
    case undefined:
      return 'failed';
  }
}

/** The kind of a failure where the place that made it did not name one: from how the work ended. */
function kindOf(outcome: TargetResult): FailureKind {
  if (outcome.causeKind) return outcome.causeKind;
  switch (outcome.kind) {
    case 'timeout':
      return 'timeout';
    case 'cancelled':
      return 'cancelled';
    case 'failed':
      return 'service failed';
    default:
      return 'other';
  }
}

/** Why a target failed or is not done, where it is: its failure's sentence and kind. */
export function causeOf(outcome: TargetResult): Cause | undefined {
  if (outcome.failure === undefined) return undefined;
  return { text: outcome.causeText ?? outcome.failure, kind: kindOf(outcome) };
}

/**
 * How one target ended as a row: its `instances` outcome, except that an operation the service ended as failed is
 * not still running, and that a failure beside a good outcome (an expect-status that does not hold) fails it.
 */
function markAndWord(outcome: TargetResult, running: string): { outcome: Mark; word: string } {
  const said = outcome.instance?.outcome ?? wordOfOperation(outcome);
  const ended = classifyStatus(statusOf(outcome)) === 'failed' || outcome.kind === 'failed';
  let mark = markOf(said);
  if (outcome.failure !== undefined && (mark === 'succeeded' || mark === 'skipped')) mark = 'failed';
  if (ended && mark === 'running') mark = 'failed';
  const word =
    outcome.causeKind === 'false success'
      ? 'false success'
      : mark === 'running'
        ? running
        : mark === 'failed' && said !== 'failed'
          ? 'failed'
          : said;
  return { outcome: mark, word };
}

/** wait-for-operation's outcome of one operation, which has no instance report of its own. */
function wordOfOperation(outcome: TargetResult): InstanceOutcome {
  if (outcome.kind === 'succeeded') return outcome.failure === undefined ? 'read' : 'failed';
  if (outcome.kind === 'failed' || outcome.kind === 'error') return 'failed';
  return stillRunning(outcome) ? 'running' : 'failed';
}

/**
 * What a target's entry says wherever it is shown (the `instances` output and a step's entry, the summary's row,
 * the typed row): its statuses before and after, its health (after, else before), what was done, its outcome.
 */
export function entryOf(o: TargetResult) {
  const { before, after, outcome, done } = o.instance ?? {};
  return {
    before: before?.status,
    after: after?.status,
    health: (after ?? before)?.health,
    done: done ?? statusOf(o),
    outcome,
  };
}

/** The times of a row: none for a target or step never sent. */
function timesOf(outcome: TargetResult): Pick<TargetRow, 'startedAt' | 'endedAt'> {
  if (outcome.instance?.outcome === 'not sent' || outcome.startedAt === undefined) return {};
  return { startedAt: outcome.startedAt, endedAt: outcome.endedAt ?? outcome.startedAt + outcome.durationMs };
}

/**
 * What a row is of: a system acted on (erp-stop, erp-start: what was done is its own column), a system read
 * (erp-status: nothing done), or an operation resumed (wait-for-operation: its status is what it says).
 */
export type RowOf = 'action' | 'read' | 'operation';

/** One target's row: erp-stop, erp-start, erp-status and wait-for-operation hand these to the view. */
export function targetRow(
  outcome: TargetResult,
  o: { running: string; of?: RowOf; id?: string; steps?: StepRow[]; parts?: string },
): TargetRow {
  const entry = entryOf(outcome);
  const row = markAndWord(outcome, o.running);
  const of = o.of ?? 'action';
  return {
    target: outcome.target,
    ...(o.id ? { id: o.id } : {}),
    ...row,
    // An operation resumed is said by how it ended (`succeeded`), not as a system read.
    ...(of === 'operation' && row.outcome === 'succeeded' && row.word !== 'false success'
      ? { word: 'succeeded' }
      : {}),
    before: entry.before,
    done: of === 'action' ? entry.done : undefined,
    after: entry.after ?? (outcome.instance ? undefined : statusOf(outcome)),
    health: entry.health,
    ...(o.parts !== undefined ? { parts: o.parts } : {}),
    ...timesOf(outcome),
    cause: causeOf(outcome),
    ...(o.steps ? { steps: o.steps } : {}),
    ...(stillRunning(outcome) ? { operationUrl: outcome.operation?.url } : {}),
  };
}

/** One step of a window under its system; a step never reached is `not sent`, with no times. */
export function stepRow(
  step: { step: string; target: string },
  outcome: TargetResult | undefined,
  running: string,
): StepRow {
  if (!outcome) return { step: step.step, target: step.target, outcome: 'not sent', word: 'not sent' };
  const row = targetRow(outcome, { running });
  return {
    step: step.step,
    target: step.target,
    outcome: row.outcome,
    word: row.word,
    before: row.before,
    after: row.after,
    done: row.done,
    ...timesOf(outcome),
    cause: row.cause,
  };
}
