import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { windowOf } from '../../../../../src/operations/erp/report/window-run.js';
import { RESULT_FORMAT, type ResultFile } from '../../../../../src/operations/erp/report/format.js';
import { parseResult, type Gathering } from '../../../../../src/operations/erp/report/gather.js';

/**
 * Issue 49's promise, for random sets of files: the window is green only when every operation of the run on every
 * expected system succeeded or skipped (the latest of each operation standing), and no leg failed or was lost.
 * The files go through the real parser (a torn one as text), the run's selection and the merge, as erp-report does.
 */
const RUN = '1';
const id = (n: number) =>
  `/subscriptions/s/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/X${n}`;
/** Four systems in two legs, as a listing hands them on. */
const LEGS = [
  [1, 2],
  [3, 4],
];
const OPERATIONS = ['erp-stop', 'erp-start', 'erp-status', 'wait-for-operation'] as const;
/** Mostly well: a window that is green only by chance would never test the green side. */
const OUTCOMES = [
  'succeeded',
  'succeeded',
  'succeeded',
  'succeeded',
  'skipped',
  'failed',
  'running',
  'not sent',
] as const;
const rarely = (one: number) => fc.integer({ min: 1, max: one }).map((n) => n === 1);

const fileArb = fc.record({
  operation: fc.constantFrom(...OPERATIONS),
  leg: fc.constantFrom(0, 1),
  run: fc.constantFrom(RUN, RUN, RUN, RUN, '2'),
  attempt: fc.constantFrom('1', '2'),
  dryRun: rarely(6),
  /** Failed before acting: no row, the step's failure. */
  refused: rarely(8),
  outcomes: fc.tuple(fc.constantFrom(...OUTCOMES), fc.constantFrom(...OUTCOMES)),
  /** Only some of its systems have a row (a step cut short). */
  rows: fc.constantFrom(2, 2, 2, 2, 1),
  torn: rarely(15),
  duplicate: rarely(8),
  /** When it ended, among the others. */
  at: fc.integer({ min: 0, max: 1000 }),
});
/** Most windows begin as one that went well (each leg's stop), then random files come on top. */
const WELL = {
  operation: 'erp-stop',
  run: RUN,
  attempt: '1',
  dryRun: false,
  refused: false,
  rows: 2,
  torn: false,
  duplicate: false,
  outcomes: ['succeeded', 'succeeded'],
} as const;
const windowArb = fc
  .tuple(fc.boolean(), fc.array(fileArb, { maxLength: 5 }))
  .map(([base, extra]) => [
    ...(base ? [0, 1].map((leg) => ({ ...WELL, leg, outcomes: [...WELL.outcomes] }) as Spec) : []),
    ...extra,
  ]);
type Spec = typeof fileArb extends fc.Arbitrary<infer T> ? T : never;

function resultOf(spec: Spec, ended: number): ResultFile {
  const systems = LEGS[spec.leg]!;
  const operation = spec.operation === 'wait-for-operation' ? 'erp-stop' : spec.operation;
  const rows = spec.refused
    ? []
    : systems.slice(0, spec.rows).map((n, i) => {
        const outcome =
          operation === 'erp-status' && spec.outcomes[i] !== 'failed' ? 'succeeded' : spec.outcomes[i]!;
        return { name: `X${n}`, id: id(n), outcome, word: outcome === 'succeeded' ? 'done' : outcome };
      });
  const bad =
    spec.refused ||
    rows.length < systems.length ||
    rows.some((r) => !['succeeded', 'skipped'].includes(r.outcome));
  return {
    format: RESULT_FORMAT,
    operation: spec.operation,
    dryRun: spec.dryRun,
    run: { id: spec.run, attempt: spec.attempt, job: 'window', step: 'leg' },
    asked: systems.map(id),
    resumes: spec.operation === 'wait-for-operation' ? 'erp-stop' : null,
    startedAt: new Date(0).toISOString(),
    endedAt: new Date(ended * 1000).toISOString(),
    failure: bad ? 'the step failed' : null,
    failureKind: bad ? 'other' : null,
    systems: rows,
  };
}

/** erp-list's file of the run: the systems and their legs. */
function listingOf(systems: { id: string; name: string; leg: string }[]): ResultFile {
  return {
    format: RESULT_FORMAT,
    operation: 'erp-list',
    run: { id: RUN, attempt: '1', job: 'list', step: 'list' },
    startedAt: new Date(0).toISOString(),
    endedAt: new Date(0).toISOString(),
    selection: { tag: 'window=sun', environment: null, systems },
    systems: [],
  };
}

/** The oracle, from the specs alone: each system's operations, the latest standing, all well; nothing lost. */
function green(specs: Spec[], files: ResultFile[]): boolean {
  if (specs.some((s) => s.torn)) return false;
  const latest = new Map<string, { ended: number; ok: boolean }>();
  files.forEach((f, i) => {
    const spec = specs[i]!;
    if (spec.run !== RUN || spec.dryRun) return;
    const operation = spec.operation === 'wait-for-operation' ? 'erp-stop' : spec.operation;
    for (const n of LEGS[spec.leg]!) {
      const row = f.systems.find((s) => s.id === id(n));
      const ok = row !== undefined && (row.outcome === 'succeeded' || row.outcome === 'skipped');
      const key = `${n} ${operation}`;
      const ended = Date.parse(f.endedAt) + Number(spec.attempt) / 10;
      const before = latest.get(key);
      if (!before || before.ended < ended || (before.ended === ended && !ok)) latest.set(key, { ended, ok });
    }
  });
  const all = LEGS.flat();
  return (
    all.every((n) => [...latest.keys()].some((k) => k.startsWith(`${n} `))) &&
    [...latest.values()].every((v) => v.ok)
  );
}

describe('the verdict, for random sets of files', () => {
  let greens = 0;
  it('is green only when every operation of the run on every expected system ended well, and no leg failed or was lost', () => {
    fc.assert(
      fc.property(windowArb, fc.boolean(), (specs, listed) => {
        // Each file ends at its own time, so "the later" is never a tie of two different files.
        const rank = specs.map((s, i) => [s.at, i]).sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
        const files = specs.map((s, i) => resultOf(s, 1 + rank.findIndex(([, j]) => j === i)));
        const gathering: Gathering = { files: [], skipped: [], lost: [], checks: [] };
        const texts = files.flatMap((f, i) => {
          const text = JSON.stringify(f);
          const shown = specs[i]!.torn ? text.slice(0, text.length / 2) : text;
          return specs[i]!.duplicate ? [shown, shown] : [shown];
        });
        texts.forEach((text, i) => {
          const read = parseResult(text);
          if ('file' in read) gathering.files.push({ path: `f${i}.json`, file: read.file });
          else if ('lost' in read) gathering.lost.push({ path: `f${i}.json`, why: read.lost });
          else if ('why' in read) gathering.skipped.push({ path: `f${i}.json`, why: read.why });
        });
        const expected = LEGS.flatMap((systems, leg) =>
          systems.map((n) => ({ id: id(n), name: `X${n}`, leg: String(leg + 1) })),
        );
        if (listed) gathering.files.push({ path: 'list.json', file: listingOf(expected) });
        const { window } = windowOf(gathering, { expected: listed ? undefined : expected, runId: RUN });
        const expectGreen = green(specs, files);
        greens += expectGreen ? 1 : 0;
        expect(window.failing.length === 0).toBe(expectGreen);
      }),
      { numRuns: 400 },
    );
    // Both sides of the promise were tried.
    expect(greens).toBeGreaterThan(20);
  });
});
