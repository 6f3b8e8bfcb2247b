import type { Clock } from './clock.js';

/** The reason a request's signal aborts at the step's deadline: told apart from the job's cancellation. */
export class DeadlineReached extends Error {
  constructor() {
    super("the step's timeout came first");
    this.name = 'DeadlineReached';
  }
}

/** A wait that would end after the deadline (a gate held by a 429's Retry-After): refused at once, not waited. */
export class WaitPastDeadline extends Error {
  /** What closed the gate: the throttled answer, so the failure can name it. */
  readonly heldBy: unknown;
  readonly waitMs: number;
  constructor(waitMs: number, heldBy: unknown) {
    super("the wait would end after the step's timeout");
    this.name = 'WaitPastDeadline';
    this.waitMs = waitMs;
    this.heldBy = heldBy;
  }
}

/**
 * A request may still be answered this long after the deadline: a wait that polls once more at its deadline, to
 * report the status it ends with, gets that answer; nothing runs longer (the step ends by its timeout plus this).
 */
export const LAST_LOOK_MS = 1_000;

/** Time a request may still take before `deadline` (plus the last look) on `clock`; Infinity without one. */
export function timeLeft(clock: Clock, deadline: number | undefined): number {
  return deadline === undefined ? Infinity : deadline + LAST_LOOK_MS - clock.now();
}

/** The code of a request cut, or not sent, at the step's timeout. */
export const STEP_TIMEOUT = 'StepTimeout';

/**
 * A signal that aborts with DeadlineReached once `leftMs` has passed; none where there is no deadline. The timer is
 * real time (as the request timeout is) for the time left on the clock; `dispose` clears it once the work is done.
 */
export function deadlineSignal(leftMs: number): { signal?: AbortSignal; dispose: () => void } {
  if (!Number.isFinite(leftMs)) return { dispose: () => {} };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineReached()), Math.max(0, leftMs));
  timer.unref();
  return { signal: controller.signal, dispose: () => clearTimeout(timer) };
}

/** Whichever of the signals aborts first; undefined where none is given. */
export function eitherSignal(...signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const given = signals.filter((s): s is AbortSignal => s !== undefined);
  return given.length > 1 ? AbortSignal.any(given) : given[0];
}

/** Whether `error` is the deadline's abort: its reason, or an abort of a signal the deadline aborted. */
export function isDeadline(error: unknown, deadline: AbortSignal | undefined): boolean {
  return error instanceof DeadlineReached || (deadline?.aborted === true && !isOtherAbort(error));
}

/** An error that is not an abort at all (a reset, a refusal) stays itself even when the deadline came meanwhile. */
function isOtherAbort(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name !== 'AbortError' && name !== 'DeadlineReached';
}

/**
 * A signal aborted `ms` after `signal` is: the one deadline, from the cancellation, of everything a client still
 * waits for or sends after it. Its timer does not hold the process open.
 */
export function budgetAfter(signal: AbortSignal, ms: number): AbortSignal {
  const controller = new AbortController();
  const start = () => setTimeout(() => controller.abort(signal.reason), ms).unref();
  if (signal.aborted) start();
  else signal.addEventListener('abort', start, { once: true });
  return controller.signal;
}
