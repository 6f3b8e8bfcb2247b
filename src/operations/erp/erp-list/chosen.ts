import type { OperationResult } from '../../types.js';

/** The ids a selection chose, and the near misses that say why it chose none or few. */
export interface Chosen {
  ids: string[];
  notes: string[];
  /** How they were chosen, for the failure's line: `by tag maintenance=saturday`. */
  by: string;
}

/** The near misses of a selection that chose some systems (close misses), in the summary as in the log. */
export function withNearMisses(result: OperationResult, notes: readonly string[]): OperationResult {
  if (notes.length === 0) return result;
  const table = {
    title: 'Near misses of the selection',
    header: ['not selected'],
    rows: notes.map((n) => [n]),
  };
  return { ...result, summary: [...result.summary, table] };
}

/** Titles a step that selected nothing `no system selected`, never done (its view's title, from its empty rows). */
export function selectionTitle(result: OperationResult): string | undefined {
  return result.rows?.length === 0 ? 'no system selected' : undefined;
}

/** A step whose selection chose nothing: failed where fail-if-empty, else titled `no system selected`; why, in its notes. */
export function nothingSelected(
  operation: string,
  failIfEmpty: boolean,
  { notes, by }: Chosen,
): OperationResult {
  const why =
    operation === 'erp-status' ? '' : ' (the default of a step that changes things; false allows it)';
  return {
    failure: failIfEmpty
      ? `No system selected ${by}, and fail-if-empty is true${why}: nothing was done.`
      : undefined,
    failureKind: 'nothing selected',
    rows: [],
    outputs: { result: [], instances: [] },
    summary: [
      {
        title: `${operation}: no system selected`,
        header: ['erp virtual instance'],
        rows: [],
        notes: [
          'No system matched the selection given (or none is RegistrationComplete): nothing was done.',
          ...notes,
        ],
      },
    ],
  };
}
