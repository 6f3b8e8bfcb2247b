import * as z from 'zod/mini';
import { count, flag, linkForm, origin, positive, text, type Covers, type Out } from '../scenario-parts.js';
import type {
  DataShareScenario,
  EmulatedDatasetDetail,
  EmulatedStart,
  EmulatedSynchronization,
} from './data-share.js';

/**
 * The `dataShare` section of the scenario file (areas/data-share.ts), strict as every section of
 * scenario-schema.ts; the checks at the end fail to compile when a knob is added to the area's types but not here.
 */

const datasetDetail = z.strictObject({
  name: z.string(),
  dataSetId: text,
  dataSetType: text,
  status: text,
  message: text,
  startTime: text,
  endTime: text,
  durationMs: z.optional(z.number()),
});
const details = z.optional(z.array(datasetDetail));
const generatedDetails = z.optional(z.strictObject({ count, failed: z.optional(count) }));

const synchronization = z.strictObject({
  synchronizationId: z.string(),
  synchronizationMode: text,
  status: text,
  message: text,
  startTime: text,
  endTime: text,
  durationMs: z.optional(z.number()),
  appearAfterPolls: z.optional(count),
  statuses: z.optional(z.array(z.string())),
  startTimeAfterPolls: z.optional(count),
  details,
  generatedDetails,
});

const synchronizationStart = z.strictObject({
  statuses: z.optional(z.array(z.string())),
  appearAfterPolls: z.optional(count),
  message: text,
  durationMs: z.optional(z.number().check(z.nonnegative())),
  details,
  generatedDetails,
  answer: z.optional(z.literal([200, 202])),
  omitId: flag,
});

export const dataShareSchema = z.strictObject({
  shareSubscription: text,
  apiVersion: text,
  pageSize: z.optional(z.int().check(z.positive())),
  synchronizations: z.optional(z.array(synchronization)),
  generatedHistory: z.optional(z.strictObject({ count, newest: text, spacingMinutes: z.optional(positive) })),
  // The source share's settings as the service returns them: any shape, on purpose.
  settings: z.optional(z.array(z.unknown())),
  repeatNextLink: flag,
  nextLinkOrigin: z.optional(origin),
  nextLinkForm: z.optional(linkForm),
  retryAfter: text,
  ignoreOrderBy: flag,
  starts: z.optional(z.array(synchronizationStart)),
  conflictCode: text,
  cancelEnded: z.optional(z.strictObject({ status: z.number(), code: z.string(), message: z.string() })),
  cancel: z.optional(z.strictObject({ status: text, afterPolls: z.optional(count) })),
  detailsPageSize: z.optional(z.int().check(z.positive())),
  detailsError: z.optional(
    z.strictObject({
      status: z.int().check(z.minimum(400), z.maximum(599)),
      code: z.string(),
      message: z.string(),
    }),
  ),
});

const covered: {
  dataShare: Covers<Out<typeof dataShareSchema>, DataShareScenario>;
  synchronization: Covers<Out<typeof synchronization>, EmulatedSynchronization>;
  synchronizationStart: Covers<Out<typeof synchronizationStart>, EmulatedStart>;
  datasetDetail: Covers<Out<typeof datasetDetail>, EmulatedDatasetDetail>;
} = { dataShare: true, synchronization: true, synchronizationStart: true, datasetDetail: true };
void covered;
