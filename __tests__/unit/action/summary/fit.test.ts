import { describe, expect, it } from '@jest/globals';
import { fitPage } from '../../../../src/action/summary/fit.js';

const table = (rows: number, cell: string) =>
  `<table><tr><th>outcome</th></tr>${Array.from({ length: rows }, (_, i) => `<tr><td>${i} ${cell}</td></tr>`).join('')}</table>`;

describe('fitPage: any page within its budget, its longest tables folding from the end', () => {
  it('leaves a page within the budget as it is', () => {
    const page = `<h2>t</h2>\n${table(3, 'x')}`;
    expect(fitPage(page, 10_000)).toBe(page);
  });

  it('folds the longest table from its end, keeps its header and first rows, and says how many are not shown', () => {
    const page = `<h2>t</h2>\n${table(2, 'small')}\n<p>advice</p>\n${table(1000, 'y'.repeat(100))}\n<ul><li>note</li></ul>`;
    const fitted = fitPage(page, 40_000);
    expect(Buffer.byteLength(fitted)).toBeLessThanOrEqual(40_000);
    expect(fitted).toContain('<th>outcome</th>');
    expect(fitted).toContain('<td>0 small</td>');
    expect(fitted).toContain('<td>1 small</td>');
    expect(fitted).toContain(`<td>0 ${'y'.repeat(100)}</td>`);
    expect(fitted).not.toContain(`<td>999 ${'y'.repeat(100)}</td>`);
    expect(fitted).toContain('<p>advice</p>');
    expect(fitted).toContain('<li>note</li>');
    const shown = fitted.match(/<td>\d+ y+<\/td>/g)!.length;
    expect(fitted).toContain(
      `${1000 - shown} of 1000 rows are not shown: GitHub limits a job summary to 1 MiB.`,
    );
  });

  it('folds a long list too', () => {
    const list = `<ul>${Array.from({ length: 500 }, (_, i) => `<li>skipped file-${i}.json ${'z'.repeat(80)}</li>`).join('')}</ul>`;
    const fitted = fitPage(`<h2>t</h2>${list}`, 5_000);
    expect(Buffer.byteLength(fitted)).toBeLessThanOrEqual(5_000);
    expect(fitted).toMatch(/\d+ of 500 items are not shown/);
  });
});
