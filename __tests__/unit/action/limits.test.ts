import { describe, expect, it } from '@jest/globals';
import {
  OUTPUTS_BYTES,
  OUTPUT_BYTES,
  SUMMARY_BYTES,
  fitOutputs,
  outputTooLarge,
} from '../../../src/action/limits.js';
import { renderSummary } from '../../../src/action/summary/render.js';
import { viewOfResult } from '../../../src/runtime/view/view.js';

describe('GitHub limits', () => {
  it('an output within the limit is set as it is', () => {
    expect(outputTooLarge({ name: 'operation-urls', text: '["a","b"]' })).toBeUndefined();
    expect(outputTooLarge({ name: 'message', text: 'x'.repeat(OUTPUT_BYTES) })).toBeUndefined();
  });

  it('an output over the limit is refused, never cut, naming it and the way out', () => {
    const urls = JSON.stringify(
      Array.from({ length: 3000 }, (_, i) => `https://h/op/${i}?${'x'.repeat(500)}`),
    );
    expect(outputTooLarge({ name: 'operation-urls', text: urls })).toBe(
      `The output operation-urls is ${Buffer.byteLength(urls)} bytes, over the runner's limit of ${OUTPUT_BYTES} bytes an output, so it was not set (it is never cut): run fewer systems per step: erp-list's matrix output splits them into legs (per-leg), one job each.`,
    );
    expect(outputTooLarge({ name: 'message', text: 'é'.repeat(700_000) })).toMatch(
      /^The output message is 1400000 bytes, .* the value the service gave is longer than an output can carry\.$/,
    );
  });

  it("erp-list's own listing over the limit names the narrowing, not a matrix of erp-list", () => {
    const instances = JSON.stringify(
      Array.from({ length: 5000 }, (_, i) => ({ id: `/subscriptions/s/x/${i}`, pad: 'x'.repeat(200) })),
    );
    expect(outputTooLarge({ name: 'instances', text: instances, operation: 'erp-list' })).toMatch(
      /^The output instances is \d+ bytes, .*: narrow the selection \(resource-group, tag, environment\) and list in several steps\.$/,
    );
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

  it("erp-report's instances past the limit are left out with a warning naming report-file; the counts stay", () => {
    const instances = 'i'.repeat(OUTPUT_BYTES + 1);
    const fitted = fitOutputs(
      [
        ['result', '{"count":2000}'],
        ['instances', instances],
        ['count', '2000'],
      ],
      'erp-report',
    );
    expect(fitted.set).toEqual([
      ['result', '{"count":2000}'],
      ['count', '2000'],
    ]);
    expect(fitted.refused).toEqual([]);
    expect(fitted.warnings).toEqual([
      `The output instances is ${OUTPUT_BYTES + 1} bytes, so it was left out (an output is at most ${OUTPUT_BYTES}): the file the report-file output names holds it whole.`,
    ]);
  });

  it("erp-report's outputs past a job's limit together: the largest is refused, naming the report file", () => {
    const half = 'u'.repeat(OUTPUTS_BYTES / 2);
    const outputs: [string, string][] = [
      ['result', half],
      ['missing', `${half}xx`],
      ['count', '3'],
    ];
    const fitted = fitOutputs(outputs, 'erp-report');
    expect(fitted.set.map(([name]) => name)).toEqual(['result', 'count']);
    expect(fitted.refused).toEqual([
      expect.stringMatching(
        /^The outputs are \d+ bytes together, over the \d+ bytes a job's outputs may hold, so missing \(\d+ bytes\) was not set: read the window from the file the report-file output names/,
      ),
    ]);
    // A step's own outputs are limited one by one: its operation-urls is never refused for its neighbours.
    expect(fitOutputs(outputs, 'erp-stop')).toEqual({ set: outputs, warnings: [], refused: [] });
    expect(
      outputTooLarge({ name: 'result', text: 'r'.repeat(OUTPUT_BYTES + 1), operation: 'erp-report' }),
    ).toMatch(/: read the window from the file the report-file output names, which holds every system\.$/);
  });
});
