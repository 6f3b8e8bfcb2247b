import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { VirtualClock } from '../../../src/client/clock.js';
import { createDispatcher } from '../../../src/client/dispatcher.js';
import { LAST_LOOK_MS, STEP_TIMEOUT } from '../../../src/client/deadline.js';
import { OriginError, ServiceError } from '../../../src/client/errors.js';
import { HttpClient, parseBody } from '../../../src/client/http.js';
import { defaultRetryPolicy } from '../../../src/client/retry.js';
import { Emulator, sendJson } from '../../../src/emulator/index.js';
import { z } from 'zod';
import { startProxy } from '../../helpers/connect-proxy.js';

let emulator: Emulator;
let clock: VirtualClock;
let acted = 0;
let actDelayMs = 0;
const dispatcher = createDispatcher({ requestTimeoutMs: 2_000 });

beforeEach(async () => {
  emulator = new Emulator();
  emulator.use({
    name: 'test',
    routes: () => [
      { method: 'GET', path: /^\/thing$/, handle: (ctx) => sendJson(ctx, 200, { status: 'Succeeded' }) },
      {
        // A request that changes something: each one that reaches the route acts once.
        method: 'POST',
        path: /^\/act$/,
        handle: async (ctx) => {
          acted++;
          // Unref'd: a test that gave up on the answer ends before it, and jest's worker must not wait for it.
          if (actDelayMs) await new Promise((resolve) => setTimeout(resolve, actDelayMs).unref());
          sendJson(ctx, 202, {});
        },
      },
      {
        method: 'GET',
        path: /^\/missing$/,
        handle: (ctx) =>
          sendJson(ctx, 404, {
            error: {
              code: 'ResourceNotFound',
              message: 'No such thing',
              target: 'thing',
              details: [
                { code: 'Inner', message: 'deeper', details: [{ code: 'Deepest', message: 'bottom' }] },
              ],
              additionalInfo: [{ type: 'PolicyViolation', info: { policy: 'p1' } }],
            },
          }),
      },
    ],
  });
  await emulator.start();
  clock = new VirtualClock();
  acted = 0;
  actDelayMs = 0;
});
afterEach(() => emulator.close());

/** No jitter unless a test asks for it: the waits are then exactly the Retry-After. */
const noJitter = { ...defaultRetryPolicy, random: () => 0 };
const client = (extra: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) =>
  new HttpClient({ origin: emulator.url, dispatcher, clock, retry: noJitter, ...extra });

