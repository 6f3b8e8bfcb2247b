/**
 * FALLBACK, TO DELETE AT MERGE: the view of a result without typed rows (`OperationResult.rows`), read back from
 * its outputs, its tables' cells and its failure's words, as the view did before the operations handed it rows.
 * Kept only until every operation fills `rows`; `fallbackView` is its one entry, called once in view.ts.
 */
import type { FailureKind, OperationResult, SummaryTable } from '../../operations/types.js';
import type { OperationView } from '../../operations/module.js';
import { classifyStatus } from '../../client/status.js';
import { redactQuery } from '../../client/url.js';
import type { Mark } from './marks.js';
import { oneLineCause, tenths, took, type ViewRow, type ViewStep } from './rows.js';

type Entry = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const time = (v: unknown) => {
  const ms = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
};
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const entries = (v: unknown): Entry[] =>
  Array.isArray(v) ? v.filter((e): e is Entry => typeof e === 'object' && e !== null) : [];

/** What the fallback reads out of a result without rows. */
export interface Fallback {
  rows?: ViewRow[];
  /** The kind of the step's failure, from its words. */
  failureKind?: FailureKind;
  /** A few words for the title where the operation declares none. */
  phrase?: string;
  /** Operations still running, from the code blocks of the first table. */
  resume: { target: string; url: string }[];
}

/** FALLBACK, TO DELETE AT MERGE: the rows, kind, title words and resumable operations of a result without rows. */
export function fallbackView(result: OperationResult, shown: OperationView): Fallback {
  const rows = result.rows ? undefined : rowsOf(result, shown);
  const outputs = result.outputs as Record<string, unknown>;
  const some = (v: unknown) => Array.isArray(v) && v.length > 0;
  const failureKind = some(outputs['failed-datasets'])
    ? 'dataset'
    : some(outputs['missing-images'])
      ? 'image not cached'
      : kindOfCause(result.failure ?? '');
  return {
    rows,
    failureKind: result.failure && !result.rows ? failureKind : undefined,
    phrase: outputs.count !== undefined ? `${String(outputs.count)} selected` : undefined,
    resume: (result.summary[0]?.code ?? []).map((c) => ({
      target: /^(.*?) is still running/.exec(c.label)?.[1] ?? 'operation',
      url: redactQuery(c.text),
    })),
  };
}

/**
 * The kind of one failure, from its one-line cause as the operations word it. Order matters: a false success
 * names the status reached, which may contain "not".
 */
export function kindOfCause(cause: string): FailureKind {
  if (/\b(succeeded|accepted) but [^,;]*? is /i.test(cause)) return 'false success';
  if (/cancelled/i.test(cause)) return 'cancelled';
  if (/within the timeout|timed out|timeout ran out/i.test(cause)) return 'timeout';
  if (/HTTP 401|\bsign-in\b|token was refused/i.test(cause)) return 'sign-in';
  if (/HTTP 403|AuthorizationFailed|was refused.*permission/i.test(cause)) return 'permission';
  if (/not found|HTTP 404|ResourceNotFound/i.test(cause) && !/no longer knows the operation/.test(cause))
    return 'not found';
  if (/not cached/i.test(cause)) return 'image not cached';
  if (/DatabaseNotRunning/.test(cause)) return 'whole system';
  if (/HTTP 409|\bConflict\b/.test(cause)) return 'conflict';
  if (/ended with status (Failed|Cancell?ed)/i.test(cause)) return 'service failed';
  return 'other';
}

/** The contract's `instances` outcome as a mark (`stopped` → succeeded), with its own word kept. */
function markOfOutcome(outcome: string | undefined): Mark {
  switch (outcome) {
    case 'stopped':
    case 'started':
    case 'read':
    case 'succeeded':
      return 'succeeded';
    case 'skipped':
    case 'running':
    case 'not sent':
    case 'planned':
      return outcome;
    default:
      return 'failed';
  }
}

/** The cause of one target out of a step's failure that runs several together: the sentences naming it. */
function causeNaming(target: string, failure: string | undefined): string | undefined {
  if (!failure) return undefined;
  const sentences = failure.replace(/^\d+ of \d+ [^:]*: /, '').split(/(?<=\.) (?=[A-Z])/);
  const mine = sentences.filter((s) => s.includes(`'${target}'`));
  return mine.length ? mine.join(' ') : undefined;
}

