import { z } from 'zod';
import { RETRY_AFTER_MIN_MS } from '../client/retry.js';
import { checkServiceUrl, userinfoProblem } from '../client/url.js';

/** Each parser reads the raw text of one input; its error message says what the input accepts. */

export const text = z.string().trim().min(1, 'must not be empty');

/**
 * A token that travels in an HTTP header (`Authorization`, `X-API-Token`): printable ASCII only. Anything else
 * could never be sent, and would surface as a misleading network error after the step had started.
 */
export const headerToken = text.regex(
  /^[\x20-\x7e]+$/,
  'must be printable ASCII (it is sent in an HTTP header); check for a stray character from copying',
);

export const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
  .transform((v) => v === 'true');

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `90s`, `15m`, `2h`, `250ms`, or a number of seconds (fractions allowed), to milliseconds. */
export const duration = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i.exec(v);
    const ms = m ? Number(m[1]) * UNITS[(m[2] ?? 's').toLowerCase()]! : NaN;
    if (!Number.isFinite(ms) || ms > 7 * 24 * 3_600_000) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a duration like 90s, 15m, 2h or a number of seconds (at most 7 days)',
      });
      return z.NEVER;
    }
    return Math.round(ms);
  });

export const positiveDuration = duration.refine((ms) => ms > 0, 'must be longer than 0');

export function integer(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`);
}

/** One item per line or comma-separated; blanks dropped, duplicates kept out. */
export const list = z
  .string()
  .transform((v) => [
    ...new Set(
      v
        .split(/[\n,]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ])
  .refine((items) => items.length > 0, 'must name at least one item');

export const serviceUrl = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const url = checkServiceUrl(v);
    if (typeof url === 'string') {
      ctx.addIssue({ code: 'custom', message: url });
      return z.NEVER;
    }
    return url;
  });

/**
 * URL text resolved later (operation-url, against base-url): refused where any URL in it (one per line, or in a
 * JSON array) carries a user name or password.
 */
export const urlText = text.superRefine((v, ctx) => {
  const problem = v
    .split(/[\s,"'[\]]+/)
    .filter(Boolean)
    .map((piece) => userinfoProblem(piece))
    .find(Boolean);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const uuid = z
  .string()
  .trim()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'must be a UUID such as 00000000-0000-0000-0000-000000000000',
  );

/** Path segments: the client encodes them, but `.`/`..`, control characters and absurd lengths are refused here. */
export function resourceName(maxLength = 260) {
  return text
    .max(maxLength, `must be at most ${maxLength} characters`)
    .refine((v) => v !== '.' && v !== '..', 'must not be . or ..')
    .refine((v) => !/\p{Cc}/u.test(v), 'must not contain control characters');
}

/**
 * An ISO 8601 time with its zone (`Z` or `±hh:mm`): without one, JavaScript reads a date-time as the runner's local
 * time (and a bare date as UTC), so the same workflow would mean another instant on another runner.
 */
export const isoTime = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)), {
    message:
      'must be an ISO 8601 time with a time zone, such as 2026-11-22T06:00:00Z or 2026-11-22T08:00:00+02:00',
  })
  .transform((v) => new Date(v));

/** A poll-interval: one shorter than the contract's floor for a Retry-After (1 s) is read as that floor. */
export const pollInterval = positiveDuration.transform((ms) => Math.max(ms, RETRY_AFTER_MIN_MS));

export const osType = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['linux', 'windows', 'any'], { error: 'must be Linux, Windows or any' }))
  .transform((v) => (v === 'any' ? undefined : v === 'linux' ? ('Linux' as const) : ('Windows' as const)));
