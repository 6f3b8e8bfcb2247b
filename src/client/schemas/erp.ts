import * as z from './zod.js';
import { errorDetail } from '../error-body.js';

/**
 * The operation status result (C1's 200 body and the polling URL's body). The spec says no field is always
 * present, and the success sample carries `error: null`, so every field is optional and nullable.
 */
export const operationStatusResult = z.looseObject({
  id: z.nullish(z.string()),
  name: z.nullish(z.string()),
  status: z.nullish(z.string()),
  startTime: z.nullish(z.string()),
  endTime: z.nullish(z.string()),
  percentComplete: z.nullish(z.number().check(z.gte(0), z.lte(100))),
  error: z.nullish(errorDetail),
  operations: z.nullish(z.array(z.unknown())),
});

export type OperationStatusResult = z.output<typeof operationStatusResult>;

/** C1's request body. */
export interface StopRequestBody {
  softStopTimeoutSeconds: number;
}
