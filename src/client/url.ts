import { isIP } from 'node:net';
import { OriginError } from './errors.js';

const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost')) return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** Why a URL input with user info (`https://user:pass@host/…`) is refused: the action would print it, never use it. */
export const USERINFO_REFUSED =
  'must not carry a user name or password (user:pass@); give credentials only in their own inputs';

/**
 * The reason to refuse a URL given as text (absolute, or relative to `base`) that carries user info, else
 * undefined. Shared by every URL input, lists included, so that none echoes a password into the log, the summary,
 * an output or an error. The text is judged as well as the parsed URL: `https:user:pass@host` is a path relative
 * to an https base, and a value no parser reads is refused anyway, for a reason that does not repeat it.
 */
export function userinfoProblem(value: string, base = 'https://base.invalid'): string | undefined {
  const text = value.trim();
  if (USERINFO.test(text)) return USERINFO_REFUSED;
  try {
    const url = new URL(text, base);
    return url.username || url.password ? USERINFO_REFUSED : undefined;
  } catch {
    return undefined;
  }
}

/** A link's scheme and slashes (`$1`), then its user info up to the last `@` of the authority. */
const USERINFO = /^((?:[a-z][a-z0-9+.-]*:)?[/\\]*)[^/?#\\\s]*@/i;
/**
 * The user info a printed link may carry: only in an authority, after `//` or a web scheme (`https:user@host`
 * parses so). `repo:octo-org@1234567/…`, an ID token's subject, has none: a claim is shown as the token has it.
 */
const SHOWN_USERINFO = /^((?:(?:https?|wss?|ftp):[/\\]*|(?:[a-z][a-z0-9+.-]*:)?[/\\]{2}))[^/?#\\\s]*@/i;

/**
 * Parses a service address: `https` only, except a loopback host (the emulator, a local tunnel).
 * Returns the reason as a string rather than throwing, so input parsing can phrase it.
 */
export function checkServiceUrl(value: string): URL | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.username || url.password) return USERINFO_REFUSED;
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url;
  if (url.protocol === 'http:')
    return 'must use https (http is accepted only for localhost, 127.0.0.0/8 and [::1])';
  return `has the unsupported scheme ${url.protocol.replace(':', '')}; use https`;
}

/**
 * Resolves a URL the service handed out (a polling URL, a nextLink) and refuses it unless it is on `origin`:
 * a credential goes only to the origin it belongs to.
 */
export function resolveOnOrigin(link: string, origin: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(link, origin);
  } catch {
    throw new OriginError(`The ${what} '${redactQuery(link)}' is not a valid URL.`);
  }
  if (url.origin !== origin) {
    throw new OriginError(
      `Refused to follow the ${what} on ${url.origin}: credentials are sent only to ${origin}.`,
    );
  }
  // Never sent (undici drops it), but an output or a log line would carry it.
  url.username = '';
  url.password = '';
  return url;
}

/**
 * A template tag for service paths: each interpolated value is one percent-encoded segment, so a name with
 * `/`, `?`, `#` or `%` can never change the path. `.` and `..` cannot be encoded away (URL parsers treat `%2e`
 * as a dot too), so they are refused; no resource is named that.
 */
export function servicePath(strings: TemplateStringsArray, ...values: string[]): string {
  return strings.reduce(
    (path, literal, i) => path + literal + (i < values.length ? encodePathSegment(values[i]!) : ''),
    '',
  );
}

function encodePathSegment(segment: string): string {
  if (segment === '' || segment === '.' || segment === '..') {
    throw new Error(`'${segment}' cannot be a path segment`);
  }
  return encodeURIComponent(segment);
}

/** base + path (`/…`) + query; a base with a path prefix keeps it. */
export function joinUrl(base: URL, path: string, query: Record<string, string | undefined> = {}): URL {
  const url = new URL(base.origin + base.pathname.replace(/\/+$/, '') + path);
  // Keys are ours and stay literal (`$filter`); values are percent-encoded, a space as %20 as OData expects.
  url.search = Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return url;
}

/**
 * How a URL is printed (log lines, group titles, errors, the summary): user info may hold a password and a query a
 * signature, so it shows neither; the query keeps only its `api-version`, the one part a reader needs (which
 * version was called), and the rest is shown as `…`. Works on text no URL parser reads, too.
 */
export function redactQuery(link: string): string {
  const bare = link.replace(SHOWN_USERINFO, '$1…@');
  const q = bare.indexOf('?');
  return q < 0 ? bare : `${bare.slice(0, q)}${reduceQuery(bare.slice(q))}`;
}

/**
 * A query (`?…`, to the end of the URL) reduced to its `api-version`, the rest as `…`: `?api-version=2023-04-01&…`,
 * `?api-version=2023-04-01` when nothing else was there, `?…` without one. Idempotent, so text redacted once can
 * go through again. A value that does not look like a version (letters, digits, `.`, `-`) counts as the rest.
 */
function reduceQuery(query: string): string {
  // Punctuation that ends the sentence around a URL (`(…?sig=1).`) is the text's, not the query's: kept.
  const [, body, after] = /^\?(.*?)([).,;:!]*)$/s.exec(query)!;
  const params = body!.split('&');
  const version = params.find((p) => /^api-version=[\w.-]{1,40}$/i.test(p));
  const rest = params.some((p) => p !== version && p !== '');
  if (!version) return `?…${after}`;
  return `${rest ? `?${version}&…` : `?${version}`}${after}`;
}

/**
 * Every URL in a text (an input echoed back, one per line, a summary cell) as `redactQuery` prints one; and any
 * query left, wherever it stands: a URL broken by a space (`https://h/op 2?sig=…`) still carries its signature. A
 * question mark that starts no query (`ready? yes`) stays as it is.
 */
export function redactUrls(text: string): string {
  return (
    text
      // A scheme of at most 32 characters: unbounded, a long word with no `:` was tried from each of its letters
      // to its end, and a 1 MB service message took minutes.
      .replace(/(?:[a-z][a-z0-9+.-]{0,31}:|[/\\]{2})[^\s'"<>]*/gi, (link) => redactQuery(link))
      .replace(/\?(?=[^\s"',\]?&=]*[=&…])[^\s"',\]]*/g, (query) => reduceQuery(query))
  );
}
