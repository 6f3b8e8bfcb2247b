import * as z from './zod.js';

/**
 * Area B, a cached image. Lenient per entry: one odd entry (no name, a name that is not a string) is skipped
 * by the operation rather than failing the whole listing, so both fields fall back to undefined.
 */
export const cachedImageSchema = z.onFirstUse(() =>
  z.looseObject({
    image: z.catch(z.optional(z.string()), undefined),
    /** Linux and Windows occur; the allowed values are not documented, so any string passes. */
    osType: z.catch(z.optional(z.string()), undefined),
  }),
);
export type CachedImage = z.infer<typeof cachedImageSchema>;

/** Area B, one page of the cached images list. Which fields are always present is not documented. */
export const cachedImagesListSchema = z.onFirstUse(() =>
  z.looseObject({
    value: z.pipe(
      z.optional(z.array(z.catch(cachedImageSchema, {}))),
      z.transform((v) => v ?? []),
    ),
    nextLink: z.nullish(z.string()),
  }),
);
