import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { VirtualClock } from '../../../src/client/clock.js';
import { connectResourceManager, type ConnectOptions, type SignIn } from '../../../src/client/connect.js';
import { createDispatcher } from '../../../src/client/dispatcher.js';
import { ServiceError } from '../../../src/client/errors.js';
import type { HttpClient } from '../../../src/client/http.js';
import { Emulator, sendJson } from '../../../src/emulator/index.js';

let emulator: Emulator;
const dispatcher = createDispatcher({ requestTimeoutMs: 2_000 });

beforeEach(async () => {
  emulator = new Emulator({ tokenLifetimeSeconds: 3600 });
  emulator.use({
    name: 'test',
    routes: (emu) => [
      {
        method: 'GET',
        path: /^\/thing$/,
        handle: (ctx) => {
          if (emu.checkBearer(ctx)) sendJson(ctx, 200, { ok: true });
        },
      },
    ],
  });
  await emulator.start();
});
afterEach(() => emulator.close());

const tokenRequests = () => emulator.requests.filter((r) => r.url.pathname.endsWith('/oauth2/v2.0/token'));

/** A client of the emulator signing in with the emulator's client secret, unless told otherwise. */
function connect(
  signIn:
    | Partial<Extract<SignIn, { kind: 'client-secret' }>>
    | Omit<Extract<SignIn, { kind: 'federated' }>, 'authUrl'>,
  options: Partial<ConnectOptions> = {},
): HttpClient {
  const base = { authUrl: new URL(emulator.url), tenantId: 't', scope: 's' };
  const full: SignIn =
    signIn.kind === 'federated'
      ? { ...base, ...signIn }
      : {
          ...base,
          kind: 'client-secret',
          clientId: 'emu-client',
          clientSecret: 'emu-client-secret',
          ...signIn,
        };
  return connectResourceManager(new URL(emulator.url), full, {
    dispatcher,
    clock: new VirtualClock(),
    ...options,
  });
}

