import type { Page } from '../../client/pages.js';
import type { Synchronization } from '../../client/schemas/data-share.js';

/** Which synchronization to follow: the contract's three rules. */
export type Choice =
  | { kind: 'id'; synchronizationId: string }
  /** The newest, among those that started at or after `startedAfter` where given. */
  | { kind: 'newest'; startedAfter?: number };

export interface ListingPass {
  found?: Synchronization;
  /** Whether the pages read held any synchronization at all: the timeout message says so. */
  listedAny: boolean;
  pagesRead: number;
}

/** `$orderby=startTime desc` (OData, case-insensitive keywords): the listing comes newest first. */
export function isNewestFirst(orderby: string | undefined): boolean {
  return /^\s*startTime\s+desc\s*$/i.test(orderby ?? '');
}

export function startOf(sync: Synchronization): number | undefined {
  const t = Date.parse(sync.startTime ?? '');
  return Number.isNaN(t) ? undefined : t;
}

/**
 * Reads pages only until the choice is certain, holding one page and the best candidate, never the listing.
 *
 * - By id: stops at the page where the id is found; when it is not, every page had to be read to know that.
 * - Newest, in a listing ordered `startTime desc`: the first page that holds a dated synchronization decides.
 *   Its first dated item is the newest in the whole listing, because every later item (on this page or any
 *   next one) started no later. If that one started before `startedAfter`, so did all the rest: none
 *   qualifies yet, and no further page can change that. The claim rests on the service honouring `$orderby`,
 *   so it is checked on the deciding page: if that page is not in descending order, the whole listing is read.
 * - Newest, in any other order (the user's own `orderby`): only the last page can rule out a newer one, so every
 *   page is read, keeping the best so far.
 *
 * A synchronization without a readable `startTime` cannot be placed in time, so no "newest" rule picks it.
 */
export async function findInListing(
  listing: AsyncIterable<Page<Synchronization>>,
  choice: Choice,
  newestFirst: boolean,
): Promise<ListingPass> {
  const pass: ListingPass = { listedAny: false, pagesRead: 0 };
  let best: { sync: Synchronization; start: number } | undefined;
  let trustOrder = newestFirst;
  for await (const page of listing) {
    pass.pagesRead++;
    if (page.value.length > 0) pass.listedAny = true;
    if (choice.kind === 'id') {
      const found = page.value.find((s) => sameId(s.synchronizationId, choice.synchronizationId));
      if (found) return { ...pass, found };
      continue;
    }
    const dated = datedItems(page.value);
    if (trustOrder && dated.length > 0) {
      if (isDescending(dated)) {
        const newest = dated[0]!;
        const qualifies = choice.startedAfter === undefined || newest.start >= choice.startedAfter;
        return qualifies ? { ...pass, found: newest.sync } : pass;
      }
      trustOrder = false;
    }
    for (const item of dated) {
      if (choice.startedAfter !== undefined && item.start < choice.startedAfter) continue;
      if (!best || item.start > best.start) best = item;
    }
  }
  return best ? { ...pass, found: best.sync } : pass;
}

/** Ids are GUIDs in the service's samples; compare them as GUIDs compare, case-insensitively. */
function sameId(a: string | null | undefined, b: string): boolean {
  return typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
}

function datedItems(value: Synchronization[]): { sync: Synchronization; start: number }[] {
  const out: { sync: Synchronization; start: number }[] = [];
  for (const sync of value) {
    const start = startOf(sync);
    if (start !== undefined) out.push({ sync, start });
  }
  return out;
}

function isDescending(items: { start: number }[]): boolean {
  return items.every((item, i) => i === 0 || item.start <= items[i - 1]!.start);
}
