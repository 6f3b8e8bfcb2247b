import type { OperationResult, StepFacts as RunFacts, TargetRow } from '../../types.js';
import { RESULT_FORMAT, type ResultFile, type ResultSystem } from './format.js';

/** What the adapter knows of the step, beside the operation's result, and which operation it ran. */
export interface StepFacts extends RunFacts {
  operation: ResultFile['operation'];
}

/** The `resultFile` an erp operation declares: its result file, from its rows and the adapter's facts. */
export const resultFileFor =
  (operation: ResultFile['operation']) =>
  (result: OperationResult, step: RunFacts): ResultFile =>
    resultFileOf(result, { ...step, operation });

/** The result file of one step, from the operation's rows: each system with its id and its own times. */
export function resultFileOf(result: OperationResult, step: StepFacts): ResultFile {
  const rows = result.rows ?? [];
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
