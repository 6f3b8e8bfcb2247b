import { waitingFailed } from '../../client/arm/follow.js';
import { PollTimeoutError, pollUntilDone } from '../../client/arm/lro.js';
import { parseBody, type HttpClient, type HttpResponse } from '../../client/http.js';
import { parseRetryAfter } from '../../client/retry.js';
import { erpVirtualInstance } from '../../client/schemas/erp.js';
import type { OperationContext } from '../types.js';

/** What one read of an instance (C0) said. */
export interface InstanceState {
  /** `properties.status`: Running, Offline, Stopping, … (new values may appear). */
  status?: string;
  health?: string;
  response: HttpResponse;
}

/** C0: the instance as it is now. */
export async function readInstance(client: HttpClient, url: URL): Promise<InstanceState> {
  const response = await client.send({ method: 'GET', url, what: 'erp virtual instance' });
  const body = parseBody(response, erpVirtualInstance, 'erp virtual instance');
  return {
    status: body.properties?.status ?? undefined,
    health: body.properties?.health ?? undefined,
    response,
  };
}

/** Statuses compare case-insensitively (the contract's rule). */
export function sameStatus(a: string | undefined, b: string): boolean {
  return a?.toLowerCase() === b.toLowerCase();
}

/** The statuses an instance passes through on its way to the end of a stop or start: still settling. */
const SETTLING = ['starting', 'stopping', 'softshutdown'];

export function isSettling(status: string | undefined): boolean {
  return SETTLING.includes(status?.toLowerCase() ?? '');
}

export type SettleKind = 'settled' | 'timeout' | 'cancelled' | 'error';

export interface Settled {
  kind: SettleKind;
  last?: InstanceState;
  error?: unknown;
}

/**
 * Reads the instance while it is Starting, Stopping or SoftShutdown, at poll-interval or the read's Retry-After,
 * within the step's deadline: the status lags the operation. `first`: a read already made (the wait starts from
 * it); without it the first read goes out at once. One `onChange` per status seen.
 */
export async function followStatus(
  client: HttpClient,
  url: URL,
  ctx: OperationContext,
  onChange: (state: InstanceState) => void,
  first?: InstanceState,
): Promise<Settled> {
  let last = first;
  const retryAfterOf = (state: InstanceState) =>
    parseRetryAfter(state.response.headers['retry-after'], ctx.clock.now());
  try {
    const result = await pollUntilDone<InstanceState>({
      clock: ctx.clock,
      signal: ctx.signal,
      deadline: ctx.deadline,
      pollIntervalMs: ctx.pollIntervalMs,
      initial: first && { value: first, retryAfterMs: retryAfterOf(first) },
      poll: async () => {
        last = await readInstance(client, url);
        return { value: last, retryAfterMs: retryAfterOf(last) };
      },
      statusOf: (state) => state.status,
      stateOf: (state) => (isSettling(state.status) ? 'running' : 'succeeded'),
      onProgress: onChange,
    });
    return { kind: 'settled', last: result.value };
  } catch (error) {
    return failedWait(error, last, ctx);
  }
}

/** How a wait on the instance ended that did not settle: cancelled, timed out, or a read that failed. */
function failedWait(error: unknown, last: InstanceState | undefined, ctx: OperationContext): Settled {
  if (ctx.signal?.aborted) return { kind: 'cancelled', last, error };
  if (error instanceof PollTimeoutError || waitingFailed(error, ctx)) return { kind: 'timeout', last, error };
  return { kind: 'error', last, error };
}

/** The settle window: how long a read still at the start state is the status lagging, not yet a verdict. */
export const SETTLE_WINDOW_MS = 30_000;

/**
 * The tests that run the bundles shorten the window (`__tests__/helpers/fast-polls.mjs`, as they lower the poll
 * floor), so that a case where the service did not act does not wait 30 s of real time; unit tests keep 30 s on
 * a virtual clock. Only code already running in the process can set this global.
 */
export const SETTLE_WINDOW_OVERRIDE = Symbol.for('vendor-ops.tests.settle-window-ms');

export function settleWindowMs(): number {
  const shortened = (globalThis as Record<symbol, unknown>)[SETTLE_WINDOW_OVERRIDE];
  return typeof shortened === 'number' && shortened > 0 ? shortened : SETTLE_WINDOW_MS;
}

interface InstanceWatch {
  client: HttpClient;
  url: URL;
  ctx: OperationContext;
  /** The status before the stop or start: a read still there proves nothing yet. */
  startState: string;
  onRead: (state: InstanceState) => void;
  /** Told once where a read is still at the start state and the settle window begins. */
  onLag: (state: InstanceState) => void;
}

/**
 * Reads the instance again at poll-interval (or the read's Retry-After) while it is still at the start state, for
 * up to the settle window and within the deadline: the status lags the operation. Returns the last read.
 */
export async function readPastLag(watch: InstanceWatch & { first?: InstanceState }): Promise<InstanceState> {
  const { client, url, ctx, startState } = watch;
  let last = watch.first ?? (await readInstance(client, url));
  const until = Math.min(ctx.clock.now() + settleWindowMs(), ctx.deadline);
  let said = false;
  while (sameStatus(last.status, startState)) {
    const wait = parseRetryAfter(last.response.headers['retry-after'], ctx.clock.now()) ?? ctx.pollIntervalMs;
    if (ctx.clock.now() + wait > until) break;
    if (!said) {
      watch.onLag(last);
      said = true;
    }
    await ctx.clock.sleep(wait, ctx.signal);
    last = await readInstance(client, url);
  }
  if (said) watch.onRead(last);
  return last;
}

/**
 * Follows the instance's status to its end (followStatus), and where it ends still at the start state (where one
 * is given: not where the start state is the end, as for a snooze of an Offline instance), reads it
 * again within the settle window and follows it on if it moves: a lagging status is not a verdict.
 */
export async function followToEnd(
  watch: Omit<InstanceWatch, 'startState'> & { startState?: string; first?: InstanceState },
): Promise<Settled> {
  const { client, url, ctx, startState, onRead } = watch;
  const settled = await followStatus(client, url, ctx, onRead, watch.first);
  const last = settled.last;
  if (settled.kind !== 'settled' || !last || !startState || !sameStatus(last.status, startState))
    return settled;
  let moved = last;
  try {
    moved = await readPastLag({ ...watch, startState, first: last });
  } catch (error) {
    return failedWait(error, moved, ctx);
  }
  if (!isSettling(moved.status)) return { kind: 'settled', last: moved };
  return followStatus(client, url, ctx, onRead, moved);
}
