import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { VirtualClock } from '../../../src/client/clock.js';
import { createDispatcher } from '../../../src/client/dispatcher.js';
import { PlannedChange } from '../../../src/client/dry-run.js';
import { HttpClient } from '../../../src/client/http.js';
import { Emulator, sendJson } from '../../../src/emulator/index.js';

/** The client keeps a dry run in one place: a request that changes something never leaves it. */
let emulator: Emulator;
const dispatcher = createDispatcher({ requestTimeoutMs: 2_000 });
afterAll(() => dispatcher.close());

beforeEach(async () => {
  emulator = new Emulator();
  const ok = (ctx: Parameters<typeof sendJson>[0]) => sendJson(ctx, 200, { status: 'Succeeded' });
  emulator.use({
    name: 'test',
    routes: () => [
      { method: 'GET', path: /^\/thing$/, handle: ok },
      { method: 'POST', path: /^\/thing\/(stop|list)$/, handle: ok },
      { method: 'DELETE', path: /^\/thing$/, handle: ok },
    ],
  });
  await emulator.start();
});
afterEach(() => emulator.close());

const client = (dryRun: boolean) =>
  new HttpClient({ origin: emulator.url, dispatcher, clock: new VirtualClock(), dryRun });

describe('a dry run in the client', () => {
  it('sends reads (a GET, a list sent as POST) and refuses every change, unsent', async () => {
    const dry = client(true);
    expect((await dry.send({ method: 'GET', url: '/thing' })).status).toBe(200);
    expect((await dry.send({ method: 'POST', url: '/thing/list', intent: 'read' })).status).toBe(200);
    const stop = dry.send({ method: 'POST', url: '/thing/stop?api-version=1&sig=S', json: { soft: 1 } });
    await expect(stop).rejects.toBeInstanceOf(PlannedChange);
    await expect(stop).rejects.toMatchObject({
      request: { method: 'POST', url: `${emulator.url}/thing/stop?api-version=1`, body: { soft: 1 } },
    });
    await expect(dry.send({ method: 'DELETE', url: '/thing', json: {} })).rejects.toBeInstanceOf(
      PlannedChange,
    );
    // A POST that does not say it reads is a change: forgetting `intent` can only make a dry run refuse more.
    await expect(dry.send({ method: 'POST', url: '/thing/list' })).rejects.toBeInstanceOf(PlannedChange);
    expect(emulator.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'GET /thing',
      'POST /thing/list',
    ]);
  });

  it('sends changes when it is not a dry run', async () => {
    expect((await client(false).send({ method: 'POST', url: '/thing/stop', json: {} })).status).toBe(200);
    expect(emulator.requests).toHaveLength(1);
  });
});
