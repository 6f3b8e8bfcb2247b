import type { Synchronization } from '../../client/schemas/data-share.js';
import { PollTimeoutError, pollToEnd } from '../../client/arm/lro.js';
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
  // One pass of the listing: the synchronization chosen (once chosen, looked up by id), or none yet.
  const pass = async (): Promise<Synchronization | undefined> => {
    const id = followed?.synchronizationId;
    if (id) {
      const found = await findInListing(
        share.listSynchronizations({ $orderby: NEWEST_FIRST }),
        { kind: 'id', synchronizationId: id, startedAt: startOf(followed!) },
        true,
      );
      if (found.found) followed = found.found;
      else if (!warnedGone) {
        warnedGone = true;
        logger.warning(`Synchronization ${id} is no longer listed; still waiting for it.`);
      }
      return followed;
    }
    const found = await findInListing(
      share.listSynchronizations(choosing),
      request.choice,
      isNewestFirst(choosing.$orderby),
    );
    listedAny ||= found.listedAny;
    if (found.found) {
      followed = found.found;
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
    return followed;
  };
  const ended = await pollToEnd<Synchronization | undefined>({
    clock,
    signal: ctx.signal,
    deadline: ctx.deadline,
    pollIntervalMs: ctx.pollIntervalMs,
    poll: async () => ({ value: await pass(), retryAfterMs: share.retryAfterMs }),
    // Not listed yet is still running, as a synchronization without a status is.
    statusOf: (sync) => sync?.status,
    onProgress: (sync) => {
      const status = sync && (sync.status ?? '(none)');
      if (sync && status !== lastStatus) {
        logger.info(`Synchronization ${sync.synchronizationId ?? '(no id)'}: ${status}`);
        lastStatus = status;
      }
    },
    changed: () => true,
  });
  // A listing that failed for good (even one the deadline cut short) is the caller's to report, with the
  // service's answer (wait-for-sync fails; a start or cancel says how to follow it later).
  const timedOut = ended.kind === 'timeout' && ended.error instanceof PollTimeoutError;
  if (ended.kind === 'error' || (ended.kind === 'timeout' && !timedOut)) throw ended.error;
  return { sync: followed, end: ended.kind, listedAny };
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
