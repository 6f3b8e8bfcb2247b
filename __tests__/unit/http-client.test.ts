import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { VirtualClock } from '../../src/client/clock.js';
import { createDispatcher } from '../../src/client/dispatcher.js';
import { OriginError, ServiceError } from '../../src/client/errors.js';
import { HttpClient, parseBody } from '../../src/client/http.js';
import { Emulator, sendJson } from '../../src/emulator/index.js';
import { z } from 'zod';
import { startProxy } from '../helpers/connect-proxy.js';

let emulator: Emulator;
let clock: VirtualClock;
const dispatcher = createDispatcher({ requestTimeoutMs: 2_000 });

beforeEach(async () => {
  emulator = new Emulator();
  emulator.use({
    name: 'test',
    routes: () => [
      { method: 'GET', path: /^\/thing$/, handle: (ctx) => sendJson(ctx, 200, { status: 'Succeeded' }) },
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
});
afterEach(() => emulator.close());

const client = (extra: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) =>
  new HttpClient({ origin: emulator.url, dispatcher, clock, ...extra });

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
