import type { core } from 'zod/mini';
import { ServiceError } from './errors.js';
import { parseBody, type HttpClient, type HttpResponse } from './http.js';

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

type ListSchema<T> = core.$ZodType<{ value?: T[] | null; nextLink?: string | null }>;

/**
 * The pages of a list endpoint: the first request and every nextLink with the same method (area A lists with
 * bodiless POSTs, area B with GETs), each nextLink only on the client's own origin, each page parsed with its
 * schema. Lazy, one page in memory at a time.
 */
export function listPages<T>(
  client: HttpClient,
  method: 'GET' | 'POST',
  url: URL,
  schema: ListSchema<T>,
  what: string,
  options: { signal?: AbortSignal; onResponse?: (response: HttpResponse) => void } = {},
): AsyncGenerator<Page<T>, void, undefined> {
  const read = async (target: URL | string, urlWhat?: string): Promise<Page<T>> => {
    const response = await client.send({ method, url: target, what: urlWhat, intent: 'read' });
    options.onResponse?.(response);
    const body = parseBody(response, schema, what);
    return { value: body.value ?? [], nextLink: body.nextLink };
  };
  return pages(
    () => read(url),
    (link) => read(link, 'nextLink'),
    options.signal,
  );
}
