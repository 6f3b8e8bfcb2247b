import * as z from './zod.js';
import { errorDetail } from '../error-body.js';
import { informational, reportedTime } from './informational.js';

/**
 * The operation status result (C1's 200 body and the polling URL's body). The spec says no field is always
 * present, and the success sample carries `error: null`, so every field is optional and nullable. `status` and the
 * ids decide; the rest is only reported, so an odd value there reads as unknown.
 */
export const operationStatusResult = z.onFirstUse(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    name: z.nullish(z.string()),
    status: z.nullish(z.string()),
    startTime: reportedTime,
    endTime: reportedTime,
    percentComplete: informational(z.number().check(z.gte(0), z.lte(100))),
    error: z.nullish(errorDetail),
    operations: z.nullish(z.array(z.unknown())),
  }),
);

export type OperationStatusResult = z.output<typeof operationStatusResult>;

/** C1's request body. */
export interface StopRequestBody {
  softStopTimeoutSeconds: number;
}

/**
 * C0's body: the erp virtual instance. Only `properties.status` and `properties.health` are read; new status
 * values may appear, so both are plain strings, and everything else passes through.
 */
export const erpVirtualInstance = z.onFirstUse(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    name: z.nullish(z.string()),
    properties: z.nullish(
      z.looseObject({
        status: z.nullish(z.string()),
        health: z.nullish(z.string()),
      }),
    ),
  }),
);

export type ErpVirtualInstance = z.output<typeof erpVirtualInstance>;

/** C1's request body from api-version 2023-10-01-preview on: `deallocateVm` only where asked for. */
export interface SnoozeStopRequestBody extends StopRequestBody {
  deallocateVm?: boolean;
}

/** C2's request body from api-version 2023-10-01-preview on (the seed's C2 has none). */
export interface StartRequestBody {
  startVm: boolean;
}

/** What the service reports wrong with a resource (`properties.errors.properties`); only reported, never decided by. */
export const serviceErrors = z.onFirstUse(() =>
  z.catch(
    z.nullish(
      z.looseObject({
        properties: z.nullish(z.looseObject({ code: z.nullish(z.string()), message: z.nullish(z.string()) })),
      }),
    ),
    undefined,
  ),
);

/**
 * C0's body as a check before a window reads it (C6): registration, provisioning, errors and the system's own
 * identity, beside status and health. Its own schema, so a check's stricter reading never fails a stop's read.
 */
export const erpSystemFacts = z.onFirstUse(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    name: z.nullish(z.string()),
    identity: z.nullish(
      z.looseObject({
        type: z.nullish(z.string()),
        userAssignedIdentities: z.nullish(
          z.record(z.string(), z.looseObject({ principalId: z.nullish(z.string()) })),
        ),
      }),
    ),
    properties: z.nullish(
      z.looseObject({
        status: z.nullish(z.string()),
        health: z.nullish(z.string()),
        state: z.nullish(z.string()),
        provisioningState: z.nullish(z.string()),
        errors: serviceErrors,
      }),
    ),
  }),
);

export type ErpSystemFacts = z.output<typeof erpSystemFacts>;
