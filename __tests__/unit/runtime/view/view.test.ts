import { describe, expect, it } from '@jest/globals';
import { SUMMARY_BYTES } from '../../../../src/action/limits.js';
import { renderSummary } from '../../../../src/action/summary/index.js';
import { InputError, ServiceError } from '../../../../src/client/errors.js';
import { renderView } from '../../../../src/cli/summary-text.js';
import { viewOfError, viewOfResult } from '../../../../src/runtime/view/view.js';
import type { FailureKind, OperationResult, StepRow } from '../../../../src/operations/types.js';
import { report } from '../../../../src/operations/erp/outcome.js';
import type {
  InstanceOutcome,
  TargetResult,
  InstanceState,
} from '../../../../src/operations/erp/target-result.js';
import { notFound } from '../../../../src/operations/erp/read-failure.js';

/**
 * The job summary's structure, from hand-made results as the operations return them: the title, one row per
 * target with its mark, a failed row's cause beside it, one "What to do" per kind of failure, the plan folded
 * away, the size cap. Asserted on the structure (cells, tags, marks), not on the prose.
 */
const SUB = '00000000-0000-4000-8000-000000000001';
const CONTEXT: [string, string][] = [
  ['subscription', SUB],
  ['resource group', 'rg-erp'],
];

interface Target {
  name: string;
  before?: string;
  after?: string;
  outcome: InstanceOutcome;
  done?: string;
  /** Its operation's status as the service last gave it. */
  status?: string;
  failure?: string;
  /** The cause as its row says it, where the operation words it apart from `failure`. */
  causeText?: string;
  /** The kind of `failure`, as the place that made it names it. */
  kind?: FailureKind;
  /** Its polling URL, where its operation is still running. */
  operationUrl?: string;
  steps?: StepRow[];
}

const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);
const state = (status: string | undefined) =>
  status === undefined ? undefined : ({ status } as InstanceState);

/** An erp-stop result of these targets, as outcome.ts reports one (its typed rows by rows.ts). */
function stopResult(targets: Target[], failure?: string): OperationResult {
  const outcomes = targets.map((t): TargetResult => ({
    target: t.name,
    kind:
      t.status === 'Failed'
        ? 'failed'
        : t.outcome === 'running'
          ? 'timeout'
          : t.failure
            ? 'error'
            : 'succeeded',
    operation: { status: t.status, url: t.operationUrl },
    failure: t.failure,
    causeText: t.causeText,
    causeKind: t.kind,
    durationMs: 12_000,
    startedAt: T0,
    instance: {
      before: state(t.before),
      after: state(t.after),
      outcome: t.outcome,
      done: t.done ?? '-',
    },
  }));
  const result = report(outcomes, {
    title: 'erp-stop',
    targetHeader: 'erp virtual instance',
    severalFailed: 'erp virtual instances did not stop',
    resultKey: 'erpVirtualInstance',
    context: CONTEXT,
    instances: true,
    operations: true,
    running: 'stopping',
  });
  const rows = result.rows!.map((row, i) => (targets[i]!.steps ? { ...row, steps: targets[i]!.steps } : row));
  return { ...result, rows, failure };
}

/** The rows of the targets' table (the first table), each as its cells' text. */
function rowsOf(html: string): string[][] {
  const table = /<table>([\s\S]*?)<\/table>/.exec(html)![1]!;
  return [...table.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
    [...m[1]!.matchAll(/<t[dh]>(.*?)<\/t[dh]>/g)].map((c) =>
      c[1]!.replace(/<[^>]+>/g, '').replaceAll('&nbsp;', ' '),
    ),
  );
}
const title = (html: string) => /<h2>(.*?)<\/h2>/.exec(html)![1]!;
const whatToDo = (html: string) => [...html.matchAll(/<strong>What to do:<\/strong>/g)].length;

const stopped = (name: string): Target => ({
  name,
  before: 'Running',
  after: 'Offline',
  outcome: 'stopped',
  done: 'stop (soft 300 s): Succeeded',
});

