/** The service's Retry-After is honoured but kept within these bounds, so neither 0 nor a year is taken literally. */
export const RETRY_AFTER_MIN_MS = 1_000;
export const RETRY_AFTER_MAX_MS = 10 * 60_000;

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

export function isRetryableNetworkError(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && RETRYABLE_CODES.has(e.code)) return true;
  }
  return false;
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
