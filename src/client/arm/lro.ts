import type { Clock } from '../clock.js';
import { TimeoutError } from '../errors.js';
import { classifyStatus, type StatusClass } from '../status.js';

export interface PollState<T> {
  value: T;
  /** The service's Retry-After, already parsed and clamped. */
  retryAfterMs?: number;
}

export interface PollOptions<T> {
  clock: Clock;
  signal?: AbortSignal;
  /** Absolute time (clock ms) after which no further poll starts. */
  deadline: number;
  pollIntervalMs: number;
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
    await clock.sleep(Math.min(state.retryAfterMs ?? options.pollIntervalMs, deadline - now), signal);
    const next = await options.poll();
    polls++;
    if (changed(state.value, next.value)) options.onProgress?.(next.value, clock.now() - started);
    state = next;
  }
}