describe('HttpClient', () => {
  it('retries a 429, waiting the Retry-After seconds', async () => {
    emulator.addFault({ times: 1, path: /thing/, fault: { kind: 'status', status: 429, retryAfter: '7' } });
    const response = await client().send({ method: 'GET', url: '/thing' });
    expect(response.status).toBe(200);
    expect(clock.sleeps).toEqual([7000]);
    expect(emulator.requests).toHaveLength(2);
  });

  it('honours a Retry-After given as an HTTP date', async () => {
    const at = new Date(clock.now() + 42_000).toUTCString();
    emulator.addFault({ times: 1, path: /thing/, fault: { kind: 'status', status: 503, retryAfter: at } });
    await client().send({ method: 'GET', url: '/thing' });
    expect(clock.sleeps[0]).toBeGreaterThan(40_000);
    expect(clock.sleeps[0]).toBeLessThanOrEqual(42_000);
  });

  it('clamps a Retry-After of 0 up to one second and an absurd one down to ten minutes', async () => {
    emulator.addFault({ times: 1, path: /thing/, fault: { kind: 'status', status: 503, retryAfter: '0' } });
    emulator.addFault({
      times: 1,
      path: /thing/,
      fault: { kind: 'status', status: 503, retryAfter: '99999999' },
    });
    await client().send({ method: 'GET', url: '/thing' });
    expect(clock.sleeps).toEqual([1000, 600_000]);
  });

  it('retries a connection reset and a 502 burst with backoff, then succeeds', async () => {
    emulator.addFault({ times: 1, path: /thing/, fault: { kind: 'reset' } });
    emulator.addFault({ times: 2, path: /thing/, fault: { kind: 'status', status: 502 } });
    const response = await client().send({ method: 'GET', url: '/thing' });
    expect(response.status).toBe(200);
    expect(emulator.requests).toHaveLength(4);
    expect(clock.sleeps).toHaveLength(3);
  });

  it('gives up after its attempts and reports the last status with the request id', async () => {
    emulator.addFault({ times: 10, path: /thing/, fault: { kind: 'status', status: 503 } });
    const error = await client()
      .send({ method: 'GET', url: '/thing' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toContain('HTTP 503 Status503: Injected fault (request-id: emu-fault)');
    expect(emulator.requests).toHaveLength(5);
  });

  it('reports an HTML error page clearly, without crashing', async () => {
    emulator.addFault({ times: 1, path: /thing/, fault: { kind: 'html', status: 403 } });
    const error = (await client()
      .send({ method: 'GET', url: '/thing' })
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.message).toContain('HTTP 403');
    expect(error.message).toContain(
      'the response is not JSON (text/html: "502 Bad Gateway Bad Gateway upstream proxy error")',
    );
  });

  it('parses the nested error shape into one error with details and additionalInfo', async () => {
    const error = (await client()
      .send({ method: 'GET', url: '/missing' })
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.status).toBe(404);
    expect(error.code).toBe('ResourceNotFound');
    expect(error.requestId).toMatch(/^emu-req-/);
    expect(error.message).toMatch(
      /^GET \/missing → HTTP 404 ResourceNotFound: No such thing \(target: thing, request-id: emu-req-\d+\)\.$/,
    );
    expect(error.detailLines()).toEqual([
      '- additionalInfo PolicyViolation: {"policy":"p1"}',
      '- Inner: deeper',
      '  - Deepest: bottom',
    ]);
  });

  it('refuses a URL on another origin without sending anything there', async () => {
    const error = await client()
      .send({ method: 'GET', url: `${emulator.secondUrl}/thing`, what: 'polling URL' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OriginError);
    expect((error as Error).message).toContain(`Refused to follow the polling URL on ${emulator.secondUrl}`);
    expect(emulator.requests).toHaveLength(0);
  });

  it('caps the response size', async () => {
    emulator.addFault({ times: 1, path: /thing/, fault: { kind: 'huge', bytes: 3_000_000 } });
    const error = await client({ maxResponseBytes: 1_000_000 })
      .send({ method: 'GET', url: '/thing' })
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('exceeds 1000000 bytes');
  });

  it('says which field of a success body has the wrong shape', async () => {
    const response = await client().send({ method: 'GET', url: '/thing' });
    expect(() => parseBody(response, z.object({ status: z.number() }), 'status result')).toThrow(
      /status result: .* at status/,
    );
  });
});

describe('proxies', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('sends http requests through HTTP_PROXY and https ones through HTTPS_PROXY (CONNECT)', async () => {
    const proxy = await startProxy();
    try {
      process.env.HTTP_PROXY = proxy.url;
      process.env.HTTPS_PROXY = proxy.url;
      delete process.env.NO_PROXY;
      delete process.env.no_proxy;
      const viaProxy = createDispatcher({ requestTimeoutMs: 2_000 });
      const response = await new HttpClient({ origin: emulator.url, dispatcher: viaProxy, clock }).send({
        method: 'GET',
        url: '/thing',
      });
      expect(response.status).toBe(200);
      const https = new HttpClient({
        origin: 'https://vendor.example.test',
        dispatcher: viaProxy,
        clock,
        retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1, random: () => 0 },
      });
      // The test proxy refuses non-loopback tunnels: the request fails, but only after asking the proxy.
      await expect(https.send({ method: 'GET', url: '/x' })).rejects.toThrow();
      expect(proxy.targets).toEqual([
        expect.stringMatching(/^(GET http:\/\/127\.0\.0\.1:\d+\/thing|CONNECT 127\.0\.0\.1:\d+)$/),
        'CONNECT vendor.example.test:443',
      ]);
      await viaProxy.close();
    } finally {
      await proxy.close();
    }
  });

  it('goes direct for hosts in NO_PROXY', async () => {
    const proxy = await startProxy();
    try {
      process.env.HTTP_PROXY = proxy.url;
      process.env.NO_PROXY = '127.0.0.1';
      const direct = createDispatcher({ requestTimeoutMs: 2_000 });
      await new HttpClient({ origin: emulator.url, dispatcher: direct, clock }).send({
        method: 'GET',
        url: '/thing',
      });
      expect(proxy.targets).toEqual([]);
      expect(emulator.requests).toHaveLength(1);
      await direct.close();
    } finally {
      await proxy.close();
    }
  });
});

describe('HttpClient, a request that changes something', () => {
  const ID = '11111111-2222-4333-8444-555555555555';
  const act = { method: 'POST' as const, url: '/act' };
  const changing = (extra: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) =>
    client({ randomUUID: () => ID, ...extra });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: unknown) => e as ServiceError,
    );
  const ids = () => emulator.requests.map((r) => r.headers['x-vendor-client-request-id']);

  it.each([
    ['a 500', { kind: 'status', status: 500 } as const, false],
    ['a 502', { kind: 'status', status: 502 } as const, false],
    ['a 504', { kind: 'status', status: 504 } as const, false],
    ['a 503 without Retry-After', { kind: 'status', status: 503 } as const, false],
    ['a reset before the headers', { kind: 'reset' } as const, false],
    ['a 504 after the service acted', { kind: 'status', status: 504 } as const, true],
    ['a reset after the service acted', { kind: 'reset' } as const, true],
    ['a reset mid-body after the service acted', { kind: 'reset-mid-body' } as const, true],
  ])('is not sent again after %s: its effect is unknown', async (_, fault, after) => {
    emulator.addFault({ times: 5, method: 'POST', path: /act/, fault, after });
    const error = await failure(changing().send(act));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error!.effectUnknown).toBe(true);
    expect(error!.clientRequestId).toBe(ID);
    expect(error!.message).toContain(`client-request-id: ${ID}`);
    expect(error!.message).toContain('The effect is unknown');
    expect(emulator.requests).toHaveLength(1);
    expect(acted).toBe(after ? 1 : 0);
  });

  it('is not sent again when no answer comes in time', async () => {
    const quick = createDispatcher({ requestTimeoutMs: 150 });
    emulator.addFault({ times: 5, method: 'POST', path: /act/, fault: { kind: 'hang' }, after: true });
    const error = await failure(changing({ dispatcher: quick }).send(act));
    expect(error!.effectUnknown).toBe(true);
    expect(error!.message).toContain('UND_ERR_HEADERS_TIMEOUT');
    expect(emulator.requests).toHaveLength(1);
    expect(acted).toBe(1);
    await quick.close();
  });

  it('is sent again after a 429 and a 503 with Retry-After, with the same client request id', async () => {
    emulator.addFault({
      times: 1,
      method: 'POST',
      path: /act/,
      fault: { kind: 'status', status: 429, retryAfter: '3' },
    });
    emulator.addFault({
      times: 1,
      method: 'POST',
      path: /act/,
      fault: { kind: 'status', status: 503, retryAfter: '2' },
    });
    const lines: string[] = [];
    const response = await changing({ onRetry: (l) => lines.push(l) }).send(act);
    expect(response.status).toBe(202);
    expect(acted).toBe(1);
    expect(ids()).toEqual([ID, ID, ID]);
    expect(clock.sleeps).toEqual([3000, 2000]);
    expect(lines).toEqual([
      expect.stringMatching(/^POST http:\/\/127\.0\.0\.1:\d+\/act: retrying in 3 s after HTTP 429$/),
      expect.stringMatching(/: retrying in 2 s after HTTP 503$/),
    ]);
  });

  it('is sent again where the connection was refused: it never reached the service', async () => {
    emulator.stopListening('primary');
    const error = await failure(changing().send(act));
    expect(error!.effectUnknown).toBe(false);
    expect(error!.message).toContain('ECONNREFUSED');
    expect(error!.clientRequestId).toBe(ID);
    // Five attempts, the first included, with backoff between them.
    expect(clock.sleeps).toHaveLength(4);
  });

  it('gives each logical request its own id; a read carries none', async () => {
    let n = 0;
    const c = client({ randomUUID: () => `id-${++n}` });
    await c.send(act);
    await c.send(act);
    await c.send({ method: 'GET', url: '/thing' });
    await c.send({ method: 'POST', url: '/act', intent: 'read' });
    expect(ids()).toEqual(['id-1', 'id-2', undefined, undefined]);
  });

  it('retries a 429 until the deadline, not a fixed number of times, waiting Retry-After plus up to 20 %', async () => {
    emulator.addFault({
      times: 12,
      method: 'POST',
      path: /act/,
      fault: { kind: 'status', status: 429, retryAfter: '10' },
    });
    const response = await changing({
      deadline: clock.now() + 10 * 60_000,
      retry: { ...defaultRetryPolicy, random: () => 1 },
    }).send(act);
    expect(response.status).toBe(202);
    expect(emulator.requests).toHaveLength(13);
    expect(clock.sleeps).toEqual(Array(12).fill(12_000));
  });

  it('fails a 429 whose next try would come after the deadline, naming it', async () => {
    emulator.addFault({
      times: 50,
      method: 'POST',
      path: /act/,
      fault: { kind: 'status', status: 429, retryAfter: '10' },
    });
    const error = await failure(changing({ deadline: clock.now() + 35_000 }).send(act));
    expect(error!.status).toBe(429);
    expect(error!.effectUnknown).toBe(false);
    expect(error!.message).toContain("after the step's timeout");
    expect(error!.pastDeadline).toBe(true);
    expect(emulator.requests).toHaveLength(4);
  });

  it('fails at once a request the gate would hold past the deadline, naming the 429 that closed it', async () => {
    emulator.addFault({ times: 1, path: /thing/, fault: { kind: 'status', status: 429, retryAfter: '120' } });
    const c = client({ deadline: clock.now() + 20_000 });
    // The first read meets the 429; the second, another instance's, finds the gate held for 120 s.
    const first = await failure(c.send({ method: 'GET', url: '/thing' }));
    const second = await failure(c.send({ method: 'GET', url: '/act', intent: 'read' }));
    for (const error of [first, second]) {
      expect(error!.status).toBe(429);
      expect(error!.pastDeadline).toBe(true);
    }
    expect(second!.message).toContain(
      "The service asked to wait 120 s (Retry-After), past the step's timeout.",
    );
    expect(emulator.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it("cuts a request's own timeout to the time left, and sends none after the deadline", async () => {
    emulator.addFault({ times: 1, path: /thing/, fault: { kind: 'hang' } });
    // Begun 950 ms past the deadline, on a request timeout of 2 s: the hang gets only what is left of the 1 s last look.
    const c = client({ deadline: clock.now() - (LAST_LOOK_MS - 50) });
    const cut = await failure(c.send({ method: 'GET', url: '/thing' }));
    expect(cut!.code).toBe(STEP_TIMEOUT);
    expect(cut!.message).toContain("no answer came before the step's timeout");
    clock.advance(50);
    const late = await failure(c.send({ method: 'GET', url: '/thing' }));
    expect(late!.message).toContain("not sent: the step's timeout came first");
    expect(emulator.requests).toHaveLength(1);
  });

  it("keeps the service's own words of a 404 for a message beside the action's", async () => {
    const error = await failure(client().send({ method: 'GET', url: '/missing' }));
    expect(error!.said()).toMatch(/^HTTP 404 ResourceNotFound: No such thing, request-id: emu-req-\d+$/);
  });

  it('reads keep their retries: a 500 on a GET is sent again', async () => {
    emulator.addFault({ times: 2, path: /thing/, fault: { kind: 'status', status: 500 } });
    const lines: string[] = [];
    await client({ onRetry: (l) => lines.push(l) }).send({ method: 'GET', url: '/thing' });
    expect(emulator.requests).toHaveLength(3);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/retrying in 0\.3 s after HTTP 500$/);
  });

  it('on cancellation, waits for the answer of one already sent, so an accepted operation is not lost', async () => {
    actDelayMs = 300;
    const controller = new AbortController();
    const sending = changing({ signal: controller.signal, cancelGraceMs: 2_000 }).send(act);
    setTimeout(() => controller.abort(new Error('The job was cancelled')), 50);
    const response = await sending;
    expect(response.status).toBe(202);
    expect(controller.signal.aborted).toBe(true);
  });

  it('on cancellation, gives up on the answer after the grace, its effect unknown', async () => {
    actDelayMs = 1_000;
    const controller = new AbortController();
    const sending = failure(changing({ signal: controller.signal, cancelGraceMs: 100 }).send(act));
    setTimeout(() => controller.abort(new Error('The job was cancelled')), 50);
    const started = Date.now();
    const error = await sending;
    expect(Date.now() - started).toBeLessThan(800);
    expect(error!.effectUnknown).toBe(true);
    expect(error!.message).toContain('the job was cancelled and no answer came within 0.1 s');
  });

  it('gives what is still sent or answering after a cancellation one budget from the cancellation, not one each', async () => {
    // A change answers 1 s after the cancellation; then cancel-on-abort sends its own request, which the service
    // would answer after 3 s. One budget ends it 1.2 s after the cancellation; a budget each, at 2.2 s. The
    // bounds leave half a second either way for a busy machine.
    actDelayMs = 1_050;
    const controller = new AbortController();
    const http = changing({ signal: controller.signal, cancelGraceMs: 1_200 });
    const sending = http.send(act);
    setTimeout(() => controller.abort(new Error('The job was cancelled')), 50);
    const cancelledAt = await new Promise<number>((resolve) =>
      controller.signal.addEventListener('abort', () => resolve(Date.now())),
    );
    expect((await sending).status).toBe(202);
    actDelayMs = 3_000;
    const error = await failure(http.send({ ...act, afterCancel: true }));
    expect(error).toBeDefined();
    const ended = Date.now() - cancelledAt;
    expect(ended).toBeGreaterThanOrEqual(1_150);
    expect(ended).toBeLessThan(1_700);
  });

  it('is never sent once the job is cancelled; a read in flight is cut at once', async () => {
    const controller = new AbortController();
    controller.abort(new Error('The job was cancelled'));
    await expect(changing({ signal: controller.signal }).send(act)).rejects.toThrow('The job was cancelled');
    expect(emulator.requests).toHaveLength(0);
  });
});
