import { joinUrl } from '../../client/url.js';

/**
 * An area D address: `{api-url}/v0.1/…`. An api-url given with the `/v0.1` prefix already (as it appears in the
 * API's documentation) is taken as the same base, rather than asking for `/v0.1/v0.1/…`.
 */
export function appApiUrl(apiUrl: URL, path: string): URL {
  const base = new URL(apiUrl.href);
  base.pathname = base.pathname.replace(/\/+$/, '').replace(/\/v0\.1$/i, '');
  return joinUrl(base, `/v0.1${path}`);
}
