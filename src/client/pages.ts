import type { core } from 'zod/mini';
import { STEP_TIMEOUT } from './deadline.js';
import { ServiceError } from './errors.js';
import { redactQuery } from './url.js';
import { parseBody, type HttpClient, type HttpResponse } from './http.js';

export interface Page<T> {
  value: T[];
  nextLink?: string | null;
}

/** A listing longer than this is taken for one that never ends (the longest real one is a few hundred pages). */
const MAX_PAGES = 10_000;

/** How a listing is followed: its cancellation, its name for an error (`listSynchronizations`), its address. */
export interface PagesOptions {
  signal?: AbortSignal;
  what?: string;
  /**
   * The listing's first request: each nextLink must keep its path (only the query may change), so a nextLink
   * sent with the listing's method (a POST) can never reach another operation, such as a start.
   */
  listing?: URL;
}

/**
 * Pages of a list, following nextLink. Lazy: a caller that has what it needs stops iterating and no further
 * page is read. A listing that does not end (a nextLink seen before, more than MAX_PAGES pages, or pages still
 * coming at the step's timeout) ends with an error that names it.
 */
export async function* pages<T>(
  first: () => Promise<Page<T>>,
  next: (nextLink: string) => Promise<Page<T>>,
  { signal, what = 'listing', listing }: PagesOptions = {},
): AsyncGenerator<Page<T>, void, undefined> {
  const seen = new Set<string>();
  // The URL of the page last read: a relative nextLink is its.
  let at = listing;
  let page = await first();
  for (let read = 1; ; read++) {
    yield page;
    const link = page.nextLink;
    if (!link) return;
    if (seen.has(link)) {
      throw new ServiceError({
        code: 'RepeatingNextLink',
        message: `the service returned a nextLink it had returned before, after ${seen.size} pages of the ${what}; stopped to avoid an endless listing`,
      });
    }
    if (read >= MAX_PAGES) {
      throw new ServiceError({
        code: 'EndlessListing',
        message: `the ${what} did not end: the service returned ${read} pages, each with a nextLink; stopped at ${MAX_PAGES} pages`,
      });
    }
    const target = at ? nextLinkAt(link, at) : link;
    if (listing) refuseElsewhere(target, listing, what);
    seen.add(link);
    signal?.throwIfAborted();
    try {
      page = await next(target);
      if (at) at = new URL(target);
    } catch (error) {
      throw endedAtDeadline(error, what, read);
    }
  }
}

/**
 * Where a nextLink points: one that starts with the resource path (`subscriptions/…`) from the origin, as a relative
 * polling URL is read; any other relative form from the page's own URL (a query alone keeps the page's path).
 * A link no parser reads is left as it is: the client refuses it, naming it.
 */
export function nextLinkAt(link: string, page: URL): string {
  try {
    if (/^\/?subscriptions\//i.test(link)) return new URL(link.replace(/^\/?/, '/'), page.origin).href;
    return new URL(link, page).href;
  } catch {
    return link;
  }
}

/** A nextLink that leaves its listing's path (another operation, however it is reached) is never followed. */
function refuseElsewhere(link: string, listing: URL, what: string): void {
  let path: string | undefined;
  try {
    path = new URL(link, listing).pathname;
  } catch {
    return; // Not a URL: the client refuses it when it resolves it, naming it.
  }
  if (path === listing.pathname) return;
  throw new ServiceError({
    code: 'UnexpectedNextLink',
    message:
      `the service returned a nextLink for the ${what} to another path (${redactQuery(path)}, not ` +
      `${redactQuery(listing.pathname)}); a nextLink may change only the query, so it was not followed`,
  });
}

/** A page cut by the step's timeout: the listing is named, and how far it got, not only the request. */
function endedAtDeadline(error: unknown, what: string, read: number): unknown {
  if (!(error instanceof ServiceError) || error.code !== STEP_TIMEOUT) return error;
  return new ServiceError({
    ...error.init,
    code: 'ListingUnfinished',
    message: `the ${what} was still being read at the step's timeout: ${read} pages read, each with a nextLink`,
  });
}

type ListSchema<T> = core.$ZodType<{ value?: T[] | null; nextLink?: string | null }>;

/** One list endpoint, as `listPages` reads it. */
export interface ListOptions<T> {
  /** GET (area B, C), or a POST (area A's lists): every page is asked with the same method. */
  method: 'GET' | 'POST';
  url: URL;
  schema: ListSchema<T>;
  /** The listing's name in errors and debug lines (`listSynchronizations`). */
  what: string;
  /** A body sent with every page (A5's `{ synchronizationId }`); none: a bodiless request. */
  json?: unknown;
  signal?: AbortSignal;
  onResponse?: (response: HttpResponse) => void;
}

/**
 * Every item of a short list endpoint, all held at once (a share's handful of settings, a system's databases);
 * a listing that may be long is walked page by page with listPages instead.
 */
export async function listAll<T>(client: HttpClient, list: ListOptions<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of listPages(client, list)) all.push(...page.value);
  return all;
}

/**
 * The pages of a list endpoint: the first request and every nextLink with the same method and body, each nextLink
 * only on the client's own origin and on the listing's own path, each page parsed with its schema. A read: lazy,
 * one page in memory at a time.
 */
export function listPages<T>(
  client: HttpClient,
  list: ListOptions<T>,
): AsyncGenerator<Page<T>, void, undefined> {
  const { method, url, schema, what, json } = list;
  let read = 0;
  const readPage = async (target: URL | string, urlWhat?: string): Promise<Page<T>> => {
    const response = await client.send({ method, url: target, what: urlWhat, json, intent: 'read' });
    read++;
    list.onResponse?.(response);
    const body = parseBody(response, schema, what);
    // A page without its list would end the listing silently, as if it had no more.
    if (!Array.isArray(body.value)) {
      throw new ServiceError({
        status: response.status,
        code: 'InvalidResponse',
        message: `page ${read} of the ${what} is not { value: [ … ] }: its value is ${body.value === null ? 'null' : 'missing'}`,
        requestId: response.requestId,
      });
    }
    return { value: body.value, nextLink: body.nextLink };
  };
  return pages(
    () => readPage(url),
    (link) => readPage(link, 'nextLink'),
    { signal: list.signal, what, listing: url },
  );
}
