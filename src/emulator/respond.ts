import type { ServerResponse } from 'node:http';

/** How every route answers: the JSON shape and headers of the service's samples, and the URLs it hands out. */

/** How an area writes a URL it hands out (a polling URL, a nextLink): a client must cope with each. */
export type LinkForm = 'absolute' | 'relative' | 'malformed';

export function shapeLink(href: string, form: LinkForm = 'absolute'): string {
  if (form === 'absolute') return href;
  const url = new URL(href);
  const rest = url.pathname + url.search;
  // An unclosed IPv6 bracket: no URL parser accepts it, relative or not.
  return form === 'relative' ? rest : `http://[malformed${rest}`;
}

let requestCounter = 0;

/** A JSON response with the headers the service's samples carry. */
export function sendJson(
  ctx: { res: ServerResponse },
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  const requestId = `emu-req-${++requestCounter}`;
  ctx.res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    date: new Date().toUTCString(),
    'x-vendor-request-id': requestId,
    'x-vendor-correlation-request-id': `emu-corr-${requestCounter}`,
    'x-content-type-options': 'nosniff',
    // Where the read bucket set the remaining count already, that count (writeHead's headers win over set ones).
    ...(ctx.res.hasHeader('x-vendor-ratelimit-remaining-subscription-reads')
      ? {}
      : { 'x-vendor-ratelimit-remaining-subscription-reads': '11999' }),
    ...headers,
  });
  ctx.res.end(text);
}
