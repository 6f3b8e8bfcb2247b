import type { Synchronization } from '../../client/schemas/data-share.js';
import { classifyStatus } from '../../client/status.js';
import type { OperationContext } from '../types.js';
import { findInListing, isNewestFirst, startOf, type Choice } from './choose.js';
import { describeSync } from './report.js';
import type { ShareSubscription } from './share.js';

/** Ours when the user gives no orderby: newest first, so the first page decides (see findInListing). */
export const NEWEST_FIRST = 'startTime desc';

export interface FollowRequest {
  choice: Choice;
  /** `$filter` and `$orderby` of the listing the synchronization is chosen in. */
  filter?: string;
  orderby?: string;
  /** The synchronization wanted, as a noun phrase: "synchronization X", "synchronization started at or after T". */
  wanted: string;
}

export interface FollowOutcome {
  /** The synchronization followed, as last listed. */
  sync?: Synchronization;
  end: 'succeeded' | 'failed' | 'timeout' | 'cancelled';
  /** Whether any listing held a synchronization at all: the timeout message says so. */
  listedAny: boolean;
}

/**
 * Chooses a synchronization in A1 and follows it there until it ends, the deadline passes or the job is
 * cancelled. Once chosen, it is looked up by id in a listing ordered newest first and without the filter,
 * because a filter such as `status eq 'InProgress'` would hide it the moment it ends. One line per change of
 * status; the wait between polls is the service's Retry-After, else poll-interval.
 */
export async function followSynchronization(
  share: ShareSubscription,
  request: FollowRequest,
  ctx: OperationContext,
): Promise<FollowOutcome> {
  const { clock, logger } = ctx;
  const choosing = { $filter: request.filter, $orderby: request.orderby ?? NEWEST_FIRST };
  let followed: Synchronization | undefined;
  let listedAny = false;
  let lastStatus: string | undefined;
  let warnedGone = false;
  let announcedWaiting = false;
  const outcome = (end: FollowOutcome['end']): FollowOutcome => ({ sync: followed, end, listedAny });
  try {
    for (;;) {
      const id = followed?.synchronizationId;
      if (id) {
        const pass = await findInListing(
          share.listSynchronizations({ $orderby: NEWEST_FIRST }),
          { kind: 'id', synchronizationId: id, startedAt: startOf(followed!) },
          true,
        );
        if (pass.found) followed = pass.found;
        else if (!warnedGone) {
          warnedGone = true;
          logger.warning(`Synchronization ${id} is no longer listed; still waiting for it.`);
        }
      } else {
        const pass = await findInListing(
          share.listSynchronizations(choosing),
          request.choice,
          isNewestFirst(choosing.$orderby),
        );
        listedAny ||= pass.listedAny;
        if (pass.found) {
          followed = pass.found;
          logger.info(
            `Following synchronization ${followed.synchronizationId ?? '(no id)'}${describeSync(followed)}.`,
          );
        } else if (!announcedWaiting) {
          announcedWaiting = true;
          logger.info(
            listedAny
              ? `No ${request.wanted} is listed yet; waiting for it.`
              : 'No synchronization is listed yet; waiting for one.',
          );
        }
      }

      if (followed) {
        const status = followed.status ?? '(none)';
        if (status !== lastStatus) {
          logger.info(`Synchronization ${followed.synchronizationId ?? '(no id)'}: ${status}`);
          lastStatus = status;
        }
        const end = classifyStatus(followed.status);
        if (end !== 'running') return outcome(end);
      }

      const now = clock.now();
      if (now >= ctx.deadline) return outcome('timeout');
      await clock.sleep(Math.min(share.retryAfterMs ?? ctx.pollIntervalMs, ctx.deadline - now), ctx.signal);
    }
  } catch (error) {
    if (!ctx.signal?.aborted) throw error;
    return outcome('cancelled');
  }
}

/** How to follow a synchronization in a later step: said where this one stops waiting. */
export const followHint = (id: string) => `follow it with wait-for-sync and synchronization-id ${id}`;

/**
 * How following a synchronization this step started or cancelled ended: as followSynchronization, or
 * `not-waited` (`wait: false`: the answer is all there is), or `lost` (a request failed for good while following:
 * the synchronization goes on at the service, and the step says how to follow it).
 */
export type AnsweredOutcome = (
  FollowOutcome | { end: 'not-waited'; listedAny: false } | { end: 'lost'; error: Error; listedAny: boolean }
) & { sync: Synchronization; wanted: string };

/**
 * Follows the synchronization an answer of this step named (sync-start's, sync-cancel's): by id, where it may
 * show up a moment later; bounded by its start where the answer gave one. `wait: false` ends at the answer.
 */
export async function followAnswered(
  share: ShareSubscription,
  id: string,
  answered: Synchronization,
  wait: boolean,
  ctx: OperationContext,
): Promise<AnsweredOutcome> {
  const wanted = `synchronization ${id}`;
  if (!wait) {
    ctx.logger.info(`Not waiting (wait: false): ${followHint(id)}.`);
    return { sync: answered, end: 'not-waited', listedAny: false, wanted };
  }
  try {
    const outcome = await followSynchronization(
      share,
      { choice: { kind: 'id', synchronizationId: id, startedAt: startOf(answered) }, wanted },
      ctx,
    );
    return { ...outcome, sync: outcome.sync ?? answered, wanted };
  } catch (error) {
    return { sync: answered, end: 'lost', error: error as Error, listedAny: false, wanted };
  }
}
