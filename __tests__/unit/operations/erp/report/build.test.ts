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

  it('reads nothing back from the outputs: a result without rows has no system, its failure stands', () => {
    const file = resultFileOf(
      {
        outputs: {
          instances: [{ name: 'X01', before: 'Running', after: 'Offline', health: null, outcome: 'stopped' }],
        },
        summary: [],
        failure: 'Signing in failed.',
      },
      step,
    );
    expect(resultFile.safeParse(file).success).toBe(true);
    expect(file.systems).toEqual([]);
    expect(file.failure).toBe('Signing in failed.');
  });
});

describe('the files of erp-list and wait-for-operation', () => {
  const sys = (n: string) =>
    `/subscriptions/s/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/${n}`;
  it("erp-list's carries its selection and every system of its matrix with its leg", () => {
    const file = resultFileOf(
      {
        outputs: {
          matrix: {
            include: [
              { leg: 1, 'erp-virtual-instance': `${sys('A')}\n${sys('B')}` },
              { leg: 2, 'erp-virtual-instance': sys('C') },
            ],
          },
        },
        summary: [],
        selection: { tag: 'window=sun', environment: 'NonProd' },
      },
      { ...step, operation: 'erp-list' },
    );
    expect(resultFile.safeParse(file).success).toBe(true);
    expect(file.selection).toEqual({
      tag: 'window=sun',
      environment: 'NonProd',
      systems: [
        { id: sys('A'), name: 'A', leg: '1' },
        { id: sys('B'), name: 'B', leg: '1' },
        { id: sys('C'), name: 'C', leg: '2' },
      ],
    });
  });

  it("wait-for-operation's names the operation it resumed and its systems, from the operations it was given", () => {
    const given = JSON.stringify([{ target: sys('A'), verb: 'stop', url: 'https://x/op' }]);
    const input = (name: string) => (name === 'operation-url' ? given : undefined);
    const row = { target: 'A', id: sys('A'), outcome: 'succeeded' as const, word: 'succeeded' };
    const file = resultFileOf(
      { outputs: {}, summary: [], rows: [row] },
      { ...step, operation: 'wait-for-operation', input },
    );
    expect([file.resumes, file.asked, file.dryRun]).toEqual(['erp-stop', [sys('A')], false]);
    const bare = resultFileOf(
      { outputs: {}, summary: [], rows: [row] },
      { ...step, operation: 'wait-for-operation' },
    );
    expect(bare.resumes).toBeNull();
  });

  it("a step's erp-virtual-instance items are what it was asked for; dry-run true is a dry run", () => {
    const input = (name: string) =>
      ({ 'erp-virtual-instance': `${sys('A')}\nB, C`, 'dry-run': 'true' })[name];
    const file = resultFileOf({ outputs: {}, summary: [], failure: 'refused' }, { ...step, input });
    expect([file.asked, file.dryRun]).toEqual([[sys('A'), 'B', 'C'], true]);
  });
});
