import { oneLine } from '../../client/errors.js';
import { redactQuery } from '../../client/url.js';
import type { OperationResult, SummaryTable } from '../../operations/types.js';
import type { Diagnosis } from '../../client/diagnosis.js';
import { adviceFor } from '../advice.js';
import { diagnosisAdviceLines } from '../diagnosis-text.js';
import { isGood, marked } from './marks.js';
import { oneLineCause, rowsOf, type TargetRow } from './rows.js';
import { kindOfCause, kindOfError, whatToDo, type FailureKind } from './what-to-do.js';

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
  dryRun: boolean;
  context?: [string, string][];
  targetHeader: string;
  rows: TargetRow[];
  /** The operation's own tables, where rows do not say it (a synchronization, images, users). */
  tables: SummaryTable[];
  /** The step's cause, once, where no row carries it. */
  failure?: string;
  whatToDo: string[];
  plan: PlannedEntry[];
  /** Operations still running, to resume: target and URL as the log shows it. */
  resume: { target: string; url: string }[];
}

/** How a step ran, beside its result: a dry run, and what the run learnt of a refusal to sign in or act. */
export interface ViewContext {
  dryRun?: boolean;
  diagnosis?: Diagnosis;
}

/** The view of an operation that returned (successfully or with a failure). */
export function viewOfResult(
  operation: string,
  result: OperationResult,
  { dryRun = false, diagnosis }: ViewContext = {},
): SummaryView {
  const rows = rowsOf(operation, result) ?? [];
  const [first, ...others] = result.summary;

  // wait-for-operation's own table says which times are this step's and which the service's (issue 26).
  const tables = (
    rows.length > 0 && operation === 'wait-for-operation' && first
      ? [{ ...first, title: "Times: this step's wait, and the service's own start and end" }, ...others]
      : rows.length > 0
        ? others
        : result.summary
  ).map(withMarks);
  const onRows = rows.some((r) => r.cause);
  const kinds = new Set<FailureKind>();
  for (const row of rows) {
    for (const cause of [row.cause, ...(row.steps ?? []).map((s) => s.cause)])
      if (cause) kinds.add(kindOfCause(cause));
  }
  const outputs = result.outputs;
  if (result.failure) {
    if (Array.isArray(outputs['failed-datasets']) && outputs['failed-datasets'].length > 0)
      kinds.add('dataset');
    else if (Array.isArray(outputs['missing-images']) && outputs['missing-images'].length > 0)
      kinds.add('image not cached');
    else if (!onRows) kinds.add(kindOfCause(result.failure));
  }
  const failed = result.failure !== undefined;
  const view: SummaryView = {
    operation,
    title: '',
    failed,
    dryRun,
    context: rows.length > 0 ? first?.context : undefined,
    targetHeader: rows.length > 0 ? (first?.header[0] ?? 'target') : 'target',
    rows,
    tables,
    failure: failed && !onRows ? oneLineCause(result.failure) : undefined,
    // A diagnosis says what to change, then the facts it rests on, a line each.
    whatToDo: [
      ...[...kinds].map((kind) => whatToDo(kind, operation)),
      ...(diagnosis ? diagnosisAdviceLines(diagnosis) : []),
    ],
    plan: dryRun ? plannedOf(outputs.plan) : [],
    resume: (rows.length > 0 ? (first?.code ?? []) : []).map((c) => ({
      target: /^(.*?) is still running/.exec(c.label)?.[1] ?? 'operation',
      url: redactQuery(c.text),
    })),
  };
  view.title = titleOf(view, outputs);
  return view;
}

/** The view of a step that ended with an error before it had a result: the cause once, and what to do. */
export function viewOfError(operation: string, error: unknown): SummaryView {
  const kind = kindOfError(error);
  const message = oneLine(error instanceof Error ? error.message : String(error));
  return {
    operation,
    title: `${operation}: failed`,
    failed: true,
    dryRun: false,
    targetHeader: 'target',
    rows: [],
    tables: [],
    failure: message,
    // The sign-in and input advice knows the error itself; a kind of its own only where it adds to that.
    whatToDo: [kind === 'timeout' ? whatToDo(kind, operation) : adviceFor(error)],
    plan: [],
    resume: [],
  };
}

/** An operation's own table with each row's mark first, as the targets' rows have theirs. */
function withMarks(table: SummaryTable): SummaryTable {
  const { marks } = table;
  if (!marks?.length) return table;
  return {
    ...table,
    header: ['outcome', ...table.header],
    rows: table.rows.map((row, i) => [marks[i] ? marked(marks[i].outcome, marks[i].word) : '-', ...row]),
  };
}

function plannedOf(value: unknown): PlannedEntry[] {
  return Array.isArray(value) ? (value as PlannedEntry[]) : [];
}

/** `erp-stop: 3 stopped`, `erp-stop: failed (1 of 3)`, `erp-stop: plan (dry run)`. */
function titleOf(view: SummaryView, outputs: OperationResult['outputs']): string {
  const { operation, rows } = view;
  if (view.dryRun && !view.failed) return `${operation}: plan (dry run)`;
  if (rows.length > 0) {
    if (view.failed)
      return `${operation}: failed (${rows.filter((r) => !isGood(r.mark)).length} of ${rows.length})`;
    return `${operation}: ${counted(rows)}`;
  }
  const found = phrase(operation, outputs);
  if (view.failed) return `${operation}: failed${found === 'done' ? '' : ` (${found})`}`;
  return `${operation}: ${found}`;
}

/** `2 stopped, 1 skipped`, in the order the words first appear. */
function counted(rows: TargetRow[]): string {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.word, (counts.get(r.word) ?? 0) + 1);
  return [...counts].map(([word, n]) => `${n} ${word}`).join(', ');
}

/** What a step without targets found, in a few words. */
function phrase(operation: string, o: OperationResult['outputs']): string {
  const list = (v: unknown) => (Array.isArray(v) ? v : []);
  if (o['synchronization-status']) return `synchronization ${String(o['synchronization-status'])}`;
  if (o['missing-images'] !== undefined) {
    const missing = list(o['missing-images']).length;
    return missing === 0 ? 'all cached' : `${missing} not cached`;
  }
  if (o['removed-users'] !== undefined) {
    const absent = list(o['absent-users']).length;
    return `${list(o['removed-users']).length} removed${absent ? `, ${absent} not members` : ''}`;
  }
  if (o['user-name'] !== undefined) return `signed in as ${String(o['user-name'])}`;
  // erp-list's count, where that operation is present.
  const count = (o as Record<string, unknown>).count;
  if (count !== undefined) return `${String(count)} selected`;
  if (operation === 'wait-for-operation') return 'nothing to wait for';
  return 'done';
}
