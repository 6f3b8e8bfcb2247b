import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Agent, MockAgent } from 'undici';
import { VirtualClock } from '../../../../src/client/clock.js';
import { connectAppManagement } from '../../../../src/client/connect.js';
import { ServiceError } from '../../../../src/client/errors.js';
import type { Dispatcher } from 'undici';
import { appCurrentUser } from '../../../../src/operations/apps/app-current-user-run.js';
import { appRemoveUser } from '../../../../src/operations/apps/app-remove-user-run.js';
import type { Logger, OperationContext } from '../../../../src/operations/types.js';
import { startEmulator, type ServiceEmulator } from '../../../../src/emulator/index.js';

/** The operations in process, against the emulator: fast checks of what the bundle's tests cannot reach. */
let emulator: ServiceEmulator;
let agent: Agent;
beforeEach(async () => {
  emulator = await startEmulator();
  agent = new Agent();
});
afterEach(async () => {
  await agent.close();
  await emulator.close();
});

function setup(token: string, apiUrl = emulator.url, dispatcher: Dispatcher = agent) {
  const lines: string[] = [];
  const logger: Logger = {
    info: (l) => lines.push(`info ${l}`),
    warning: (l) => lines.push(`warning ${l}`),
    debug: () => undefined,
    group: (_n, work) => work(),
  };
  const clock = new VirtualClock(Date.UTC(2026, 10, 22));
  const ctx: OperationContext = { clock, logger, deadline: clock.now() + 60_000, pollIntervalMs: 50 };
  const client = connectAppManagement(new URL(apiUrl), token, { dispatcher, clock });
  return { ctx, client, lines, clock, apiUrl: new URL(apiUrl) };
}

