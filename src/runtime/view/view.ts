import { oneLine } from '../../client/errors.js';
import { redactQuery } from '../../client/url.js';
import type { OperationView } from '../../operations/module.js';
import { findOperation } from '../../operations/registry.js';
import type { FailureKind, Mark, OperationResult, SummaryTable } from '../../operations/types.js';
import type { Diagnosis } from '../../client/diagnosis.js';
import { adviceFor } from '../advice.js';
import { diagnosisAdviceLines } from '../diagnosis-text.js';
import { isGood, marked } from './marks.js';
import { oneLineCause, viewRowOf, type ViewRow } from './rows.js';
import { kindOfError, whatToDo } from './what-to-do.js';

/** A request a dry run would send, as the `plan` output carries it. */
export interface PlannedEntry {
  target: string;
  method: string;
  url: string;
  body?: unknown;
  effect: string;
}

/**
 * What a person reads of a step, for the job summary and the command line alike: a title that says what
 * happened, one row per target, the cause where it is not on a row, and one "What to do" line per kind of failure.
 */
export interface SummaryView {
  operation: string;
  title: string;
  /** The step failed. */
  failed: boolean;
  /** The step passed over a row or table row marked failed, which it reports without failing. */
  reported: boolean;
  /** A target is still running (in the rows or the operation's own tables). */
  running: boolean;
  dryRun: boolean;
  context?: [string, string][];
  targetHeader: string;
  rows: ViewRow[];
  /** The operation's own tables, where rows do not say it (a synchronization, images, users). */
  tables: SummaryTable[];
  /** The step's cause, once, where no row carries it. */
  failure?: string;
  whatToDo: string[];
  plan: PlannedEntry[];
  /** Operations still running, to resume: target and URL as the log shows it. */
  resume: { target: string; url: string }[];
  /** How they are resumed, in the words the operation declares (`view.resume`). */
  resumeWith: string;
}

/** How a step ran, beside its result: a dry run, and what the run learnt of a refusal to sign in or act. */
export interface ViewContext {
  dryRun?: boolean;
  diagnosis?: Diagnosis;
}

/** What the operation declares of its summary (`defineOperation`'s `view`). */
const declared = (operation: string): OperationView => findOperation(operation)?.view ?? {};

/** The view of an operation that returned (successfully or with a failure). */
export function viewOfResult(
  operation: string,
  result: OperationResult,
  { dryRun = false, diagnosis }: ViewContext = {},
): SummaryView {
  const shown = declared(operation);
  // A plan took no time, and a read's time is none worth showing: their rows show none.
  const all = (result.rows?.map(viewRowOf) ?? []).map((r) =>
    dryRun || shown.untimed ? { ...r, duration: undefined, seconds: undefined, startedAt: undefined } : r,
  );
  // An operation whose own tables show its rows: they count in the title and the advice, not as a table (a
  // plan's rows are shown as any plan's).
  const rows = shown.ownTables && !dryRun ? [] : all;
  const [first, ...others] = result.summary;
  const tables = (
    rows.length > 0 && shown.firstTable && first
      ? [{ ...first, title: shown.firstTable }, ...others]
      : rows.length > 0
        ? others
        : result.summary
  ).map(withMarks);
  // A cause is on a row only where the row is shown; else the step's failure says it, once.
  const onRows = rows.some((r) => r.cause || r.steps?.some((s) => s.cause));
  const failed = result.failure !== undefined;
  const kinds = kindsOf(all);
  const kind = result.failureKind ?? 'other';
  if (failed && !onRows && !kinds.has(kind)) kinds.set(kind, false);
  // What to resume is what `operation-urls` holds: each row whose operation the operation says still runs.
  const resumable = all.filter((r) => r.operationUrl);
  const anyMarked = (mark: Mark) =>
    all.some((r) => r.mark === mark || r.steps?.some((s) => s.mark === mark)) ||
    result.summary.some((t) => t.marks?.some((m) => m.outcome === mark));
  const view: SummaryView = {
    operation,
    title: '',
    failed,
    reported: !failed && anyMarked('failed'),
    running: anyMarked('running'),
    dryRun,
    context: rows.length > 0 ? first?.context : undefined,
    targetHeader: rows.length > 0 ? (first?.header[0] ?? 'target') : 'target',
    rows,
    tables,
    failure: failed && !onRows ? oneLineCause(result.failure) : undefined,
    // A diagnosis says what to change, then the facts it rests on, a line each.
    whatToDo: [
      ...[...kinds].map(([kind, requestId]) => whatToDo(kind, { operation, shown, requestId })),
      ...(diagnosis ? diagnosisAdviceLines(diagnosis) : []),
    ],
    plan: dryRun ? plannedOf(result.outputs.plan) : [],
    resume:
      rows.length === 0
        ? []
        : resumable.map((r) => ({ target: r.target, url: redactQuery(r.operationUrl!) })),
    resumeWith: shown.resume ?? 'the operation-urls output',
  };
  view.title = titleOf(view, { all, kinds, phrase: shown.title?.(result) });
  return view;
}

