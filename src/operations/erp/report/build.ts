import type { OperationResult, StepFacts, StepRow, TargetRow } from '../../types.js';
import { RESULT_FORMAT, type ResultFile, type ResultOperation, type ResultSystem } from './format.js';
import { firstLine } from '../wording.js';

/** What the adapter knows of the step, beside the operation's result, and which operation it ran. */
export interface FileFacts extends StepFacts {
  operation: ResultOperation;
}

/** The `resultFile` an operation declares: its result file, from its rows and the adapter's facts. */
export const resultFileFor =
  (operation: ResultOperation) =>
  (result: OperationResult, step: StepFacts): ResultFile =>
    resultFileOf(result, { ...step, operation });

/** The result file of one step, from the operation's rows: each system with its id and its own times. */
export function resultFileOf(result: OperationResult, step: FileFacts): ResultFile {
  const rows = result.rows ?? [];
  const systems = rows.map(systemOf);
  return {
    format: RESULT_FORMAT,
    operation: step.operation,
    dryRun:
      step.input?.('dry-run')?.trim().toLowerCase() === 'true' || rows.some((r) => r.outcome === 'planned'),
    run: step.run,
    asked: askedOf(step) ?? null,
    resumes: step.operation === 'wait-for-operation' ? (resumedOf(step) ?? resumedByRows(rows)) : null,
    startedAt: iso(step.startedAt)!,
    endedAt: iso(step.endedAt)!,
    failure: result.failure === undefined ? null : firstLine(result.failure),
    failureKind: result.failure
      ? (result.failureKind ?? rows.find((r) => r.cause)?.cause?.kind ?? null)
      : null,
    selection: step.operation === 'erp-list' ? selectionOf(result) : null,
    systems,
  };
}

/** The systems the step was given: its `erp-virtual-instance` items, or the targets of the operations it resumed. */
function askedOf(step: FileFacts): string[] | undefined {
  const items = step
    .input?.('erp-virtual-instance')
    ?.split(/[\r\n,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
  if (items?.length) return items;
  const targets = operationsOf(step)
    .map((o) => o.target)
    .filter((t): t is string => typeof t === 'string');
  return targets.length ? targets : undefined;
}

/** wait-for-operation given erp-stop's or erp-start's `operations` output: each with its target and verb. */
function operationsOf(step: FileFacts): { target?: unknown; verb?: unknown }[] {
  try {
    const given: unknown = JSON.parse(step.input?.('operation-url') ?? '');
    return Array.isArray(given) ? given.filter((o): o is object => typeof o === 'object' && o !== null) : [];
  } catch {
    return [];
  }
}

/** The operation wait-for-operation resumed, from the verbs of the operations it was given, where they agree. */
function resumedOf(step: FileFacts): ResultFile['resumes'] | undefined {
  const verbs = new Set(operationsOf(step).map((o) => o.verb));
  if (verbs.size !== 1) return undefined;
  return verbs.has('stop') ? 'erp-stop' : verbs.has('start') ? 'erp-start' : undefined;
}

/** Rows that name the verb they followed (`stop: Succeeded`, `stopped`), where the input did not say. */
function resumedByRows(rows: readonly TargetRow[]): ResultFile['resumes'] {
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
    ...endOf(row),
    steps: row.steps?.map((s) => ({ step: s.step, target: s.target ?? null, ...endOf(s) })),
  };
}

/** How a system or one of its steps ended, as the file says it: its outcome and word, when, and why. */
const endOf = (r: Pick<StepRow, 'outcome' | 'word' | 'startedAt' | 'endedAt' | 'cause'>) => ({
  outcome: r.outcome,
  word: r.word,
  startedAt: iso(r.startedAt),
  endedAt: iso(r.endedAt),
  cause: r.cause ?? null,
});

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
