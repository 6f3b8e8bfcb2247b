import { changeSafely } from '../../client/change-safely.js';
import { oneLine, ServiceError } from '../../client/errors.js';
import { describeBody } from '../../client/error-body.js';
import { parseBody, type HttpClient } from '../../client/http.js';
import { classifyStatus } from '../../client/status.js';
import { findInListing, startOf } from './choose.js';
import { synchronizationSchema, type Synchronization } from '../../client/schemas/data-share.js';
import { explainFailure, failureWithDatasets } from './datasets.js';
import { followAnswered, followHint, NEWEST_FIRST } from './follow.js';
import {
  cancelledWhileWaiting,
  describeSync,
  endedInFailure,
  failedKind,
  synchronizationResult,
  timeoutMessage,
} from './report.js';
import { ShareSubscription } from './share.js';
import { changed, planStart } from './sync-plan.js';
import type { SyncStartOptions } from './options.js';
import type { OperationContext, OperationResult } from '../types.js';

const RUNNING_HINT =
  'A synchronization is already running for this share subscription: follow it with wait-for-sync (without synchronization-id it follows the newest), or end it with sync-cancel.';

export async function syncStart(
  options: SyncStartOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const share = new ShareSubscription(options, client, ctx);
  const mode = options.synchronizationMode;
  if (ctx.dryRun) return planStart(share, mode, RUNNING_HINT, ctx);

  const { id, begun } = await start(share, mode, ctx);

  // Started: the run changed something, whatever follows.
  const result = (sync: Synchronization, more?: Parameters<typeof synchronizationResult>[2]) =>
    changed(synchronizationResult(sync, options, more), true);

  const follow = followHint(id);
  const outcome = await followAnswered(share, id, begun, options.wait, ctx);
  const { sync, wanted } = outcome;
  switch (outcome.end) {
    case 'not-waited':
      return result(sync, { notes: [`Not waited for: ${follow}.`] });
    case 'succeeded':
      return result(sync);
    case 'failed': {
      const datasets = await explainFailure(share, sync, ctx);
      return result(sync, {
        failed: datasets.failed,
        failure: failureWithDatasets(endedInFailure(sync), datasets),
        kind: failedKind(datasets.failed),
      });
    }
    case 'lost':
      return result(sync, {
        failure: `${oneLine(outcome.error.message)} The synchronization was started and goes on at the service; ${followHint(id)}.`,
        kind: 'other',
      });
    case 'timeout':
      return result(sync, {
        failure: `${timeoutMessage(share.waitedMs(), outcome.sync, wanted, outcome.listedAny)} It goes on at the service: ${follow}.`,
        kind: 'timeout',
      });
    case 'cancelled': {
      const cancelled = cancelledWhileWaiting(outcome.sync, wanted);
      if (!options.cancelOnAbort) {
        return result(sync, {
          failure: `${cancelled} It goes on at the service: ${follow}, or end it with sync-cancel.`,
          kind: 'cancelled',
        });
      }
      return result(sync, {
        failure: `${cancelled} ${await cancelOnAbort(share, id, ctx)}`,
        kind: 'cancelled',
      });
    }
  }
}

/**
 * synchronize through the client's change-safely rule. A refusal (a 409 to the first attempt: a scheduled run, or
 * another party's) fails with the service's code and message. Only after an attempt of unknown effect is A1
 * searched, and only for a synchronization that started after that attempt was sent, in the mode asked: that one
 * is ours and is followed; a run that started before it is someone else's, and the failure stands.
 */
