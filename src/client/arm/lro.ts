import type { Clock } from '../clock.js';
import { ServiceError, TimeoutError } from '../errors.js';
import { classifyStatus, type StatusClass } from '../status.js';

export interface PollState<T> {
  value: T;
  /** The service's Retry-After, already parsed and clamped. */
  retryAfterMs?: number;
}

/** The step's terms for a wait: its clock, its cancellation, its deadline and its poll interval. */
export interface WaitTerms {
  clock: Clock;
  signal?: AbortSignal;
  /** Absolute time (clock ms) after which no further poll starts. */
  deadline: number;
  pollIntervalMs: number;
}

export interface PollOptions<T> extends WaitTerms {
  /** The first state, from the initial response; without it the poller polls at once. */
  initial?: PollState<T>;
  poll: () => Promise<PollState<T>>;
  statusOf: (value: T) => string | null | undefined;
  /** Where the state is not the status word alone (a Location poll's HTTP status): running, or how it ended. */
  stateOf?: (value: T) => StatusClass;
  /** Called for the first state and on each later one that `changed` tells apart: one log line per change. */
  onProgress?: (value: T, elapsedMs: number) => void;
  changed?: (previous: T, next: T) => boolean;
}

export interface PollResult<T> {
  value: T;
  outcome: Exclude<StatusClass, 'running'>;
  polls: number;
}

/** Raised when the deadline passes first; `last` is what was seen, so the caller can name it. */
export class PollTimeoutError<T> extends TimeoutError {
  readonly last: T;
  readonly waitedMs: number;
  constructor(last: T, waitedMs: number) {
    super('The operation did not end in time');
    this.last = last;
    this.waitedMs = waitedMs;
    this.name = 'PollTimeoutError';
  }
}

/**
 * A long-running operation as a small state machine: initial state → (wait, poll)* → terminal. The wait is
 * the service's Retry-After, else the poll interval, and never runs past the deadline.
 */
export async function pollUntilDone<T>(options: PollOptions<T>): Promise<PollResult<T>> {
  const { clock, signal, deadline } = options;
  const started = clock.now();
  const changed = options.changed ?? ((a, b) => options.statusOf(a) !== options.statusOf(b));
  let polls = 0;
  // A cancelled job sends nothing more, not even the first poll.
  signal?.throwIfAborted();
  let state = options.initial ?? (polls++, await options.poll());
  options.onProgress?.(state.value, clock.now() - started);
  for (;;) {
    const outcome = options.stateOf?.(state.value) ?? classifyStatus(options.statusOf(state.value));
    if (outcome !== 'running') return { value: state.value, outcome, polls };
    const now = clock.now();
    if (now >= deadline) throw new PollTimeoutError(state.value, now - started);
    await clock.sleep(
      Math.min(scaledRetryAfter(state.retryAfterMs) ?? options.pollIntervalMs, deadline - now),
      signal,
    );
    const next = await options.poll();
    polls++;
    if (changed(state.value, next.value)) options.onProgress?.(next.value, clock.now() - started);
    state = next;
  }
}

/**
 * The tests that run the bundles scale the Retry-After waited between polls (`__tests__/helpers/fast-polls.mjs`,
 * loaded with `node --import`), so a suite's hundred polls at the service's 1 s do not wait minutes; what is
 * logged and counted is the Retry-After as read. Only code already running in the process can set this global.
 */
const RETRY_AFTER_SCALE_OVERRIDE = Symbol.for('vendor-ops.tests.poll-retry-after-scale');

function scaledRetryAfter(ms: number | undefined): number | undefined {
  const scale = (globalThis as Record<symbol, unknown>)[RETRY_AFTER_SCALE_OVERRIDE];
  return ms !== undefined && typeof scale === 'number' && scale > 0 && scale < 1 ? ms * scale : ms;
}

/** How a wait ended: the operation's own end, or the wait's (timed out, cancelled, could not read: `error`). */
export type PollEndKind = 'succeeded' | 'failed' | 'timeout' | 'cancelled' | 'error';

export interface PollEnd<T> {
  kind: PollEndKind;
  /** The last state seen, where any was. */
  last?: T;
  /** Why the wait ended other than by the operation's end. */
  error?: unknown;
}

/**
 * The one polling loop of the house, with a classified end instead of a throw: pollUntilDone, where a
 * cancellation is `cancelled` (the adapter aborts the signal on SIGTERM: whatever then breaks is the
 * cancellation), the deadline or a request that failed because the wait ran out is `timeout`, and any other
 * failure to read is `error`. Operations, instance settling and synchronizations all wait through it.
 */
export async function pollToEnd<T>(options: PollOptions<T>): Promise<PollEnd<T>> {
  let last = options.initial?.value;
  try {
    const result = await pollUntilDone<T>({
      ...options,
      poll: async () => {
        const next = await options.poll();
        last = next.value;
        return next;
      },
    });
    return { kind: result.outcome, last: result.value };
  } catch (error) {
    if (options.signal?.aborted) return { kind: 'cancelled', last, error };
    if (error instanceof PollTimeoutError || waitingFailed(error, options))
      return { kind: 'timeout', last, error };
    return { kind: 'error', last, error };
  }
}

/**
 * A request of a wait that failed because the wait ran out rather than because the service said no: it failed at
 * or after the deadline (a poll hanging until the request timeout cut it off), or the client would have tried it
 * again but only after the deadline (`pastDeadline`: a 429 whose Retry-After passes it, a 503 or 500 whose next
 * try would). The operation may still be running: it stays resumable.
 */
function waitingFailed(error: unknown, terms: { clock: Clock; deadline: number }): boolean {
  if (terms.clock.now() >= terms.deadline) return true;
  return error instanceof ServiceError && error.pastDeadline;
}