describe('the summary of an erp-stop', () => {
  it('says what happened in its title, one row per target with its mark', () => {
    const html = renderSummary(
      viewOfResult(
        'erp-stop',
        stopResult([
          stopped('X01'),
          stopped('X02'),
          {
            name: 'X03',
            before: 'Offline',
            after: 'Offline',
            outcome: 'skipped',
            done: 'skipped: already Offline',
          },
        ]),
      ),
    );
    expect(title(html)).toMatch(/^✅ erp-stop: 2 stopped, 1 skipped$/);
    const [header, ...rows] = rowsOf(html);
    expect(header).toEqual(['outcome', 'erp virtual instance', 'before', 'what was done', 'after', 'took']);
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      ['✅ stopped', 'X01'],
      ['✅ stopped', 'X02'],
      ['⏭️ skipped', 'X03'],
    ]);
    expect(whatToDo(html)).toBe(0);
  });

  it('a failure: counted in the title, its cause on its own row without the subscription, one What to do per kind', () => {
    // As read-failure.ts words it: the step's failure names the subscription, the row leaves it to the context.
    const { failure: notFoundFailure, causeText } = notFound(
      'X02',
      { resourceGroup: 'rg-erp', subscriptionId: SUB },
      ' (HTTP 404 ResourceNotFound, request-id: r-1).',
    );
    const falseSuccess = `The stop succeeded but X03 is PartiallyRunning, health Degraded (request-id: r-2).`;
    const html = renderSummary(
      viewOfResult(
        'erp-stop',
        stopResult(
          [
            stopped('X01'),
            {
              name: 'X02',
              outcome: 'failed',
              done: 'not read',
              failure: notFoundFailure,
              causeText,
              kind: 'not found',
            },
            {
              name: 'X03',
              before: 'Running',
              after: 'PartiallyRunning',
              outcome: 'failed',
              done: 'stop: Succeeded',
              failure: falseSuccess,
              kind: 'false success',
            },
          ],
          `2 of 3 erp virtual instances did not stop: ${notFound} ${falseSuccess}`,
        ),
      ),
    );
    expect(title(html)).toMatch(/erp-stop: failed \(2 of 3\)$/);
    const rows = rowsOf(html).slice(1);
    expect(rows[0]![0]).toBe('✅ stopped');
    expect(rows[0]!.at(-1)).toBe('-');
    expect(rows[1]![0]).toBe('❌ failed');
    expect(rows[1]!.at(-1)).toContain('not found');
    expect(rows[1]!.at(-1)).not.toContain(SUB);
    expect(rows[2]!.at(-1)).toContain('PartiallyRunning');
    // The causes are on the rows, not run together in a paragraph above them.
    expect(html).not.toContain('<strong>Failed:</strong>');
    expect(whatToDo(html)).toBe(2);
    // The subscription is said once, in the context.
    expect(html.split(SUB)).toHaveLength(2);
  });

  it('a timeout: the row still running, How to resume, and no Markdown inside the HTML', () => {
    const cause =
      'The stop of X04 did not end within the timeout: last status InProgress, 30%; resume with wait-for-operation and the operation-urls output.';
    const result = stopResult(
      [
        {
          name: 'X04',
          before: 'Running',
          outcome: 'running',
          done: 'stop (soft 300 s): InProgress',
          failure: cause,
          kind: 'timeout',
          operationUrl: 'https://m.example/op/1?api-version=2023-04-01&sig=s3cret',
        },
      ],
      cause,
    );
    const html = renderSummary(viewOfResult('erp-stop', result));
    expect(rowsOf(html)[1]![0]).toBe('⏳ stopping');
    expect(html).toMatch(
      /What to do:<\/strong>[^<]*<code>wait-for-operation|What to do:<\/strong>.*wait-for-operation/,
    );
    expect(html).not.toContain('`');
    expect(html).not.toContain('s3cret');
    // What to resume comes from the row's operation URL (the summary's code blocks are not read), its query reduced.
    expect(html).toContain('<strong>X04</strong>: <code>https://m.example/op/1?api-version=2023-04-01');
  });

  it('an operation the service ended Failed is failed, not stopping: read from its status, not from the words', () => {
    const cause = 'The stop of X05 ended with status Failed: StopFailed (request-id: r-5).';
    const html = renderSummary(
      viewOfResult(
        'erp-stop',
        stopResult(
          [
            {
              name: 'X05',
              before: 'Running',
              outcome: 'running',
              done: 'stop (soft 300 s): ended by the service',
              status: 'Failed',
              failure: cause,
            },
          ],
          cause,
        ),
      ),
    );
    expect(rowsOf(html)[1]![0]).toBe('❌ failed');
  });

  it('whole-system steps: one row per step under its system', () => {
    const step = (
      name: string,
      target: string,
      from: number,
      seconds: number,
      ended: Pick<StepRow, 'outcome' | 'word' | 'cause'>,
    ): StepRow => ({
      step: name,
      target,
      before: from === 0 || name === 'database stop' ? 'Running' : 'Offline',
      after: ended.outcome === 'failed' ? 'Unavailable' : 'Offline',
      startedAt: T0 + from * 1000,
      endedAt: T0 + (from + seconds) * 1000,
      ...ended,
    });
    const stoppedStep = { outcome: 'succeeded', word: 'stopped' } as const;
    const steps = [
      step('application stop', 'X01', 0, 40, stoppedStep),
      step('database stop', 'hdb1', 40, 90, stoppedStep),
      step('database machines', 'hdb1', 130, 5, {
        outcome: 'failed',
        word: 'failed',
        cause: {
          text: 'The deallocation of hdb1 ended with status Failed: VmDeallocateFailed (request-id: r-3).',
          kind: 'service failed',
          requestId: 'r-3',
        },
      }),
    ];
    const html = renderSummary(
      viewOfResult('erp-stop', stopResult([{ ...stopped('X01'), outcome: 'failed', steps }], 'failed')),
    );
    const rows = rowsOf(html).slice(1);
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      ['❌ failed', 'X01'],
      ['✅ stopped', '↳ application stop'],
      ['✅ stopped', '↳ database stop hdb1'],
      ['❌ failed', '↳ database machines hdb1'],
    ]);
    expect(rows[3]!.at(-1)).toContain('VmDeallocateFailed');
    expect(html).toContain('```mermaid\ngantt');
  });
});

