import type { SourceShareSynchronizationSetting, Synchronization } from '../../client/schemas/data-share.js';
import { formatDuration, formatTime } from '../format.js';
import { RESPONSE_ID_OUTPUTS } from '../outputs.js';
import type { OperationView } from '../module.js';
import type { OperationResult, SummaryTable, TargetRow } from '../types.js';
import { datasetsTable, type FailedDataset } from './datasets.js';
import { synchronizationRow, synchronizationRows, type SyncEnd } from './rows.js';
import { findSchedule, isScheduleBased, nextExpectedRun, type Schedule } from './schedule.js';

/** What a synchronization operation reports: its outputs, its summary's view, its result and the summary's tables. */

// Its messages and rows were rooms of this file: re-exported so the operations' imports stay as they were.
export * from './messages.js';
export * from './rows.js';

/** The outputs sync-start and sync-cancel set (wait-for-sync adds the source share's schedule). */
export const SYNCHRONIZATION_OUTPUTS = [
  'result',
  'synchronization-id',
  'synchronization-status',
  'synchronization-mode',
  'start-time',
  'end-time',
  'duration-ms',
  'message',
  'failed-datasets',
  ...RESPONSE_ID_OUTPUTS,
] as const;

/**
 * How the synchronizations' summaries read: their own tables show the synchronization, the title its status (or
 * the row's word where there is none: `nothing to cancel`).
 */
export const SYNCHRONIZATION_VIEW: OperationView = {
  ownTables: true,
  title: ({ outputs, rows }) => {
    const status = outputs['synchronization-status'];
    return status ? `synchronization ${String(status)}` : rows?.[0]?.word;
  },
  whatToDo: {
    dataset:
      "Read each failed dataset's message below: fix its source (access, path, schema), then start a new synchronization with sync-start.",
    conflict:
      'A synchronization is running on the share subscription: follow it with wait-for-sync, or end it with sync-cancel; then start again.',
    'service failed':
      'The synchronization ended as failed: its message is above; fix its cause at the source share or the account, then start a new synchronization with sync-start.',
  },
};

/** The outputs every synchronization operation sets for the synchronization it followed, started or cancelled. */
export function synchronizationOutputs(
  sync: Synchronization | undefined,
  failedDatasets: FailedDataset[] = [],
): OperationResult['outputs'] {
  return {
    'synchronization-id': sync?.synchronizationId ?? undefined,
    'synchronization-status': sync?.status ?? undefined,
    'synchronization-mode': sync?.synchronizationMode ?? undefined,
    'start-time': sync?.startTime ?? undefined,
    'end-time': sync?.endTime ?? undefined,
    'duration-ms': sync?.durationMs ?? undefined,
    message: sync?.message ?? undefined,
    'failed-datasets': failedDatasets,
  };
}

/**
 * What sync-start and sync-cancel return: the synchronization's outputs, `result` with the synchronization (and
 * the failed datasets where any), its row, and the summary's tables.
 */
export function synchronizationResult(
  sync: Synchronization | undefined,
  share: { accountName: string; shareSubscription: string; resourceGroup: string },
  { notes = [], failed = [], ...end }: { notes?: string[]; failed?: FailedDataset[] } & SyncEnd = {},
): OperationResult {
  const done = synchronizationRows(sync, end);
  return {
    outputs: {
      ...synchronizationOutputs(sync, failed),
      result: { synchronization: sync ?? null, ...(failed.length ? { failedDatasets: failed } : {}) },
    },
    summary: [synchronizationTable(sync, shareContext(share), notes, done.rows[0]), ...datasetsTable(failed)],
    ...done,
  };
}

export function syncOutputs(
  sync: Synchronization | undefined,
  schedule: Schedule | undefined,
  settings: SourceShareSynchronizationSetting[],
  nextRun: Date | undefined,
  failedDatasets: FailedDataset[] = [],
): OperationResult['outputs'] {
  return {
    ...synchronizationOutputs(sync, failedDatasets),
    'recurrence-interval': schedule?.recurrenceInterval,
    'synchronization-time': schedule?.synchronizationTime,
    result: {
      synchronization: sync ?? null,
      sourceShareSynchronizationSettings: settings,
      ...(nextRun ? { nextExpectedRun: nextRun.toISOString() } : {}),
      ...(failedDatasets.length ? { failedDatasets } : {}),
    },
  };
}

const dash = (v: string | number | null | undefined) =>
  v === undefined || v === null || v === '' ? '—' : String(v);

/** The summary's row of one synchronization, with where it happened. */
export function synchronizationTable(
  sync: Synchronization | undefined,
  context?: [string, string][],
  notes: string[] = [],
  row: TargetRow = synchronizationRow(sync),
): SummaryTable {
  const allNotes = [...(sync?.message ? [`Message: ${sync.message}`] : []), ...notes];
  return {
    title: 'Synchronization',
    context,
    header: ['Synchronization id', 'Mode', 'Status', 'Started', 'Ended', 'Duration'],
    rows: sync
      ? [
          [
            dash(sync.synchronizationId),
            dash(sync.synchronizationMode),
            dash(sync.status),
            formatTime(sync.startTime),
            formatTime(sync.endTime),
            typeof sync.durationMs === 'number' ? formatDuration(sync.durationMs) : '—',
          ],
        ]
      : [['(none seen)', '—', '—', '—', '—', '—']],
    // The mark is the row's: the table and the title never disagree.
    marks: [{ outcome: row.outcome, word: row.word }],
    notes: allNotes.length ? allNotes : undefined,
  };
}

/** Where a share subscription's synchronizations happen, for the summary. */
export function shareContext(o: {
  accountName: string;
  shareSubscription: string;
  resourceGroup: string;
}): [string, string][] {
  return [
    ['account', o.accountName],
    ['share subscription', o.shareSubscription],
    ['resource group', o.resourceGroup],
  ];
}

export function summaryTables(
  sync: Synchronization | undefined,
  settings: SourceShareSynchronizationSetting[],
  now: number,
  context?: [string, string][],
  row?: TargetRow,
): SummaryTable[] {
  const tables: SummaryTable[] = [synchronizationTable(sync, context, [], row)];
  const rows = settings.map((s) => {
    const scheduled = isScheduleBased(s);
    const schedule = scheduled ? findSchedule([s]) : undefined;
    return [
      dash(s.kind),
      dash(schedule?.recurrenceInterval),
      dash(schedule?.synchronizationTime),
      scheduled
        ? formatTime(
            nextExpectedRun(schedule?.synchronizationTime, schedule?.recurrenceInterval, now)?.toISOString(),
          )
        : 'raw JSON in the result output',
    ];
  });
  tables.push({
    title: 'Source share schedule',
    header: ['Kind', 'Recurrence interval', 'Synchronization time', 'Next expected run'],
    rows: rows.length ? rows : [['(no synchronization setting)', '—', '—', '—']],
  });
  return tables;
}