/** The renewal runs beside the request: its effects are awaited, not assumed done when the request is. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
}

describe('sign-in', () => {
  it('client credentials: one token, reused until shortly before it expires, then a fresh one', async () => {
    const clock = new VirtualClock(Date.now());
    const secrets: string[] = [];
    const client = connect(
      { tenantId: 'tenant-1', scope: 'https://api/.default' },
      { clock, onSecret: (s) => secrets.push(s) },
    );
    await client.send({ method: 'GET', url: '/thing' });
    clock.advance(50 * 60_000);
    await client.send({ method: 'GET', url: '/thing' });
    expect(tokenRequests()).toHaveLength(1);
    // 56 minutes in: inside the five-minute margin before the hour, so a new token is fetched, beside the request
    // (the token in hand still serves it).
    clock.advance(6 * 60_000);
    await client.send({ method: 'GET', url: '/thing' });
    // Until the fresh token is back, not only asked for: it is told (onSecret) once its answer is read.
    await until(() => tokenRequests().length === 2 && secrets.length === 2);
    const form = new URLSearchParams(tokenRequests()[0]!.body);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'emu-client',
      scope: 'https://api/.default',
      client_secret: 'emu-client-secret',
    });
    expect(tokenRequests()[0]!.target).toBe('/tenant-1/oauth2/v2.0/token');
    expect(secrets).toEqual([...emulator.issuedTokens.keys()]);
  });

  it('federated: a fresh runner OIDC token is sent as client_assertion for each grant', async () => {
    const clock = new VirtualClock(Date.now());
    let assertions = 0;
    emulator.clients.push({ clientId: 'fed-client' });
    const client = connect(
      {
        kind: 'federated',
        tenantId: 't',
        clientId: 'fed-client',
        scope: 's',
        idToken: async () => {
          assertions++;
          const value = `emu-oidc-test-${assertions}`;
          emulator.issuedOidcTokens.add(value);
          return value;
        },
      },
      { clock },
    );
    await client.send({ method: 'GET', url: '/thing' });
    clock.advance(2 * 3600_000);
    await client.send({ method: 'GET', url: '/thing' });
    expect(assertions).toBe(2);
    const sent = tokenRequests().map((r) => new URLSearchParams(r.body).get('client_assertion'));
    expect(sent).toEqual(['emu-oidc-test-1', 'emu-oidc-test-2']);
    expect(new URLSearchParams(tokenRequests()[0]!.body).get('client_assertion_type')).toBe(
      'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    );
  });

  it('a rejected client secret fails with the OAuth error, and the secret is not in the message', async () => {
    const client = connect({ clientSecret: 'wrong-secret-value' });
    const error = (await client
      .send({ method: 'GET', url: '/thing' })
      .catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toContain('HTTP 401 invalid_client: The client could not be authenticated.');
    expect(error.message).not.toContain('wrong-secret-value');
  });

  it('an expired token answered with 401 is replaced once and the request repeated', async () => {
    const clock = new VirtualClock(Date.now());
    const client = connect({}, { clock });
    await client.send({ method: 'GET', url: '/thing' });
    // The service revokes every token it issued; the client's cache does not know yet.
    emulator.issuedTokens.clear();
    const response = await client.send({ method: 'GET', url: '/thing' });
    expect(response.status).toBe(200);
    expect(tokenRequests()).toHaveLength(2);
  });

  it('a rejected client secret is a sign-in failure naming the token endpoint and what to check', async () => {
    const failures: ServiceError[] = [];
    const client = connect(
      { clientSecret: 'wrong-secret-value' },
      { onSignInFailure: (e) => failures.push(e) },
    );
    const error = (await client
      .send({ method: 'GET', url: '/thing' })
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.signIn).toBe(true);
    expect(error.message).toMatch(
      /^Sign-in failed at the token endpoint http:\/\/127\.0\.0\.1:\d+\/t\/oauth2\/v2\.0\/token → HTTP 401 invalid_client: /,
    );
    expect(error.message).toContain('Check tenant-id, client-id and client-secret');
    expect(failures).toEqual([error]);
    // Nothing reached the service itself.
    expect(emulator.requests.filter((r) => r.url.pathname === '/thing')).toHaveLength(0);
  });

  describe('renewal while the token in hand is still valid', () => {
    const federated = (clock: VirtualClock, lines: string[], failFirst: number[]) => {
      let calls = 0;
      emulator.clients.push({ clientId: 'fed-client' });
      return connect(
        {
          kind: 'federated',
          tenantId: 't',
          clientId: 'fed-client',
          scope: 's',
          idToken: async () => {
            calls++;
            if (failFirst.includes(calls)) throw new Error('Failed to get ID Token. Error Code : 500');
            const value = `emu-oidc-renew-${calls}`;
            emulator.issuedOidcTokens.add(value);
            return value;
          },
        },
        { clock, onRetry: (l) => lines.push(l) },
      );
    };

    it("survives a failure of the runner's ID-token endpoint, and renews on a later try", async () => {
      emulator.tokenLifetimeSeconds = 600;
      const clock = new VirtualClock(Date.now());
      const lines: string[] = [];
      const client = federated(clock, lines, [2]);
      await client.send({ method: 'GET', url: '/thing' });
      // Past the renewal point (half the 10 minutes), with 4 minutes of the token left.
      clock.advance(6 * 60_000);
      const response = await client.send({ method: 'GET', url: '/thing' });
      expect(response.status).toBe(200);
      await until(() => lines.length > 0);
      expect(tokenRequests()).toHaveLength(1);
      expect(lines).toEqual([
        expect.stringMatching(
          /^Renewing the access token failed \(Sign-in failed at the runner's ID-token endpoint .*Error Code : 500.*\); the current token is valid for 230 s more, so it is used and the renewal is retried in 30 s$/,
        ),
      ]);
      // Within the 30 s, no new try; after them, a new token.
      clock.advance(10_000);
      await client.send({ method: 'GET', url: '/thing' });
      expect(tokenRequests()).toHaveLength(1);
      clock.advance(25_000);
      await client.send({ method: 'GET', url: '/thing' });
      await until(() => tokenRequests().length === 2);
      expect(lines).toHaveLength(1);
    });

    it('survives a failing token endpoint, and fails once the token in hand has lapsed', async () => {
      emulator.tokenLifetimeSeconds = 600;
      const clock = new VirtualClock(Date.now());
      const lines: string[] = [];
      const failures: ServiceError[] = [];
      const client = connect(
        {},
        { clock, onRetry: (l) => lines.push(l), onSignInFailure: (e) => failures.push(e) },
      );
      await client.send({ method: 'GET', url: '/thing' });
      emulator.addFault({ times: 1_000, path: /oauth2/, fault: { kind: 'status', status: 500 } });
      clock.advance(6 * 60_000);
      expect((await client.send({ method: 'GET', url: '/thing' })).status).toBe(200);
      await until(() =>
        lines.some((l) => /^Renewing the access token failed \(Sign-in failed at the token endpoint/.test(l)),
      );
      expect(failures).toEqual([]);
      clock.advance(5 * 60_000);
      const error = (await client
        .send({ method: 'GET', url: '/thing' })
        .catch((e: unknown) => e)) as ServiceError;
      expect(error.signIn).toBe(true);
      expect(error.message).toContain('HTTP 500');
      expect(failures).toEqual([error]);
    });
  });
});
