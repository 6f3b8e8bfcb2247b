import type { Synchronization } from '../../client/schemas/data-share.js';
import { statusMark } from '../row-marks.js';
import type { FailureKind, RowMark, TargetRow } from '../types.js';
import type { FailedDataset } from './datasets.js';

/** How a synchronization step ended beside its synchronization: its cause and kind, and its mark where its own. */
export interface SyncEnd {
  failure?: string;
  /** The failure's kind; a synchronization ended in failure is `dataset` where datasets failed. */
  kind?: FailureKind;
  /** What the step did, where the status alone would mislead (a cancel that took effect is a success). */
  mark?: RowMark;
}

const NONE_SEEN: RowMark = { outcome: 'failed', word: 'none seen' };
const timeOf = (iso: string | null | undefined) => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
};

/** The synchronization as the step's one row: its mark (the status's, unless the step gives its own) and cause. */
export function synchronizationRow(sync: Synchronization | undefined, end: SyncEnd = {}): TargetRow {
  const mark = end.mark ?? (sync ? statusMark(sync.status) : NONE_SEEN);
  return {
    target: sync?.synchronizationId ?? '(none seen)',
    outcome: end.failure !== undefined && mark.outcome === 'succeeded' ? 'failed' : mark.outcome,
    word: mark.word,
    after: sync?.status ?? undefined,
    startedAt: timeOf(sync?.startTime),
    endedAt: timeOf(sync?.endTime),
    ...(end.failure !== undefined ? { cause: { text: end.failure, kind: end.kind ?? 'other' } } : {}),
  };
}

/** The rows and the failure's kind of a synchronization step. */
export function synchronizationRows(sync: Synchronization | undefined, end: SyncEnd) {
  const row = synchronizationRow(sync, end);
  return {
    rows: [row],
    failure: end.failure,
    ...(row.cause ? { failureKind: row.cause.kind } : {}),
  };
}

/** The kind of a synchronization that ended in failure: its datasets' where any failed. */
export const failedKind = (failed: FailedDataset[]): FailureKind =>
  failed.length > 0 ? 'dataset' : 'service failed';