describe('a dry run', () => {
  it('is titled as a plan, its requests folded in a details block, not in the table', () => {
    const url = `https://m.example/subscriptions/${SUB}/resourceGroups/rg-erp/providers/Vendor.Workloads/erpVirtualInstances/X01/stop?api-version=2023-04-01`;
    const result: OperationResult = {
      outputs: {
        plan: [
          {
            target: 'X01',
            method: 'POST',
            url,
            body: { softStopTimeoutSeconds: 300 },
            effect: 'Running → stop',
          },
        ],
        changes: true,
      },
      summary: [
        {
          title: 'Plan of erp-stop (dry run: nothing was changed)',
          context: CONTEXT,
          header: ['erp virtual instance', 'would', 'request'],
          rows: [
            ['X01', 'Running → stop (soft 300 s)', `POST ${url} {"softStopTimeoutSeconds":300}`],
            ['X02', 'already Offline → skip', '-'],
          ],
        },
      ],
      rows: [
        {
          target: 'X01',
          outcome: 'planned',
          word: 'planned',
          before: 'Running',
          done: 'Running → stop (soft 300 s)',
        },
        {
          target: 'X02',
          outcome: 'skipped',
          word: 'skipped',
          before: 'Offline',
          done: 'already Offline → skip',
        },
      ],
    };
    const html = renderSummary(viewOfResult('erp-stop', result, { dryRun: true }));
    expect(title(html)).toBe('📝 erp-stop: plan (dry run)');
    const rows = rowsOf(html);
    expect(rows[0]).toContain('would');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['📝 planned', '⏭️ skipped']);
    const table = /<table>[\s\S]*?<\/table>/.exec(html)![0];
    expect(table).not.toContain('POST');
    const details = /<details>([\s\S]*?)<\/details>/.exec(html)![1]!;
    expect(details).toMatch(/<summary>[^<]+<\/summary>/);
    expect(details).toContain('POST https://m.example/subscriptions/');
    expect(details).toContain('softStopTimeoutSeconds');
  });
});

