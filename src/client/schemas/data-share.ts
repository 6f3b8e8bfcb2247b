import * as z from './zod.js';
import { informational, reportedTime } from './informational.js';

/**
 * Area A's response shapes. The spec does not say which fields are always present, so every field is optional
 * (null tolerated) and unknown fields pass through. Only the id and `status` decide; the rest is reported, so an
 * odd value there reads as unknown.
 */

export const synchronizationSchema = z.onFirstUse(() =>
  z.looseObject({
    synchronizationId: z.nullish(z.string()),
    /** Incremental or FullSync; kept a string so a new mode does not break the wait. */
    synchronizationMode: informational(z.string()),
    status: z.nullish(z.string()),
    message: informational(z.string()),
    startTime: reportedTime,
    endTime: reportedTime,
    durationMs: informational(z.number().check(z.int(), z.gte(0))),
  }),
);
export type Synchronization = z.output<typeof synchronizationSchema>;

export const synchronizationListSchema = z.pageOf(synchronizationSchema);

/** Any kind of setting: only `kind` is read here; the schedule-based properties are read by `scheduleSchema`. */
export const sourceShareSynchronizationSettingSchema = z.onFirstUse(() =>
  z.looseObject({
    kind: z.nullish(z.string()),
    properties: z.optional(z.unknown()),
  }),
);
export type SourceShareSynchronizationSetting = z.output<typeof sourceShareSynchronizationSettingSchema>;

export const sourceSettingListSchema = z.pageOf(sourceShareSynchronizationSettingSchema);

/** The properties of `kind: ScheduleBased` (the scheduled source synchronization setting). */
export const scheduleSchema = z.onFirstUse(() =>
  z.looseObject({
    /** Hour or Day per the spec; a string, so an interval added later is reported rather than refused. */
    recurrenceInterval: z.nullish(z.string()),
    synchronizationTime: z.nullish(z.string()),
  }),
);
export type ScheduleProperties = z.output<typeof scheduleSchema>;

/**
 * One dataset of a synchronization (A5, listSynchronizationDetails). Only what says why a synchronization failed
 * is read; the counters (`filesRead`, `rowsCopied`, …) pass through untouched.
 */
export const synchronizationDetailSchema = z.onFirstUse(() =>
  z.looseObject({
    name: z.nullish(z.string()),
    dataSetId: z.nullish(z.string()),
    /** Blob, AdlsGen2File, SqlDBTable, …: a string, so a new type is reported rather than refused. */
    dataSetType: informational(z.string()),
    status: z.nullish(z.string()),
    message: informational(z.string()),
  }),
);
export type SynchronizationDetail = z.output<typeof synchronizationDetailSchema>;

export const synchronizationDetailListSchema = z.pageOf(synchronizationDetailSchema);
