import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../../src/client/pages.js';
import type { Synchronization } from '../../../../src/client/schemas/data-share.js';
import {
  findInListing,
  isNewestFirst,
  newestNotEnded,
} from '../../../../src/operations/data-share/choose.js';

const sync = (id: string, startTime?: string): Synchronization => ({ synchronizationId: id, startTime });

/** A listing that counts the pages it hands out, so a test sees where reading stopped. */
function listing(pageList: Synchronization[][]) {
  const counter = { read: 0 };
  async function* gen(): AsyncGenerator<Page<Synchronization>> {
    for (const value of pageList) {
      counter.read++;
      yield { value };
    }
  }
  return { pages: gen(), counter };
}

const desc = [
  [sync('c', '2026-03-03T00:00:00Z'), sync('b', '2026-03-02T00:00:00Z')],
  [sync('a', '2026-03-01T00:00:00Z'), sync('z', '2026-02-01T00:00:00Z')],
  [sync('y', '2026-01-01T00:00:00Z')],
];

describe('findInListing', () => {
  it('takes the first item of a newest-first listing and reads one page', async () => {
    const { pages, counter } = listing(desc);
    const pass = await findInListing(pages, { kind: 'newest' }, true);
    expect(pass.found?.synchronizationId).toBe('c');
    expect(counter.read).toBe(1);
  });

  it('concludes from the first page that nothing started after a later time', async () => {
    const { pages, counter } = listing(desc);
    const pass = await findInListing(
      pages,
      { kind: 'newest', startedAfter: Date.parse('2026-04-01T00:00:00Z') },
      true,
    );
    expect(pass.found).toBeUndefined();
    expect(pass.listedAny).toBe(true);
    expect(counter.read).toBe(1);
  });

  it('counts a start exactly at started-after', async () => {
    const { pages } = listing(desc);
    const pass = await findInListing(
      pages,
      { kind: 'newest', startedAfter: Date.parse('2026-03-03T00:00:00Z') },
      true,
    );
    expect(pass.found?.synchronizationId).toBe('c');
  });

  it('reads every page in another order and keeps the newest', async () => {
    const shuffled = [[desc[1]![1]!, desc[2]![0]!], [desc[0]![1]!], [desc[0]![0]!, desc[1]![0]!]];
    const { pages, counter } = listing(shuffled);
    const pass = await findInListing(pages, { kind: 'newest' }, false);
    expect(pass.found?.synchronizationId).toBe('c');
    expect(counter.read).toBe(3);
  });

  it('does not trust an order the service did not keep: a page out of order means reading all', async () => {
    const ignored = [
      [sync('b', '2026-03-02T00:00:00Z'), sync('c', '2026-03-03T00:00:00Z')],
      [sync('d', '2026-03-04T00:00:00Z')],
    ];
    const { pages, counter } = listing(ignored);
    const pass = await findInListing(pages, { kind: 'newest' }, true);
    expect(pass.found?.synchronizationId).toBe('d');
    expect(counter.read).toBe(2);
  });

  it('follows an item without a start listed before every dated one: a run queued today', async () => {
    const { pages, counter } = listing([
      [sync('queued'), sync('yesterday', '2026-03-02T00:00:00Z')],
      [sync('older', '2026-03-01T00:00:00Z')],
    ]);
    const pass = await findInListing(
      pages,
      { kind: 'newest', startedAfter: Date.parse('2026-03-03T00:00:00Z') },
      true,
    );
    expect(pass.found?.synchronizationId).toBe('queued');
    // The order is trusted only once a second dated item confirms it, on the next page here.
    expect(counter.read).toBe(2);
  });

  it('passes over an item without a readable start listed after a dated one', async () => {
    const { pages } = listing([
      [sync('b', '2026-03-02T00:00:00Z'), sync('x', 'not a time')],
      [sync('a', '2026-03-01T00:00:00Z')],
    ]);
    const pass = await findInListing(pages, { kind: 'newest' }, true);
    expect(pass.found?.synchronizationId).toBe('b');
  });

  it('trusts the order only once two dated items confirm it, across pages', async () => {
    const { pages, counter } = listing([[desc[0]![0]!], [desc[0]![1]!], [desc[1]![0]!]]);
    const pass = await findInListing(pages, { kind: 'newest' }, true);
    expect(pass.found?.synchronizationId).toBe('c');
    expect(counter.read).toBe(2);
  });

  it('reads the whole listing where one item per page shows it is not newest first', async () => {
    const ascending = [
      [sync('a', '2026-03-01T00:00:00Z')],
      [sync('b', '2026-03-02T00:00:00Z')],
      [sync('c', '2026-03-03T00:00:00Z')],
    ];
    const { pages, counter } = listing(ascending);
    const pass = await findInListing(pages, { kind: 'newest' }, true);
    expect(pass.found?.synchronizationId).toBe('c');
    expect(counter.read).toBe(3);
  });

  it('drops an undated lead where the listing turns out not to be newest first', async () => {
    const { pages } = listing([
      [sync('queued'), sync('a', '2026-03-01T00:00:00Z'), sync('b', '2026-03-02T00:00:00Z')],
    ]);
    const pass = await findInListing(pages, { kind: 'newest' }, true);
    expect(pass.found?.synchronizationId).toBe('b');
  });

  it('takes the only dated item of a listing, and an undated lead before it', async () => {
    expect(
      (await findInListing(listing([[sync('a', '2026-03-01T00:00:00Z')]]).pages, { kind: 'newest' }, true))
        .found?.synchronizationId,
    ).toBe('a');
    expect(
      (
        await findInListing(
          listing([[sync('q')], [sync('a', '2026-03-01T00:00:00Z')]]).pages,
          { kind: 'newest' },
          true,
        )
      ).found?.synchronizationId,
    ).toBe('q');
  });

  it('stops looking for an id past a confirmed older start in a newest-first listing', async () => {
    const { pages, counter } = listing(desc);
    const pass = await findInListing(
      pages,
      { kind: 'id', synchronizationId: 'mine', startedAt: Date.parse('2026-03-04T00:00:00Z') },
      true,
    );
    expect(pass.found).toBeUndefined();
    expect(counter.read).toBe(1);
  });

  it('stops at the page where the id is found', async () => {
    const { pages, counter } = listing(desc);
    const pass = await findInListing(pages, { kind: 'id', synchronizationId: 'Z' }, true);
    expect(pass.found?.synchronizationId).toBe('z');
    expect(counter.read).toBe(2);
  });

  it('reads every page to know an id is absent', async () => {
    const { pages, counter } = listing(desc);
    const pass = await findInListing(pages, { kind: 'id', synchronizationId: 'nope' }, true);
    expect(pass.found).toBeUndefined();
    expect(counter.read).toBe(3);
  });

  it('says whether anything was listed', async () => {
    const { pages } = listing([[]]);
    const pass = await findInListing(pages, { kind: 'newest' }, true);
    expect(pass).toEqual({ listedAny: false, pagesRead: 1 });
  });
});

