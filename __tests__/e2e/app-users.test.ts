import { describe, expect, it } from '@jest/globals';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, type ActionRun } from '../helpers/run-action.js';

const emu = useEmulator();

interface AppRun extends ActionRun {
  token: string;
}

async function appRun(inputs: Record<string, string>): Promise<AppRun> {
  const all = { 'api-url': emu.get().url, 'api-token': 'emu-user-token', ...inputs };
  return { ...(await runAction(all)), token: all['api-token'] };
}

/**
 * No API token anywhere: the one masking command (which the runner consumes, and which must be there) aside,
 * not one of the scenario's tokens may appear in the log, the outputs or the summary.
 */
function expectClean(run: AppRun): void {
  const mask = `::add-mask::${run.token}`;
  expect(run.stdout.split('\n').filter((l) => l.startsWith('::add-mask::'))).toEqual([mask]);
  expectNoSecrets({ everything: run.everything.replace(mask, '') }, [
    ...emulatorSecrets(emu.get()),
    run.token,
  ]);
}

/** What every area D run must show: the lifecycle warning; and no token anywhere. */
/** A refused input is one line: the retirement notice comes after validation (the contract), so none here. */
function expectOnlyTheErrorAndClean(run: AppRun): void {
  expect(run.stdout.split('\n').filter((l) => l.startsWith('::warning'))).toEqual([]);
  expect(run.errors).toHaveLength(1);
  expectClean(run);
}

function expectWarnedAndClean(run: AppRun): void {
  const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning'));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('the service was retired on 31 March 2025');
  expect(warnings[0]).toContain('analytics and diagnostics features were supported only until 30 June 2026');
  expect(warnings[0]).toContain('is past both dates');
  expectClean(run);
}

const deletes = () => emu.get().requests.filter((r) => r.method === 'DELETE');
const members = (owner: string, app: string) => Object.keys(emu.get().apps.members(owner, app)!);

describe('app-current-user', () => {
  it('outputs the profile of the token owner', async () => {
    const run = await appRun({ operation: 'app-current-user' });
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({
      'user-id': '5e1c0a2e-0000-4000-8000-000000000001',
      'user-name': 'emu-user',
      'user-email': 'emu-user@example.com',
      'user-display-name': 'Emu User',
    });
    expect(JSON.parse(run.outputs.result!)).toMatchObject({ name: 'emu-user', display_name: 'Emu User' });
    expect(run.summary).toContain('<td>display name</td><td>Emu User</td>');
    const [request] = emu.get().requests;
    expect(emu.get().requests).toHaveLength(1);
    expect(request).toMatchObject({ method: 'GET', target: '/v0.1/user' });
    expect(request!.headers['x-api-token']).toBe('emu-user-token');
    expect(request!.headers.authorization).toBeUndefined();
    expectWarnedAndClean(run);
  });

  it('refuses an app token, saying a user token is needed', async () => {
    const run = await appRun({ operation: 'app-current-user', 'api-token': 'emu-app-token' });
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain('HTTP 403 Forbidden: An app API token cannot read a user profile.');
    expect(run.errors[0]).toContain('Use a user API token (created under account settings)');
    expectWarnedAndClean(run);
  });

  it('says what to do about a token the service does not know', async () => {
    const run = await appRun({ operation: 'app-current-user', 'api-token': 'revoked-token-123' });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain('HTTP 401 Unauthorized');
    expect(run.errors[0]).toContain('Create a new API token in the portal');
    expectWarnedAndClean(run);
  });
});

