import { z } from 'zod';
import type { ErrorDetail } from '../errors.js';

/** Area C's error detail: code, message, target, nested details and additionalInfo, any of them missing. */
export const erpErrorDetail: z.ZodType<ErrorDetail> = z.lazy(() =>
  z.looseObject({
    code: z.string().optional(),
    message: z.string().optional(),
    target: z.string().optional(),
    details: z.array(erpErrorDetail).optional(),
    additionalInfo: z.array(z.looseObject({ type: z.string().optional(), info: z.unknown() })).optional(),
  }),
);

/**
 * The operation status result (C1's 200 body and the polling URL's body). The spec says no field is always
 * present, and the success sample carries `error: null`, so every field is optional and nullable.
 */
export const operationStatusResult = z.looseObject({
  id: z.string().nullish(),
  name: z.string().nullish(),
  status: z.string().nullish(),
  startTime: z.string().nullish(),
  endTime: z.string().nullish(),
  percentComplete: z.number().min(0).max(100).nullish(),
  error: erpErrorDetail.nullish(),
  operations: z.array(z.unknown()).nullish(),
});

export type OperationStatusResult = z.output<typeof operationStatusResult>;

/** C1's request body. */
export interface StopRequestBody {
  softStopTimeoutSeconds: number;
}
