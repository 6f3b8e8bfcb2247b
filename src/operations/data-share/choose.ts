import type { Page } from '../../client/pages.js';
import type { Synchronization } from '../../client/schemas/data-share.js';
import { classifyStatus } from '../../client/status.js';

/** Which synchronization to follow: the contract's three rules. */
export type Choice =
  /**
   * By id. `startedAt` (the start the service gave when it started it) lets a newest-first listing stop at the
   * first synchronization that started earlier: the id cannot be further down.
   */
  | { kind: 'id'; synchronizationId: string; startedAt?: number }
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

interface Dated {
  sync: Synchronization;
  start: number;
}

/**
 * Whether a listing asked for newest first really is: trusted once two dated items confirm it (across a page
 * boundary if need be), dropped at the first dated item that started later than the one before it (a service
 * that ignores `$orderby`).
 */
class NewestFirstOrder {
  first?: Dated;
  last?: Dated;
  confirmed = false;
  trusted: boolean;
  constructor(trusted: boolean) {
    this.trusted = trusted;
  }

  see(item: Dated): void {
    if (!this.trusted) return;
    if (this.last && item.start > this.last.start) {
      this.trusted = false;
      return;
    }
    if (this.last) this.confirmed = true;
    this.first ??= item;
    this.last = item;
  }
}

/**
 * Reads pages only until the choice is certain, holding one page and the best candidate, never the listing.
 *
 * - By id: stops at the page where the id is found; when it is not, every page had to be read to know that,
 *   unless the listing is newest first and `startedAt` is known: past a confirmed older one, it is not listed.
 * - Newest, in a listing ordered `startTime desc`: once two dated items confirm the order, the first dated item
 *   is the newest of the whole listing (every later one started no later), and an item without `startTime`
 *   listed before every dated one is newer still (a run queued today, not yet started, listed first): that one
 *   is followed. If the first dated one started before `startedAfter`, so did the rest. A dated item out of
 *   order means the service ignored `$orderby`: the whole listing is read.
 * - Newest, in any other order (the user's own `orderby`): only the last page can rule out a newer one, so every
 *   page is read, keeping the best so far. An item without a start cannot be placed in such a listing.
 */
export async function findInListing(
  listing: AsyncIterable<Page<Synchronization>>,
  choice: Choice,
  newestFirst: boolean,
): Promise<ListingPass> {
  const pass: ListingPass = { listedAny: false, pagesRead: 0 };
  const order = new NewestFirstOrder(newestFirst);
  let lead: Synchronization | undefined;
  let best: Dated | undefined;
  const qualifies = (item: Dated) =>
    choice.kind !== 'newest' || choice.startedAfter === undefined || item.start >= choice.startedAfter;
  for await (const page of listing) {
    pass.pagesRead++;
    if (page.value.length > 0) pass.listedAny = true;
    if (choice.kind === 'id') {
      const found = page.value.find((s) => sameId(s.synchronizationId, choice.synchronizationId));
      if (found) return { ...pass, found };
    }
    for (const sync of page.value) {
      const start = startOf(sync);
      if (start === undefined) {
        if (order.trusted && !order.first) lead ??= sync;
        continue;
      }
      order.see({ sync, start });
      if (qualifies({ sync, start }) && (!best || start > best.start)) best = { sync, start };
    }
    if (!order.trusted || !order.confirmed) continue;
    if (choice.kind === 'id') {
      if (choice.startedAt !== undefined && order.last!.start < choice.startedAt) return pass;
      continue;
    }
    return decide(pass, lead, order.first, qualifies);
  }
  if (choice.kind === 'id') return pass;
  if (order.trusted) return decide(pass, lead, order.first, qualifies);
  return best ? { ...pass, found: best.sync } : pass;
}

/**
 * In a newest-first listing: the undated lead, else the first dated item where it qualifies. A lead has not
 * started yet, so it starts after every time given.
 */
function decide(
  pass: ListingPass,
  lead: Synchronization | undefined,
  first: Dated | undefined,
  qualifies: (item: Dated) => boolean,
): ListingPass {
  if (lead) return { ...pass, found: lead };
  return first && qualifies(first) ? { ...pass, found: first.sync } : pass;
}

/** Ids are GUIDs in the service's samples; compare them as GUIDs compare, case-insensitively. */
function sameId(a: string | null | undefined, b: string): boolean {
  return typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
}

/**
 * The synchronization that started last and has not ended (sync-cancel without an id), in a listing asked for
 * newest first: one listed before every dated one without a start (queued) is the newest; past a dated item older
 * than the best found so far, nothing further down started later, so the reading stops there. A listing out of
 * order is read whole.
 */
export async function newestNotEnded(
  listing: AsyncIterable<Page<Synchronization>>,
): Promise<{ found?: Synchronization; newest?: Synchronization }> {
  let best: Dated | undefined;
  let newest: Synchronization | undefined;
  let previous: number | undefined;
  let ordered = true;
  for await (const page of listing) {
    for (const sync of page.value) {
      newest ??= sync;
      const start = startOf(sync);
      const running = classifyStatus(sync.status) === 'running';
      if (start === undefined) {
        if (running && ordered && previous === undefined) return { found: sync, newest };
        continue;
      }
      if (previous !== undefined && start > previous) ordered = false;
      previous = start;
      if (ordered && best && start < best.start) return { found: best.sync, newest };
      if (running && (!best || start > best.start)) best = { sync, start };
    }
  }
  return { found: best?.sync, newest };
}

/** Why nothing is cancelled where no synchronization runs: the latest, and how it ended, or an empty listing. */
export function nothingToCancel(newest: Synchronization | undefined): string {
  return newest
    ? `the latest synchronization, ${newest.synchronizationId ?? '(no id)'}, has ended ${newest.status}`
    : 'the share subscription lists no synchronization';
}