describe('app-remove-user', () => {
  it('removes a user from a user-owned app given by its portal address, sending {}', async () => {
    const run = await appRun({
      operation: 'app-remove-user',
      app: 'https://portal.example/users/emu-user/apps/shop',
      'user-email': 'helper@example.com',
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.outputs['removed-users']!)).toEqual(['helper@example.com']);
    expect(JSON.parse(run.outputs.result!)).toEqual({
      user_email: 'helper@example.com',
      removed: true,
      status: 204,
    });
    const [request] = deletes();
    expect(deletes()).toHaveLength(1);
    expect(request!.target).toBe('/v0.1/apps/emu-user/shop/users/helper%40example.com');
    expect(request!.body).toBe('{}');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-api-token']).toBe('emu-user-token');
    expect(members('emu-user', 'shop')).not.toContain('helper@example.com');
    expect(run.summary).toContain('<td>helper@example.com</td><td>Removed (HTTP 204)</td>');
    expectWarnedAndClean(run);
  });

  it('removes two users from an org-owned app given by its portal address, in turn', async () => {
    const run = await appRun({
      operation: 'app-remove-user',
      app: 'https://portal.example/orgs/contoso/apps/shop/?tab=collaborators#list',
      'user-email': 'leaver@contoso.com\ntester@contoso.com',
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.outputs['removed-users']!)).toEqual(['leaver@contoso.com', 'tester@contoso.com']);
    expect(JSON.parse(run.outputs.result!)).toHaveLength(2);
    expect(deletes().map((r) => r.target)).toEqual([
      '/v0.1/apps/contoso/shop/users/leaver%40contoso.com',
      '/v0.1/apps/contoso/shop/users/tester%40contoso.com',
    ]);
    expect(members('contoso', 'shop')).not.toContain('leaver@contoso.com');
    expect(members('contoso', 'shop')).not.toContain('tester@contoso.com');
    expect(members('contoso', 'shop')).toContain('a+b@x.org');
    expectWarnedAndClean(run);
  });

  it('percent-encodes the address as one segment: a+b@x.org', async () => {
    const run = await appRun({
      operation: 'app-remove-user',
      app: 'contoso/shop',
      'user-email': 'a+b@x.org',
    });
    expect(run.code).toBe(0);
    expect(deletes().map((r) => r.target)).toEqual(['/v0.1/apps/contoso/shop/users/a%2Bb%40x.org']);
    expect(members('contoso', 'shop')).not.toContain('a+b@x.org');
    expect(JSON.parse(run.outputs['removed-users']!)).toEqual(['a+b@x.org']);
    expectWarnedAndClean(run);
  });

  it('a re-run of a removal succeeds: the users removed the first time are listed in absent-users', async () => {
    const inputs = {
      operation: 'app-remove-user',
      app: 'contoso/shop',
      'user-email': 'leaver@contoso.com\ntester@contoso.com',
    };
    const first = await appRun(inputs);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.outputs['removed-users']!)).toEqual(['leaver@contoso.com', 'tester@contoso.com']);
    expect(JSON.parse(first.outputs['absent-users']!)).toEqual([]);

    // Only one of the two is back (say, re-invited between the runs): the re-run removes it, and is green.
    emu.get().apps.members('contoso', 'shop')!['tester@contoso.com'] = 'Viewer';
    const again = await appRun(inputs);
    expect(again.code).toBe(0);
    expect(again.errors).toEqual([]);
    expect(JSON.parse(again.outputs['removed-users']!)).toEqual(['tester@contoso.com']);
    expect(JSON.parse(again.outputs['absent-users']!)).toEqual(['leaver@contoso.com']);
    expect(deletes().map((r) => r.target)).toEqual([
      '/v0.1/apps/contoso/shop/users/leaver%40contoso.com',
      '/v0.1/apps/contoso/shop/users/tester%40contoso.com',
      '/v0.1/apps/contoso/shop/users/leaver%40contoso.com',
      '/v0.1/apps/contoso/shop/users/tester%40contoso.com',
    ]);
    expect(again.stdout).toContain(
      'leaver@contoso.com is not a user of contoso/shop (HTTP 404 UserNotFound): nothing to remove',
    );
    expect(again.summary).toContain(
      '<td>leaver@contoso.com</td><td>Not a user: nothing to remove (HTTP 404 UserNotFound)</td>',
    );
    expect(JSON.parse(again.outputs.result!)[0]).toMatchObject({
      user_email: 'leaver@contoso.com',
      removed: false,
      absent: true,
      status: 404,
      code: 'UserNotFound',
    });
    expectWarnedAndClean(again);
  });

  it('with fail-if-absent: true and two addresses where the second is absent, fails naming it and lists the first', async () => {
    const run = await appRun({
      operation: 'app-remove-user',
      app: 'contoso/shop',
      'user-email': 'leaver@contoso.com, nobody@contoso.com',
      'fail-if-absent': 'true',
    });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.outputs['removed-users']!)).toEqual(['leaver@contoso.com']);
    expect(JSON.parse(run.outputs['absent-users']!)).toEqual(['nobody@contoso.com']);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain(
      'Removed 1 of 2 user(s) from contoso/shop; could not remove nobody@contoso.com',
    );
    expect(run.errors[0]).toContain('HTTP 404 UserNotFound');
    expect(run.errors[0]).toContain('The user nobody@contoso.com is not a user of contoso/shop');
    expect(run.errors[0]).toContain('fail-if-absent is true');
    expect(run.summary).toContain(
      '<td>nobody@contoso.com</td><td>Failed: not a user (HTTP 404 UserNotFound)</td>',
    );
    expectWarnedAndClean(run);
  });

  it('says the app was not found, not the user', async () => {
    const run = await appRun({
      operation: 'app-remove-user',
      app: 'contoso/no-such-app',
      'user-email': 'leaver@contoso.com',
    });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain('HTTP 404 AppNotFound');
    expect(run.errors[0]).toContain(
      'The app contoso/no-such-app was not found: check the owner and app names',
    );
    expect(JSON.parse(run.outputs['removed-users']!)).toEqual([]);
    expect(JSON.parse(run.outputs['absent-users']!)).toEqual([]);
    expectWarnedAndClean(run);
  });

  it('refuses a fail-if-absent that is not true or false, before any request', async () => {
    const run = await appRun({
      operation: 'app-remove-user',
      app: 'contoso/shop',
      'user-email': 'leaver@contoso.com',
      'fail-if-absent': 'yes',
    });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain("Input 'fail-if-absent': must be true or false");
    expect(emu.get().requests).toHaveLength(0);
    expectClean(run);
  });

  it('refuses a read-only token with its message, and removes nobody', async () => {
    const run = await appRun({
      operation: 'app-remove-user',
      'api-token': 'emu-user-readonly-token',
      app: 'contoso/shop',
      'user-email': 'leaver@contoso.com',
    });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain('HTTP 403 Forbidden: A read-only API token has Viewer rights');
    expect(run.errors[0]).toContain('a read-only token (user or app)');
    expect(run.errors[0]).toContain('Use a full-access user token of a Manager of contoso/shop');
    expect(members('contoso', 'shop')).toContain('leaver@contoso.com');
    expectWarnedAndClean(run);
  });

  it('refuses a read-only app token with its message', async () => {
    const run = await appRun({
      operation: 'app-remove-user',
      'api-token': 'emu-app-readonly-token',
      app: 'contoso/shop',
      'user-email': 'leaver@contoso.com',
    });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain('HTTP 403 Forbidden: A read-only API token has Viewer rights');
    expect(run.errors[0]).toContain("a full-access app token created in contoso/shop's settings");
    expect(members('contoso', 'shop')).toContain('leaver@contoso.com');
    expectWarnedAndClean(run);
  });

  it('the 411 rule: a bodiless DELETE is refused, the action’s request passes', async () => {
    const url = `${emu.get().url}/v0.1/apps/contoso/shop/users/${encodeURIComponent('leaver@contoso.com')}`;
    const raw = await fetch(url, { method: 'DELETE', headers: { 'x-api-token': 'emu-user-token' } });
    expect(raw.status).toBe(411);
    expect(await raw.json()).toMatchObject({ code: 'LengthRequired' });
    expect(members('contoso', 'shop')).toContain('leaver@contoso.com');

    const run = await appRun({
      operation: 'app-remove-user',
      app: 'contoso/shop',
      'user-email': 'leaver@contoso.com',
    });
    expect(run.code).toBe(0);
    const [bodiless, action] = deletes();
    expect(bodiless!.body).toBe('');
    expect(action!.body).toBe('{}');
    expect(members('contoso', 'shop')).not.toContain('leaver@contoso.com');
    expectWarnedAndClean(run);
  });

  it('refuses an app that is not owner/app or a portal address, before any request', async () => {
    const run = await appRun({
      operation: 'app-remove-user',
      app: 'https://portal.example/apps/shop',
      'user-email': 'leaver@contoso.com',
    });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain("Input 'app': is a web address, but not an app portal address");
    expect(run.errors[0]).toContain('owner/app (e.g. contoso/shop');
    expect(emu.get().requests).toHaveLength(0);
    expectOnlyTheErrorAndClean(run);
  });

  it('refuses an address that is not an e-mail address, before any request', async () => {
    const run = await appRun({
      operation: 'app-remove-user',
      app: 'contoso/shop',
      'user-email': 'leaver@contoso.com\nJane.Doe',
    });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain("Input 'user-email': 'Jane.Doe' is not an e-mail address");
    expect(emu.get().requests).toHaveLength(0);
    expectOnlyTheErrorAndClean(run);
  });
});

