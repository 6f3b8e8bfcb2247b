import { randomUUID } from 'node:crypto';
import { ServiceError } from './errors.js';
import { WaitPastDeadline, isDeadline } from './deadline.js';
import { PlannedChange, plannedRequest } from './dry-run.js';
import {
  deadlineFailure,
  describeNetworkError,
  heldPastDeadline,
  networkError,
  noAnswer,
} from './failures.js';
import { backoffDelay, isRetryableNetworkError, neverReachedService, type RetryPolicy } from './retry.js';
import { resolveOnOrigin } from './url.js';
import { intentOf, type HttpClientOptions, type HttpRequest } from './request.js';

/**
 * One logical request (an exchange) of the HttpClient: what each of its attempts shares, made once before the
 * first, and an attempt that got no answer, thrown as what it is or retried where it provably did not arrive.
 */

/** What an exchange needs of its client (HttpClient): its options, its retry policy and its cancellation budget. */
export interface ExchangeRules {
  readonly origin: string;
  readonly options: HttpClientOptions;
  readonly retry: RetryPolicy;
  readonly cancelGraceMs: number;
  readonly afterCancelBudget?: AbortSignal;
  retrying(req: HttpRequest, url: URL, waitMs: number, after: string): void;
  withinDeadline(wait: number): boolean;
}

/** One logical request: what each of its attempts shares. */
export interface Exchange {
  req: HttpRequest;
  url: URL;
  change: boolean;
  clientRequestId?: string;
  /** The job's cancellation, or for a request sent after it, the cancellation's budget. */
  signal?: AbortSignal;
  /** The credential has been refreshed once after a 401. */
  refreshed: boolean;
}

/** A change whose answer was lost or failed in a way that may follow its arrival: it may have acted. */
export function effectUnknown({ clientRequestId }: Exchange, error: ServiceError): ServiceError {
  return new ServiceError({ ...error.init, effectUnknown: true, clientRequestId });
}

/** What every attempt of one request shares; a change is refused here in a dry run. */
export function exchangeOf(client: ExchangeRules, req: HttpRequest): Exchange {
  const url = resolveOnOrigin(String(req.url), client.origin, req.what ?? 'URL');
  const change = intentOf(req) === 'change';
  // The one place a dry run is kept: no operation can send a change by forgetting to check.
  if (change && client.options.dryRun) throw new PlannedChange(plannedRequest(req.method, url, req.json));
  // One id for the logical request, the same on each of its retries: the service (and its owner) can tell a
  // retry from a second request, and a failure names it.
  const clientRequestId = change
    ? (req.clientRequestId ?? (client.options.randomUUID ?? randomUUID)())
    : undefined;
  const signal = req.afterCancel
    ? (client.afterCancelBudget ?? AbortSignal.timeout(client.cancelGraceMs))
    : client.options.signal;
  return { req, url, change, clientRequestId, signal, refreshed: false };
}

/** No answer came: thrown as what it is, or retried (undefined, once waited) where it provably did not arrive. */
export async function unanswered(
  client: ExchangeRules,
  exchange: Exchange,
  error: unknown,
  at: { attempt: number; sent: boolean; cut?: AbortSignal; inFlight?: AbortSignal },
): Promise<undefined> {
  const { req, url, change, clientRequestId, signal } = exchange;
  if (error instanceof WaitPastDeadline) throw heldPastDeadline(req, url, error, clientRequestId);
  if (isDeadline(error, at.cut)) throw deadlineFailure(req, url, { sent: at.sent, change, clientRequestId });
  // Sent, and no answer came (a sign-in failure or an oversized answer is not that: nothing or all came).
  if (change && at.sent && !(error instanceof ServiceError) && !neverReachedService(error)) {
    // It may have reached the service: sending it again could act twice (a second stop meets a 409).
    throw effectUnknown(
      exchange,
      noAnswer(req, url, error, at.inFlight?.aborted === true, client.cancelGraceMs),
    );
  }
  const wait = backoffDelay(client.retry, at.attempt);
  const retryable = change ? neverReachedService(error) : isRetryableNetworkError(error);
  if (at.attempt < client.retry.attempts && retryable && !signal?.aborted && client.withinDeadline(wait)) {
    client.retrying(req, url, wait, describeNetworkError(error));
    await client.options.clock.sleep(wait, signal);
    return undefined;
  }
  const failure = networkError(req, url, error);
  throw failure instanceof ServiceError && clientRequestId && !failure.signIn
    ? new ServiceError({ ...failure.init, clientRequestId })
    : failure;
}