describe('an error before any target', () => {
  it('states the cause once and what to do', () => {
    const html = renderSummary(
      viewOfError('erp-stop', new InputError('max-parallel', 'must be a whole number from 1 to 1000')),
    );
    expect(title(html)).toBe('❌ erp-stop: failed');
    expect(html.match(/max-parallel/g)!.length).toBeGreaterThanOrEqual(2);
    expect(whatToDo(html)).toBe(1);
  });

  it.each([
    [401, /credentials/i],
    [403, /permission/i],
  ])('HTTP %i says what to do about the sign-in or permission', (status, advice) => {
    const html = renderSummary(
      viewOfError('erp-stop', new ServiceError({ status, code: 'X', message: 'refused' })),
    );
    expect(/What to do:<\/strong>(.*?)<\/p>/.exec(html)![1]).toMatch(advice);
  });
});

describe('the What to do of each failure kind', () => {
  const cases: [FailureKind, string][] = [
    ['false success', 'The stop succeeded but X01 is PartiallyRunning, health Degraded.'],
    [
      'not found',
      "Erp virtual instance 'X01' was not found in resource group 'rg' (HTTP 404 ResourceNotFound).",
    ],
    ['timeout', 'The stop of X01 did not end within the timeout: last status InProgress, 30%.'],
    ['cancelled', 'The job was cancelled while waiting on the stop of X01: last status InProgress, 30%.'],
    ['permission', "Reading erp virtual instance 'X01' was refused (HTTP 403 AuthorizationFailed)."],
    ['service failed', 'The stop of X01 ended with status Failed: StopFailed: no (request-id: r).'],
  ];
  it('each kind has its own line', () => {
    const lines = cases.map(([kind, cause]) => {
      const html = renderSummary(
        viewOfResult(
          'erp-stop',
          stopResult([{ name: 'X01', outcome: 'failed', failure: cause, kind }], cause),
        ),
      );
      expect(whatToDo(html)).toBe(1);
      return /What to do:<\/strong>(.*?)<\/p>/.exec(html)![1];
    });
    expect(new Set(lines).size).toBe(cases.length);
  });

  it('a failed dataset and an image not cached', () => {
    const sync = renderSummary(
      viewOfResult('wait-for-sync', {
        outputs: { 'synchronization-status': 'Failed', 'failed-datasets': [{ name: 'orders' }] },
        summary: [],
        failure: 'The synchronization failed.',
        failureKind: 'dataset',
      }),
    );
    const image = renderSummary(
      viewOfResult('check-image-cached', {
        outputs: { cached: false, 'missing-images': ['redis:7'] },
        summary: [],
        failure: '1 image(s) not cached in westeurope: redis:7',
        failureKind: 'image not cached',
      }),
    );
    expect(/What to do:<\/strong>(.*?)<\/p>/.exec(sync)![1]).toMatch(/dataset/);
    expect(/What to do:<\/strong>(.*?)<\/p>/.exec(image)![1]).toMatch(/cache/i);
  });
});

