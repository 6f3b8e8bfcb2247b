import { describe, expect, it } from '@jest/globals';
import { renderSummary } from '../../../../src/action/summary/index.js';
import { viewOfResult } from '../../../../src/runtime/view/view.js';
import type { OperationResult, TargetRow } from '../../../../src/operations/types.js';

const failed = (target: string, text: string): TargetRow => ({
  target,
  outcome: 'failed',
  word: 'failed',
  cause: { text, kind: 'other' },
});

/** The last cell of each row of the table: the cause column. */
const causes = (html: string) =>
  [...html.matchAll(/<tr>(.*?)<\/tr>/g)]
    .map((m) => [...m[1]!.matchAll(/<td>(.*?)<\/td>/g)].map((c) => c[1]!))
    .filter((row) => row.length > 0)
    .map((row) => row.at(-1)!);

describe("the targets' table", () => {
  it('from 20 targets, a long cause shows its first words and the rest one click away; a short one as it is', () => {
    const long = `The stop of erp virtual instance 'X01' failed: ${'the service said something long '.repeat(8)}(request-id: r-1).`;
    const result: OperationResult = {
      outputs: {},
      summary: [],
      rows: [
        failed('X01', long),
        failed('X02', 'HTTP 404 ResourceNotFound.'),
        ...Array.from({ length: 18 }, (_, i) => failed(`Y${i}`, 'HTTP 404 ResourceNotFound.')),
      ],
      failure: 'two failed',
    };
    const html = renderSummary(viewOfResult('erp-stop', result), Date.UTC(2026, 10, 28));
    const [x01Cause, x02Cause] = causes(html);
    expect(x01Cause).toMatch(
      /^<details><summary>The stop of erp virtual instance &#39;X01&#39; failed: .{0,100} …<\/summary>.*request-id: r-1\)\.<\/details>$/,
    );
    expect(x01Cause!.replace(/<[^>]+>/g, '').replace(' …', ' ')).toContain('(request-id: r-1).');
    expect(x02Cause).toBe('HTTP 404 ResourceNotFound.');
  });

  it('below 20 targets, every cause is shown whole', () => {
    const long = `The stop of erp virtual instance 'X01' failed: ${'the service said something long '.repeat(8)}.`;
    const result: OperationResult = { outputs: {}, summary: [], rows: [failed('X01', long)], failure: long };
    const html = renderSummary(viewOfResult('erp-stop', result), Date.UTC(2026, 10, 28));
    expect(causes(html)[0]).toBe(long.replaceAll("'", '&#39;'));
  });
});
