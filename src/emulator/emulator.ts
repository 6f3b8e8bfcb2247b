import { randomUUID } from 'node:crypto';
import { createServer, ServerResponse, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { applyFault, type FaultRule } from './faults.js';
import {
  encodeIdToken,
  idTokenClaims,
  refusalBody,
  refusalFor,
  type FederatedCredentialScenario,
  type IdTokenScenario,
} from './sign-in.js';
import { WriteBuckets, type WriteBucketOptions } from './write-bucket.js';

/**
 * A local emulator of the service: a real HTTP server on loopback, stateful, with fault knobs. It shares no
 * code with the client on purpose: it is the other side of the wire.
 */

export interface RecordedRequest {
  method: string;
  /** The raw request target as received: path and query, still percent-encoded. */
  target: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
  /** `secondary` is the second origin, used to prove credentials never go there. */
  origin: 'primary' | 'secondary';
  at: number;
}

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Captured groups of the route's pattern, percent-decoded. */
  params: string[];
  body: string;
  record: RecordedRequest;
  emulator: Emulator;
}

export interface Route {
  method: string;
  /** Matched against the raw (still encoded) path, so an encoded `/` inside a name stays inside its segment. */
  path: RegExp;
  handle(ctx: RequestContext): void | Promise<void>;
}

export interface ClientCredential {
  clientId: string;
  /** Absent: the client signs in only with a federated OIDC assertion. */
  clientSecret?: string;
  /**
   * The app's federated credentials: a presented ID token is matched on them (issuer, audience, then subject, with
   * case) and refused with the directory's number for the first that differs (70025 where the list is empty).
   * Absent: any ID token the emulator issued is accepted.
   */
  federated?: FederatedCredentialScenario[];
}

export interface EmulatorOptions {
  host?: string;
  port?: number;
  secondPort?: number;
  /** Lifetime of issued access tokens. */
  tokenLifetimeSeconds?: number;
  accessTokens?: string[];
  clients?: ClientCredential[];
  oidcRequestToken?: string;
  /** The resource manager's write limit per subscription (write-bucket.ts); absent: no limit. */
  writeBucket?: WriteBucketOptions;
  /** Its read limit per subscription (every GET under `/subscriptions/`; the vendor's: 250, 25/s); absent: none. */
  readBucket?: WriteBucketOptions;
  /**
   * The token endpoint refuses every grant with this error number, in the directory's body shape (`error`,
   * `error_description` starting with the prefixed number, `error_codes`, trace and correlation ids): one of
   * 70021, 700211, 700212, 700213, 7002138, 70025, 700016, 7000215, 90002, 700024 (sign-in.ts).
   */
  tokenError?: number;
  /** The claims of the runner's ID tokens the OIDC endpoint issues (sign-in.ts), e.g. `{ "environment": "prod" }`. */
  idToken?: IdTokenScenario;
}

/**
 * A key and certificate (PEM) to serve both origins over HTTPS instead of plain HTTP. Only the benchmark uses it:
 * the vendor's SDK, measured beside the action, refuses to send a bearer token over http. Not a scenario knob.
 */
export interface EmulatorTls {
  key: string;
  cert: string;
}

export interface AreaModule {
  name: string;
  routes(emulator: Emulator): Route[];
}

export class Emulator {
  readonly requests: RecordedRequest[] = [];
  readonly faults: FaultRule[] = [];
  /** Tokens accepted as `Authorization: Bearer …` for areas A to C. */
  readonly accessTokens: Set<string>;
  readonly clients: ClientCredential[];
  readonly oidcRequestToken: string;
  tokenLifetimeSeconds: number;
  /** The `tokenError` knob; a test may set it. */
  tokenError?: number;
  /** The `idToken` knob; a test may set it. */
  idToken: IdTokenScenario;
  /** Added to the real time: lets a test make the emulator's clock jump. */
  clockOffsetMs = 0;
  readonly issuedTokens = new Map<string, number>();
  readonly issuedOidcTokens = new Set<string>();
  /** Set by the `writeBucket` option, or by a test: the write limit per subscription. */
  writeBuckets?: WriteBuckets;
  /** Set by the `readBucket` option, or by a test: the read limit per subscription. */
  readBuckets?: WriteBuckets;
  /**
   * Requests that reached the second origin carrying a credential header. The second origin stands for
   * "somewhere else": the client must never send it `Authorization` or `X-API-Token`, and tests assert this
   * list stays empty rather than each checking headers on its own.
   */
  readonly secondOriginCredentialLeaks: RecordedRequest[] = [];
  /** Told of each request once it is answered, with its status (`vendor-ops emulator --log-requests`). */
  onRequest?: (record: RecordedRequest, status: number) => void;
  url = '';
  secondUrl = '';
  private readonly routes: Route[] = [];
  private readonly servers: Server[] = [];
  private readonly serverOf = new Map<RecordedRequest['origin'], Server>();
  private readonly sockets = new Set<Socket>();

