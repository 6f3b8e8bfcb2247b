import { describe, expect, it } from '@jest/globals';
import { renderSummary } from '../../../../src/action/summary/index.js';
import { renderView } from '../../../../src/cli/summary-text.js';
import { viewOfResult } from '../../../../src/runtime/view/view.js';
import type { FailureKind, OperationResult, TargetRow } from '../../../../src/operations/types.js';

/**
 * The view of typed rows (`OperationResult.rows`), as the operations hand them: the title's counts are the rows'
 * marks, a cancelled step says so, and each cause kind gets the "What to do" that fits it.
 */
const T0 = Date.UTC(2026, 10, 28, 2, 0, 0);
const row = (target: string, outcome: TargetRow['outcome'], word: string, more: Partial<TargetRow> = {}) =>
  ({ target, outcome, word, startedAt: T0, endedAt: T0 + 12_000, ...more }) satisfies TargetRow;
const failedRow = (target: string, kind: FailureKind, text: string, requestId?: string) =>
  row(target, 'failed', 'failed', { cause: { text, kind, ...(requestId ? { requestId } : {}) } });

function result(rows: TargetRow[], failure?: string): OperationResult {
  return {
    outputs: {},
    summary: [{ title: 'erp', header: ['erp virtual instance', 'before', 'after'], rows: [] }],
    rows,
    failure,
  };
}

const title = (html: string) => /<h2>(.*?)<\/h2>/.exec(html)![1]!;
const advice = (html: string) => [...html.matchAll(/What to do:<\/strong> (.*?)<\/p>/g)].map((m) => m[1]!);

describe('the title says what happened, its counts the rows’ marks', () => {
  it('a cancelled step is titled cancelled with its counts', () => {
    const rows = [
      row('X01', 'succeeded', 'stopped'),
      row('X02', 'running', 'stopping', {
        cause: { text: 'The job was cancelled while waiting on the stop of X02.', kind: 'cancelled' },
      }),
      row('X03', 'not sent', 'not sent', { startedAt: undefined, endedAt: undefined }),
    ];
    const view = viewOfResult('erp-stop', result(rows, 'cancelled'));
    expect(view.title).toBe('erp-stop: cancelled (1 stopped, 1 stopping, 1 not sent)');
    expect(title(renderSummary(view))).toBe('❌ erp-stop: cancelled (1 stopped, 1 stopping, 1 not sent)');
  });

  it('a failed row is counted as failed, whatever its neighbours', () => {
    const rows = [row('X01', 'succeeded', 'read'), failedRow('X02', 'other', 'X02 is Running, not Offline.')];
    expect(viewOfResult('erp-status', result(rows, 'expect-status')).title).toBe(
      'erp-status: failed (1 of 2)',
    );
  });

  it('a step that passes over a row marked failed is not titled a success', () => {
    const rows = [row('X01', 'succeeded', 'read'), failedRow('X02', 'other', 'unreadable')];
    const html = renderSummary(viewOfResult('erp-status', result(rows)));
    expect(title(html)).toMatch(/^⚠️ erp-status: /);
    expect(renderView(viewOfResult('erp-status', result(rows)), () => false)).toContain('⚠️ erp-status');
  });

  it('a target still running in an operation’s own table is not titled done', () => {
    const sync: OperationResult = {
      outputs: { 'synchronization-status': 'InProgress' },
      summary: [
        {
          title: 'Synchronization',
          header: ['id'],
          rows: [['s-1']],
          marks: [{ outcome: 'running', word: 'still running' }],
        },
      ],
      rows: [row('s-1', 'running', 'still running')],
    };
    expect(title(renderSummary(viewOfResult('sync-start', sync)))).toBe(
      '⏳ sync-start: synchronization InProgress',
    );
  });
});

describe('"What to do" fits the cause', () => {
  it('no request id to quote where none was given; the row’s where one was', () => {
    const none = advice(
      renderSummary(viewOfResult('erp-stop', result([failedRow('X01', 'other', 'odd')], 'x'))),
    );
    expect(none).toEqual(['See the step log for the details.']);
    const given = advice(
      renderSummary(viewOfResult('erp-stop', result([failedRow('X01', 'other', 'odd', 'r-1')], 'x'))),
    );
    expect(given[0]).toContain('the request id on the row');
  });

  it.each([
    ['not sent', /Nothing was sent for the targets marked not sent/],
    ['conflict', /in progress.*running erp-start again follows it/],
    ['whole system', /`?whole-system: true`?/],
  ] as const)('%s', (kind, line) => {
    const html = renderSummary(viewOfResult('erp-start', result([failedRow('X01', kind, 'why')], 'x')));
    const said = advice(html);
    expect(said).toHaveLength(1);
    expect(said[0]!.replace(/<\/?code>/g, '')).toMatch(line);
    expect(said[0]).not.toContain('request id');
  });

  it('an operation’s own line where it declares one (a synchronization ended as failed)', () => {
    const sync: OperationResult = {
      outputs: { 'synchronization-status': 'Failed' },
      summary: [],
      rows: [failedRow('s-1', 'service failed', 'Synchronization s-1 ended Failed.')],
      failure: 'Synchronization s-1 ended Failed.',
    };
    const html = renderSummary(viewOfResult('wait-for-sync', sync));
    expect(title(html)).toBe('❌ wait-for-sync: failed (synchronization Failed)');
    expect(advice(html)[0]).toContain('start a new synchronization with');
    // Its rows are in its own tables: the cause is said once, as the step's.
    expect(html).toContain('<strong>Failed:</strong> Synchronization s-1 ended Failed.');
  });
});

describe('failed rows are listed with their cause whatever the size', () => {
  it('from 20 rows on, the failed ones come first; past 200 they alone are listed', () => {
    for (const n of [30, 2000]) {
      const rows = Array.from({ length: n }, (_, i) =>
        i % 10 === 9
          ? failedRow(`S${i}`, 'service failed', `S${i} ended Failed.`)
          : row(`S${i}`, 'succeeded', 'stopped'),
      );
      const html = renderSummary(viewOfResult('erp-stop', result(rows, 'failed')));
      const cells = [...html.matchAll(/<tr><td>(.*?)<\/td><td><strong>(.*?)<\/strong>/g)].map((m) => m[1]);
      const failed = n / 10;
      expect(cells.slice(0, failed).every((c) => c!.startsWith('❌'))).toBe(true);
      expect(cells).toHaveLength(n > 200 ? failed : n);
      expect(html).toContain(`S${n - 1} ended Failed.`);
      expect(title(html)).toBe(`❌ erp-stop: failed (${failed} of ${n})`);
    }
  });
});
