import * as z from './zod.js';
import { errorDetail } from '../error-body.js';
import { informational, reportedTime } from './informational.js';

/**
 * The operation status result (C1's 200 body and the polling URL's body). The spec says no field is always
 * present, and the success sample carries `error: null`, so every field is optional and nullable. `status` and the
 * ids decide; the rest is only reported, so an odd value there reads as unknown.
 */
export const operationStatusResult = z.looseObject({
  id: z.nullish(z.string()),
  name: z.nullish(z.string()),
  status: z.nullish(z.string()),
  startTime: reportedTime,
  endTime: reportedTime,
  percentComplete: informational(z.number().check(z.gte(0), z.lte(100))),
  error: z.nullish(errorDetail),
  operations: z.nullish(z.array(z.unknown())),
});

export type OperationStatusResult = z.output<typeof operationStatusResult>;

/** C1's request body. */
export interface StopRequestBody {
  softStopTimeoutSeconds: number;
}