  private readonly options: EmulatorOptions;
  constructor(options: EmulatorOptions = {}) {
    this.options = options;
    this.accessTokens = new Set(options.accessTokens ?? ['emu-access-token']);
    this.clients = options.clients ?? [{ clientId: 'emu-client', clientSecret: 'emu-client-secret' }];
    this.oidcRequestToken = options.oidcRequestToken ?? 'emu-oidc-request-token';
    this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
    this.tokenError = options.tokenError;
    this.idToken = options.idToken ?? {};
    this.routes.push(...this.signInRoutes());
    if (options.writeBucket) this.limitWrites(options.writeBucket);
    if (options.readBucket) this.limitReads(options.readBucket);
  }

  /** Turns the read limit on (a token bucket per subscription over GETs), replacing any before. */
  limitReads(options: WriteBucketOptions): WriteBuckets {
    this.readBuckets = new WriteBuckets(options, () => this.now());
    return this.readBuckets;
  }

  /** Turns the write limit on (a token bucket per subscription), replacing any before. */
  limitWrites(options: WriteBucketOptions): WriteBuckets {
    this.writeBuckets = new WriteBuckets(options, () => this.now());
    return this.writeBuckets;
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  use(area: AreaModule): this {
    this.routes.push(...area.routes(this));
    return this;
  }

  addFault(rule: FaultRule): this {
    this.faults.push(rule);
    return this;
  }

  async start({ tls }: { tls?: EmulatorTls } = {}): Promise<this> {
    const host = this.options.host ?? '127.0.0.1';
    this.url = await this.listen(host, this.options.port ?? 0, 'primary', tls);
    this.secondUrl = await this.listen(host, this.options.secondPort ?? 0, 'secondary', tls);
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(this.servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }

  /** The origin stops accepting connections (they are refused from now on); open ones are dropped. */
  stopListening(origin: RecordedRequest['origin']): void {
    const server = this.serverOf.get(origin);
    const port = (server?.address() as AddressInfo | null)?.port;
    server?.close();
    for (const socket of this.sockets) if (socket.localPort === port) socket.destroy();
  }

  requestsTo(pattern: RegExp, origin: RecordedRequest['origin'] = 'primary'): RecordedRequest[] {
    return this.requests.filter((r) => r.origin === origin && pattern.test(r.url.pathname));
  }

  /** Areas A–C: a valid bearer token, else 401 in the area's error shape. */
  checkBearer(ctx: RequestContext): boolean {
    const header = ctx.req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const expires = this.issuedTokens.get(token);
    if (this.accessTokens.has(token) || (expires !== undefined && expires > this.now())) return true;
    const code = expires !== undefined ? 'ExpiredAuthenticationToken' : 'InvalidAuthenticationToken';
    sendJson(ctx, 401, { error: { code, message: 'The access token is missing, invalid or expired.' } });
    return false;
  }

  private listen(
    host: string,
    port: number,
    origin: RecordedRequest['origin'],
    tls?: EmulatorTls,
  ): Promise<string> {
    const handler = (req: IncomingMessage, res: ServerResponse) => void this.handle(req, res, origin);
    const server = tls ? createTlsServer(tls, handler) : createServer(handler);
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.servers.push(server);
    this.serverOf.set(origin, server);
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        const { port: actual } = server.address() as AddressInfo;
        resolve(`${tls ? 'https' : 'http'}://${host}:${actual}`);
      });
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse, origin: RecordedRequest['origin']) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = req.url ?? '/';
    const url = new URL(target, 'http://emulator.invalid');
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      target,
      url,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      origin,
      at: Date.now(),
    };
    this.requests.push(record);
    res.once('finish', () => this.onRequest?.(record, res.statusCode));
    if (origin === 'secondary' && (req.headers.authorization || req.headers['x-api-token'])) {
      this.secondOriginCredentialLeaks.push(record);
    }
    const ctxBase = { req, res, url, body: record.body, record, emulator: this };
    try {
      const query = target.includes('?') ? target.slice(target.indexOf('?') + 1) : '';
      const rule = this.faults.find(
        (r) =>
          r.times > 0 &&
          (!r.method || r.method === record.method) &&
          (!r.path || r.path.test(url.pathname)) &&
          (!r.query || r.query.test(query)) &&
          (!r.origin || r.origin === origin) &&
          // A rule that skips lets this request through, and counts it.
          !(r.skip && r.skip-- > 0),
      );
      if (rule) {
        rule.times--;
        // "After the route": the service acts on the request, then its answer is lost on the way back.
        if (rule.after && rule.fault.kind !== 'delay') {
          await this.route(target, { ...ctxBase, res: new ServerResponse(req) });
        }
        if (rule.fault.kind === 'shutdown') this.stopListening(origin);
        if (await applyFault(rule.fault, req, res)) return;
      }
      if (this.throttle(ctxBase)) return;
      await this.route(target, ctxBase);
    } catch (error) {
      if (!res.headersSent) {
        sendJson({ res }, 500, { error: { code: 'EmulatorError', message: String(error) } });
      }
    }
  }

  /** The write (and read) limit: a 429 with Retry-After where the subscription's bucket is empty (then true). */
  private throttle(ctx: Omit<RequestContext, 'params'>): boolean {
    const read = ctx.record.method === 'GET';
    const buckets = read ? this.readBuckets : this.writeBuckets;
    const subscription = read
      ? WriteBuckets.readSubscriptionOf(ctx.url.pathname)
      : WriteBuckets.subscriptionOf(ctx.record.method, ctx.url.pathname);
    if (!buckets || subscription === undefined) return false;
    const kind = read ? 'reads' : 'writes';
    const retryAfter = buckets.take(subscription);
    const remaining = String(buckets.remaining(subscription));
    if (retryAfter === undefined) {
      ctx.res.setHeader(`x-vendor-ratelimit-remaining-subscription-${kind}`, remaining);
      return false;
    }
    // The code is the emulator's wording; the status and Retry-After are what matter to a client.
    sendJson(
      ctx,
      429,
      {
        error: {
          code: 'TooManyRequests',
          message: `The subscription's ${read ? 'read' : 'write'} limit is reached; retry after ${retryAfter} s.`,
        },
      },
      { 'retry-after': String(retryAfter), [`x-vendor-ratelimit-remaining-subscription-${kind}`]: remaining },
    );
    return true;
  }

  /** The route that answers the request; an answer no client reads where `res` has no socket (see `after`). */
  private async route(target: string, ctx: Omit<RequestContext, 'params'>): Promise<void> {
    const pathOnly = target.split('?')[0]!;
    for (const route of this.routes) {
      if (route.method !== ctx.record.method) continue;
      const match = route.path.exec(pathOnly);
      if (!match) continue;
      const params = match.slice(1).map((p) => decodeURIComponent(p ?? ''));
      await route.handle({ ...ctx, params });
      return;
    }
    sendJson(ctx, 404, {
      error: { code: 'NotFound', message: `No route for ${ctx.record.method} ${ctx.url.pathname}` },
    });
  }

  private signInRoutes(): Route[] {
    return [
      {
        method: 'POST',
        path: /^\/([^/]+)\/oauth2\/v2\.0\/token$/,
        handle: (ctx) => {
          const form = new URLSearchParams(ctx.body);
          const client = this.clients.find((c) => c.clientId === form.get('client_id'));
          const secret = form.get('client_secret');
          const assertion = form.get('client_assertion');
          const refused = refusalFor({
            tokenError: this.tokenError,
            federated: client?.federated,
            assertion,
            issued: assertion !== null && this.issuedOidcTokens.has(assertion),
          });
          if (refused !== undefined) {
            const context = { clientId: form.get('client_id') ?? '', tenant: ctx.params[0] ?? '' };
            const { status, body } = refusalBody(refused, {
              ...context,
              assertion: assertion ?? undefined,
              nowMs: this.now(),
            });
            sendJson(ctx, status, body);
            return;
          }
          const ok =
            form.get('grant_type') === 'client_credentials' &&
            client !== undefined &&
            (secret !== null
              ? client.clientSecret !== undefined && secret === client.clientSecret
              : assertion !== null && this.issuedOidcTokens.has(assertion));
          if (!ok) {
            sendJson(ctx, 401, {
              error: 'invalid_client',
              error_description: 'The client could not be authenticated.',
            });
            return;
          }
          const token = `emu-at-${randomUUID()}`;
          this.issuedTokens.set(token, this.now() + this.tokenLifetimeSeconds * 1000);
          sendJson(ctx, 200, {
            token_type: 'Bearer',
            access_token: token,
            expires_in: this.tokenLifetimeSeconds,
          });
        },
      },
      {
        // The runner's OIDC endpoint (ACTIONS_ID_TOKEN_REQUEST_URL), as @actions/core calls it.
        method: 'GET',
        path: /^\/_oidc\/token$/,
        handle: (ctx) => {
          if (ctx.req.headers.authorization !== `Bearer ${this.oidcRequestToken}`) {
            sendJson(ctx, 401, { message: 'bad request token' });
            return;
          }
          const audience = ctx.url.searchParams.get('audience') ?? '';
          const value = encodeIdToken(idTokenClaims(this.idToken, audience, this.now()));
          this.issuedOidcTokens.add(value);
          sendJson(ctx, 200, { value, audience });
        },
      },
    ];
  }
}

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
  ctx: Pick<RequestContext, 'res'>,
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
