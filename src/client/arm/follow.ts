import type { HttpClient, HttpResponse } from '../http.js';
import { pollToEnd, type PollEndKind, type WaitTerms } from './lro.js';
import { parseRetryAfter } from '../retry.js';
import type { OperationStatusResult } from '../schemas/erp.js';
import { redactQuery, resolveOnOrigin } from '../url.js';
import { movedTo, pollingLinkOf, readAnswer, type PollAnswer, type PollingMode } from './polling.js';

/** What a response of the operation said (its status result and state), with the response itself (ids, Retry-After). */
export interface Seen extends PollAnswer {
  response: HttpResponse;
}

export type FollowKind = PollEndKind;

export interface Followed {
  kind: FollowKind;
  /** The last state seen, where any was. */
  last?: Seen;
  error?: unknown;
  /** The newest polling URL the service gave: where a resumed wait goes on. */
  pollingUrl: string;
}

export type { WaitTerms } from './lro.js';

export interface FollowOptions {
  client: HttpClient;
  terms: WaitTerms;
  /** Told of the first answer and of each that changed the status or the percent complete. */
  onProgress: (body: OperationStatusResult) => void;
  /** Where the debug lines go (a new polling URL). */
  debug?: (line: string) => void;
  /** Absolute and already checked to be on the client's origin (`send` checks again). */
  pollingUrl: string;
  /** Which header gave the URL: it decides how the answers are read. */
  mode: PollingMode;
  /** The state the first response gave; without it the first poll goes out at once (a resumed wait). */
  initial?: Seen;
}

/**
 * Polls one operation until it ends, the deadline passes or the job is cancelled: one log line per status
 * change, never an extra poll (1 + ceil(T / r) requests for an operation of T seconds with Retry-After r).
 * Each answer that carries a new polling URL moves the poller there (same origin only): the older URL may
 * have expired.
 */
export async function followOperation(options: FollowOptions): Promise<Followed> {
  const { client, terms: ctx } = options;
  let last = options.initial;
  let pollingUrl = options.pollingUrl;
  let mode = options.mode;
  const retryAfterOf = (response: HttpResponse) =>
    parseRetryAfter(response.headers['retry-after'], ctx.clock.now());
  const ended = await pollToEnd<Seen>({
    clock: ctx.clock,
    signal: ctx.signal,
    deadline: ctx.deadline,
    pollIntervalMs: ctx.pollIntervalMs,
    initial: last && { value: last, retryAfterMs: retryAfterOf(last.response) },
    poll: async () => {
      const response = await client.send({ method: 'GET', url: pollingUrl, what: 'polling URL' });
      last = { ...readAnswer(response, mode, 'operation status'), response };
      const moved = movedTo(response, mode, last.state);
      if (moved) {
        const next = resolveOnOrigin(moved.link, client.origin, 'polling URL').href;
        if (next !== pollingUrl) options.debug?.(`polling URL now ${redactQuery(next)}`);
        pollingUrl = next;
        mode = moved.mode;
      }
      return { value: last, retryAfterMs: retryAfterOf(response) };
    },
    statusOf: (seen) => seen.body.status,
    stateOf: (seen) => seen.state,
    // A 202 without a body says nothing yet: the "stop accepted" line already told it.
    onProgress: ({ body }) => {
      if (body.status != null || body.percentComplete != null) options.onProgress(body);
    },
  });
  // `last` rather than the end's: a poll that failed after a newer answer keeps what was last seen.
  return { kind: ended.kind, last, error: ended.error, pollingUrl };
}

/**
 * The first answer of a long-running operation (the POST's own), read as @azure/core-lro reads it: a 200 whose
 * status result has ended is the end; a 202, whatever its body says, and a 200 still running are followed at the
 * polling URL its header gives (vendor-AsyncOperation, else Location; on the client's origin only), in that
 * header's mode. No header to follow is an error naming what the answer was.
 */
export type FirstAnswer =
  { kind: 'ended'; seen: Seen } | { kind: 'running'; seen: Seen; pollingUrl: string; mode: PollingMode };

export function readFirstAnswer(response: HttpResponse, origin: string, what: string): FirstAnswer {
  const answer = readAnswer(response, 'async', what);
  if (response.status !== 202 && answer.state !== 'running') {
    return { kind: 'ended', seen: { ...answer, response } };
  }
  // A 202 is followed whatever its body says: the operation is what decides.
  const seen: Seen = { body: answer.state === 'running' ? answer.body : {}, state: 'running', response };
  const link = pollingLinkOf(response);
  if (!link) {
    throw new Error(
      response.status === 202
        ? 'the service answered 202 Accepted without a vendor-AsyncOperation or Location header, so there is no operation to follow'
        : `the service answered ${response.status} with the running status '${seen.body.status ?? 'none'}' but without a vendor-AsyncOperation or Location header to follow`,
    );
  }
  const pollingUrl = resolveOnOrigin(link.link, origin, 'polling URL').href;
  return { kind: 'running', seen, pollingUrl, mode: link.mode };
}
