import { describe, expect, it } from '@jest/globals';
import { resultFileOf } from '../../../../../src/operations/erp/report/build.js';
import { resultFile } from '../../../../../src/operations/erp/report/format.js';

const step = {
  operation: 'erp-stop' as const,
  run: { id: '1', attempt: '1', job: 'window', step: 'stop' },
  startedAt: Date.parse('2026-11-29T01:00:00Z'),
  endedAt: Date.parse('2026-11-29T01:05:00Z'),
};

describe('resultFileOf', () => {
  it("builds from the operation's rows, times as ISO 8601, and the schema reads it back", () => {
    const file = resultFileOf(
      {
        outputs: {},
        summary: [],
        rows: [
          {
            target: 'X01',
            id: '/subscriptions/s/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/X01',
            outcome: 'failed',
            word: 'failed',
            before: 'Running',
            startedAt: step.startedAt,
            endedAt: step.endedAt,
            cause: { text: 'it failed', kind: 'service failed' },
            steps: [
              { step: 'application stop', outcome: 'failed', word: 'failed', startedAt: step.startedAt },
            ],
          },
        ],
      },
      step,
    );
    expect(resultFile.safeParse(file).success).toBe(true);
    expect(file.systems[0]).toMatchObject({
      name: 'X01',
      after: null,
      startedAt: '2026-11-29T01:00:00.000Z',
      cause: { text: 'it failed', kind: 'service failed' },
      steps: [{ step: 'application stop', startedAt: '2026-11-29T01:00:00.000Z', endedAt: null }],
    });
  });

  it('FALLBACK: without rows, from the instances output and each failure in result; no id or time guessed', () => {
    const file = resultFileOf(
      {
        outputs: {
          instances: [
            { name: 'X01', before: 'Running', after: 'Offline', health: null, outcome: 'stopped' },
            { name: 'X02', before: 'Running', after: 'Running', health: null, outcome: 'failed' },
          ],
          result: [
            { erpVirtualInstance: 'X01' },
            { erpVirtualInstance: 'X02', failure: 'X02 did not stop.' },
          ],
        },
        summary: [],
        failure: '1 of 2 erp virtual instances did not stop: X02 did not stop.',
      },
      step,
    );
    expect(resultFile.safeParse(file).success).toBe(true);
    expect(
      file.systems.map((s) => [s.name, s.outcome, s.word, s.id, s.startedAt, s.cause?.text ?? null]),
    ).toEqual([
      ['X01', 'succeeded', 'stopped', null, null, null],
      ['X02', 'failed', 'failed', null, null, 'X02 did not stop.'],
    ]);
  });
});
