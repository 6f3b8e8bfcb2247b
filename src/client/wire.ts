import { setImmediate as nextTurn } from 'node:timers/promises';
import { contentLengthOf, flattenHeaders, readCapped } from './body.js';
import type { HttpClientOptions, HttpRequest, WireRequest } from './request.js';
import type { HttpResponse } from './response.js';
import { redactQuery } from './url.js';

const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** One attempt of a request, as the client hands it to the wire. */
export interface Attempt {
  req: HttpRequest;
  url: URL;
  signal: AbortSignal | undefined;
  clientRequestId: string | undefined;
  /** Set once the request has left: from then on, a change may have reached the service. */
  progress: { sent: boolean };
  /** Told as the request leaves (the client counts its requests). */
  leaving: () => void;
}

/** The headers and body of an attempt: the credential's, the client request id, the JSON or form body. */
async function wireRequestOf(options: HttpClientOptions, a: Attempt): Promise<WireRequest> {
  const { req, url, signal } = a;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': options.userAgent ?? 'vendor-ops-action',
    ...(await options.credential?.headers(signal)),
  };
  if (a.clientRequestId) headers['x-vendor-client-request-id'] = a.clientRequestId;
  let body: string | undefined;
  if (req.form) {
    body = new URLSearchParams(req.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (req.json !== undefined) {
    body = JSON.stringify(req.json);
    headers['content-type'] = 'application/json';
  } else if (req.method !== 'GET' && req.method !== 'DELETE') {
    headers['content-length'] = '0';
  }
  return { origin: url.origin, path: url.pathname + url.search, method: req.method, headers, body, signal };
}

/** One attempt over the wire: sent, its answer read whole (up to the cap), one debug line. */
export async function exchangeOnWire(options: HttpClientOptions, a: Attempt): Promise<HttpResponse> {
  const { req, url, signal } = a;
  const request = await wireRequestOf(options, a);
  // undici frees a keep-alive socket a turn after its answer completed, so a request sent at once after an answer
  // (a stop after its read) finds none free and opens another connection (docs/benchmark.md, the fan-out).
  await nextTurn();
  a.leaving();
  signal?.throwIfAborted();
  // A wait for the token may end after the job's cancellation: nothing new leaves then, not even a change.
  if (!req.afterCancel) options.signal?.throwIfAborted();
  a.progress.sent = true;
  const started = options.clock.now();
  // The dispatcher's own request method, not undici's top-level `request`: the bundle's undici entry
  // (src/client/start-up/undici.cjs) carries the dispatchers and their API only.
  const res = await options.dispatcher.request(request);
  const text = await readCapped(
    res.body,
    options.maxResponseBytes ?? MAX_RESPONSE_BYTES,
    url,
    contentLengthOf(res.headers['content-length']),
  );
  const flat = flattenHeaders(res.headers);
  const response: HttpResponse = {
    status: res.statusCode,
    headers: flat,
    text,
    url,
    requestId: flat['x-vendor-request-id'],
    correlationId: flat['x-vendor-correlation-request-id'],
    debug: options.debug,
  };
  options.debug?.(
    `${req.method} ${redactQuery(url.href)} → ${res.statusCode} in ${Math.round(options.clock.now() - started)} ms` +
      (response.requestId ? ` (request-id ${response.requestId})` : ''),
  );
  return response;
}