/** Each kind of failure on the rows and their steps, in order, and whether a request id was given for it. */
function kindsOf(rows: ViewRow[]): Map<FailureKind, boolean> {
  const kinds = new Map<FailureKind, boolean>();
  for (const r of rows.flatMap((row) => [row, ...(row.steps ?? [])])) {
    if (r.kind) kinds.set(r.kind, (kinds.get(r.kind) ?? false) || r.requestId !== undefined);
  }
  return kinds;
}

/** The view of a step that ended with an error before it had a result: the cause once, and what to do. */
export function viewOfError(operation: string, error: unknown): SummaryView {
  const kind = kindOfError(error);
  const message = oneLine(error instanceof Error ? error.message : String(error));
  const shown = declared(operation);
  return {
    operation,
    title: `${operation}: failed`,
    failed: true,
    reported: false,
    running: false,
    dryRun: false,
    targetHeader: 'target',
    rows: [],
    tables: [],
    failure: message,
    // The sign-in and input advice knows the error itself; a kind of its own only where it adds to that.
    whatToDo: [
      kind === 'timeout' || kind === 'conflict' ? whatToDo(kind, { operation, shown }) : adviceFor(error),
    ],
    plan: [],
    resume: [],
    resumeWith: shown.resume ?? 'the operation-urls output',
  };
}

/** An operation's own table with each row's mark first, as the targets' rows have theirs, and each cell's. */
function withMarks(table: SummaryTable): SummaryTable {
  const { marks, cellMarks } = table;
  const rows = cellMarks
    ? table.rows.map((row, i) =>
        row.map((cell, j) => (cellMarks[i]?.[j] ? marked(cellMarks[i][j], cell) : cell)),
      )
    : table.rows;
  if (!marks?.length) return { ...table, rows };
  return {
    ...table,
    header: ['outcome', ...table.header],
    rows: rows.map((row, i) => [marks[i] ? marked(marks[i].outcome, marks[i].word) : '-', ...row]),
  };
}

function plannedOf(value: unknown): PlannedEntry[] {
  return Array.isArray(value) ? (value as PlannedEntry[]) : [];
}

/**
 * `<operation>: 3 stopped`, `failed (1 of 3)`, `cancelled (1 stopped, 1 still running, 1 not sent)`, `plan (dry
 * run)`: the counts are the rows' marks; an operation that shows its rows in its own tables says it in its own
 * words (`phrase`).
 */
function titleOf(
  view: SummaryView,
  { all, kinds, phrase }: { all: ViewRow[]; kinds: Map<FailureKind, boolean>; phrase?: string },
): string {
  const { operation, rows } = view;
  if (view.dryRun && !view.failed) return `${operation}: plan (dry run)`;
  const cancelled = kinds.has('cancelled');
  if (rows.length > 0) {
    if (cancelled) return `${operation}: cancelled (${counted(rows)})`;
    const bad = rows.filter((r) => !isGood(r.mark)).length;
    if (view.failed) return `${operation}: failed (${bad > 0 ? `${bad} of ${rows.length}` : counted(rows)})`;
    return `${operation}: ${counted(rows)}`;
  }
  const found = phrase ?? (all.length > 0 ? counted(all) : 'done');
  if (cancelled) return `${operation}: cancelled${found === 'done' ? '' : ` (${found})`}`;
  if (view.failed) return `${operation}: failed${found === 'done' ? '' : ` (${found})`}`;
  return `${operation}: ${found}`;
}

/** `2 stopped, 1 skipped`, in the order the words first appear. */
function counted(rows: ViewRow[]): string {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.word, (counts.get(r.word) ?? 0) + 1);
  return [...counts].map(([word, n]) => `${n} ${word}`).join(', ');
}