const WORDS: Record<string, string> = { running: 'still running', read: 'read' };
/** A cause, its kind, and the request id it quotes, where it quotes one. */
const withKind = (cause: string | undefined): { cause?: string; kind?: FailureKind; requestId?: string } => {
  if (!cause) return {};
  const requestId = /request-id: ([^\s,;)]+)/.exec(cause)?.[1];
  return { cause, kind: kindOfCause(cause), ...(requestId && requestId !== 'none' ? { requestId } : {}) };
};

function stepsOf(value: unknown): ViewStep[] | undefined {
  const steps = entries(value);
  if (steps.length === 0) return undefined;
  return steps.map((s) => {
    const mark = markOfOutcome(text(s.outcome));
    return {
      step: text(s.step) ?? 'step',
      target: text(s.target),
      mark,
      word: WORDS[text(s.outcome) ?? ''] ?? text(s.outcome) ?? mark,
      before: text(s.before),
      after: text(s.after),
      seconds: num(s.seconds),
      startedAt: time(s.started),
      ...withKind(oneLineCause(text(s.cause) ?? text(s.failure))),
    };
  });
}

/** Rows from the `instances` output and `targets`; else from the first table (an operation's, or a plan's). */
function rowsOf(result: OperationResult, shown: OperationView): ViewRow[] | undefined {
  const table = result.summary[0];
  const instances = entries(result.outputs.instances).filter((e) => 'outcome' in e);
  if (instances.length > 0) return instanceRows(instances, result, shown);
  if (!table) return undefined;
  if (shown.firstTable) return operationRows(table, result);
  if (table.header.indexOf('would') === 1) return planRows(table);
  return undefined;
}

function instanceRows(instances: Entry[], result: OperationResult, shown: OperationView): ViewRow[] {
  const results = entries(result.outputs.result);
  return instances.map((inst, i) => {
    const facts = result.targets?.[i];
    // An operation the service ended as failed is not still running, whatever the outcome says (issue 36).
    const ended = facts?.status !== undefined && classifyStatus(facts.status) === 'failed';
    const outcome = ended && inst.outcome === 'running' ? 'failed' : text(inst.outcome);
    const mark = markOfOutcome(outcome);
    const target = text(inst.name) ?? `#${i + 1}`;
    const ms = facts?.durationMs;
    const failing = mark !== 'succeeded' && mark !== 'skipped' && mark !== 'planned';
    const cause = failing
      ? oneLineCause(
          text(results[i]?.failure) ??
            (instances.length === 1 ? result.failure : causeNaming(target, result.failure)),
        )
      : undefined;
    const kinded = withKind(cause);
    return {
      target,
      mark,
      // A false success must not read like a success: its word says what it is.
      word:
        kinded.kind === 'false success'
          ? 'false success'
          : outcome === 'running' && shown.running
            ? shown.running
            : (WORDS[outcome ?? ''] ?? outcome ?? mark),
      before: text(inst.before),
      done: text(facts?.done),
      after: text(inst.after),
      health: text(inst.health),
      duration: took(ms),
      seconds: num(inst.seconds) ?? tenths(ms),
      startedAt: time(inst.started),
      ...kinded,
      steps: stepsOf(inst.steps),
    };
  });
}

/** An operation resumed: the system where the result names it, else its URL as the log shows it. */
function operationRows(table: SummaryTable, result: OperationResult): ViewRow[] {
  const results = entries(result.outputs.result);
  return table.rows.map((row, i) => {
    const r = results[i];
    const facts = result.targets?.[i];
    const said = text(facts?.status);
    const ms = facts?.durationMs;
    const cause = oneLineCause(text(r?.failure) ?? (table.rows.length === 1 ? result.failure : undefined));
    let mark: Mark = classifyStatus(said);
    if (mark === 'succeeded' && cause) mark = 'failed';
    const named = text(r?.erpVirtualInstance) ?? text(r?.target) ?? text(r?.name);
    return {
      target: named ?? row[0] ?? `#${i + 1}`,
      mark,
      word: mark === 'running' ? 'still running' : (said?.toLowerCase() ?? mark),
      after: said,
      duration: took(ms),
      seconds: tenths(ms),
      ...(mark === 'succeeded' ? {} : withKind(cause)),
    };
  });
}

/** A dry run's plan table: a change planned, or nothing to do (skip). */
function planRows(table: SummaryTable): ViewRow[] {
  return table.rows.map((row) => {
    const change = row[2] !== undefined && row[2] !== '-';
    return {
      target: row[0] ?? '',
      mark: change ? 'planned' : 'skipped',
      word: change ? 'planned' : 'no change',
      done: row[1],
    };
  });
}
