import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ServiceError } from './errors.js';
import {
  WaitPastDeadline,
  budgetAfter,
  deadlineSignal,
  eitherSignal,
  isDeadline,
  timeLeft,
} from './deadline.js';
import { PlannedChange, plannedRequest } from './dry-run.js';
import { contentLengthOf, flattenHeaders, readCapped } from './body.js';
import { parseErrorBody } from './error-body.js';
import {
  deadlineFailure,
  describeNetworkError,
  heldPastDeadline,
  networkError,
  noAnswer,
} from './failures.js';
import { OriginGate } from './gate.js';
import {
  backoffDelay,
  defaultRetryPolicy,
  formatWait,
  isRetryableNetworkError,
  neverReachedService,
  parseRetryAfter,
  RETRYABLE_STATUSES,
  withJitter,
  type RetryPolicy,
} from './retry.js';
import type { HttpResponse } from './response.js';
import { redactQuery, resolveOnOrigin } from './url.js';
import { AFTER_CANCEL_LIMIT_MS, intentOf, type HttpClientOptions, type HttpRequest } from './request.js';

export type { HttpResponse };
export { parseBody } from './body.js';
export type { Credential, HttpClientOptions, HttpRequest } from './request.js';
export { AFTER_CANCEL_LIMIT_MS, intentOf } from './request.js';

const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** An HTTP client pinned to one origin, with retries, Retry-After, a response cap and one error type. */
export class HttpClient {
  readonly origin: string;
  private readonly options: HttpClientOptions;
  private readonly retry: RetryPolicy;
  /** Requests sent, retries included: the benchmark and tests count them. */
  requestCount = 0;
  /** A request has succeeded: the credential was good then. */
  private accepted = false;
  /** Every request of this client passes it: after a 429, all of them wait (every instance of a fan-out). */
  private readonly gate: OriginGate;
  private readonly cancelGraceMs: number;
  /** Aborted `cancelGraceMs` after the job's cancellation: every request still allowed after it ends by then. */
  private readonly afterCancelBudget?: AbortSignal;

  constructor(options: HttpClientOptions) {
    this.options = options;
    this.origin = options.origin;
    this.retry = options.retry ?? defaultRetryPolicy;
    this.gate = new OriginGate(options.clock, this.retry.random, options.deadline);
    this.cancelGraceMs = options.cancelGraceMs ?? AFTER_CANCEL_LIMIT_MS;
    this.afterCancelBudget = options.signal && budgetAfter(options.signal, this.cancelGraceMs);
  }