async function start(
  share: ShareSubscription,
  mode: SyncStartOptions['synchronizationMode'],
  ctx: OperationContext,
): Promise<{ id: string; begun: Synchronization }> {
  const sent = await changeSafely<Synchronization & { synchronizationId: string }>({
    what: 'synchronize',
    findingOutBy: 'Reading the list',
    send: (clientRequestId) =>
      share.change(
        'synchronize',
        { synchronizationMode: mode },
        { hint: (error) => (error.status === 409 ? RUNNING_HINT : undefined), clientRequestId },
      ),
    findOut: async ({ unknownSince }) => {
      const pass = await findInListing(
        share.listSynchronizations({ $orderby: NEWEST_FIRST }),
        { kind: 'newest' },
        true,
      );
      const newest = pass.found;
      if (newest?.synchronizationId && isOurs(newest, mode, unknownSince)) {
        return { acted: { ...newest, synchronizationId: newest.synchronizationId } };
      }
      if (newest && classifyStatus(newest.status) === 'running') {
        return {
          refused: `Synchronization ${newest.synchronizationId ?? '(no id)'}${describeSync(newest)} runs and did not start after this step's synchronize was sent, so it is not taken for this step's; ${RUNNING_HINT}`,
        };
      }
      return { notActed: 'no synchronization started since: the service did not act' };
    },
    clock: ctx.clock,
    deadline: ctx.deadline,
    signal: ctx.signal,
    log: ctx.logger,
  });
  if ('acted' in sent) {
    const begun = sent.acted;
    ctx.logger.info(
      `The service started synchronization ${begun.synchronizationId}${describeSync(begun)}: following it.`,
    );
    return { id: begun.synchronizationId, begun };
  }
  const response = sent.response;
  const answer = parseBody(response, synchronizationSchema, 'synchronize');
  const id = answer.synchronizationId;
  if (!id) {
    throw new ServiceError({
      status: response.status,
      code: 'InvalidResponse',
      message: `synchronize: the answer carries no synchronizationId, so the synchronization cannot be followed (${describeBody(response)}); find it with wait-for-sync`,
      requestId: response.requestId,
    });
  }
  ctx.logger.info(
    `Started synchronization ${id} (${mode}); the service answered HTTP ${response.status}, status ${answer.status ?? '(none)'}.`,
  );
  return { id, begun: { ...answer, synchronizationMode: answer.synchronizationMode ?? mode } };
}

/**
 * Ours: started after the attempt of unknown effect was sent (by our clock against the service's: a run that
 * began before it, however recently, is another party's), or listed first and queued without a start, and in the
 * mode asked where the listing names one.
 */
function isOurs(sync: Synchronization, mode: string, sentAt: number): boolean {
  const start = startOf(sync);
  const listedMode = sync.synchronizationMode;
  if (listedMode && listedMode.toLowerCase() !== mode.toLowerCase()) return false;
  return start === undefined || start >= sentAt;
}

/**
 * cancel-on-abort: the job is cancelled, so the synchronization it started is cancelled too. Sent after the
 * cancellation (`afterCancel`, at most 4 s), so the step still exits inside the runner's window.
 */
async function cancelOnAbort(share: ShareSubscription, id: string, ctx: OperationContext): Promise<string> {
  try {
    const response = await share.change(
      'cancelSynchronization',
      { synchronizationId: id },
      { afterCancel: true },
    );
    const status = safeStatus(response.text);
    ctx.logger.info(
      `cancel-on-abort: sent cancelSynchronization for synchronization ${id}; the service answered HTTP ${response.status}${status ? `, status ${status}` : ''}.`,
    );
    return `cancel-on-abort cancelled it at the service (HTTP ${response.status}${status ? `, status ${status}` : ''}).`;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.logger.warning(`cancel-on-abort: cancelSynchronization for synchronization ${id} failed: ${reason}`);
    return `cancel-on-abort could not cancel it (${reason}): end it with sync-cancel and synchronization-id ${id}.`;
  }
}

/** The status of a cancel's answer, for the log only: an odd body does not matter once the job is cancelled. */
function safeStatus(text: string): string | undefined {
  try {
    const status = (JSON.parse(text) as { status?: unknown }).status;
    return typeof status === 'string' ? status : undefined;
  } catch {
    return undefined;
  }
}
