import type { OperationResult, SummaryTable } from '../../operations/types.js';
import { classifyStatus } from '../../client/status.js';
import { formatDuration } from '../../operations/format.js';
import { markOfOutcome, type Mark } from './marks.js';
import { kindOfCause } from './what-to-do.js';

/** One step of a whole-system window under its system (contract: `instances[].steps`). */
export interface StepRow {
  step: string;
  target?: string;
  mark: Mark;
  word: string;
  before?: string;
  after?: string;
  seconds?: number;
  /** When the step started (ms since the epoch), where the operation gave it (`started`, ISO 8601). */
  startedAt?: number;
  cause?: string;
}

/** One target of the step: a system, an operation resumed, a user, a synchronization planned. */
export interface TargetRow {
  target: string;
  mark: Mark;
  /** The outcome in the contract's words: `stopped`, `skipped`, `still running`. */
  word: string;
  before?: string;
  done?: string;
  after?: string;
  health?: string;
  duration?: string;
  seconds?: number;
  /** When its work started (ms since the epoch), where the operation gave it (`started`, ISO 8601). */
  startedAt?: number;
  /** Why this target failed or is not done, one line, without the subscription the context names. */
  cause?: string;
  steps?: StepRow[];
}

type Entry = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const time = (v: unknown) => {
  const ms = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
};
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const entries = (v: unknown): Entry[] =>
  Array.isArray(v) ? v.filter((e): e is Entry => typeof e === 'object' && e !== null) : [];

/** A cause in one line, without the subscription that the summary's context names once. */
export function oneLineCause(cause: string | undefined): string | undefined {
  if (!cause) return undefined;
  return cause
    .replace(/\s+/g, ' ')
    .replace(/,? (?:of|in) subscription '[^']*'/g, '')
    .trim();
}

/**
 * The cause of one target out of a step's failure that runs several together ("2 of 3 … : A. B."): the sentences
 * that name the target in quotes. A fallback where the result does not carry a cause per target.
 */
function causeNaming(target: string, failure: string | undefined): string | undefined {
  if (!failure) return undefined;
  const sentences = failure.replace(/^\d+ of \d+ [^:]*: /, '').split(/(?<=\.) (?=[A-Z])/);
  const mine = sentences.filter((s) => s.includes(`'${target}'`));
  return mine.length ? mine.join(' ') : undefined;
}

const column = (table: SummaryTable, name: string) => table.header.indexOf(name);
/** How long, as the tables say it (`12.3 s`), and in seconds to a tenth for the timeline, as `steps[].seconds`. */
const took = (ms: number | undefined) => (ms === undefined ? undefined : formatDuration(ms));
const tenths = (ms: number | undefined) => (ms === undefined ? undefined : Math.round(ms / 100) / 10);
const WORDS: Record<string, string> = { running: 'still running', read: 'read' };
/** What is still running is the stop or the start, not the system: `stopping`, `starting`. */
const RUNNING: Record<string, string> = { 'erp-stop': 'stopping', 'erp-start': 'starting' };

function stepsOf(value: unknown): StepRow[] | undefined {
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
      cause: oneLineCause(text(s.cause) ?? text(s.failure)),
    };
  });
}

/**
 * Rows from what an operation returned: erp-stop, erp-start and erp-status from the `instances` output and what the
 * step knows of each (`targets`: what was done, its operation's status, how long), not read back from the table's
 * text; wait-for-operation from `result` and `targets`, each named as its table names it; another operation's dry
 * run from its plan table. Undefined for an operation whose tables say it better (a synchronization, images, users).
 */
export function rowsOf(operation: string, result: OperationResult): TargetRow[] | undefined {
  const table = result.summary[0];
  const instances = entries(result.outputs.instances).filter((e) => 'outcome' in e);
  const results = entries(result.outputs.result);
  const causeOf = (i: number, n: number, target: string) =>
    oneLineCause(
      text(results[i]?.failure) ?? (n === 1 ? result.failure : causeNaming(target, result.failure)),
    );
  if (instances.length > 0) {
    return instances.map((inst, i) => {
      const facts = result.targets?.[i];
      // An operation the service ended as failed is not still running, whatever the outcome says (issue 36).
      const ended = facts?.status !== undefined && classifyStatus(facts.status) === 'failed';
      const outcome = ended && inst.outcome === 'running' ? 'failed' : text(inst.outcome);
      const mark = markOfOutcome(outcome);
      const target = text(inst.name) ?? `#${i + 1}`;
      const ms = facts?.durationMs;
      const failing = mark !== 'succeeded' && mark !== 'skipped' && mark !== 'planned';
      const cause = failing ? causeOf(i, instances.length, target) : undefined;
      // A false success must not read like a success: its word says what it is.
      const falseSuccess = cause !== undefined && kindOfCause(cause) === 'false success';
      return {
        target,
        mark,
        word: falseSuccess
          ? 'false success'
          : outcome === 'running' && RUNNING[operation]
            ? RUNNING[operation]
            : (WORDS[outcome ?? ''] ?? outcome ?? mark),
        before: text(inst.before),
        done: text(facts?.done),
        after: text(inst.after),
        health: text(inst.health),
        duration: took(ms),
        seconds: num(inst.seconds) ?? tenths(ms),
        startedAt: time(inst.started),
        cause,
        steps: stepsOf(inst.steps),
      };
    });
  }
  if (!table) return undefined;
  if (operation === 'wait-for-operation') return operationRows(table, result);
  if (column(table, 'would') === 1) return planRows(table);
  return undefined;
}

/**
 * wait-for-operation: the system where the result names it, else the operation's URL as the log shows it; its
 * status and this step's wait from what the step knows of each.
 */
function operationRows(table: SummaryTable, result: OperationResult): TargetRow[] {
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
      cause: mark === 'succeeded' ? undefined : cause,
    };
  });
}

/** A dry run's plan table: a change planned, or nothing to do (skip). */
function planRows(table: SummaryTable): TargetRow[] {
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
