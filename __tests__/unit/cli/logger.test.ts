import { describe, expect, it, jest } from '@jest/globals';
import { createCliLogger } from '../../../src/cli/logger.js';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return {
    writes,
    stream: { isTTY, columns: 60, write: (s: string) => writes.push(s) } as unknown as NodeJS.WriteStream,
  };
}

describe('the command line logger', () => {
  it('on a terminal, keeps a live line with the elapsed time and the last status, cleared before each log line', () => {
    jest.useFakeTimers();
    let now = 0;
    const { writes, stream } = fakeStream(true);
    const { logger, stop } = createCliLogger(stream, false, () => now);
    logger.info('X01: InProgress, 50% complete');
    now = 65_000;
    jest.advanceTimersByTime(1000);
    expect(writes.at(-1)).toBe('… 1:05 elapsed · X01: InProgress, 50% complete');
    logger.info('X01: Succeeded');
    expect(writes.slice(-2)).toEqual(['\r\u001b[2K', 'X01: Succeeded\n']);
    stop();
    jest.useRealTimers();
  });

  it('elsewhere, writes plain lines only, and debug lines only when verbose', () => {
    const { writes, stream } = fakeStream(false);
    const quiet = createCliLogger(stream, false);
    expect(quiet.logger.debug).toBeUndefined();
    quiet.logger.warning('careful');
    expect(writes).toEqual(['warning: careful\n']);
    const verbose = createCliLogger(stream, true);
    verbose.logger.debug?.('GET /x → 200');
    expect(writes.at(-1)).toBe('debug: GET /x → 200\n');
  });
});
