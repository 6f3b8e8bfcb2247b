import type { z } from 'zod';
import { parseBody, type HttpClient, type HttpResponse } from '../../client/http.js';
import { pages, type Page } from '../../client/pages.js';

type ListSchema<T> = z.ZodType<{ value?: T[] | null; nextLink?: string | null }>;

/**
 * The pages of one of area A's list endpoints. Both are POSTs without a body (the client sends
 * `Content-Length: 0`); a nextLink is followed with POST too, and only on the client's own origin.
 * Lazy, one page in memory at a time: a caller that has its answer stops iterating and no further page is read.
 */
export function listPages<T>(
  client: HttpClient,
  url: URL,
  schema: ListSchema<T>,
  what: string,
  options: { signal?: AbortSignal; onResponse?: (response: HttpResponse) => void } = {},
): AsyncGenerator<Page<T>, void, undefined> {
  const read = async (target: URL | string, urlWhat?: string): Promise<Page<T>> => {
    const response = await client.send({ method: 'POST', url: target, what: urlWhat });
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
