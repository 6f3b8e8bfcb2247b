import * as z from './zod.js';
import { serviceErrors } from './erp.js';

/**
 * C3's database instance, as its list and its read show it: `databaseType` is free text (`hdb`, `HANA`, `Oracle`,
 * …) and it has no health. Everything else passes through.
 */
const databaseInstance = z.onFirstUse(() =>
  z.looseObject({
    name: z.string(),
    properties: z.nullish(
      z.looseObject({
        status: z.nullish(z.string()),
        databaseType: z.nullish(z.string()),
        databaseSid: z.nullish(z.string()),
      }),
    ),
  }),
);

export type DatabaseInstance = z.output<typeof databaseInstance>;

/** A page of C3's list, paged by `nextLink`. */
export const databaseInstanceList = z.pageOf(databaseInstance);

const vmDetails = () =>
  z.catch(
    z.nullish(
      z.array(z.looseObject({ type: z.nullish(z.string()), virtualMachineId: z.nullish(z.string()) })),
    ),
    undefined,
  );
const partHealth = () => z.nullish(z.looseObject({ health: z.nullish(z.string()) }));
/**
 * Any child of a system as a check reads it (C6): its status, provisioning, errors and machines, and where it has
 * them the central services' parts' health and the application instance's dispatcher.
 */
const systemPart = z.onFirstUse(() =>
  z.looseObject({
    name: z.string(),
    properties: z.nullish(
      z.looseObject({
        status: z.nullish(z.string()),
        health: z.nullish(z.string()),
        provisioningState: z.nullish(z.string()),
        errors: serviceErrors,
        databaseType: z.nullish(z.string()),
        dispatcherStatus: z.nullish(z.string()),
        messageServerProperties: partHealth(),
        enqueueServerProperties: partHealth(),
        enqueueReplicationServerProperties: partHealth(),
        vmDetails: vmDetails(),
      }),
    ),
  }),
);

export type SystemPart = z.output<typeof systemPart>;

/** A page of any of C3's lists, as a check reads it. */
export const systemPartList = z.pageOf(systemPart);
