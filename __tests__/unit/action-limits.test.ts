import { describe, expect, it } from '@jest/globals';
import { OUTPUT_BYTES, SUMMARY_BYTES, fitOutput } from '../../src/action/limits.js';
import { renderSummary } from '../../src/action/summary/render.js';
import { viewOfResult } from '../../src/inputs/view/view.js';

describe('GitHub limits', () => {
  it('an output within the limit is untouched', () => {
    expect(fitOutput('["a","b"]')).toEqual({ text: '["a","b"]' });
  });

  it('a JSON array over 1 MB keeps as many first entries as fit, still JSON', () => {
    const array = Array.from({ length: 3000 }, (_, i) => ({ i, pad: 'x'.repeat(500) }));
    const { text, cut } = fitOutput(JSON.stringify(array));
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(OUTPUT_BYTES);
    const kept = JSON.parse(text) as { i: number }[];
    expect(kept.map((e) => e.i)).toEqual(array.slice(0, kept.length).map((e) => e.i));
    // As many as fit: one more would not.
    expect(Buffer.byteLength(JSON.stringify(array.slice(0, kept.length + 1)))).toBeGreaterThan(OUTPUT_BYTES);
    expect(cut).toBe(`kept the first ${kept.length} of 3000 entries`);
  });

  it('other text over 1 MB is cut at a character boundary', () => {
    const { text, cut } = fitOutput('é'.repeat(700_000));
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(OUTPUT_BYTES);
    expect(text).toMatch(/^é+$/);
    expect(cut).toMatch(/^kept the first \d+ of 700000 characters$/);
  });

  it('a summary of too many rows leaves the last out and says how many', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`instance-${i}`, 'x'.repeat(60)]);
    // An operation's own table (images, users): its rows are kept while they fit.
    const html = renderSummary(
      viewOfResult('check-image-cached', {
        outputs: {},
        summary: [{ title: 'images', header: ['a', 'b'], rows }],
      }),
    );
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(SUMMARY_BYTES);
    const shown = html.match(/<tr><td>/g)!.length;
    expect(shown).toBeLessThan(20_000);
    expect(html).toContain('<td>instance-0</td>');
    expect(html).toContain(`${20_000 - shown} of 20000 rows are not shown`);
  });
});
