import { afterEach, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../../src/emulator/index.js';

/** A fault "after the route": the service acts on the request, and the client never hears its answer. */
let emulator: ServiceEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const LEAVER = 'leaver@contoso.com';
const PATH = `/v0.1/apps/contoso/shop/users/${encodeURIComponent(LEAVER)}`;
const del = () =>
  fetch(`${emulator!.url}${PATH}`, {
    method: 'DELETE',
    headers: { 'x-api-token': 'emu-user-token', 'content-type': 'application/json' },
    body: '{}',
  });

describe('a fault after the route', () => {
  it('lets the route act, then answers with the fault instead of the route', async () => {
    emulator = await startEmulator();
    expect(emulator.apps.members('contoso', 'shop')).toHaveProperty([LEAVER]);
    emulator.addFault({ fault: { kind: 'status', status: 504 }, times: 1, method: 'DELETE', after: true });
    expect((await del()).status).toBe(504);
    // The removal happened although its answer was lost: the retry finds the user gone.
    expect(emulator.apps.members('contoso', 'shop')).not.toHaveProperty([LEAVER]);
    expect((await del()).status).toBe(404);
  });

  it('without `after`, the fault answers and the route never runs', async () => {
    emulator = await startEmulator();
    emulator.addFault({ fault: { kind: 'status', status: 504 }, times: 1, method: 'DELETE' });
    expect((await del()).status).toBe(504);
    expect(emulator.apps.members('contoso', 'shop')).toHaveProperty([LEAVER]);
  });
});
