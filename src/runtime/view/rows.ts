import type { FailureKind, Mark, StepRow, TargetRow } from '../../operations/types.js';
import { formatDuration } from '../../operations/format.js';

/** One step of a whole-system window under its system, as the summary shows it. */
export interface ViewStep {
  step: string;
  target?: string;
  mark: Mark;
  word: string;
  before?: string;
  /** What the step did (`stop (soft 300 s): Succeeded`, `skipped: already Offline`), as a system's row says it. */
  done?: string;
  after?: string;
  seconds?: number;
  /** When the step started (ms since the epoch), where the operation measured it. */
  startedAt?: number;
  cause?: string;
  kind?: FailureKind;
  requestId?: string;
}

/**
 * One target of the step as the summary shows it: a system, an operation resumed, a user, a synchronization. Its
 * words as the operation's typed row has them; `word` is the outcome in the operation's words (`stopped`).
 */
export interface ViewRow extends Pick<
  TargetRow,
  'target' | 'word' | 'before' | 'done' | 'after' | 'health' | 'parts' | 'startedAt'
> {
  mark: Mark;
  duration?: string;
  seconds?: number;
  /** Why this target failed or is not done, one line, without the subscription the context names. */
  cause?: string;
  kind?: FailureKind;
  requestId?: string;
  steps?: ViewStep[];
  /** The polling URL whole, where its operation is still running. */
  operationUrl?: string;
}

/** A cause in one line (a service's message may run over several): as it is worded, nothing read from it. */
export function oneLineCause(cause: string | undefined): string | undefined {
  if (!cause) return undefined;
  return cause.split(/\s+/).join(' ').trim();
}

/** How long, as the tables say it (`12.3 s`), and in seconds to a tenth for the timeline. */
export const took = (ms: number | undefined) => (ms === undefined ? undefined : formatDuration(ms));
export const tenths = (ms: number | undefined) => (ms === undefined ? undefined : Math.round(ms / 100) / 10);

const span = (r: { startedAt?: number; endedAt?: number }) =>
  r.startedAt !== undefined && r.endedAt !== undefined ? r.endedAt - r.startedAt : undefined;

function causeOf(r: TargetRow | StepRow) {
  if (!r.cause) return {};
  return {
    cause: oneLineCause(r.cause.text),
    kind: r.cause.kind,
    ...(r.cause.requestId ? { requestId: r.cause.requestId } : {}),
  };
}

function viewStepOf(s: StepRow): ViewStep {
  return {
    step: s.step,
    target: s.target,
    mark: s.outcome,
    word: s.word,
    before: s.before,
    done: s.done,
    after: s.after,
    seconds: tenths(span(s)),
    startedAt: s.startedAt,
    ...causeOf(s),
  };
}

/** A typed row as the summary shows it: its mark, its own words, how long, its cause in one line and its kind. */
export function viewRowOf(r: TargetRow): ViewRow {
  const ms = span(r);
  return {
    target: r.target,
    mark: r.outcome,
    word: r.word,
    before: r.before,
    done: r.done,
    after: r.after,
    health: r.health,
    ...(r.parts !== undefined ? { parts: r.parts } : {}),
    duration: took(ms),
    seconds: tenths(ms),
    startedAt: r.startedAt,
    ...causeOf(r),
    ...(r.steps?.length ? { steps: r.steps.map(viewStepOf) } : {}),
    ...(r.operationUrl ? { operationUrl: r.operationUrl } : {}),
  };
}
