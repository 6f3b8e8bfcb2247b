import { oneLine, ServiceError } from '../../client/errors.js';
import { describeBody } from '../../client/error-body.js';
import { parseBody, type HttpClient } from '../../client/http.js';
import { synchronizationSchema, type Synchronization } from '../../client/schemas/data-share.js';
import { explainFailure, failureWithDatasets } from './datasets.js';
import { followAnswered, followHint } from './follow.js';
import {
  cancelledWhileWaiting,
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
  const { clock, logger } = ctx;
  const started = clock.now();
  const share = new ShareSubscription(options, client, ctx);
  const mode = options.synchronizationMode;

  const response = await share.change(
    'synchronize',
    { synchronizationMode: mode },
    { hint: (error) => (error.status === 409 ? RUNNING_HINT : undefined) },
  );
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
  const begun: Synchronization = { ...answer, synchronizationMode: answer.synchronizationMode ?? mode };
  logger.info(
    `Started synchronization ${id} (${mode}); the service answered HTTP ${response.status}, status ${answer.status ?? '(none)'}.`,
  );

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
