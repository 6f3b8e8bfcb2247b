import { describe, expect, it } from '@jest/globals';
import { mapLimited } from '../../../../src/operations/pool.js';
import { ConcurrentLog, InstanceLog } from '../../../../src/operations/erp/progress.js';
import { formatDuration, formatTime } from '../../../../src/operations/format.js';
import type { Logger } from '../../../../src/operations/types.js';

describe('mapLimited', () => {
  it('keeps input order and never runs more than the limit at once', async () => {
    let active = 0;
    let peak = 0;
    const delays = [30, 5, 20, 1, 10, 2, 8];
    const results = await mapLimited(delays, 3, async (ms, i) => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, ms));
      active--;
      return i * 10;
    });
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(peak).toBe(3);
  });
});

describe('ConcurrentLog', () => {
  it('holds live lines back while an instance group is open, and queues groups one after another', async () => {
    const out: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const logger: Logger = {
      info: (l) => out.push(l),
      warning: (l) => out.push(`warning ${l}`),
      debug: () => undefined,
      group: async (name, work) => {
        out.push(`::group::${name}`);
        await gate; // a slow group: other instances log meanwhile
        const result = await work();
        out.push('::endgroup::');
        return result;
      },
    };
    const log = new ConcurrentLog(logger);
    const a = new InstanceLog('A', log);
    const b = new InstanceLog('B', log);
    a.info('InProgress');
    const first = log.group('A done', ['a1']);
    const second = log.group('B done', ['b1']);
    await new Promise((resolve) => setImmediate(resolve)); // A's group is now open
    expect(out.at(-1)).toBe('::group::A done');
    b.info('Stopping');
    b.warning('careful');
    release();
    await Promise.all([first, second]);
    expect(out).toEqual([
      'A: InProgress',
      '::group::A done',
      'a1',
      '::endgroup::',
      'B: Stopping',
      'warning B: careful',
      '::group::B done',
      'b1',
      '::endgroup::',
    ]);
  });
});

describe('formatDuration', () => {
  it('reads as a person would say it', () => {
    expect(formatDuration(1234)).toBe('1.2 s');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
    expect(formatDuration(151_000)).toBe('2 min 31 s');
    expect(formatDuration(3_725_000)).toBe('1 h 02 min');
  });
});

describe('formatTime', () => {
  it('show a service time as a UTC time, and anything unparsable as it came', () => {
    expect(formatTime('2026-11-23T12:08:31.719Z')).toBe('2026-11-23 12:08:31 UTC');
    expect(formatTime('2026-11-23T13:08:31+01:00')).toBe('2026-11-23 12:08:31 UTC');
    expect(formatTime('soon')).toBe('soon');
    expect(formatTime(null)).toBe('-');
  });
});
