import * as z from './zod.js';

/**
 * C5, one system of a listing, reduced to the fields erp-list reports: `z.object` drops every other key (the
 * `configuration` of several kilobytes among them), so what a fleet's listing keeps does not grow with the items.
 * `id` and `state` decide what is offered stop and start, so they are strict; the rest is only reported.
 */
export const erpListItem = z.object({
  id: z.string(),
  name: z.string(),
  location: z.nullish(z.string()),
  tags: z.nullish(z.record(z.string(), z.string())),
  properties: z.nullish(
    z.object({
      environment: z.nullish(z.string()),
      state: z.nullish(z.string()),
      status: z.nullish(z.string()),
      health: z.nullish(z.string()),
    }),
  ),
});

export type ErpListItem = z.output<typeof erpListItem>;

/** C5, one page: `{ value, nextLink }`. */
export const erpListPage = z.object({
  value: z.nullish(z.array(erpListItem)),
  nextLink: z.nullish(z.string()),
});
