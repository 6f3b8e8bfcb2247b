import { describe, expect, it } from '@jest/globals';
import { nextLinkAt } from '../../../src/client/pages.js';

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
