import type { HttpClient, HttpResponse } from '../../client/http.js';
import { parseBody } from '../../client/http.js';
import { PollTimeoutError, pollUntilDone } from '../../client/lro.js';
import { parseRetryAfter } from '../../client/retry.js';
import { operationStatusResult, type OperationStatusResult } from '../../client/schemas/erp.js';
import type { OperationContext } from '../types.js';
import { formatDuration, type InstanceLog } from './progress.js';

/** What a response that carries a status said, with the response itself (its ids, its Retry-After). */
export interface Seen {
  body: OperationStatusResult;
  response: HttpResponse;
}

export type FollowKind = 'succeeded' | 'failed' | 'timeout' | 'cancelled' | 'error';

export interface Followed {
  kind: FollowKind;
  /** The last state seen, where any was. */
  last?: Seen;
  error?: unknown;
}

/** The polling URL of a long-running operation: `vendor-AsyncOperation`, else `Location` (names in any case). */
export function pollingLinkOf(response: HttpResponse): string | undefined {
  return response.headers['vendor-asyncoperation'] || response.headers['location'] || undefined;
}

/**
 * An operation status result from a response. A 202 may come without a body (the spec does not show one), so
 * an empty or unreadable 202 body is "no status yet"; any other response must carry the shape.
 */
export function readStatus(response: HttpResponse, what: string): OperationStatusResult {
  if (response.status === 202) {
    if (response.text.trim() === '') return {};
    try {
      return parseBody(response, operationStatusResult, what);
    } catch {
      return {};
    }
  }
  return parseBody(response, operationStatusResult, what);
}

export interface FollowOptions {
  client: HttpClient;
  ctx: OperationContext;
  log: InstanceLog;
  /** Absolute and already checked to be on the client's origin (`send` checks again). */
  pollingUrl: string;
  /** The state the first response gave; without it the first poll goes out at once (a resumed wait). */
  initial?: Seen;
  /** When the work began, for the elapsed time in progress lines. */
  startedAt: number;
}

/**
 * Polls one operation until it ends, the deadline passes or the job is cancelled: one log line per status
 * change, never an extra poll (1 + ceil(T / r) requests for an operation of T seconds with Retry-After r).
 */
export async function followOperation(options: FollowOptions): Promise<Followed> {
  const { client, ctx, log } = options;
  let last = options.initial;
  const retryAfterOf = (response: HttpResponse) =>
    parseRetryAfter(response.headers['retry-after'], ctx.clock.now());
  try {
    const result = await pollUntilDone<OperationStatusResult>({
      clock: ctx.clock,
      signal: ctx.signal,
      deadline: ctx.deadline,
      pollIntervalMs: ctx.pollIntervalMs,
      initial: last && { value: last.body, retryAfterMs: retryAfterOf(last.response) },
      poll: async () => {
        const response = await client.send({ method: 'GET', url: options.pollingUrl, what: 'polling URL' });
        const body = readStatus(response, 'operation status');
        last = { body, response };
        return { value: body, retryAfterMs: retryAfterOf(response) };
      },
      statusOf: (body) => body.status,
      // A 202 without a body says nothing yet: the "stop accepted" line already told it.
      onProgress: (body) => {
        if (body.status != null || body.percentComplete != null) {
          log.info(progressLine(body, ctx.clock.now() - options.startedAt));
        }
      },
    });
    return { kind: result.outcome, last };
  } catch (error) {
    // The adapter aborts the signal on SIGTERM: whatever then breaks (a sleep, a request) is the cancellation.
    if (ctx.signal?.aborted) return { kind: 'cancelled', last, error };
    if (error instanceof PollTimeoutError) return { kind: 'timeout', last, error };
    return { kind: 'error', last, error };
  }
}

export function progressLine(body: OperationStatusResult, elapsedMs: number): string {
  const percent = typeof body.percentComplete === 'number' ? `, ${body.percentComplete}% complete` : '';
  return `${body.status ?? 'no status yet'}${percent} (elapsed ${formatDuration(elapsedMs)})`;
}