describe('wait-for-operation', () => {
  it('names the system of each operation where the result does, else the URL as the log shows it', () => {
    const url = (n: number) => `https://m.example/op/${n}?api-version=2023-04-01`;
    const outcomes: TargetResult[] = [
      {
        target: 'X01',
        kind: 'succeeded',
        operation: { status: 'Succeeded' },
        durationMs: 2_000,
        startedAt: T0,
      },
      {
        target: url(2),
        kind: 'failed',
        operation: { status: 'Failed' },
        failure: 'The operation ended with status Failed: StopFailed.',
        durationMs: 1_000,
        startedAt: T0,
      },
    ];
    const result = report(outcomes, {
      running: 'still running',
      title: 'wait-for-operation',
      targetHeader: 'operation',
      severalFailed: 'operations did not end well',
      operations: true,
    });
    const rows = rowsOf(renderSummary(viewOfResult('wait-for-operation', result))).slice(1);
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      ['✅ succeeded', 'X01'],
      ['❌ failed', url(2)],
    ]);
  });
});

describe('a fleet of 2 000 systems', () => {
  it('stays under 1 MiB: the failed rows first with their causes, the succeeded counted', () => {
    const targets = Array.from({ length: 2000 }, (_, i): Target =>
      i % 100 === 7
        ? {
            name: `S${i}`,
            before: 'Running',
            outcome: 'failed',
            done: 'stop: Failed',
            failure: `The stop of S${i} ended with status Failed: StopFailed: ${'the ASCS kept running '.repeat(15)}.`,
          }
        : stopped(`S${i}`),
    );
    const html = renderSummary(viewOfResult('erp-stop', stopResult(targets, 'failed')));
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(SUMMARY_BYTES);
    const rows = rowsOf(html).slice(1);
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r[0] === '❌ failed' && r.at(-1)!.includes('StopFailed'))).toBe(true);
    expect(html).toMatch(/1980 of 2000 targets[^<]*✅ 1980 stopped/);
    expect(title(html)).toMatch(/failed \(20 of 2000\)/);
  });

  it('every one failed with a long cause: still under 1 MiB, saying how many rows are left out', () => {
    const targets = Array.from({ length: 2000 }, (_, i): Target => ({
      name: `S${i}`,
      outcome: 'failed',
      // Words, as a service's message has them (a run of 2 000 letters without a space is slow to scan for URLs).
      failure: `The stop of S${i} ended with status Failed: ${'the central services did not stop '.repeat(60)}.`,
    }));
    const html = renderSummary(viewOfResult('erp-stop', stopResult(targets, 'failed')));
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(SUMMARY_BYTES);
    const shown = rowsOf(html).length - 1;
    expect(shown).toBeGreaterThan(100);
    expect(html).toContain(`${2000 - shown} of 2000 rows are not shown`);
  });
});

describe("an operation's own table", () => {
  const images = (marks?: boolean): OperationResult => ({
    outputs: { cached: false, 'missing-images': ['redis:7'] },
    summary: [
      {
        title: 'Cached images in westeurope',
        header: ['Image', 'Cached', 'OS type', 'Cached as'],
        rows: [
          ['nginx:1.27', 'yes', 'Linux', 'docker.io/library/nginx:1.27'],
          ['redis:7', 'no', '—', '—'],
        ],
        ...(marks
          ? {
              marks: [
                { outcome: 'succeeded', word: 'cached' },
                { outcome: 'failed', word: 'not cached' },
              ],
            }
          : {}),
      },
    ],
  });

  it('puts each row’s mark and word first, in the job summary and on the command line alike', () => {
    expect(rowsOf(renderSummary(viewOfResult('check-image-cached', images(true))))).toEqual([
      ['outcome', 'Image', 'Cached', 'OS type', 'Cached as'],
      ['✅ cached', 'nginx:1.27', 'yes', 'Linux', 'docker.io/library/nginx:1.27'],
      ['❌ not cached', 'redis:7', 'no', '—', '—'],
    ]);
    const text = renderView(viewOfResult('check-image-cached', images(true)), () => false);
    expect(text).toMatch(/^✅ cached\s+nginx:1\.27/m);
    expect(text).toMatch(/^❌ not cached\s+redis:7/m);
  });

  it('a table of facts, without marks, is shown as it is', () => {
    expect(rowsOf(renderSummary(viewOfResult('check-image-cached', images(false))))[0]).toEqual([
      'Image',
      'Cached',
      'OS type',
      'Cached as',
    ]);
  });
});
