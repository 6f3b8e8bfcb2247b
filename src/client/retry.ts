/** The service's Retry-After is honoured but kept within these bounds, so neither 0 nor a year is taken literally. */
export const RETRY_AFTER_MIN_MS = 1_000;
const RETRY_AFTER_MAX_MS = 10 * 60_000;

export const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/** Network failures worth another try: the connection broke or never came, not a bad request. */
const RETRYABLE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/**
 * Failures that prove the request never reached the service: no connection was set up (refused, unreachable,
 * timed out while connecting) or the name did not resolve. Only these may re-send a request that changes
 * something; after any other (a reset once the request was written, no answer in time) its effect is unknown.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function isRetryableNetworkError(error: unknown): boolean {
  return hasCode(error, RETRYABLE_CODES);
}

export function neverReachedService(error: unknown): boolean {
  return hasCode(error, NOT_SENT_CODES);
}

function hasCode(error: unknown, codes: Set<string>): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && codes.has(e.code)) return true;
  }
  return false;
}

/** Up to 20 % more than the Retry-After, so that instances and clients throttled together do not return together. */
export function withJitter(ms: number, random: () => number): number {
  return Math.round(ms + random() * 0.2 * ms);
}

/** A wait as a user reads it: `2 s`, `0.5 s`, `90 s`. */
export function formatWait(ms: number): string {
  const s = ms / 1000;
  return `${s >= 10 ? Math.round(s) : Math.round(s * 10) / 10} s`;
}

/**
 * Retry-After as delta-seconds or an HTTP date (RFC 9110 §10.2.3), clamped; undefined when absent or unusable,
 * so the caller falls back to its own interval.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  let ms: number;
  if (/^-?\d+(\.\d+)?$/.test(text)) ms = Number(text) * 1000;
  else {
    const date = Date.parse(text);
    if (Number.isNaN(date)) return undefined;
    ms = date - now;
  }
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(RETRY_AFTER_MIN_MS, ms));
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  random: () => number;
}

export const defaultRetryPolicy: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  random: Math.random,
};

/** Capped exponential backoff with full jitter (retry n = 1, 2, …). */
export function backoffDelay(policy: RetryPolicy, retry: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (policy.random() * ceiling) / 2);
}
