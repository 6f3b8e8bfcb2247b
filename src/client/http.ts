import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { safeParse, type core, type output } from 'zod/mini';
import type { Clock } from './clock.js';
import { ServiceError } from './errors.js';
import {
  STEP_TIMEOUT,
  WaitPastDeadline,
  deadlineSignal,
  eitherSignal,
  isDeadline,
  timeLeft,
} from './deadline.js';
import { PlannedChange, plannedRequest } from './dry-run.js';
import { describeBody, parseErrorBody } from './error-body.js';
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
import { redactQuery, redactUrls, resolveOnOrigin } from './url.js';

export type { HttpResponse };

export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** Supplies the headers that carry a credential; `refresh` is called once after a 401. */
export interface Credential {
  /** `signal` ends a wait for a token (a renewal that hangs): the request's cancellation and deadline. */
  headers(signal?: AbortSignal): Promise<Record<string, string>>;
  refresh?(): void;
  /**
   * What to say of a 401 that no refresh can mend; `acceptedBefore`: an earlier request of this client
   * succeeded with the credential, so it was good and has lapsed since.
   */
  unauthorized?(error: ServiceError, acceptedBefore: boolean): string | undefined;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Absolute, or relative to the client's origin; refused unless on that origin. */
  url: URL | string;
  /** JSON body; `undefined` sends none (with `Content-Length: 0` on a POST). */
  json?: unknown;
  form?: Record<string, string>;
  /** Names the URL in an origin error: "polling URL", "nextLink". */
  what?: string;
  /** Statuses that are not errors; default 2xx. */
  ok?: (status: number) => boolean;
  /** Turns a failed response into a sentence on what to do; area D uses it. */
  hint?: (error: ServiceError) => string | undefined;
  /**
   * Whether the request changes something at the service (a stop, a start, a synchronize, a cancel, a DELETE).
   * Default: a GET reads and every other method changes, so a list sent as POST says `read`; a request that
   * changes something is never re-sent where it may have reached the service, and a dry run never sends it.
   */
  intent?: 'read' | 'change';
  /**
   * Sent even once the job is cancelled (cancel-on-abort's cancelSynchronization), within the client's one
   * after-cancellation budget, so the step still exits inside the runner's cancellation window.
   */
  afterCancel?: boolean;
  /**
   * The `x-vendor-client-request-id` of a request sent again by its caller after an attempt of unknown effect
   * (an idempotent DELETE): the same logical request, so the same id. Default: a new one.
   */
  clientRequestId?: string;
}

/**
 * How long, from the job's cancellation, the answers of changes already sent and the requests sent after it
 * (cancel-on-abort) may take in all: one budget, so a synchronize still answering and the cancel that follows it
 * cannot add up past the action's 6 s net and the runner's SIGTERM at 7.5 s.
 */
export const AFTER_CANCEL_LIMIT_MS = 4_000;

/** What a request does, with the default: a GET reads, any other method changes unless it says otherwise. */
export function intentOf(req: Pick<HttpRequest, 'method' | 'intent'>): 'read' | 'change' {
  return req.intent ?? (req.method === 'GET' ? 'read' : 'change');
}

