import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { request, type Dispatcher } from 'undici';
import {
  closeDispatcher,
  createDispatcher,
  dontWaitForDispatcherClose,
} from '../../../src/client/dispatcher.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A loopback server, the dispatcher's keep-alive socket to it, and a promise of that socket's end on the server. */
async function connected(): Promise<{ dispatcher: Dispatcher; serverSocketClosed: Promise<void> }> {
  let socket: Socket | undefined;
  server = createServer((_req, res) => res.end('{}'));
  server.on('connection', (s) => (socket = s));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dispatcher = createDispatcher({ requestTimeoutMs: 10_000 });
  const response = await request(`http://127.0.0.1:${port}/`, { dispatcher });
  await response.body.text();
  const open = socket!;
  return { dispatcher, serverSocketClosed: new Promise((resolve) => open.once('close', () => resolve())) };
}

/** undici's dispatchers have `destroyed`; the Dispatcher type does not name it. */
const destroyed = (d: Dispatcher) => (d as unknown as { destroyed: boolean }).destroyed;

/** A dispatcher whose destroy fails: what a caller sees of closeDispatcher's waiting. */
const failingToClose = { destroy: () => Promise.reject(new Error('cannot close')) } as unknown as Dispatcher;

// The order matters: dontWaitForDispatcherClose is for the whole process (the action's entry calls it once).
describe('closeDispatcher', () => {
  it('by default waits for the close: the dispatcher is destroyed, and a failure to close reaches the caller', async () => {
    const { dispatcher, serverSocketClosed } = await connected();
    await closeDispatcher(dispatcher);
    expect(destroyed(dispatcher)).toBe(true);
    await serverSocketClosed;
    await expect(closeDispatcher(failingToClose)).rejects.toThrow('cannot close');
    await expect(closeDispatcher(undefined)).resolves.toBeUndefined();
  });

  it('after dontWaitForDispatcherClose it does not wait, yet the socket still ends and a failure is dropped', async () => {
    dontWaitForDispatcherClose();
    const { dispatcher, serverSocketClosed } = await connected();
    await closeDispatcher(dispatcher);
    expect(destroyed(dispatcher)).toBe(true);
    // The keep-alive socket is closed all the same: it would otherwise hold the process open.
    await serverSocketClosed;
    await expect(closeDispatcher(failingToClose)).resolves.toBeUndefined();
  });
});
