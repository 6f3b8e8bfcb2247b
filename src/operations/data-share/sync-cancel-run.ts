import { changeSafely } from '../../client/change-safely.js';
import { oneLine, ServiceError } from '../../client/errors.js';
import { parseBody, type HttpClient } from '../../client/http.js';
import { synchronizationSchema, type Synchronization } from '../../client/schemas/data-share.js';
import { classifyStatus, isCancelled } from '../../client/status.js';
import { findInListing, newestNotEnded, nothingToCancel } from './choose.js';
import { explainFailure } from './datasets.js';
import { followAnswered, followHint, NEWEST_FIRST } from './follow.js';
import { cancelledWhileWaiting, describeSync, synchronizationResult, timeoutMessage } from './report.js';
import { ShareSubscription } from './share.js';
import { changed, planCancel } from './sync-plan.js';
import type { SyncCancelOptions } from './options.js';
import type { OperationContext, OperationResult } from '../types.js';

/**
 * cancelSynchronization through the client's change-safely rule. Where its effect is unknown (the answer was lost)
 * the synchronization is read (A1): ended or cancelled, the cancel is done with, and it is followed as after any
 * cancel; still running, the service may not have heard, and the cancel is sent again (asking twice to cancel
 * one synchronization cancels it once).
 */
async function cancel(
  share: ShareSubscription,
  id: string,
  known: Synchronization | undefined,
  ctx: OperationContext,
): Promise<Synchronization> {
  const sent = await changeSafely<Synchronization>({
    what: 'cancelSynchronization',
    findingOutBy: `Reading synchronization ${id}`,
    send: (clientRequestId) =>
      share.change('cancelSynchronization', { synchronizationId: id }, { clientRequestId }),
    findOut: async () => {
      const now = await listedById(share, id);
      if (!now || classifyStatus(now.status) !== 'running' || isCancelled(now.status)) {
        ctx.logger.info(
          `Synchronization ${id} is ${now?.status ?? 'no longer listed'}: following it to see how it ends.`,
        );
        return { acted: { ...known, ...now, synchronizationId: id } };
      }
      return { notActed: `synchronization ${id} is still ${now.status}` };
    },
    clock: ctx.clock,
    deadline: ctx.deadline,
    signal: ctx.signal,
    log: ctx.logger,
  });
  if ('acted' in sent) return sent.acted;
  const response = sent.response;
  const answer = parseBody(response, synchronizationSchema, 'cancelSynchronization');
  ctx.logger.info(
    `Sent cancelSynchronization for synchronization ${id}; the service answered HTTP ${response.status}, status ${answer.status ?? '(none)'}.`,
  );
  return { ...known, ...answer, synchronizationId: answer.synchronizationId ?? id };
}

/** The synchronization as A1 lists it now (newest first), or undefined where it is no longer listed. */
async function listedById(share: ShareSubscription, id: string): Promise<Synchronization | undefined> {
  const listing = share.listSynchronizations({ $orderby: NEWEST_FIRST });
  return (await findInListing(listing, { kind: 'id', synchronizationId: id }, true)).found;
}

/**
 * A cancel refused (4xx) because the synchronization has just ended: A1 says so, and the step goes on as after
 * a cancel that came too late (ended is what it was for). Any other refusal, or one still running, stands.
 */
async function endedMeanwhile(
  share: ShareSubscription,
  id: string,
  error: unknown,
  ctx: OperationContext,
): Promise<Synchronization> {
  const status = error instanceof ServiceError ? error.status : undefined;
  if (status === undefined || status < 400 || status >= 500 || [401, 403, 404, 429].includes(status))
    throw error;
  const now = await listedById(share, id);
  if (!now || classifyStatus(now.status) === 'running') throw error;
  ctx.logger.info(
    `cancelSynchronization was refused (HTTP ${status}), and synchronization ${id} has ended ${now.status}: nothing is left to cancel.`,
  );
  return { ...now, synchronizationId: id };
}

export async function syncCancel(
  options: SyncCancelOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const { logger } = ctx;
  const share = new ShareSubscription(options, client, ctx);
  if (ctx.dryRun) return planCancel(share, options.synchronizationId, ctx);
  // A cancel sent is a change, however the synchronization then ends.
  let sent = false;
  const result = (sync: Synchronization | undefined, more?: Parameters<typeof synchronizationResult>[2]) =>
    changed(synchronizationResult(sync, options, more), sent);

  let id = options.synchronizationId;
  let known: Synchronization | undefined;
  if (!id) {
    // The one that started last and has not ended: an older one may still run where the newest has ended.
    const { found, newest } = await newestNotEnded(share.listSynchronizations({ $orderby: NEWEST_FIRST }));
    known = found;
    if (known && !known.synchronizationId) {
      return result(known, {
        failure: `The latest synchronization not ended (status ${known.status ?? '(none)'}) is listed without a synchronizationId, so it cannot be cancelled by this step; nothing was sent.`,
        kind: 'not sent',
      });
    }
    if (!known?.synchronizationId) {
      const nothing = `Nothing to cancel: ${nothingToCancel(newest)}.`;
      logger.info(`${nothing} Nothing was sent.`);
      return result(undefined, { notes: [nothing], mark: { outcome: 'skipped', word: 'nothing to cancel' } });
    }
    id = known.synchronizationId;
    logger.info(
      `Cancelling synchronization ${id}${describeSync(known)}, status ${known.status ?? '(none)'}.`,
    );
  }

  let answered: Synchronization;
  try {
    answered = await cancel(share, id, known, ctx);
    sent = true;
  } catch (error) {
    answered = await endedMeanwhile(share, id, error, ctx);
  }
  const outcome = await followAnswered(share, id, answered, options.wait, ctx);
  const { sync, wanted } = outcome;
  switch (outcome.end) {
    case 'not-waited':
      return result(sync, { notes: [`Not waited for: ${followHint(id)}.`] });
    case 'succeeded':
    case 'failed': {
      if (isCancelled(sync.status)) {
        logger.info(`Synchronization ${id} was cancelled: ${sync.status}.`);
        return result(sync, {
          notes: [`The cancel took effect: ${sync.status}.`],
          mark: { outcome: 'succeeded', word: 'cancelled' },
        });
      }
      // Any other end came first, and the synchronization is no longer running: what the step was for.
      const ended = `Synchronization ${id} ended ${sync.status} before the cancel took effect.`;
      logger.info(ended);
      const failed = outcome.end === 'failed' ? (await explainFailure(share, sync, ctx)).failed : [];
      // Ended is what the step was for: nothing was left to cancel.
      return result(sync, { notes: [ended], failed, mark: { outcome: 'skipped', word: 'already ended' } });
    }
    case 'lost':
      return result(sync, {
        failure: `${oneLine(outcome.error.message)} The cancel was sent; ${followHint(id)}.`,
        kind: 'other',
      });
    case 'timeout':
      return result(sync, {
        failure: `${timeoutMessage(share.waitedMs(), outcome.sync, wanted, outcome.listedAny)} The cancel was sent; ${followHint(id)}.`,
        kind: 'timeout',
      });
    case 'cancelled':
      return result(sync, {
        failure: `${cancelledWhileWaiting(outcome.sync, wanted)} The cancel was sent; ${followHint(id)}.`,
        kind: 'cancelled',
      });
  }
}
