import { isIP } from 'node:net';
import { OriginError } from './errors.js';

const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost')) return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

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
  if (url.username || url.password) return 'must not carry a user name or password';
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

export function encodePathSegment(segment: string): string {
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

/** Query strings may carry signatures; logs show a URL without them. */
export function redactQuery(link: string): string {
  const q = link.indexOf('?');
  return q < 0 ? link : `${link.slice(0, q)}?…`;
}
