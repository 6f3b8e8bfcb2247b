// The vocabulary's parsers, one per form of input text (lists, durations, URLs, tokens, names; input-parser.ts says
// what a parser is); polling URLs are in url-parsers.ts, erp's own forms in erp-parsers.ts.
import { resourceNameProblem } from '../client/arm/resource-id.js';
import { RETRY_AFTER_MIN_MS } from '../client/retry.js';
import { checkServiceUrl, redactUrls } from '../client/url.js';
import { parser, refuse, type Parser } from './input-parser.js';

const nonEmpty = (v: string) => {
  const trimmed = v.trim();
  return trimmed === '' ? refuse('must not be empty') : trimmed;
};

export const text = parser(nonEmpty);

/**
 * A token that travels in an HTTP header (`Authorization`, `X-API-Token`): printable ASCII only. Anything else
 * could never be sent, and would surface as a misleading network error after the step had started.
 */
export const headerToken = parser((v) => {
  const token = nonEmpty(v);
  if (!/^[\x20-\x7e]+$/.test(token)) {
    refuse(
      'must be printable ASCII (it is sent in an HTTP header); check for a stray character from copying',
    );
  }
  return token;
});

export const booleanText = parser((v) => {
  const word = v.trim().toLowerCase();
  return word === 'true' ? true : word === 'false' ? false : refuse('must be true or false');
});

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `90s`, `15m`, `2h`, `250ms`, or a number of seconds (fractions allowed), to milliseconds. */
function readDuration(v: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i.exec(v.trim());
  const ms = m ? Number(m[1]) * UNITS[(m[2] ?? 's').toLowerCase()]! : NaN;
  if (!Number.isFinite(ms) || ms > 7 * 24 * 3_600_000) {
    refuse('must be a duration like 90s, 15m, 2h or a number of seconds (at most 7 days)');
  }
  return Math.round(ms);
}

export const duration = parser(readDuration);

function readPositiveDuration(v: string): number {
  const ms = readDuration(v);
  return ms > 0 ? ms : refuse('must be longer than 0');
}

export const positiveDuration = parser(readPositiveDuration);

export function integer(min: number, max: number): Parser<number> {
  const accepted =
    max >= Number.MAX_SAFE_INTEGER
      ? `must be a whole number, ${min} or more`
      : `must be a whole number from ${min} to ${max}`;
  return parser((v) => {
    const digits = v.trim();
    const n = /^\d+$/.test(digits) ? Number(digits) : NaN;
    return n >= min && n <= max ? n : refuse(accepted);
  });
}

/** How a list's items are separated, for the messages that refuse one. */
const SEPARATE_ITEMS = 'give one item per line, or separate items with commas';

/**
 * The items a list parser left out as repeats of an earlier one: the parser returns the list, and the input
 * reader says in the log what it dropped (a repeat is no error: the result is the same, but it is not silent).
 */
const repeats = new WeakMap<readonly unknown[], string[]>();

export function droppedRepeats(list: readonly unknown[]): string[] {
  return repeats.get(list) ?? [];
}

/** `items` without repeats, remembering which were dropped (see `droppedRepeats`). */
export function withoutRepeats(items: readonly string[]): string[] {
  const kept = new Set<string>();
  const dropped = new Set<string>();
  for (const item of items) (kept.has(item) ? dropped : kept).add(item);
  const list = [...kept];
  if (dropped.size) repeats.set(list, [...dropped]);
  return list;
}

/**
 * One item per line or comma-separated; blanks dropped, repeats kept out (and told). An item with whitespace
 * inside (`X01 X02`, the usual slip when a list comes from a variable) is refused: no name, reference or address
 * the lists hold has a space, and sent as it is it would name one item that does not exist.
 */
function readList(v: string): string[] {
  const items = v
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const spaced = items.find((item) => /\s/.test(item));
  if (spaced !== undefined) {
    refuse(`item '${shown(spaced)}' has whitespace inside; ${SEPARATE_ITEMS}`);
  }
  return items.length > 0 ? withoutRepeats(items) : refuse('must name at least one item');
}