  async send(req: HttpRequest): Promise<HttpResponse> {
    const url = resolveOnOrigin(String(req.url), this.origin, req.what ?? 'URL');
    const { clock } = this.options;
    const change = intentOf(req) === 'change';
    // The one place a dry run is kept: no operation can send a change by forgetting to check.
    if (change && this.options.dryRun) throw new PlannedChange(plannedRequest(req.method, url, req.json));
    // One id for the logical request, the same on each of its retries: the service (and its owner) can tell a
    // retry from a second request, and a failure names it.
    const clientRequestId = change
      ? (req.clientRequestId ?? (this.options.randomUUID ?? randomUUID)())
      : undefined;
    const signal = req.afterCancel
      ? (this.afterCancelBudget ?? AbortSignal.timeout(this.cancelGraceMs))
      : this.options.signal;
    const unknown = (error: ServiceError) =>
      new ServiceError({ ...error.init, effectUnknown: true, clientRequestId });
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      // A cancelled job starts nothing new, and never a retry.
      signal?.throwIfAborted();
      let response: HttpResponse;
      // A request that changes something, once sent, is given time for its answer after a cancellation, so an
      // operation the service accepted is not lost; a read is cut at once.
      const inFlight = change && !req.afterCancel ? this.afterCancelBudget : undefined;
      const progress = { sent: false };
      // The step's timeout bounds the gate, the sign-in and the request itself (its own timeout cut to the time
      // left); a request sent after the cancellation has the cancellation's budget instead.
      const left = req.afterCancel ? Infinity : timeLeft(clock, this.options.deadline);
      if (left <= 0) throw deadlineFailure(req, url, { sent: false, change, clientRequestId });
      const cut = deadlineSignal(left);
      // One composite signal where both would be alike (every read): each costs listeners on the job's signal.
      const waiting = eitherSignal(signal, cut.signal);
      const sending = inFlight ? eitherSignal(inFlight, cut.signal) : waiting;
      try {
        response = await this.gate.pass(
          () => this.once(req, url, sending, clientRequestId, progress),
          (r) => (r.status === 429 ? this.retryAfterOf(r, attempt) : undefined),
          waiting,
          change,
        );
      } catch (error) {
        if (error instanceof WaitPastDeadline) throw heldPastDeadline(req, url, error, clientRequestId);
        if (isDeadline(error, cut.signal)) {
          throw deadlineFailure(req, url, { sent: progress.sent, change, clientRequestId });
        }
        // Sent, and no answer came (a sign-in failure or an oversized answer is not that: nothing or all came).
        if (change && progress.sent && !(error instanceof ServiceError) && !neverReachedService(error)) {
          // It may have reached the service: sending it again could act twice (a second stop meets a 409).
          throw unknown(noAnswer(req, url, error, inFlight?.aborted === true, this.cancelGraceMs));
        }
        const wait = backoffDelay(this.retry, attempt);
        const retryable = change ? neverReachedService(error) : isRetryableNetworkError(error);
        if (attempt < this.retry.attempts && retryable && !signal?.aborted && this.withinDeadline(wait)) {
          this.retrying(req, url, wait, describeNetworkError(error));
          await clock.sleep(wait, signal);
          continue;
        }
        const failure = networkError(req, url, error);
        throw failure instanceof ServiceError && clientRequestId && !failure.signIn
          ? new ServiceError({ ...failure.init, clientRequestId })
          : failure;
      } finally {
        cut.dispose();
      }
      this.options.onResponse?.(response);
      const ok = req.ok ?? ((s: number) => s >= 200 && s < 300);
      if (ok(response.status)) {
        this.accepted = true;
        return response;
      }
      if (response.status === 401 && this.options.credential?.refresh && !refreshed) {
        // A token can be revoked or expire early; one fresh token is worth one more try.
        refreshed = true;
        this.options.credential.refresh();
        continue;
      }
      const error = new ServiceError({
        ...parseErrorBody(response, `${req.method} ${url.pathname}`).init,
        clientRequestId,
      });
      // The service declined it and says when to come back: retried until the deadline, not a fixed number of
      // times, so a throttled fleet slows down instead of failing.
      const throttled =
        response.status === 429 || (response.status === 503 && response.headers['retry-after'] !== undefined);
      if (throttled) {
        const wait = withJitter(this.retryAfterOf(response, attempt), this.retry.random);
        const more = this.options.deadline !== undefined || attempt < this.retry.attempts;
        if (more && this.withinDeadline(wait)) {
          this.retrying(req, url, wait, `HTTP ${response.status}`);
          // After a 429 the gate holds this request with every other; a 503 waits on its own.
          if (response.status !== 429) await clock.sleep(wait, signal);
          continue;
        }
        throw new ServiceError({
          ...error.init,
          pastDeadline: more,
          hint: more
            ? `The next try would be in ${formatWait(wait)}, after the step's timeout.`
            : `Given up after ${attempt} attempts.`,
        });
      }
      if (RETRYABLE_STATUSES.has(response.status)) {
        if (change) throw unknown(error);
        const wait =
          parseRetryAfter(response.headers['retry-after'], clock.now()) ?? backoffDelay(this.retry, attempt);
        const retryable = attempt < this.retry.attempts;
        if (retryable && this.withinDeadline(wait)) {
          this.retrying(req, url, wait, `HTTP ${response.status}`);
          await clock.sleep(wait, signal);
          continue;
        }
        if (retryable) {
          throw new ServiceError({
            ...error.init,
            pastDeadline: true,
            hint: `The next try would be in ${formatWait(wait)}, after the step's timeout.`,
          });
        }
      }
      const hint =
        req.hint?.(error) ??
        (response.status === 401 ? this.options.credential?.unauthorized?.(error, this.accepted) : undefined);
      throw hint ? error.withHint(hint) : error;
    }
  }

  /**
   * Obtains the credential's token now, within the deadline and the cancellation: a dry run that reads nothing
   * else still signs in, so it fails where the real run would fail at sign-in. A static token has nothing to get.
   */
  async signIn(): Promise<void> {
    const cut = deadlineSignal(timeLeft(this.options.clock, this.options.deadline));
    try {
      await this.options.credential?.headers(eitherSignal(this.options.signal, cut.signal));
    } finally {
      cut.dispose();
    }
  }

  /** The wait a throttled answer asks for: its Retry-After, else the backoff. */
  private retryAfterOf(response: HttpResponse, attempt: number): number {
    return (
      parseRetryAfter(response.headers['retry-after'], this.options.clock.now()) ??
      backoffDelay(this.retry, attempt)
    );
  }

  /** Each retry is one line a user sees (`retrying in 2 s after HTTP 503`), not only a debug line. */
  private retrying(req: HttpRequest, url: URL, waitMs: number, after: string): void {
    const line = `${req.method} ${redactQuery(url.origin + url.pathname)}: retrying in ${formatWait(waitMs)} after ${after}`;
    (this.options.onRetry ?? this.options.debug)?.(line);
  }

  private async once(
    req: HttpRequest,
    url: URL,
    signal: AbortSignal | undefined,
    clientRequestId: string | undefined,
    progress: { sent: boolean },
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? 'vendor-ops-action',
      ...(await this.options.credential?.headers(signal)),
    };
    if (clientRequestId) headers['x-vendor-client-request-id'] = clientRequestId;
    let body: string | undefined;
    if (req.form) {
      body = new URLSearchParams(req.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] = 'application/json';
    } else if (req.method !== 'GET' && req.method !== 'DELETE') {
      headers['content-length'] = '0';
    }
    // undici frees a keep-alive socket a turn after its answer completed, so a request sent at once after an answer
    // (a stop after its read) finds none free and opens another connection (docs/benchmark.md, the fan-out).
    await nextTurn();
    this.requestCount++;
    signal?.throwIfAborted();
    // A wait for the token may end after the job's cancellation: nothing new leaves then, not even a change.
    if (!req.afterCancel) this.options.signal?.throwIfAborted();
    progress.sent = true;
    const started = this.options.clock.now();
    // The dispatcher's own request method, not undici's top-level `request`: the bundle's undici entry
    // (src/client/start-up/undici.cjs) carries the dispatchers and their API only.
    const res = await this.options.dispatcher.request({
      origin: url.origin,
      path: url.pathname + url.search,
      method: req.method,
      headers,
      body,
      signal,
    });
    const text = await readCapped(
      res.body,
      this.options.maxResponseBytes ?? MAX_RESPONSE_BYTES,
      url,
      contentLengthOf(res.headers['content-length']),
    );
    const flat = flattenHeaders(res.headers);
    const response: HttpResponse = {
      status: res.statusCode,
      headers: flat,
      text,
      url,
      requestId: flat['x-vendor-request-id'],
      correlationId: flat['x-vendor-correlation-request-id'],
      debug: this.options.debug,
    };
    this.options.debug?.(
      `${req.method} ${redactQuery(url.href)} → ${res.statusCode} in ${Math.round(this.options.clock.now() - started)} ms` +
        (response.requestId ? ` (request-id ${response.requestId})` : ''),
    );
    return response;
  }

  private withinDeadline(wait: number): boolean {
    return this.options.deadline === undefined || this.options.clock.now() + wait <= this.options.deadline;
  }
}
