import { z } from 'zod';
import { RETRY_AFTER_MIN_MS } from '../client/retry.js';
import { checkServiceUrl } from '../client/url.js';

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

/**
 * One polling URL, several (one per line) or a JSON array of them (the `operation-urls` output as it is), to
 * absolute http(s) URLs, duplicates kept out. Whitespace inside a line, two URLs glued together, a relative or
 * unparsable URL, or a user name or password refuses the whole value, naming the line (or item); no query
 * (where a signature lives) is echoed. An empty JSON array is an empty list: there is nothing to wait for.
 */
export const operationUrls = z.string().transform((raw, ctx) => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  const value = raw.trim();
  let entries: { where: string; text: string }[];
  if (value.startsWith('[')) {
    let items: unknown;
    try {
      items = JSON.parse(value);
    } catch {
      return fail('is not a JSON array of URLs (it starts with [ but does not parse)');
    }
    if (!Array.isArray(items)) return fail('must be a URL per line or a JSON array of URLs');
    const notText = items.findIndex((item) => typeof item !== 'string');
    if (notText >= 0) return fail(`item ${notText + 1} of the JSON array is not a string`);
    entries = (items as string[]).map((text, i) => ({ where: `item ${i + 1}`, text }));
  } else {
    entries = value
      .split(/\r\n|\r|\n/)
      .map((text, i) => ({ where: `line ${i + 1}`, text: text.trim() }))
      .filter((e) => e.text !== '');
    if (entries.length === 0) return fail('must name at least one URL');
  }
  const urls: string[] = [];
  for (const { where, text } of entries) {
    const reason = urlProblem(text);
    if (reason) return fail(`${where} ${reason}: '${describeUrl(text)}'`);
    const href = new URL(text).href;
    if (!urls.includes(href)) urls.push(href);
  }
  return urls;
});

function urlProblem(text: string): string | undefined {
  if (/\s/.test(text)) return 'has whitespace inside (give one URL per line)';
  // Two URLs run together parse as one (the second inside the first's path or query).
  if (text.split('://').length > 2) return 'holds more than one URL (give one URL per line)';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'is not an http or https URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  // A second address run into the path (`…/a,//user:pass@host/b`) would carry its user info unseen.
  if (/\/\/[^/\s]*@/.test(url.pathname)) return 'must not carry a user name or password';
  return undefined;
}

/** A URL as an error may show it: without user info, query or fragment, at most 80 characters, printable. */
function describeUrl(text: string): string {
  const shown = text
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1…@')
    .replace(/[?#].*$/s, '?…')
    .replace(/\p{Cc}/gu, '?');
  return shown.length > 80 ? `${shown.slice(0, 77)}…` : shown;
}