/** An item as a message may show it: control characters as `?`, no query, at most 80 characters. */
export function shown(item: string): string {
  const text = redactUrls(item).replace(/\p{Cc}/gu, '?');
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

export const list = parser(readList);

/** A region name as the service spells one: letters and digits (`westeurope`, `eastus2`), a hyphen at most. */
const REGION_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/i;

/**
 * `location`: one region or several, one per line or comma-separated, each a region name. A display name
 * (`North Europe`), an empty item between commas or a character no region holds is refused before any request:
 * sent, it would be one region that does not exist (`westeurope%2Cnortheurope`, a 400).
 */
export const regionNames = parser((v) => {
  const lines = v.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  const items = lines.flatMap((line) => line.split(',')).map((item) => item.trim());
  if (items.length === 0) refuse('must name at least one region');
  for (const item of items) {
    if (item === '') refuse(`has an empty item between commas; ${SEPARATE_ITEMS}`);
    if (/\s/.test(item)) refuse(`item '${shown(item)}' has whitespace inside; ${SEPARATE_ITEMS}`);
    if (!REGION_NAME.test(item)) {
      refuse(`item '${shown(item)}' is not a region name: letters and digits, as westeurope or eastus2`);
    }
  }
  return withoutRepeats(items);
});

export const serviceUrl = parser((v) => {
  const url = checkServiceUrl(v.trim());
  return typeof url === 'string' ? refuse(url) : url;
});

export const uuid = parser((v) => {
  const id = v.trim();
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ? id
    : refuse('must be a UUID such as 00000000-0000-0000-0000-000000000000');
});

/**
 * Path segments, refused here when `resourceNameProblem` (the client's one rule for inputs and id parts) has a
 * reason, before any request. A name with a path or
 * URL character in it is the usual slip of pasting a path: the message says what a name is.
 */
function readResourceName(v: string, maxLength: number): string {
  const name = nonEmpty(v);
  const problem = resourceNameProblem(name, maxLength);
  if (problem === undefined) return name;
  return refuse(
    /^must not contain '/.test(problem)
      ? `${problem} (a name is one path segment, not a path or URL)`
      : problem,
  );
}

export function resourceName(maxLength = 260): Parser<string> {
  return parser((v) => readResourceName(v, maxLength));
}

/**
 * An ISO 8601 time with its zone (`Z` or `±hh:mm`): without one, JavaScript reads a date-time as the runner's local
 * time (and a bare date as UTC), so the same workflow would mean another instant on another runner.
 */
export const isoTime = parser((v) => {
  const time = v.trim();
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(time) || Number.isNaN(Date.parse(time))) {
    refuse(
      'must be an ISO 8601 time with a time zone, such as 2026-11-22T06:00:00Z or 2026-11-22T08:00:00+02:00',
    );
  }
  return new Date(time);
});

/** A poll-interval: one shorter than the contract's floor for a Retry-After (1 s) is read as that floor. */
export const pollInterval = parser((v) => Math.max(readPositiveDuration(v), pollFloorMs()));

/**
 * The tests that run the bundles lower the floor (`__tests__/helpers/fast-polls.mjs`, loaded with `node --import`)
 * so that a test's `poll-interval: 0.05` polls every 100 ms rather than every second: an end-to-end
 * suite of a hundred runs otherwise waits minutes on the floor. Only code already running in the process can set
 * this global: no input, flag or environment variable reaches it.
 */
export const POLL_FLOOR_OVERRIDE = Symbol.for('vendor-ops.tests.poll-floor-ms');

function pollFloorMs(): number {
  const lowered = (globalThis as Record<symbol, unknown>)[POLL_FLOOR_OVERRIDE];
  return typeof lowered === 'number' && lowered > 0 ? lowered : RETRY_AFTER_MIN_MS;
}

export const osType = parser((v) => {
  const word = v.trim().toLowerCase();
  if (word === 'any') return undefined;
  if (word === 'linux') return 'Linux' as const;
  if (word === 'windows') return 'Windows' as const;
  return refuse('must be Linux, Windows or any');
});

export const synchronizationMode = parser((v) => {
  const word = v.trim().toLowerCase();
  if (word === 'incremental') return 'Incremental' as const;
  if (word === 'fullsync') return 'FullSync' as const;
  return refuse('must be Incremental or FullSync');
});
