import { PollTimeoutError, pollToEnd } from '../../client/arm/lro.js';
import { parseBody, type HttpClient } from '../../client/http.js';
import { parseRetryAfter } from '../../client/retry.js';
import { isOneOf, sameStatus } from '../../client/status.js';
import { erpVirtualInstance } from '../../client/schemas/erp.js';
import type { OperationContext } from '../types.js';
import type { InstanceState } from './target-result.js';
import { SETTLING } from './verbs.js';

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

function isSettling(status: string | undefined): boolean {
  return isOneOf(status, SETTLING);
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
async function followStatus(
  client: HttpClient,
  url: URL,
  ctx: OperationContext,
  onChange: (state: InstanceState) => void,
  first?: InstanceState,
): Promise<Settled> {
  const ended = await pollToEnd<InstanceState>({
    ...readsOf(client, url, ctx, first),
    deadline: ctx.deadline,
    stateOf: (state) => (isSettling(state.status) ? 'running' : 'succeeded'),
    onProgress: onChange,
  });
  return { ...ended, kind: ended.kind === 'succeeded' || ended.kind === 'failed' ? 'settled' : ended.kind };
}

/** The reads of one instance as the polling loop takes them: each with its Retry-After. */
function readsOf(client: HttpClient, url: URL, ctx: OperationContext, first?: InstanceState) {
  const retryAfterOf = (state: InstanceState) =>
    parseRetryAfter(state.response.headers['retry-after'], ctx.clock.now());
  return {
    clock: ctx.clock,
    signal: ctx.signal,
    pollIntervalMs: ctx.pollIntervalMs,
    initial: first && { value: first, retryAfterMs: retryAfterOf(first) },
    poll: async () => {
      const state = await readInstance(client, url);
      return { value: state, retryAfterMs: retryAfterOf(state) };
    },
    statusOf: (state: InstanceState) => state.status,
  };
}

/** The settle window: how long a read still at the start state is the status lagging, not yet a verdict. */
const SETTLE_WINDOW_MS = 30_000;

/**
 * The tests that run the bundles shorten the window (`__tests__/helpers/fast-polls.mjs`, as they lower the poll
 * floor), so that a case where the service did not act does not wait 30 s of real time; unit tests keep 30 s on
 * a virtual clock. Only code already running in the process can set this global.
 */
const SETTLE_WINDOW_OVERRIDE = Symbol.for('vendor-ops.tests.settle-window-ms');

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
  /** Told once where a read is still at the start state and the settle window begins; none: nothing said. */
  onLag?: (state: InstanceState) => void;
  /** A read already made; without it the first read goes out at once. */
  first?: InstanceState;
}

/**
 * Reads the instance again at poll-interval (or the read's Retry-After) while it is still at the start state, for
 * up to the settle window and within the deadline: the status lags the operation. The end of the window is no
 * failure (`timeout` with a PollTimeoutError): the last read is then the verdict.
 */
async function pastLag(watch: InstanceWatch): Promise<Settled & { windowOver: boolean }> {
  const { client, url, ctx, startState } = watch;
  let lagged = false;
  const ended = await pollToEnd<InstanceState>({
    ...readsOf(client, url, ctx, watch.first),
    deadline: Math.min(ctx.clock.now() + settleWindowMs(), ctx.deadline),
    stateOf: (state) => (sameStatus(state.status, startState) ? 'running' : 'succeeded'),
    onProgress: (state) => {
      if (!lagged && sameStatus(state.status, startState)) watch.onLag?.(state);
      lagged ||= sameStatus(state.status, startState);
    },
  });
  if (lagged && ended.last) watch.onRead(ended.last);
  const windowOver = ended.kind === 'timeout' && ended.error instanceof PollTimeoutError;
  const kind = ended.kind === 'succeeded' || ended.kind === 'failed' ? 'settled' : ended.kind;
  return { ...ended, kind, windowOver };
}

/** The read after a change of unknown effect, past the status lag: throws where the reads fail. */
export async function readPastLag(watch: InstanceWatch): Promise<InstanceState> {
  const ended = await pastLag(watch);
  if ((ended.kind === 'settled' || ended.windowOver) && ended.last) return ended.last;
  throw ended.error;
}

/**
 * Follows the instance's status to its end (followStatus), and where it ends still at the start state (where one
 * is given: not where the start state is the end, as for a snooze of an Offline instance), reads it again within
 * the settle window and follows it on if it moves: a lagging status is not a verdict.
 */
export async function followToEnd(
  watch: Omit<InstanceWatch, 'startState'> & { startState?: string },
): Promise<Settled> {
  const { client, url, ctx, startState, onRead } = watch;
  const settled = await followStatus(client, url, ctx, onRead, watch.first);
  const last = settled.last;
  if (settled.kind !== 'settled' || !last || !startState || !sameStatus(last.status, startState))
    return settled;
  const lag = await pastLag({ ...watch, startState, first: last });
  if (lag.windowOver && ctx.clock.now() < ctx.deadline) return { kind: 'settled', last: lag.last };
  if (lag.kind !== 'settled' || !isSettling(lag.last?.status)) return lag;
  return followStatus(client, url, ctx, onRead, lag.last);
}