export interface HttpClientOptions {
  /** The origin this client's credential belongs to; nothing is ever sent elsewhere. */
  origin: string;
  dispatcher: Dispatcher;
  clock: Clock;
  credential?: Credential;
  signal?: AbortSignal;
  retry?: RetryPolicy;
  /**
   * Clock time of the step's timeout, the one bound of everything the client does: no retry, Retry-After or
   * throttling gate waits past it, a request in flight is cut at it, and none is sent after it (except one sent
   * after the job's cancellation, `afterCancel`, which has its own budget).
   */
  deadline?: number;
  maxResponseBytes?: number;
  userAgent?: string;
  debug?: (line: string) => void;
  /** Told of every response, retried ones included: request ids and rate-limit figures. */
  onResponse?: (response: HttpResponse) => void;
  /** A dry run: a request that changes something is never sent; `send` raises PlannedChange instead. */
  dryRun?: boolean;
  /** Told of each retry, one line a user sees (`… retrying in 2 s after HTTP 503`); default: the debug line. */
  onRetry?: (line: string) => void;
  /** The `x-vendor-client-request-id` of each request that changes something; default `crypto.randomUUID`. */
  randomUUID?: () => string;
  /** How long a request that changes something, once sent, may still take after the job's cancellation. */
  cancelGraceMs?: number;
}

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
      try {
        response = await this.gate.pass(
          () => this.once(req, url, eitherSignal(inFlight ?? signal, cut.signal), clientRequestId, progress),
          (r) => (r.status === 429 ? this.retryAfterOf(r, attempt) : undefined),
          eitherSignal(signal, cut.signal),
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
    this.requestCount++;
    signal?.throwIfAborted();
    // A wait for the token may end after the job's cancellation: nothing new leaves then, not even a change.
    if (!req.afterCancel) this.options.signal?.throwIfAborted();
    progress.sent = true;
    const started = this.options.clock.now();
    // The dispatcher's own request method, not undici's top-level `request`: the bundle's undici entry
    // (src/client/undici.cjs) carries the dispatchers and their API only.
    const res = await this.options.dispatcher.request({
      origin: url.origin,
      path: url.pathname + url.search,
      method: req.method,
      headers,
      body,
      signal,
    });
    const text = await readCapped(res.body, this.options.maxResponseBytes ?? MAX_RESPONSE_BYTES, url);
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
    this.debug(
      `${req.method} ${redactQuery(url.href)} → ${res.statusCode} in ${Math.round(this.options.clock.now() - started)} ms` +
        (response.requestId ? ` (request-id ${response.requestId})` : ''),
    );
    return response;
  }

  private withinDeadline(wait: number): boolean {
    return this.options.deadline === undefined || this.options.clock.now() + wait <= this.options.deadline;
  }

  private debug(line: string): void {
    this.options.debug?.(line);
  }
}

/** Parses a JSON response body with its schema; a body that is not the expected shape is a clear error. */
// Any zod schema, classic or mini: both build on zod's core.
export function parseBody<S extends core.$ZodType>(
  response: HttpResponse,
  schema: S,
  what: string,
): output<S> {
  let value: unknown;
  try {
    value = JSON.parse(response.text);
  } catch {
    throw new ServiceError({
      status: response.status,
      code: 'InvalidResponse',
      message: `${what}: the body is not JSON (${describeBody(response)})`,
      requestId: response.requestId,
    });
  }
  const parsed = safeParse(schema, value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ServiceError({
      status: response.status,
      code: 'InvalidResponse',
      message: `${what}: ${issue?.message ?? 'unexpected shape'} at ${issue?.path.join('.') || '(root)'}`,
      requestId: response.requestId,
    });
  }
  for (const [path, raw] of readAsUnknown(value, parsed.data)) {
    response.debug?.(
      `${what}: ${path} ${describeValue(raw)} is out of range or malformed; reported as unknown`,
    );
  }
  return parsed.data;
}

/**
 * Where the body had a value and the parsed result has none: an informational field the schema let go. A plain
 * walk that names a path only for what it finds: it visits every field of every page, and the generator with a
 * path string per field it replaces took 1.30 ms of a three-page start-up, this 0.52 ms (CPU profiles).
 */
function readAsUnknown(
  raw: unknown,
  parsed: unknown,
  path: string[] = [],
  found: [string, unknown][] = [],
): [string, unknown][] {
  if (!raw || typeof raw !== 'object' || !parsed || typeof parsed !== 'object') return found;
  for (const key of Object.keys(raw)) {
    const value = (raw as Record<string, unknown>)[key];
    const out = (parsed as Record<string, unknown>)[key];
    if (value !== null && value !== undefined && out === undefined)
      found.push([[...path, key].join('.'), value]);
    else if (value !== null && typeof value === 'object') {
      path.push(key);
      readAsUnknown(value, out, path, found);
      path.pop();
    }
  }
  return found;
}

