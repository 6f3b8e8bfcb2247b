import type { OperationResult, StepFacts as RunFacts, TargetRow } from '../../types.js';
import { RESULT_FORMAT, type ResultFile, type ResultOperation, type ResultSystem } from './format.js';

/** What the adapter knows of the step, beside the operation's result, and which operation it ran. */
export interface StepFacts extends RunFacts {
  operation: ResultOperation;
}

/** The `resultFile` an operation declares: its result file, from its rows and the adapter's facts. */
export const resultFileFor =
  (operation: ResultOperation) =>
  (result: OperationResult, step: RunFacts): ResultFile =>
    resultFileOf(result, { ...step, operation });

/** The result file of one step, from the operation's rows: each system with its id and its own times. */
export function resultFileOf(result: OperationResult, step: StepFacts): ResultFile {
  const rows = result.rows ?? [];
  const systems = rows.map(systemOf);
  return {
    format: RESULT_FORMAT,
    operation: step.operation,
    dryRun: step.dryRun === true || rows.some((r) => r.outcome === 'planned'),
    run: step.run,
    asked: step.asked?.length ? [...step.asked] : null,
    resumes: step.operation === 'wait-for-operation' ? resumedOf(rows) : null,
    startedAt: iso(step.startedAt)!,
    endedAt: iso(step.endedAt)!,
    failure: result.failure?.split('\n')[0] ?? null,
    failureKind: result.failure
      ? (result.failureKind ?? rows.find((r) => r.cause)?.cause?.kind ?? null)
      : null,
    selection: step.operation === 'erp-list' ? selectionOf(result) : null,
    systems,
  };
}

/** wait-for-operation's rows name the verb they followed (`stop: Succeeded`, `stopped`): the operation it resumed. */
function resumedOf(rows: readonly TargetRow[]): ResultFile['resumes'] {
  const verbOf = (r: TargetRow) =>
    /^(stop|start)/.exec(r.done ?? '')?.[1] ?? /^(stop|start)/.exec(r.word)?.[1];
  const verbs = new Set(rows.map(verbOf).filter(Boolean));
  if (verbs.size !== 1) return null;
  return verbs.has('stop') ? 'erp-stop' : 'erp-start';
}

/** erp-list: every system its matrix hands on, with its leg, and the selection it made them by. */
function selectionOf(result: OperationResult): ResultFile['selection'] {
  const matrix = result.outputs.matrix as { include?: { leg?: unknown; 'erp-virtual-instance'?: unknown }[] };
  const given = result.selection;
  if (!matrix?.include) return null;
  const systems = matrix.include.flatMap((entry, i) =>
    String(entry['erp-virtual-instance'] ?? '')
      .split(/\r?\n/)
      .filter(Boolean)
      .map((id) => ({ id, name: id.split('/').pop() ?? id, leg: String(entry.leg ?? i + 1) })),
  );
  return { tag: given?.tag ?? null, environment: given?.environment ?? null, systems };
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
