import { oneLine, ServiceError, withFindingOutFailure } from '../../client/errors.js';
import { describeBody } from '../../client/error-body.js';
import { parseBody, type HttpClient, type HttpResponse } from '../../client/http.js';
import { defaultRetryPolicy } from '../../client/retry.js';
import { classifyStatus } from '../../client/status.js';
import { findInListing, startOf, type ListingPass } from './choose.js';
import { synchronizationSchema, type Synchronization } from '../../client/schemas/data-share.js';
import { explainFailure, failureWithDatasets } from './datasets.js';
import { followAnswered, followHint, NEWEST_FIRST } from './follow.js';
import {
  cancelledWhileWaiting,
  describeSync,
  endedInFailure,
  SYNCHRONIZATION_OUTPUTS,
  synchronizationResult,
  timeoutMessage,
} from './report.js';
import { SHARE_INPUTS, ShareSubscription, type ShareSubscriptionOptions } from './share.js';
import { defineOperation, withDefault } from '../module.js';
import type { OperationContext, OperationResult } from '../types.js';

/** sync-start (A3): starts a synchronization, then follows it in A1 as wait-for-sync does. */
export default defineOperation({
  name: 'sync-start',
  description:
    'Starts a synchronization of a data-share subscription and, unless wait is false, waits until it ends.',
  client: 'resource-manager',
  polls: true,
  inputs: {
    ...SHARE_INPUTS,
    synchronizationMode: withDefault('synchronization-mode'),
    cancelOnAbort: withDefault('cancel-on-abort'),
    wait: withDefault('wait'),
  },
  outputs: SYNCHRONIZATION_OUTPUTS,
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-data --account-name consumer --share-subscription sales --synchronization-mode FullSync',
  run: syncStart,
});

export interface SyncStartOptions extends ShareSubscriptionOptions {
  synchronizationMode: 'Incremental' | 'FullSync';
  cancelOnAbort: boolean;
  wait: boolean;
}

const RUNNING_HINT =
  'A synchronization is already running for this share subscription: follow it with wait-for-sync (without synchronization-id it follows the newest), or end it with sync-cancel.';

export async function syncStart(
  options: SyncStartOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const { clock } = ctx;
  const started = clock.now();
  const share = new ShareSubscription(options, client, ctx);
  const mode = options.synchronizationMode;

  const { id, begun } = await start(share, mode, ctx);

  const result = (sync: Synchronization, more?: Parameters<typeof synchronizationResult>[2]) =>
    synchronizationResult(sync, options, more);

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
      });
    }
    case 'lost':
      return result(sync, {
        failure: `${oneLine(outcome.error.message)} The synchronization was started and goes on at the service; ${followHint(id)}.`,
      });
    case 'timeout':
      return result(sync, {
        failure: `${timeoutMessage(clock.now() - started, outcome.sync, wanted, outcome.listedAny)} It goes on at the service: ${follow}.`,
      });
    case 'cancelled': {
      const cancelled = cancelledWhileWaiting(outcome.sync, wanted);
      if (!options.cancelOnAbort) {
        return result(sync, {
          failure: `${cancelled} It goes on at the service: ${follow}, or end it with sync-cancel.`,
        });
      }
      return result(sync, { failure: `${cancelled} ${await cancelOnAbort(share, id, ctx)}` });
    }
  }
}

/** How often synchronize is sent where the service did not act: the attempts a read gets from the client. */
const SEND_ATTEMPTS = defaultRetryPolicy.attempts;

/** Where a started synchronization whose answer was lost may show up: the service's clock against ours. */
const CLOCK_SKEW_MS = 60_000;

/**
 * synchronize, and where its effect is unknown (the answer was lost, `effectUnknown`) or it was answered 409, the
 * finding out: the newest synchronization in A1, if it started since the request was sent (less the clocks'
 * skew) or is listed first without a start (queued), is the one it started; where there is none and nothing
 * runs, the service did not act and synchronize is sent again. Anything else keeps the request's own failure.
 */
async function start(
  share: ShareSubscription,
  mode: SyncStartOptions['synchronizationMode'],
  ctx: OperationContext,
): Promise<{ id: string; begun: Synchronization }> {
  const sentAt = ctx.clock.now();
  for (let attempt = 1; ; attempt++) {
    let response: HttpResponse;
    try {
      response = await share.change(
        'synchronize',
        { synchronizationMode: mode },
        { hint: (error) => (error.status === 409 ? RUNNING_HINT : undefined) },
      );
    } catch (error) {
      const unknown = error instanceof ServiceError && (error.effectUnknown || error.status === 409);
      if (!unknown || ctx.signal?.aborted) throw error;
      const what =
        error.status === 409 ? 'was answered 409' : 'may have reached the service (its answer was lost)';
      ctx.logger.warning(
        `synchronize ${what}: reading the list to find out whether the service started one.`,
      );
      let pass: ListingPass;
      try {
        pass = await findInListing(
          share.listSynchronizations({ $orderby: NEWEST_FIRST }),
          { kind: 'newest' },
          true,
        );
      } catch (readError) {
        // The request's own failure stays the cause; the read's is added (a service that went away says so).
        throw withFindingOutFailure(error, readError, 'Reading the list');
      }
      const newest = pass.found;
      const start = newest && startOf(newest);
      if (newest?.synchronizationId && (start === undefined || start >= sentAt - CLOCK_SKEW_MS)) {
        ctx.logger.info(
          `The service started synchronization ${newest.synchronizationId}${describeSync(newest)}: following it.`,
        );
        return { id: newest.synchronizationId, begun: newest };
      }
      if ((newest && classifyStatus(newest.status) === 'running') || attempt >= SEND_ATTEMPTS) throw error;
      ctx.logger.info(
        'No synchronization started since: the service did not act; sending synchronize again.',
      );
      continue;
    }
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
