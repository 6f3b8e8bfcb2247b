import { classifyStatus } from '../../client/status.js';
import { logPlan, planOutputs, planRows, planTable, wouldSend, type PlannedTarget } from '../plan.js';
import type { OperationContext, OperationResult } from '../types.js';
import { findInListing, newestNotEnded, nothingToCancel } from './choose.js';
import { NEWEST_FIRST } from './follow.js';
import { describeSync, shareContext } from './report.js';
import type { ShareSubscription } from './share.js';

/**
 * The dry runs of sync-start and sync-cancel: the read the real run depends on (A1), then the one request it
 * would send, refused by the client (PlannedChange) and shown as the plan. A failure is where the real run would
 * fail before changing anything.
 */

/** sync-start: a synchronization running now would make the service refuse the start (409), as the real run. */
export async function planStart(
  share: ShareSubscription,
  mode: 'Incremental' | 'FullSync',
  runningHint: string,
  ctx: OperationContext,
): Promise<OperationResult> {
  const newest = await newestListed(share);
  if (newest && classifyStatus(newest.status) === 'running') {
    return planResult('sync-start', share, [], ctx, {
      failureKind: 'conflict',
      failure: `dry run: synchronization ${newest.synchronizationId ?? '(no id)'} is running (${newest.status ?? 'no status'}), so the service would refuse a start. ${runningHint}`,
    });
  }
  const planned = await wouldSend(
    () => share.change('synchronize', { synchronizationMode: mode }),
    'the synchronize',
  );
  return planResult(
    'sync-start',
    share,
    [
      {
        target: share.options.shareSubscription,
        effect: `start a ${mode} synchronization`,
        request: planned,
      },
    ],
    ctx,
  );
}

/** sync-cancel: the synchronization the real run would cancel, or nothing where none runs. */
export async function planCancel(
  share: ShareSubscription,
  synchronizationId: string | undefined,
  ctx: OperationContext,
): Promise<OperationResult> {
  if (synchronizationId === undefined) {
    const { found, newest } = await newestNotEnded(share.listSynchronizations({ $orderby: NEWEST_FIRST }));
    if (!found?.synchronizationId) {
      return planResult(
        'sync-cancel',
        share,
        [
          {
            target: share.options.shareSubscription,
            effect: `nothing to cancel: ${nothingToCancel(newest)}`,
          },
        ],
        ctx,
      );
    }
    synchronizationId = found.synchronizationId;
    ctx.logger.info(
      `dry run: the latest synchronization not ended is ${synchronizationId}${describeSync(found)}, ${found.status}.`,
    );
  }
  const id = synchronizationId;
  const planned = await wouldSend(
    () => share.change('cancelSynchronization', { synchronizationId: id }),
    `the cancel of synchronization ${id}`,
  );
  return planResult(
    'sync-cancel',
    share,
    [{ target: id, effect: `cancel synchronization ${id}`, request: planned }],
    ctx,
  );
}

async function newestListed(share: ShareSubscription) {
  return (
    await findInListing(share.listSynchronizations({ $orderby: NEWEST_FIRST }), { kind: 'newest' }, true)
  ).found;
}

function planResult(
  operation: 'sync-start' | 'sync-cancel',
  share: ShareSubscription,
  targets: PlannedTarget[],
  ctx: OperationContext,
  more: Pick<OperationResult, 'failure' | 'failureKind'> = {},
): OperationResult {
  logPlan(ctx.logger, targets);
  const { plan, changes } = planOutputs(targets);
  return {
    outputs: { changes, plan, 'failed-datasets': [], result: plan },
    summary: [planTable(operation, 'target', targets, shareContext(share.options))],
    rows: planRows(targets),
    ...more,
  };
}

/** A real run's `changes` and `plan`: whether it sent a change, and no plan. */
export function changed(result: OperationResult, changes: boolean): OperationResult {
  return { ...result, outputs: { ...result.outputs, changes, plan: [] } };
}