describe('isNewestFirst', () => {
  it('knows startTime desc in any spelling', () => {
    expect(isNewestFirst('startTime desc')).toBe(true);
    expect(isNewestFirst(' starttime  DESC ')).toBe(true);
    expect(isNewestFirst('startTime asc')).toBe(false);
    expect(isNewestFirst('durationMs')).toBe(false);
    expect(isNewestFirst(undefined)).toBe(false);
  });
});

describe('newestNotEnded (sync-cancel without an id)', () => {
  const at = (id: string, day: number, status: string): Synchronization => ({
    synchronizationId: id,
    startTime: `2026-03-${String(day).padStart(2, '0')}T00:00:00Z`,
    status,
  });

  it('passes over a newest that has ended to an older one still running, and stops past it', async () => {
    const { pages, counter } = listing([
      [at('new', 9, 'Succeeded'), at('old', 8, 'InProgress')],
      [at('older', 7, 'Succeeded')],
      [at('oldest', 6, 'InProgress')],
    ]);
    const chosen = await newestNotEnded(pages);
    expect(chosen.found?.synchronizationId).toBe('old');
    expect(chosen.newest?.synchronizationId).toBe('new');
    expect(counter.read).toBe(2);
  });

  it('takes a queued one listed before every dated one; finds none where every one has ended', async () => {
    const queued = listing([[{ synchronizationId: 'q', status: 'Queued' }, at('new', 9, 'InProgress')]]);
    expect((await newestNotEnded(queued.pages)).found?.synchronizationId).toBe('q');
    const ended = listing([[at('new', 9, 'Succeeded'), at('old', 8, 'Failed')]]);
    const none = await newestNotEnded(ended.pages);
    expect(none.found).toBeUndefined();
    expect(none.newest?.synchronizationId).toBe('new');
  });

  it('reads a listing out of order whole and keeps the newest running', async () => {
    const { pages, counter } = listing([
      [at('a', 2, 'InProgress'), at('b', 5, 'InProgress')],
      [at('c', 3, 'Succeeded')],
    ]);
    expect((await newestNotEnded(pages)).found?.synchronizationId).toBe('b');
    expect(counter.read).toBe(2);
  });
});