describe('appRemoveUser', () => {
  it('goes on past a user who is not in the app, lists it in absent-users and succeeds', async () => {
    const { ctx, client, apiUrl, lines } = setup('emu-user-token');
    const result = await appRemoveUser(
      {
        apiUrl,
        failIfAbsent: false,
        app: 'contoso/shop',
        userEmails: ['leaver@contoso.com', 'gone@contoso.com', 'a+b@x.org'],
      },
      client,
      ctx,
    );
    expect(result.failure).toBeUndefined();
    expect(result.outputs['removed-users']).toEqual(['leaver@contoso.com', 'a+b@x.org']);
    expect(result.outputs['absent-users']).toEqual(['gone@contoso.com']);
    expect(result.summary[0]!.rows).toEqual([
      ['leaver@contoso.com', 'Removed (HTTP 204)'],
      ['gone@contoso.com', 'Not a user: nothing to remove (HTTP 404 UserNotFound)'],
      ['a+b@x.org', 'Removed (HTTP 204)'],
    ]);
    expect(lines).toContainEqual(
      expect.stringMatching(/^info gone@contoso\.com is not a user of contoso\/shop/),
    );
    expect(Object.keys(emulator.apps.members('contoso', 'shop')!)).not.toContain('a+b@x.org');
    expect(lines.filter((l) => l.startsWith('warning'))).toHaveLength(1);
  });

  it('with fail-if-absent, goes on past a user who is not in the app, and fails naming that user', async () => {
    const { ctx, client, apiUrl } = setup('emu-user-token');
    const result = await appRemoveUser(
      {
        apiUrl,
        app: 'contoso/shop',
        userEmails: ['leaver@contoso.com', 'gone@contoso.com', 'a+b@x.org'],
        failIfAbsent: true,
      },
      client,
      ctx,
    );
    expect(result.outputs['removed-users']).toEqual(['leaver@contoso.com', 'a+b@x.org']);
    expect(result.outputs['absent-users']).toEqual(['gone@contoso.com']);
    expect(result.failure).toMatch(
      /^Removed 2 of 3 user\(s\) from contoso\/shop; could not remove gone@contoso.com: /,
    );
    expect(result.failure).toContain('HTTP 404 UserNotFound');
    expect(result.failure).toContain('The user gone@contoso.com is not a user of contoso/shop');
    expect(result.failure).toContain('fail-if-absent is true');
    expect(result.failure).not.toContain('\n');
    // The parts join with `; ` and none keeps its full stop before it.
    expect(result.failure).not.toContain('.;');
    expect(result.summary[0]!.rows[1]).toEqual([
      'gone@contoso.com',
      'Failed: not a user (HTTP 404 UserNotFound)',
    ]);
  });

  it('stops at a refusal that every address would meet, and lists the rest as not attempted', async () => {
    const { ctx, client, apiUrl } = setup('emu-user-readonly-token');
    const result = await appRemoveUser(
      { apiUrl, failIfAbsent: false, app: 'contoso/shop', userEmails: ['leaver@contoso.com', 'a+b@x.org'] },
      client,
      ctx,
    );
    expect(result.outputs['removed-users']).toEqual([]);
    expect(result.failure).toContain('could not remove leaver@contoso.com');
    expect(result.failure).toContain('HTTP 403 Forbidden');
    expect(result.failure).toContain('not attempted: a+b@x.org');
    expect(result.outputs.result).toEqual([
      {
        user_email: 'leaver@contoso.com',
        removed: false,
        status: 403,
        code: 'Forbidden',
        message: 'A read-only API token has Viewer rights: it cannot remove users.',
      },
      { user_email: 'a+b@x.org', removed: false, notAttempted: true },
    ]);
    expect(emulator.requestsTo(/\/v0\.1\/apps\//)).toHaveLength(1);
  });

  it('a Developer with a full-access user token cannot remove users either', async () => {
    const { ctx, client, apiUrl } = setup('emu-developer-token');
    const result = await appRemoveUser(
      { apiUrl, failIfAbsent: false, app: 'contoso/shop', userEmails: ['leaver@contoso.com'] },
      client,
      ctx,
    );
    expect(result.failure).toContain(
      "Only a Manager of the app may remove users; this token's role is Developer",
    );
    expect(emulator.apps.members('contoso', 'shop')!['leaver@contoso.com']).toBe('Developer');
  });

  it('an app token works in its own app only', async () => {
    const { ctx, client, apiUrl } = setup('emu-app-token');
    const own = await appRemoveUser(
      { apiUrl, failIfAbsent: false, app: 'contoso/shop', userEmails: ['leaver@contoso.com'] },
      client,
      ctx,
    );
    expect(own.outputs['removed-users']).toEqual(['leaver@contoso.com']);
    const other = await appRemoveUser(
      { apiUrl, failIfAbsent: false, app: 'emu-user/shop', userEmails: ['helper@example.com'] },
      client,
      ctx,
    );
    expect(other.failure).toContain('This app API token belongs to another app');
    expect(other.failure).toContain('an app token of another app');
  });

  it('refuses a bad locator or address before any request', async () => {
    const { ctx, client, apiUrl } = setup('emu-user-token');
    await expect(
      appRemoveUser({ apiUrl, failIfAbsent: false, app: 'shop', userEmails: ['x@y.org'] }, client, ctx),
    ).rejects.toThrow("Input 'app'");
    await expect(
      appRemoveUser(
        { apiUrl, failIfAbsent: false, app: 'contoso/shop', userEmails: ['x@y.org', 'Jane'] },
        client,
        ctx,
      ),
    ).rejects.toThrow("Input 'user-email': 'Jane' is not an e-mail address");
    expect(emulator.requests).toHaveLength(0);
  });

  it('names retirement when the service cannot be reached (connection refused, after retries)', async () => {
    const closed = await startEmulator();
    const url = closed.url;
    await closed.close();
    const { ctx, client, apiUrl, clock } = setup('emu-user-token', url);
    const result = await appRemoveUser(
      { apiUrl, failIfAbsent: false, app: 'contoso/shop', userEmails: ['leaver@contoso.com', 'a+b@x.org'] },
      client,
      ctx,
    );
    expect(clock.sleeps.length).toBeGreaterThan(0);
    expect(result.failure).toContain('ECONNREFUSED');
    expect(result.failure).toContain('The service could not be reached. The likely cause');
    expect(result.failure).toContain('not attempted: a+b@x.org');
    expect(result.summary[0]!.rows[0]).toEqual(['leaver@contoso.com', 'Failed: NetworkError']);
  });
});

describe('appCurrentUser', () => {
  it('reads the profile, camelCase displayName too', async () => {
    const mock = new MockAgent();
    mock.disableNetConnect();
    mock
      .get('https://api.example')
      .intercept({ path: '/v0.1/user', method: 'GET' })
      .reply(200, { id: 42, name: 'jane', email: 'jane@x.org', displayName: 'Jane' });
    const { ctx, client, apiUrl } = setup('t-123456', 'https://api.example', mock);
    const result = await appCurrentUser({ apiUrl }, client, ctx);
    expect(result.outputs).toMatchObject({
      'user-id': '42',
      'user-name': 'jane',
      'user-email': 'jane@x.org',
      'user-display-name': 'Jane',
    });
    await mock.close();
  });

  it('a DNS failure names retirement as the likely cause', async () => {
    const mock = new MockAgent();
    mock.disableNetConnect();
    mock
      .get('https://gone.example')
      .intercept({ path: '/v0.1/user', method: 'GET' })
      .replyWithError(Object.assign(new Error('getaddrinfo ENOTFOUND gone.example'), { code: 'ENOTFOUND' }));
    const { ctx, client, apiUrl } = setup('t-123456', 'https://gone.example', mock);
    const error = (await appCurrentUser({ apiUrl }, client, ctx).catch((e) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toContain('ENOTFOUND');
    expect(error.message).toContain('retired on 31 March 2025');
    await mock.close();
  });

  it('an app token is refused with what to use instead', async () => {
    const { ctx, client, apiUrl } = setup('emu-app-token');
    await expect(appCurrentUser({ apiUrl }, client, ctx)).rejects.toThrow(
      'an app API token has no user behind it. Use a user API token',
    );
  });
});
