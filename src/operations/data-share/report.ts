import type { SourceShareSynchronizationSetting, Synchronization } from '../../client/schemas/data-share.js';
import { formatDuration, formatTime } from '../format.js';
import { statusMark } from '../row-marks.js';
import { RESPONSE_ID_OUTPUTS } from '../outputs.js';
import type { OperationContext, OperationResult, SummaryTable } from '../types.js';
import { datasetsTable, type FailedDataset } from './datasets.js';
import { findSchedule, isScheduleBased, nextExpectedRun, type Schedule } from './schedule.js';

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

/** What wait-for-sync says: log lines, messages, outputs and the summary. */

export function logSchedule(
  settings: SourceShareSynchronizationSetting[],
  schedule: Schedule | undefined,
  nextRun: Date | undefined,
  ctx: OperationContext,
): void {
  if (schedule) {
    ctx.logger.info(
      `Source share schedule: every ${schedule.recurrenceInterval ?? '(no interval)'} from ${schedule.synchronizationTime ?? '(no time)'}` +
        (nextRun ? `; next expected run ${nextRun.toISOString()}.` : '.'),
    );
  } else if (settings.length === 0) {
    ctx.logger.info('The source share sets no synchronization schedule.');
  }
  const others = settings.filter((s) => !isScheduleBased(s));
  if (others.length > 0) {
    ctx.logger.info(
      `Source share settings of other kinds (${others.map((s) => s.kind ?? '(no kind)').join(', ')}) are kept as raw JSON in the result output.`,
    );
  }
}

export function describeSync(sync: Synchronization): string {
  const parts = [sync.synchronizationMode, sync.startTime && `started ${sync.startTime}`].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** The cause of a step whose synchronization ended in failure (before its datasets are named). */
export function endedInFailure(sync: Synchronization): string {
  return `Synchronization ${sync.synchronizationId ?? '(no id)'} ended ${sync.status ?? '(none)'}: ${sync.message || 'the service gave no message'}`;
}

export function cancelledWhileWaiting(sync: Synchronization | undefined, wanted: string): string {
  return sync
    ? `Cancelled while waiting for synchronization ${sync.synchronizationId ?? '(no id)'}; last status: ${sync.status ?? '(none)'}.`
    : `Cancelled while waiting: no ${wanted} had been seen yet.`;
}

export function timeoutMessage(
  waitedMs: number,
  followed: Synchronization | undefined,
  wanted: string,
  listedAny: boolean,
): string {
  const waited = `Timed out after ${formatSeconds(waitedMs)}`;
  if (followed) {
    return `${waited} waiting for synchronization ${followed.synchronizationId ?? '(no id)'}; last status: ${followed.status ?? '(none)'}.`;
  }
  return listedAny
    ? `${waited}: no ${wanted} appeared (other synchronizations are listed, none of them matching).`
    : `${waited}: no synchronization was seen at all (the share subscription lists none).`;
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

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
 * the failed datasets where any), and the summary's tables.
 */
export function synchronizationResult(
  sync: Synchronization | undefined,
  share: { accountName: string; shareSubscription: string; resourceGroup: string },
  { notes = [], failure, failed = [] }: { notes?: string[]; failure?: string; failed?: FailedDataset[] } = {},
): OperationResult {
  return {
    outputs: {
      ...synchronizationOutputs(sync, failed),
      result: { synchronization: sync ?? null, ...(failed.length ? { failedDatasets: failed } : {}) },
    },
    summary: [synchronizationTable(sync, shareContext(share), notes), ...datasetsTable(failed)],
    failure,
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
    marks: [sync ? statusMark(sync.status) : { outcome: 'failed', word: 'none seen' }],
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
): SummaryTable[] {
  const tables: SummaryTable[] = [synchronizationTable(sync, context)];
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
