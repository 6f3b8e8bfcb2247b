import { describe, expect, it } from '@jest/globals';
import { contentLengthOf, readCapped } from '../../../src/client/body.js';

const url = new URL('https://service.example/things?sig=secret');

/** A response body as undici hands it: chunks, and `destroy`; `pulled` counts the chunks read. */
function bodyOf(chunks: Buffer[]) {
  const state = { destroyed: false, pulled: 0 };
  return {
    state,
    body: {
      async *[Symbol.asyncIterator]() {
        for (const chunk of chunks) {
          state.pulled++;
          yield chunk;
        }
      },
      destroy: () => void (state.destroyed = true),
    },
  };
}

describe('readCapped', () => {
  // "é" is two bytes: split across chunks, it must come out whole whichever way the body is gathered.
  const bytes = Buffer.from('{"name":"café"}', 'utf8');
  const split = [bytes.subarray(0, 12), bytes.subarray(12)];

  it('decodes a body of announced length once, a character split across chunks kept whole', async () => {
    const { body, state } = bodyOf(split);
    await expect(readCapped(body, 1_000, url, bytes.length)).resolves.toBe('{"name":"café"}');
    expect(state.destroyed).toBe(false);
  });

  it('decodes a body of unknown length the same', async () => {
    await expect(readCapped(bodyOf(split).body, 1_000, url)).resolves.toBe('{"name":"café"}');
  });

  it('keeps every byte of a body longer than announced', async () => {
    await expect(readCapped(bodyOf(split).body, 1_000, url, 4)).resolves.toBe('{"name":"café"}');
  });

  it('refuses an announced length over the cap before reading, naming the origin and path only', async () => {
    const { body, state } = bodyOf(split);
    const error = (await readCapped(body, 10, url, bytes.length).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain(
      'the response from https://service.example/things exceeds 10 bytes; refused',
    );
    expect(error.message).not.toContain('secret');
    expect(state).toEqual({ destroyed: true, pulled: 0 });
  });

  it('refuses a body of unknown length once it passes the cap', async () => {
    const { body, state } = bodyOf(split);
    await expect(readCapped(body, 10, url)).rejects.toThrow('exceeds 10 bytes');
    expect(state.destroyed).toBe(true);
  });

  it('reads an announced length only where it is a plain number', () => {
    expect(contentLengthOf('1024')).toBe(1024);
    expect(contentLengthOf(undefined)).toBeUndefined();
    expect(contentLengthOf('-1')).toBeUndefined();
    expect(contentLengthOf('12, 12')).toBeUndefined();
    expect(contentLengthOf(['12'])).toBeUndefined();
  });
});
