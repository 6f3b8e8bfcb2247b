import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { findSchedule, nextExpectedRun } from '../../../../src/operations/data-share/schedule.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);

describe('nextExpectedRun', () => {
  it('is the next daily run at the schedule time of day', () => {
    const next = nextExpectedRun('2026-01-01T06:30:00Z', 'Day', at('2026-11-22T14:40:00Z'));
    expect(next?.toISOString()).toBe('2026-11-23T06:30:00.000Z');
  });

  it('is later the same day when the time of day is still ahead', () => {
    const next = nextExpectedRun('2026-01-01T18:00:00Z', 'Day', at('2026-11-22T14:40:00Z'));
    expect(next?.toISOString()).toBe('2026-11-22T18:00:00.000Z');
  });

  it('is the next hourly run at the schedule minute', () => {
    const next = nextExpectedRun('2026-01-01T06:15:00Z', 'Hour', at('2026-11-22T14:40:00Z'));
    expect(next?.toISOString()).toBe('2026-11-22T15:15:00.000Z');
  });

  it('is now when now is exactly a run time', () => {
    const next = nextExpectedRun('2026-01-01T06:00:00Z', 'hour', at('2026-11-22T14:00:00Z'));
    expect(next?.toISOString()).toBe('2026-11-22T14:00:00.000Z');
  });

  it('is the first run when the schedule starts in the future', () => {
    const next = nextExpectedRun('2027-03-01T00:00:00+02:00', 'Day', at('2026-11-22T14:40:00Z'));
    expect(next?.toISOString()).toBe('2027-02-28T22:00:00.000Z');
  });

  it('reads an offset time as the instant it names', () => {
    const next = nextExpectedRun('2026-01-01T08:30:00+02:00', 'Day', at('2026-11-22T14:40:00Z'));
    expect(next?.toISOString()).toBe('2026-11-23T06:30:00.000Z');
  });

  it('is unknown for an unknown interval or an unreadable time', () => {
    expect(nextExpectedRun('2026-01-01T06:00:00Z', 'Week', at('2026-11-22T14:00:00Z'))).toBeUndefined();
    expect(nextExpectedRun('soon', 'Day', at('2026-11-22T14:00:00Z'))).toBeUndefined();
    expect(nextExpectedRun(undefined, 'Day', at('2026-11-22T14:00:00Z'))).toBeUndefined();
    expect(nextExpectedRun('2026-01-01T06:00:00Z', null, at('2026-11-22T14:00:00Z'))).toBeUndefined();
  });

  it('is always on the schedule grid, at or after now, and less than one period away', () => {
    const time = fc.integer({ min: at('2000-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z') });
    fc.assert(
      fc.property(time, time, fc.constantFrom('Hour', 'Day'), (start, now, interval) => {
        const period = interval === 'Hour' ? HOUR : DAY;
        const next = nextExpectedRun(new Date(start).toISOString(), interval, now)!.getTime();
        expect(next).toBeGreaterThanOrEqual(now);
        expect(next).toBeGreaterThanOrEqual(start);
        expect((next - start) % period).toBe(0);
        if (start < now) expect(next - now).toBeLessThan(period);
        else expect(next).toBe(start);
      }),
    );
  });
});

describe('findSchedule', () => {
  it('reads the first schedule-based setting and passes over other kinds', () => {
    const schedule = findSchedule([
      { kind: 'EventBased', properties: { trigger: 'x' } },
      {
        kind: 'ScheduleBased',
        properties: { recurrenceInterval: 'Hour', synchronizationTime: '2026-01-01T00:00:00Z' },
      },
    ]);
    expect(schedule).toEqual({ recurrenceInterval: 'Hour', synchronizationTime: '2026-01-01T00:00:00Z' });
  });

  it('finds none where no setting is schedule-based', () => {
    expect(findSchedule([{ kind: 'EventBased' }, {}])).toBeUndefined();
    expect(findSchedule([])).toBeUndefined();
  });

  it('keeps a schedule-based setting with odd properties without failing', () => {
    expect(findSchedule([{ kind: 'ScheduleBased', properties: { recurrenceInterval: 7 } }])).toEqual({
      recurrenceInterval: undefined,
      synchronizationTime: undefined,
    });
  });
});
