import { ServiceError } from './errors.js';

export interface Page<T> {
  value: T[];
  nextLink?: string | null;
}

/**
 * Pages of a list, following nextLink. Lazy: a caller that has what it needs stops iterating and no further
 * page is read. A nextLink seen before would loop forever, so it ends the listing with an error.
 */
export async function* pages<T>(
  first: () => Promise<Page<T>>,
  next: (nextLink: string) => Promise<Page<T>>,
  signal?: AbortSignal,
): AsyncGenerator<Page<T>, void, undefined> {
  const seen = new Set<string>();
  let page = await first();
  for (;;) {
    yield page;
    const link = page.nextLink;
    if (!link) return;
    if (seen.has(link)) {
      throw new ServiceError({
        code: 'RepeatingNextLink',
        message: `the service returned a nextLink it had returned before, after ${seen.size} pages; stopped to avoid an endless listing`,
      });
    }
    seen.add(link);
    signal?.throwIfAborted();
    page = await next(link);
  }
}
