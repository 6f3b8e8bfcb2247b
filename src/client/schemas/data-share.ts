import { z } from 'zod';

/**
 * Area A's response shapes. The spec does not say which fields are always present, so every field is optional
 * (null tolerated) and unknown fields pass through.
 */

export const synchronizationSchema = z.looseObject({
  synchronizationId: z.string().nullish(),
  /** Incremental or FullSync; kept a string so a new mode does not break the wait. */
  synchronizationMode: z.string().nullish(),
  status: z.string().nullish(),
  message: z.string().nullish(),
  startTime: z.string().nullish(),
  endTime: z.string().nullish(),
  durationMs: z.number().int().nullish(),
});
export type Synchronization = z.output<typeof synchronizationSchema>;

export const synchronizationListSchema = z.looseObject({
  value: z.array(synchronizationSchema).nullish(),
  nextLink: z.string().nullish(),
});

/** Any kind of setting: only `kind` is read here; the schedule-based properties are read by `scheduleSchema`. */
export const sourceShareSynchronizationSettingSchema = z.looseObject({
  kind: z.string().nullish(),
  properties: z.unknown().optional(),
});
export type SourceShareSynchronizationSetting = z.output<typeof sourceShareSynchronizationSettingSchema>;

export const sourceSettingListSchema = z.looseObject({
  value: z.array(sourceShareSynchronizationSettingSchema).nullish(),
  nextLink: z.string().nullish(),
});

/** The properties of `kind: ScheduleBased` (the scheduled source synchronization setting). */
export const scheduleSchema = z.looseObject({
  /** Hour or Day per the spec; a string, so an interval added later is reported rather than refused. */
  recurrenceInterval: z.string().nullish(),
  synchronizationTime: z.string().nullish(),
});
export type ScheduleProperties = z.output<typeof scheduleSchema>;
