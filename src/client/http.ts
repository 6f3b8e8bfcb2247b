import { ServiceError } from './errors.js';
import { budgetAfter, deadlineSignal, eitherSignal, timeLeft } from './deadline.js';
import { parseErrorBody } from './error-body.js';
import { deadlineFailure } from './failures.js';
import { OriginGate } from './gate.js';
import {
  backoffDelay,
  defaultRetryPolicy,
  formatWait,
  parseRetryAfter,
  RETRYABLE_STATUSES,
  withJitter,
  type RetryPolicy,
} from './retry.js';
import { readBucketOf } from './read-bucket.js';
import type { HttpResponse } from './response.js';
import { exchangeOnWire } from './wire.js';
import { effectUnknown, exchangeOf, unanswered, type Exchange, type ExchangeRules } from './exchange.js';
import { redactQuery } from './url.js';
import { AFTER_CANCEL_LIMIT_MS, type HttpClientOptions, type HttpRequest } from './request.js';

export type { HttpResponse };

export { parseBody } from './body.js';
export type { Credential, HttpClientOptions, HttpRequest, HttpTransport } from './request.js';
export { AFTER_CANCEL_LIMIT_MS, intentOf } from './request.js';

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
  /** What an exchange (exchange.ts) needs of this client. */
  private readonly rules: ExchangeRules;

  constructor(options: HttpClientOptions) {
    this.options = options;
    this.origin = options.origin;
    this.retry = options.retry ?? defaultRetryPolicy;
    this.gate = new OriginGate(options.clock, this.retry.random, options.deadline);
    this.cancelGraceMs = options.cancelGraceMs ?? AFTER_CANCEL_LIMIT_MS;
    this.afterCancelBudget = options.signal && budgetAfter(options.signal, this.cancelGraceMs);
    this.rules = {
      origin: this.origin,
      options,
      retry: this.retry,
      cancelGraceMs: this.cancelGraceMs,
      afterCancelBudget: this.afterCancelBudget,
      retrying: (req, url, waitMs, after) => this.retrying(req, url, waitMs, after),
      withinDeadline: (wait) => this.withinDeadline(wait),
    };
  }

  async send(req: HttpRequest): Promise<HttpResponse> {
    const exchange = exchangeOf(this.rules, req);
    for (let attempt = 1; ; attempt++) {
      // A cancelled job starts nothing new, and never a retry.
      exchange.signal?.throwIfAborted();
      const response = await this.attempt(exchange, attempt);
      if (response && (await this.settled(exchange, response, attempt))) return response;
    }
  }

  /** One attempt through the gate, within the deadline: its answer, or undefined once a retry has waited. */
  private async attempt(exchange: Exchange, attempt: number): Promise<HttpResponse | undefined> {
    const { req, url, change, clientRequestId } = exchange;
    // A request that changes something, once sent, is given time for its answer after a cancellation, so an
    // operation the service accepted is not lost; a read is cut at once.
    const inFlight = change && !req.afterCancel ? this.afterCancelBudget : undefined;
    const progress = { sent: false };
    // The step's timeout bounds the gate, the sign-in and the request itself (its own timeout cut to the time
    // left); a request sent after the cancellation has the cancellation's budget instead.
    const left = req.afterCancel ? Infinity : timeLeft(this.options.clock, this.options.deadline);
    if (left <= 0) throw deadlineFailure(req, url, { sent: false, change, clientRequestId });
    const cut = deadlineSignal(left);
    // One composite signal where both would be alike (every read): each costs listeners on the job's signal.
    const waiting = eitherSignal(exchange.signal, cut.signal);
    const sending = inFlight ? eitherSignal(inFlight, cut.signal) : waiting;
    try {
      return await this.gate.pass(
        () =>
          exchangeOnWire(this.options, {
            req,
            url,
            signal: sending,
            clientRequestId,
            progress,
            leaving: () => this.requestCount++,
          }),
        {
          throttledFor: (r) => (r.status === 429 ? this.retryAfterOf(r, attempt) : undefined),
          ...readBucketOf(req.method, url),
          signal: waiting,
          change,
        },
      );
    } catch (error) {
      return await unanswered(this.rules, exchange, error, {
        attempt,
        sent: progress.sent,
        cut: cut.signal,
        inFlight,
      });
    } finally {
      cut.dispose();
    }
  }

  /** What an answer means: true where it is the result, false once a retry has waited; else its error, thrown. */
  private async settled(exchange: Exchange, response: HttpResponse, attempt: number): Promise<boolean> {
    const { req, url } = exchange;
    this.options.onResponse?.(response);
    const ok = req.ok ?? ((s: number) => s >= 200 && s < 300);
    if (ok(response.status)) {
      this.accepted = true;
      return true;
    }
    if (response.status === 401 && this.options.credential?.refresh && !exchange.refreshed) {
      // A token can be revoked or expire early; one fresh token is worth one more try.
      exchange.refreshed = true;
      this.options.credential.refresh();
      return false;
    }
    const error = new ServiceError({
      ...parseErrorBody(response, `${req.method} ${url.pathname}`).init,
      clientRequestId: exchange.clientRequestId,
    });
    const throttled =
      response.status === 429 || (response.status === 503 && response.headers['retry-after'] !== undefined);
    if (throttled) return this.throttled(exchange, response, error, attempt);
    if (RETRYABLE_STATUSES.has(response.status) && (await this.retried(exchange, response, error, attempt)))
      return false;
    const hint =
      req.hint?.(error) ??
      (response.status === 401 ? this.options.credential?.unauthorized?.(error, this.accepted) : undefined);
    throw hint ? error.withHint(hint) : error;
  }

  /**
   * The service declined it and says when to come back: retried until the deadline, not a fixed number of times,
   * so a throttled fleet slows down instead of failing.
   */
  private async throttled(
    { req, url, signal }: Exchange,
    response: HttpResponse,
    error: ServiceError,
    attempt: number,
  ): Promise<false> {
    const wait = withJitter(this.retryAfterOf(response, attempt), this.retry.random);
    const more = this.options.deadline !== undefined || attempt < this.retry.attempts;
    if (more && this.withinDeadline(wait)) {
      this.retrying(req, url, wait, `HTTP ${response.status}`);
      // After a 429 the gate holds this request with every other; a 503 waits on its own.
      if (response.status !== 429) await this.options.clock.sleep(wait, signal);
      return false;
    }
    throw new ServiceError({
      ...error.init,
      pastDeadline: more,
      hint: more
        ? `The next try would be in ${formatWait(wait)}, after the step's timeout.`
        : `Given up after ${attempt} attempts.`,
    });
  }

  /** A status worth another try: true once a read's retry has waited, false when the tries are spent. */
  private async retried(
    exchange: Exchange,
    response: HttpResponse,
    error: ServiceError,
    attempt: number,
  ): Promise<boolean> {
    const { req, url, change, signal } = exchange;
    if (change) throw effectUnknown(exchange, error);
    const { clock } = this.options;
    const wait =
      parseRetryAfter(response.headers['retry-after'], clock.now()) ?? backoffDelay(this.retry, attempt);
    if (attempt >= this.retry.attempts) return false;
    if (this.withinDeadline(wait)) {
      this.retrying(req, url, wait, `HTTP ${response.status}`);
      await clock.sleep(wait, signal);
      return true;
    }
    throw new ServiceError({
      ...error.init,
      pastDeadline: true,
      hint: `The next try would be in ${formatWait(wait)}, after the step's timeout.`,
    });
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

  private withinDeadline(wait: number): boolean {
    return this.options.deadline === undefined || this.options.clock.now() + wait <= this.options.deadline;
  }
}
