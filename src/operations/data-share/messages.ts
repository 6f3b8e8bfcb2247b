import type { SourceShareSynchronizationSetting, Synchronization } from '../../client/schemas/data-share.js';
import type { OperationContext } from '../types.js';
import { isScheduleBased, type Schedule } from './schedule.js';

/** What the synchronization operations say: the source share's schedule in the log, and their messages. */

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
