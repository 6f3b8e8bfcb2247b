import type { SourceShareSynchronizationSetting, Synchronization } from '../../client/schemas/data-share.js';
import { formatDuration, formatTime } from '../format.js';
import type { OperationContext, OperationResult, SummaryTable } from '../types.js';
import { findSchedule, isScheduleBased, nextExpectedRun, type Schedule } from './schedule.js';

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

export function syncOutputs(
  sync: Synchronization | undefined,
  schedule: Schedule | undefined,
  settings: SourceShareSynchronizationSetting[],
  nextRun: Date | undefined,
): OperationResult['outputs'] {
  return {
    'synchronization-id': sync?.synchronizationId ?? undefined,
    'synchronization-status': sync?.status ?? undefined,
    'synchronization-mode': sync?.synchronizationMode ?? undefined,
    'start-time': sync?.startTime ?? undefined,
    'end-time': sync?.endTime ?? undefined,
    'duration-ms': sync?.durationMs ?? undefined,
    message: sync?.message ?? undefined,
    'recurrence-interval': schedule?.recurrenceInterval,
    'synchronization-time': schedule?.synchronizationTime,
    result: {
      synchronization: sync ?? null,
      sourceShareSynchronizationSettings: settings,
      ...(nextRun ? { nextExpectedRun: nextRun.toISOString() } : {}),
    },
  };
}

export function summaryTables(
  sync: Synchronization | undefined,
  settings: SourceShareSynchronizationSetting[],
  now: number,
  context?: [string, string][],
): SummaryTable[] {
  const dash = (v: string | number | null | undefined) =>
    v === undefined || v === null || v === '' ? '—' : String(v);
  const tables: SummaryTable[] = [
    {
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
      notes: sync?.message ? [`Message: ${sync.message}`] : undefined,
    },
  ];
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
