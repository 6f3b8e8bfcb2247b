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
    if (ctx.signal?.aborted) return { kind: 'cancelled', last, error };
    if (error instanceof PollTimeoutError || waitingFailed(error, ctx))
      return { kind: 'timeout', last, error };
    return { kind: 'error', last, error };
  }
}
