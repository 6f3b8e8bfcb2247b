import type { Clock } from './clock.js';
import type { ServiceError } from './errors.js';
import type { HttpResponse } from './response.js';
import type { RetryPolicy } from './retry.js';

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

/** One request as it leaves the client. */
export interface WireRequest {
  origin: string;
  path: string;
  method: HttpRequest['method'];
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** Its answer as it arrives: the body as it streams, read (and capped) by the client. */
export interface WireResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Buffer> & { destroy(): void };
}

/**
 * The wire below the client: one request out, its answer back. An undici dispatcher is one as it is (the run's
 * keep-alive dispatcher, dispatcher.ts); a unit test gives a fake, and every rule of the client still runs above it.
 */
export interface HttpTransport {
  request(request: WireRequest): Promise<WireResponse>;
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
  /** The wire: the run's undici dispatcher (an HttpTransport as it is), or a unit test's fake. */
  dispatcher: HttpTransport;
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
