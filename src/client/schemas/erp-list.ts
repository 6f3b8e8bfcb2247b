import * as z from './zod.js';

/**
 * C5, one system of a listing: the fields erp-list reports. Loose, as every response schema here (parseBody names
 * in a debug line any field a schema lets go, and a dropped `configuration` of several KB is no such field); the
 * operation copies out only these fields page by page (erp-list/listing.ts), so what a fleet's listing keeps does
 * not grow with the items. `id` and `state` decide what is offered stop and start, so they are strict.
 */
const erpListItem = z.onFirstUse(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    location: z.nullish(z.string()),
    tags: z.nullish(z.record(z.string(), z.string())),
    properties: z.nullish(
      z.looseObject({
        environment: z.nullish(z.string()),
        state: z.nullish(z.string()),
        status: z.nullish(z.string()),
        health: z.nullish(z.string()),
      }),
    ),
  }),
);

export type ErpListItem = z.output<typeof erpListItem>;

/** C5, one page: `{ value, nextLink }`. */
export const erpListPage = z.pageOf(erpListItem);