/** A value the service sent, echoed in a debug line: any URL in it loses its query (where a signature lives). */
function describeValue(value: unknown): string {
  const text = redactUrls(JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): void },
  cap: number,
  url: URL,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > cap) {
      body.destroy();
      throw new ServiceError({
        code: 'ResponseTooLarge',
        message: `the response from ${url.origin}${url.pathname} exceeds ${cap} bytes; refused`,
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function describeNetworkError(error: unknown): string {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return [e.code ?? e.cause?.code, e.message].filter(Boolean).join(' ');
}

/** A request that changes something was sent and no answer came: what happened instead, for its error. */
function noAnswer(
  req: HttpRequest,
  url: URL,
  error: unknown,
  graceEnded: boolean,
  graceMs: number,
): ServiceError {
  if (graceEnded) {
    return new ServiceError({
      action: `${req.method} ${url.origin}${url.pathname}`,
      code: 'NoAnswer',
      message: `the job was cancelled and no answer came within ${formatWait(graceMs)}`,
    });
  }
  const failure = networkError(req, url, error);
  return failure instanceof ServiceError
    ? failure
    : new ServiceError({
        action: `${req.method} ${url.origin}${url.pathname}`,
        code: 'NetworkError',
        message: failure.message,
      });
}

/**
 * The step's timeout came before an answer (a request that changes something went out: its effect is unknown)
 * or before the request could go. The wait ran out, the service refused nothing: the caller sees the
 * clock past its deadline and reports a timeout with the last status it saw.
 */
function deadlineFailure(
  req: HttpRequest,
  url: URL,
  { sent, change, clientRequestId }: { sent: boolean; change: boolean; clientRequestId?: string },
): ServiceError {
  return new ServiceError({
    action: `${req.method} ${url.origin}${url.pathname}`,
    code: STEP_TIMEOUT,
    message: sent
      ? "no answer came before the step's timeout"
      : "not sent: the step's timeout came first (timeout bounds every request and wait)",
    effectUnknown: sent && change,
    clientRequestId,
  });
}

/** The gate is held (a 429's Retry-After) past the step's timeout: failed at once, naming the answer that held it. */
function heldPastDeadline(
  req: HttpRequest,
  url: URL,
  error: WaitPastDeadline,
  clientRequestId: string | undefined,
): ServiceError {
  const hint = `The service asked to wait ${formatWait(error.waitMs)} (Retry-After), past the step's timeout.`;
  const held = error.heldBy as HttpResponse | undefined;
  const init = held
    ? parseErrorBody(held, `${req.method} ${url.pathname}`).init
    : { action: `${req.method} ${url.origin}${url.pathname}`, code: 'Timeout' };
  return new ServiceError({ ...init, pastDeadline: true, hint, clientRequestId });
}

/**
 * A signal aborted `ms` after `signal` is: the one deadline, from the cancellation, of everything a client still
 * waits for or sends after it. Its timer does not hold the process open.
 */
function budgetAfter(signal: AbortSignal, ms: number): AbortSignal {
  const controller = new AbortController();
  const start = () => setTimeout(() => controller.abort(signal.reason), ms).unref();
  if (signal.aborted) start();
  else signal.addEventListener('abort', start, { once: true });
  return controller.signal;
}

function networkError(req: HttpRequest, url: URL, error: unknown): Error {
  if (error instanceof ServiceError || (error as Error)?.name === 'AbortError') return error as Error;
  return new ServiceError({
    action: `${req.method} ${url.origin}${url.pathname}`,
    code: 'NetworkError',
    message: describeNetworkError(error) || String(error),
  });
}
