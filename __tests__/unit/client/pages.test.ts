import { describe, expect, it } from '@jest/globals';
import { array, looseObject, nullish, string } from 'zod/mini';
import { VirtualClock } from '../../../src/client/clock.js';
import { listAll, nextLinkAt } from '../../../src/client/pages.js';
import { clientOver } from '../../helpers/fake-transport.js';

describe('nextLinkAt: where a relative nextLink points', () => {
  const page = new URL(
    'https://m.example/base/subscriptions/S/providers/V.W/things?api-version=1&$skipToken=2',
  );

  it.each([
    ['an absolute link, as it is', 'https://m.example/x?y=1', 'https://m.example/x?y=1'],
    [
      'the resource path from the origin',
      'subscriptions/S/providers/V.W/things?$skipToken=4',
      'https://m.example/subscriptions/S/providers/V.W/things?$skipToken=4',
    ],
    [
      'the resource path with its slash from the origin',
      '/subscriptions/S/x',
      'https://m.example/subscriptions/S/x',
    ],
    [
      'a query alone keeps the page’s path',
      '?api-version=1&$skipToken=4',
      'https://m.example/base/subscriptions/S/providers/V.W/things?api-version=1&$skipToken=4',
    ],
    [
      'a segment from the page’s folder',
      'things?$skipToken=4',
      'https://m.example/base/subscriptions/S/providers/V.W/things?$skipToken=4',
    ],
    ['a link no parser reads, left for the client to refuse', 'http://[bad/x', 'http://[bad/x'],
  ])('%s', (_, link, expected) => {
    expect(nextLinkAt(link, page)).toBe(expected);
  });
});

describe('listAll: every item of a short list', () => {
  it('follows each nextLink with the same method and holds every page’s items, in order', async () => {
    const asked: string[] = [];
    const client = clientOver(
      ({ method, url }) => {
        asked.push(`${method} ${url.search}`);
        const page = Number(url.searchParams.get('page') ?? '1');
        const nextLink = page < 3 ? `https://m.example/things?page=${page + 1}` : undefined;
        return { status: 200, json: { value: [`a${page}`, `b${page}`], nextLink } };
      },
      { origin: 'https://m.example', clock: new VirtualClock(0) },
    );
    const schema = looseObject({ value: nullish(array(string())), nextLink: nullish(string()) });
    const url = new URL('https://m.example/things');
    const items = await listAll(client, { method: 'POST', url, schema, what: 'things' });
    expect(items).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'b3']);
    expect(asked).toEqual(['POST ', 'POST ?page=2', 'POST ?page=3']);
  });
});
