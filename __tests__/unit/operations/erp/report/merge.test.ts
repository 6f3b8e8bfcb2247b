import { describe, expect, it } from '@jest/globals';
import { RESULT_FORMAT, type ResultFile } from '../../../../../src/operations/erp/report/format.js';
import { mergeWindow } from '../../../../../src/operations/erp/report/merge.js';

const id = (name: string) =>
  `/subscriptions/00000000-0000-4000-8000-000000000001/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/${name}`;
function file(
  attempt: string,
  endedAt: string,
  systems: [string, 'succeeded' | 'failed', string][],
): ResultFile {
  return {
    format: RESULT_FORMAT,
    operation: 'erp-stop',
    run: { id: '1', attempt, job: 'window', step: 'stop' },
    startedAt: '2026-11-29T01:00:00.000Z',
    endedAt,
    failure: null,
    systems: systems.map(([name, outcome, word]) => ({
      name,
      id: id(name),
      before: 'Running',
      after: outcome === 'failed' ? 'Running' : 'Offline',
      outcome,
      word,
      startedAt: null,
      endedAt: null,
      cause: outcome === 'failed' ? { text: `${name} failed`, kind: 'service failed' } : null,
    })),
  };
}

describe('mergeWindow', () => {
  const expected = ['A', 'B', 'C', 'D'].map((n, i) => ({
    id: id(n),
    name: n,
    leg: String(Math.floor(i / 2) + 1),
  }));

  it('counts in the title, the failed and missing first in expected order, each with its leg', () => {
    const window = mergeWindow(
      [
        {
          path: 'leg1.json',
          file: file('1', '2026-11-29T01:05:00.000Z', [
            ['A', 'succeeded', 'stopped'],
            ['B', 'failed', 'failed'],
          ]),
        },
      ],
      expected,
      [],
    );
    expect(window.title).toBe('window: 1 stopped, 1 failed, 2 missing');
    expect(window.systems.map((s) => `${s.name} ${s.word} ${s.leg}`)).toEqual([
      'B failed 1',
      'C missing 2',
      'D missing 2',
      'A stopped 1',
    ]);
    expect(window.attention).toBe(3);
  });

  it('a system in two files: the one that ended later stands, and the pair is named once', () => {
    const older = file('1', '2026-11-29T01:05:00.000Z', [
      ['A', 'failed', 'failed'],
      ['B', 'succeeded', 'stopped'],
    ]);
    const newer = file('2', '2026-11-29T02:00:00.000Z', [
      ['A', 'succeeded', 'stopped'],
      ['B', 'succeeded', 'skipped'],
    ]);
    const window = mergeWindow(
      [
        { path: 'b.json', file: newer },
        { path: 'a.json', file: older },
      ],
      undefined,
      [],
    );
    expect(window.title).toBe('window: 1 stopped, 1 skipped');
    expect(window.replaced).toEqual([{ names: ['A', 'B'], newer: 'b.json', older: 'a.json' }]);
  });
});
