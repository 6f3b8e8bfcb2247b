import { z } from 'zod';

/**
 * Area B, a cached image. Lenient per entry: one odd entry (no name, a name that is not a string) is skipped
 * by the operation rather than failing the whole listing, so both fields fall back to undefined.
 */
export const cachedImageSchema = z.looseObject({
  image: z.string().optional().catch(undefined),
  /** Linux and Windows occur; the allowed values are not documented, so any string passes. */
  osType: z.string().optional().catch(undefined),
});
export type CachedImage = z.infer<typeof cachedImageSchema>;

/** Area B, one page of the cached images list. Which fields are always present is not documented. */
export const cachedImagesListSchema = z.looseObject({
  value: z
    .array(cachedImageSchema.catch({}))
    .optional()
    .transform((v) => v ?? []),
  nextLink: z.string().nullish(),
});
