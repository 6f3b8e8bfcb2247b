import { z } from 'zod';
import { errorDetail } from '../error-body.js';
import { informational, reportedTime } from './informational.js';

/**
 * The operation status result (C1's 200 body and the polling URL's body). The spec says no field is always
 * present, and the success sample carries `error: null`, so every field is optional and nullable. `status` and the
 * ids decide; the rest is only reported, so an odd value there reads as unknown.
 */
export const operationStatusResult = z.looseObject({
  id: z.string().nullish(),
  name: z.string().nullish(),
  status: z.string().nullish(),
  startTime: reportedTime,
  endTime: reportedTime,
  percentComplete: informational(z.number().min(0).max(100)),
  error: errorDetail.nullish(),
  operations: z.array(z.unknown()).nullish(),
});

export type OperationStatusResult = z.output<typeof operationStatusResult>;

/** C1's request body. */
export interface StopRequestBody {
  softStopTimeoutSeconds: number;
}
