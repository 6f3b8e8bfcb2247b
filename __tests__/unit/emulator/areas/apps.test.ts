import { afterEach, describe, expect, it } from '@jest/globals';
import { startEmulator, type Scenario, type ServiceEmulator } from '../../../../src/emulator/index.js';

/** The emulator's area D, configured from scenario JSON as `npm run emulator -- --scenario FILE` reads it. */
let emulator: ServiceEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const del = (path: string, token: string) =>
  fetch(`${emulator!.url}${path}`, { method: 'DELETE', headers: { 'x-api-token': token }, body: '{}' });

describe('AppsArea from a JSON scenario', () => {
  it('takes users, apps and tokens from the scenario, replacing the defaults', async () => {
    const scenario: Scenario = JSON.parse(`{
      "apps": {
        "users": [{ "id": "u1", "name": "boss", "email": "boss@fabrikam.com", "display_name": "The Boss" }],
        "apps": [{ "owner": "fabrikam", "name": "crm", "ownerType": "org",
                   "members": { "boss@fabrikam.com": "Manager", "temp@fabrikam.com": "Viewer" } }],
        "tokens": [{ "value": "boss-token-1", "type": "user", "access": "full", "user": "boss" }]
      }
    }`);
    emulator = await startEmulator(scenario);
    expect(emulator.apps.tokenValues()).toEqual(['boss-token-1']);
    expect((await del('/v0.1/apps/contoso/shop/users/x%40y.org', 'emu-user-token')).status).toBe(401);
    const profile = await fetch(`${emulator.url}/v0.1/user`, { headers: { 'x-api-token': 'boss-token-1' } });
    expect(await profile.json()).toMatchObject({ name: 'boss', display_name: 'The Boss' });
    expect((await del('/v0.1/apps/fabrikam/crm/users/temp%40fabrikam.com', 'boss-token-1')).status).toBe(204);
    expect(emulator.apps.members('fabrikam', 'crm')).toEqual({ 'boss@fabrikam.com': 'Manager' });
    const again = await del('/v0.1/apps/fabrikam/crm/users/temp%40fabrikam.com', 'boss-token-1');
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'UserNotFound' });
    expect(scenario.apps!.apps![0]!.members).toHaveProperty(['temp@fabrikam.com']);
  });

  it('a retired service answers 410 everywhere under /v0.1, before any other check', async () => {
    emulator = await startEmulator({ apps: { retired: true } });
    expect((await fetch(`${emulator.url}/v0.1/user`)).status).toBe(410);
    expect((await fetch(`${emulator.url}/v0.1/apps`, { method: 'DELETE' })).status).toBe(410);
  });

  it('each emulator starts from fresh defaults', async () => {
    emulator = await startEmulator();
    expect((await del('/v0.1/apps/contoso/shop/users/leaver%40contoso.com', 'emu-user-token')).status).toBe(
      204,
    );
    await emulator.close();
    emulator = await startEmulator();
    expect(emulator.apps.members('contoso', 'shop')).toHaveProperty(['leaver@contoso.com'], 'Developer');
  });

  it('answers 411 to any bodiless write under /v0.1, and 404 to an unknown path', async () => {
    emulator = await startEmulator();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect((await fetch(`${emulator.url}/v0.1/apps/contoso/shop`, { method })).status).toBe(411);
    }
    const unknown = await fetch(`${emulator.url}/v0.1/apps/contoso/shop`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
  });
});
