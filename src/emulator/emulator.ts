import { ServerResponse, type IncomingMessage } from 'node:http';
import type { EmulatorOptions } from './emulator-options.js';
import { applyFault, findFault, type FaultRule } from './faults.js';
import { Origins, type EmulatorTls, type Origin } from './origins.js';
import { sendJson } from './respond.js';
import type { IdTokenScenario } from './sign-in.js';
import { signInRoutes, type ClientCredential } from './sign-in-routes.js';
import { throttle } from './throttle.js';
import { WriteBuckets, type WriteBucketOptions } from './write-bucket.js';

/**
 * A local emulator of the service: a real HTTP server on loopback, stateful, with fault knobs. It shares no
 * code with the client on purpose: it is the other side of the wire. This is its router and its state; the two
 * origins it listens on are origins.ts's.
 */

export { sendJson, shapeLink, type LinkForm } from './respond.js';
export type { ClientCredential } from './sign-in-routes.js';
export type { EmulatorOptions } from './emulator-options.js';
export type { EmulatorTls } from './origins.js';

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

export interface AreaModule {
  name: string;
  routes(emulator: Emulator): Route[];
}

export class Emulator extends Origins {
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
  private readonly routes: Route[] = [];

  private readonly options: EmulatorOptions;
  constructor(options: EmulatorOptions = {}) {
    super();
    this.options = options;
    this.accessTokens = new Set(options.accessTokens ?? ['emu-access-token']);
    this.clients = options.clients ?? [{ clientId: 'emu-client', clientSecret: 'emu-client-secret' }];
    this.oidcRequestToken = options.oidcRequestToken ?? 'emu-oidc-request-token';
    this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
    this.tokenError = options.tokenError;
    this.idToken = options.idToken ?? {};
    this.routes.push(...signInRoutes(this));
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

  protected async handle(req: IncomingMessage, res: ServerResponse, origin: Origin): Promise<void> {
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
      const rule = findFault(this.faults, { method: record.method, pathname: url.pathname, query, origin });
      if (rule) {
        rule.times--;
        // "After the route": the service acts on the request, then its answer is lost on the way back.
        if (rule.after && rule.fault.kind !== 'delay') {
          await this.route(target, { ...ctxBase, res: new ServerResponse(req) });
        }
        if (rule.fault.kind === 'shutdown') this.stopListening(origin);
        if (await applyFault(rule.fault, req, res)) return;
      }
      if (throttle(this, ctxBase)) return;
      await this.route(target, ctxBase);
    } catch (error) {
      if (!res.headersSent) {
        sendJson({ res }, 500, { error: { code: 'EmulatorError', message: String(error) } });
      }
    }
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
}
