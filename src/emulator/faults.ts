import type { IncomingMessage, ServerResponse } from 'node:http';

export type Fault =
  /**
   * Any status, with an optional Retry-After and body (JSON text unless `contentType` says otherwise); `headers`
   * are added last, so they can replace the request ids the service's headers carry.
   */
  | {
      kind: 'status';
      status: number;
      retryAfter?: string;
      body?: string;
      contentType?: string;
      headers?: Record<string, string>;
    }
  /** A proxy's HTML error page. */
  | { kind: 'html'; status: number }
  /** The connection is closed before any header. */
  | { kind: 'reset' }
  /** Headers and part of the body, then the connection breaks. */
  | { kind: 'reset-mid-body' }
  /** No answer at all: the headers never arrive. */
  | { kind: 'hang' }
  /** Headers and part of the body, then silence. */
  | { kind: 'stall-body' }
  /** A 200 whose JSON ends half-way. */
  | { kind: 'truncated-json' }
  | { kind: 'empty-200' }
  /** A 200 with a body of this many bytes. */
  | { kind: 'huge'; bytes: number }
  /**
   * The answer comes late: the request waits this long, then goes on to its route (a slow service, or with
   * `after: true` a slow answer of a service that acted at once). A cancellation in the meantime meets it in flight.
   */
  | { kind: 'delay'; ms: number }
  /** The service goes away: this connection breaks and the origin stops listening, so every later connect is refused. */
  | { kind: 'shutdown' }
  /**
   * A page of a listing that never ends: no items and a nextLink to the same path with a new `$skipToken` each
   * time (never one seen before), so only a page count or the deadline can end it. Give it `times` enough to last.
   */
  | { kind: 'endless-page' }
  /** A page of a listing with no items and this nextLink (a path elsewhere: a client must keep to its listing). */
  | { kind: 'page'; nextLink: string };

export interface FaultRule {
  fault: Fault;
  /** How many matching requests get the fault. */
  times: number;
  method?: string;
  path?: RegExp;
  /** Matched against the raw query (without `?`): `/skipToken/` targets the pages after the first. */
  query?: RegExp;
  /** Matching requests let through before the fault starts: `skip: 1` faults the second poll, not the first. */
  skip?: number;
  origin?: 'primary' | 'secondary';
  /**
   * The route runs first and acts (a stop starts, a user is removed), and its answer is then replaced by the
   * fault: the request reached the service but the client never hears so (a gateway's 504, a reset, a hang).
   */
  after?: boolean;
}

/** Every endless page's token is new, across emulators too: a client cannot end the listing by a repeat. */
let endlessPages = 0;

/** The first rule with faults left that matches the request; a rule that skips lets it through, and counts it. */
export function findFault(
  faults: FaultRule[],
  request: { method: string; pathname: string; query: string; origin: 'primary' | 'secondary' },
): FaultRule | undefined {
  return faults.find(
    (r) =>
      r.times > 0 &&
      (!r.method || r.method === request.method) &&
      (!r.path || r.path.test(request.pathname)) &&
      (!r.query || r.query.test(request.query)) &&
      (!r.origin || r.origin === request.origin) &&
      !(r.skip && r.skip-- > 0),
  );
}

/** Applies a fault; returns false where the request should go on to its route. */
export async function applyFault(fault: Fault, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  switch (fault.kind) {
    case 'status': {
      const headers: Record<string, string> = { 'content-type': fault.contentType ?? 'application/json' };
      if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
      const body =
        fault.body ?? JSON.stringify({ error: { code: `Status${fault.status}`, message: 'Injected fault' } });
      res.writeHead(fault.status, { ...headers, 'x-vendor-request-id': 'emu-fault', ...fault.headers });
      res.end(body);
      return true;
    }
    case 'html':
      res.writeHead(fault.status, { 'content-type': 'text/html' });
      res.end(
        '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>upstream proxy error</p></body></html>',
      );
      return true;
    case 'reset':
      req.socket.destroy();
      return true;
    case 'reset-mid-body':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"status":"Runn');
      setTimeout(() => req.socket.destroy(), 20);
      return true;
    case 'hang':
      return true;
    case 'delay':
      // Unref'd: a server that is closed, or a test whose client gave up, does not wait for it.
      await new Promise((resolve) => setTimeout(resolve, fault.ms).unref());
      return false;
    case 'stall-body':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"status":');
      return true;
    case 'truncated-json':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"Succeeded","percentComp');
      return true;
    case 'empty-200':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' });
      res.end();
      return true;
    case 'endless-page': {
      const next = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      next.searchParams.set('$skipToken', `endless-${++endlessPages}`);
      res.writeHead(200, { 'content-type': 'application/json', 'x-vendor-request-id': 'emu-fault' });
      // A millisecond a page, as a service takes at least: a fast machine read 10 000 pages in under 2 s, so the
      // step's page cap, not the timeout these faults are for, ended the listing.
      setTimeout(() => res.end(JSON.stringify({ value: [], nextLink: next.href })), 1);
      return true;
    }
    case 'page':
      res.writeHead(200, { 'content-type': 'application/json', 'x-vendor-request-id': 'emu-fault' });
      res.end(JSON.stringify({ value: [], nextLink: fault.nextLink }));
      return true;
    case 'shutdown':
      // The emulator stops the listener (it owns the servers); here only this connection breaks.
      req.socket.destroy();
      return true;
    case 'huge': {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let sent = 0; sent < fault.bytes && !res.destroyed; sent += chunk.length) {
        if (!res.write(chunk)) await drainOrClose(res);
      }
      res.end();
      return true;
    }
  }
}

function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
