import {
  scheduleSchema,
  type ScheduleProperties,
  type SourceShareSynchronizationSetting,
} from '../../client/schemas/data-share.js';

const PERIOD_MS: Record<string, number> = { hour: 3_600_000, day: 86_400_000 };

export interface Schedule {
  recurrenceInterval?: string;
  synchronizationTime?: string;
}

/**
 * The next run a schedule expects, at or after `now`: the schedule starts at `synchronizationTime` and repeats
 * every hour or day from it. Days are 24 h of UTC (the time is an instant; the service's samples are UTC), so a
 * daylight-saving change does not move it. Undefined where the interval is unknown or the time unreadable.
 */
export function nextExpectedRun(
  synchronizationTime: string | null | undefined,
  recurrenceInterval: string | null | undefined,
  now: number,
): Date | undefined {
  const period = PERIOD_MS[(recurrenceInterval ?? '').trim().toLowerCase()];
  const start = Date.parse(synchronizationTime ?? '');
  if (period === undefined || Number.isNaN(start)) return undefined;
  if (start >= now) return new Date(start);
  return new Date(start + Math.ceil((now - start) / period) * period);
}

/** `kind: ScheduleBased`, the only kind the spec describes; compared case-insensitively like the statuses. */
export function isScheduleBased(setting: SourceShareSynchronizationSetting): boolean {
  return (setting.kind ?? '').toLowerCase() === 'schedulebased';
}

/** The first schedule-based setting's properties; settings of other kinds are left to the raw result. */
export function findSchedule(settings: SourceShareSynchronizationSetting[]): Schedule | undefined {
  for (const setting of settings) {
    if (!isScheduleBased(setting)) continue;
    const parsed = scheduleSchema.safeParse(setting.properties ?? {});
    const props: ScheduleProperties = parsed.success ? parsed.data : {};
    return {
      recurrenceInterval: props.recurrenceInterval ?? undefined,
      synchronizationTime: props.synchronizationTime ?? undefined,
    };
  }
  return undefined;
}
