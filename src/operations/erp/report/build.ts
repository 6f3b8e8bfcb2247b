import type { Cause, Outcome, OperationResult, StepRow, TargetRow } from '../../types.js';
import { RESULT_FORMAT, type ResultFile, type ResultSystem } from './format.js';

/** What the adapter knows of the step, beside the operation's result: its run, and when it started and ended. */
export interface StepFacts {
  operation: ResultFile['operation'];
  run: ResultFile['run'];
  startedAt: number;
  endedAt: number;
}

/** The result file of one step, from the operation's rows (the fallback below until every erp operation has them). */
export function resultFileOf(result: OperationResult, step: StepFacts): ResultFile {
  const rows = result.rows?.length ? result.rows : rowsFromOutputs(result);
  return {
    format: RESULT_FORMAT,
    operation: step.operation,
    run: step.run,
    startedAt: iso(step.startedAt)!,
    endedAt: iso(step.endedAt)!,
    failure: result.failure?.split('\n')[0] ?? null,
    systems: rows.map(systemOf),
  };
}

function systemOf(row: TargetRow): ResultSystem {
  return {
    name: row.target,
    id: row.id ?? null,
    before: row.before ?? null,
    after: row.after ?? null,
    outcome: row.outcome,
    word: row.word,
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    cause: row.cause ?? null,
    steps: row.steps?.map((s) => ({
      step: s.step,
      target: s.target ?? null,
      outcome: s.outcome,
      word: s.word,
      startedAt: iso(s.startedAt),
      endedAt: iso(s.endedAt),
      cause: s.cause ?? null,
    })),
  };
}

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/** The summary's mark of an outcome in the contract's words (`instances[].outcome`). */
const MARKS: Record<string, Outcome> = {
  stopped: 'succeeded',
  started: 'succeeded',
  read: 'succeeded',
  skipped: 'skipped',
  running: 'running',
  'not sent': 'not sent',
  failed: 'failed',
  planned: 'planned',
};

interface InstanceEntry {
  name: string;
  before: string | null;
  after: string | null;
  outcome: string;
  steps?: { step: string; target?: string; outcome: string }[];
}

/**
 * FALLBACK, until the erp operations fill `OperationResult.rows` (the "core" work): the rows rebuilt from the
 * `instances` output and each target's failure in `result`. No ids and no times per system: the file says null
 * rather than guess them, and a cause's kind is `other` except where the outcome names it.
 */
export function rowsFromOutputs(result: OperationResult): TargetRow[] {
  const entries = (
    Array.isArray(result.outputs.instances) ? result.outputs.instances : []
  ) as InstanceEntry[];
  const causes = causesOf(result, entries);
  return entries.map((entry) => {
    const said = causes.get(entry.name);
    const outcome: Outcome = said ? 'failed' : (MARKS[entry.outcome] ?? 'failed');
    const cause: Cause | undefined = said
      ? { text: said, kind: 'other' }
      : outcome === 'not sent'
        ? { text: result.failure ?? 'not sent', kind: 'not sent' }
        : outcome === 'running'
          ? { text: result.failure ?? 'still running', kind: 'timeout' }
          : undefined;
    return {
      target: entry.name,
      outcome,
      word: said && entry.outcome === 'read' ? 'failed' : entry.outcome,
      before: entry.before ?? undefined,
      after: entry.after ?? undefined,
      cause,
      steps: entry.steps?.map((s): StepRow => ({
        step: s.step,
        target: s.target,
        outcome: MARKS[s.outcome] ?? 'failed',
        word: s.outcome,
      })),
    };
  });
}

/** Each failed target's cause: from `result` where it names each (several), else the step's one failure. */
function causesOf(result: OperationResult, entries: InstanceEntry[]): Map<string, string> {
  const causes = new Map<string, string>();
  const each = Array.isArray(result.outputs.result) ? (result.outputs.result as unknown[]) : [];
  for (const item of each) {
    const { erpVirtualInstance, failure } = (item ?? {}) as { erpVirtualInstance?: string; failure?: string };
    if (erpVirtualInstance && failure) causes.set(erpVirtualInstance, failure);
  }
  const failure = result.failure;
  if (causes.size === 0 && failure) {
    // One target, or erp-status's gate, whose failure names the systems: `Erp virtual instance 'X01' is …`.
    for (const entry of entries) {
      const named = failure.split(/(?<=\.) /).find((part) => part.includes(`'${entry.name}'`));
      if (named) causes.set(entry.name, named);
      else if (entries.length === 1 && entry.outcome !== 'running' && entry.outcome !== 'not sent') {
        causes.set(entry.name, failure);
      }
    }
  }
  return causes;
}
