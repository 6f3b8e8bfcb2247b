import * as z from './zod.js';

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
