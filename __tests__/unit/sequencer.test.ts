import { describe, expect, it } from '@jest/globals';
// @ts-expect-error: a plain ES module of jest's configuration, without types
import ByMeasuredDuration, { measured } from '../helpers/sequencer.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const test = (path: string) => ({ path: `${ROOT}${path}`, context: {} });

/** jest hands suites to free workers in this order: the longest measured first, so none takes a long one last. */
describe('the test sequencer', () => {
  it('orders by the committed durations, longest first, a suite not yet measured before them', () => {
    const sequencer = new (
      ByMeasuredDuration as new (options: object) => {
        sort: (tests: { path: string }[]) => { path: string }[];
      }
    )({ contexts: [], globalConfig: {} });
    const suites = [
      '__tests__/e2e/http-version.test.ts',
      '__tests__/e2e/wait-for-operation.test.ts',
      '__tests__/e2e/not-measured-yet.test.ts',
      '__tests__/e2e/erp-stop.test.ts',
    ];
    const times = suites.map((s) => (measured as (p: string) => number | undefined)(`${ROOT}${s}`));
    expect(times.filter((t) => t === undefined)).toHaveLength(1);
    const sorted = sequencer.sort(suites.map(test)).map((t) => t.path.slice(ROOT.length));
    expect(sorted[0]).toBe('__tests__/e2e/not-measured-yet.test.ts');
    const rest = sorted.slice(1).map((s) => (measured as (p: string) => number)(`${ROOT}${s}`));
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
  });
});