describe('a retired service', () => {
  it('410 on a removal names retirement as the likely cause', async () => {
    emu.get().apps.retired = true;
    const run = await appRun({
      operation: 'app-remove-user',
      app: 'contoso/shop',
      'user-email': 'leaver@contoso.com',
    });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain('HTTP 410 Gone');
    expect(run.errors[0]).toContain(
      'The likely cause: the app-management service was retired on 31 March 2025',
    );
    expectWarnedAndClean(run);
  });

  it('404 on /v0.1/user names retirement as the likely cause', async () => {
    Object.assign(emu.get().apps, { retired: true, retiredStatus: 404 });
    const run = await appRun({ operation: 'app-current-user' });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain('GET /v0.1/user → HTTP 404 NotFound');
    expect(run.errors[0]).toContain('The service has no /v0.1/user. The likely cause');
    expectWarnedAndClean(run);
  });

  it('a service that no longer resolves (DNS) names retirement as the likely cause', async () => {
    // .invalid never resolves (RFC 6761).
    const run = await appRun({ operation: 'app-current-user', 'api-url': 'https://app-management.invalid' });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain('NetworkError');
    expect(run.errors[0]).toContain('The service could not be reached. The likely cause');
    expect(emu.get().requests).toHaveLength(0);
    expectWarnedAndClean(run);
  });
});
