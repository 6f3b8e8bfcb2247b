import type { HttpClient } from '../../client/http.js';
import { listAll } from '../../client/pages.js';
import {
  sourceSettingListSchema,
  type SourceShareSynchronizationSetting,
} from '../../client/schemas/data-share.js';
import type { Choice } from './choose.js';
import { datasetsTable, explainFailure, failureWithDatasets } from './datasets.js';
import { followSynchronization } from './follow.js';
import { findSchedule, nextExpectedRun } from './schedule.js';
import {
  cancelledWhileWaiting,
  endedInFailure,
  failedKind,
  logSchedule,
  shareContext,
  summaryTables,
  synchronizationRows,
  syncOutputs,
  type SyncEnd,
  timeoutMessage,
} from './report.js';
import { ShareSubscription } from './share.js';
import type { WaitForSyncOptions } from './options.js';
import type { OperationContext, OperationResult } from '../types.js';

/**
 * Waits until the chosen synchronization of a share subscription ends, and reports the source share's schedule.
 * `filter` and `orderby` shape the listing in which the synchronization is chosen (followSynchronization).
 * One that ends in failure is explained by its datasets (A5).
 */
export async function waitForSync(
  options: WaitForSyncOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const { clock, logger } = ctx;
  const share = new ShareSubscription(options, client, ctx);

  let settings: SourceShareSynchronizationSetting[];
  try {
    // A handful of settings per share: holding all of them is fine, unlike the synchronization history.
    settings = await listAll(client, {
      method: 'POST',
      url: share.url('listSourceShareSynchronizationSettings'),
      schema: sourceSettingListSchema,
      what: 'listSourceShareSynchronizationSettings',
      signal: ctx.signal,
    });
  } catch (error) {
    if (!ctx.signal?.aborted) throw error;
    return {
      outputs: { 'failed-datasets': [] },
      summary: [],
      failure: "Cancelled while reading the source share's settings.",
      failureKind: 'cancelled',
    };
  }
  const scheduleReadAt = clock.now();
  const schedule = findSchedule(settings);
  const nextRun =
    schedule && nextExpectedRun(schedule.synchronizationTime, schedule.recurrenceInterval, scheduleReadAt);
  logSchedule(settings, schedule, nextRun, ctx);

  const choice: Choice = options.synchronizationId
    ? { kind: 'id', synchronizationId: options.synchronizationId }
    : { kind: 'newest', startedAfter: options.startedAfter?.getTime() };
  const wanted = describeChoice(options);

  logger.info(
    `Waiting for ${options.synchronizationId ? wanted : `the newest ${wanted}`} of share subscription '${options.shareSubscription}'.`,
  );
  const { sync, end, listedAny } = await followSynchronization(
    share,
    { choice, filter: options.filter, orderby: options.orderby, wanted },
    ctx,
  );
  const datasets =
    end === 'failed' && sync ? await explainFailure(share, sync, ctx) : { failed: [], complete: true };
  const finish = (end: SyncEnd = {}): OperationResult => {
    const done = synchronizationRows(sync, end);
    return {
      outputs: syncOutputs(sync, schedule, settings, nextRun, datasets.failed),
      summary: [
        ...summaryTables(sync, settings, scheduleReadAt, shareContext(options), done.rows[0]),
        ...datasetsTable(datasets.failed),
      ],
      ...done,
    };
  };
  switch (end) {
    case 'succeeded':
      return finish();
    case 'failed':
      return finish({
        failure: failureWithDatasets(endedInFailure(sync!), datasets),
        kind: failedKind(datasets.failed),
      });
    case 'timeout':
      return finish({
        failure: timeoutMessage(share.waitedMs(), sync, wanted, listedAny),
        kind: 'timeout',
      });
    case 'cancelled':
      return finish({ failure: cancelledWhileWaiting(sync, wanted), kind: 'cancelled' });
  }
}

/** The synchronization wanted, as a noun phrase: "synchronization X", "synchronization started at or after T". */
function describeChoice(options: WaitForSyncOptions): string {
  if (options.synchronizationId) return `synchronization ${options.synchronizationId}`;
  if (options.startedAfter)
    return `synchronization started at or after ${options.startedAfter.toISOString()}`;
  return 'synchronization';
}
