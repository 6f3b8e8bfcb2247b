import type { HttpClient, HttpResponse } from '../../client/http.js';
import { parseRetryAfter } from '../../client/retry.js';
import {
  sourceSettingListSchema,
  synchronizationListSchema,
  type SourceShareSynchronizationSetting,
  type Synchronization,
} from '../../client/schemas/data-share.js';
import { classifyStatus } from '../../client/status.js';
import { listPages } from '../../client/pages.js';
import { joinUrl, servicePath } from '../../client/url.js';
import { findInListing, isNewestFirst, type Choice } from './choose.js';
import { findSchedule, nextExpectedRun } from './schedule.js';
import { describeSync, logSchedule, summaryTables, syncOutputs, timeoutMessage } from './report.js';
import { defineOperation, optional, required, withDefault } from '../module.js';
import { RESPONSE_ID_OUTPUTS } from '../outputs.js';
import type { OperationContext, OperationResult } from '../types.js';

/**
 * wait-for-sync (A): reads the share subscription and how to pick a synchronization; sets the synchronization's
 * outputs and the source share's schedule.
 */
export default defineOperation({
  name: 'wait-for-sync',
  description:
    "Waits until a data-share subscription's synchronization ends; reports the source share's schedule.",
  client: 'resource-manager',
  polls: true,
  inputs: {
    apiVersion: withDefault('api-version', '2021-08-01'),
    subscriptionId: required('subscription-id'),
    resourceGroup: required('resource-group'),
    accountName: required('account-name'),
    shareSubscription: required('share-subscription'),
    synchronizationId: optional('synchronization-id'),
    startedAfter: optional('started-after'),
    filter: optional('filter'),
    orderby: optional('orderby'),
  },
  outputs: [
    'result',
    'synchronization-id',
    'synchronization-status',
    'synchronization-mode',
    'start-time',
    'end-time',
    'duration-ms',
    'message',
    'recurrence-interval',
    'synchronization-time',
    ...RESPONSE_ID_OUTPUTS,
  ],
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-data --account-name consumer --share-subscription sales',
  run: waitForSync,
});

export interface WaitForSyncOptions {
  baseUrl: URL;
  apiVersion: string;
  subscriptionId: string;
  resourceGroup: string;
  accountName: string;
  shareSubscription: string;
  synchronizationId?: string;
  startedAfter?: Date;
  filter?: string;
  orderby?: string;
}

/** Ours when the user gives no orderby: newest first, so the first page decides (see findInListing). */
const NEWEST_FIRST = 'startTime desc';

/**
 * Waits until the chosen synchronization of a share subscription ends, and reports the source share's schedule.
 * `filter` and `orderby` shape the listing in which the synchronization is chosen; once chosen, it is looked up
 * by id in a listing ordered newest first and without the filter, because a filter such as
 * `status eq 'InProgress'` would hide it the moment it ends.
 */
export async function waitForSync(
  options: WaitForSyncOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const { clock, logger } = ctx;
  const started = clock.now();
  const share = servicePath`/subscriptions/${options.subscriptionId}/resourceGroups/${options.resourceGroup}/providers/Vendor.DataShare/accounts/${options.accountName}/shareSubscriptions/${options.shareSubscription}`;
  const listUrl = (action: string, query: Record<string, string | undefined>) =>
    joinUrl(options.baseUrl, `${share}/${action}`, { 'api-version': options.apiVersion, ...query });

  let settings: SourceShareSynchronizationSetting[];
  try {
    settings = await readSettings(client, listUrl('listSourceShareSynchronizationSettings', {}), ctx);
  } catch (error) {
    if (!ctx.signal?.aborted) throw error;
    return { outputs: {}, summary: [], failure: "Cancelled while reading the source share's settings." };
  }
  const scheduleReadAt = clock.now();
  const schedule = findSchedule(settings);
  const nextRun =
    schedule && nextExpectedRun(schedule.synchronizationTime, schedule.recurrenceInterval, scheduleReadAt);
  logSchedule(settings, schedule, nextRun, ctx);

  const choosing = { $filter: options.filter, $orderby: options.orderby ?? NEWEST_FIRST };
  const choice: Choice = options.synchronizationId
    ? { kind: 'id', synchronizationId: options.synchronizationId }
    : { kind: 'newest', startedAfter: options.startedAfter?.getTime() };
  const wanted = describeChoice(options);

  let followed: Synchronization | undefined;
  let listedAny = false;
  let lastStatus: string | undefined;
  let warnedGone = false;
  let retryAfterMs: number | undefined;
  let announcedWaiting = false;
  const onResponse = (response: HttpResponse) =>
    (retryAfterMs = parseRetryAfter(response.headers['retry-after'], clock.now()));
  const listSynchronizations = (query: Record<string, string | undefined>) =>
    // Both lists are POSTs without a body: the client sends Content-Length: 0.
    listPages(
      client,
      'POST',
      listUrl('listSynchronizations', query),
      synchronizationListSchema,
      'listSynchronizations',
      {
        signal: ctx.signal,
        onResponse,
      },
    );

  const finish = (failure?: string): OperationResult => ({
    outputs: syncOutputs(followed, schedule, settings, nextRun),
    summary: summaryTables(followed, settings, scheduleReadAt, [
      ['account', options.accountName],
      ['share subscription', options.shareSubscription],
      ['resource group', options.resourceGroup],
    ]),
    failure,
  });

  logger.info(
    `Waiting for ${options.synchronizationId ? wanted : `the newest ${wanted}`} of share subscription '${options.shareSubscription}'.`,
  );
  try {
    for (;;) {
      retryAfterMs = undefined;
      const id = followed?.synchronizationId;
      if (id) {
        const pass = await findInListing(
          listSynchronizations({ $orderby: NEWEST_FIRST }),
          { kind: 'id', synchronizationId: id },
          true,
        );
        if (pass.found) followed = pass.found;
        else if (!warnedGone) {
          warnedGone = true;
          logger.warning(`Synchronization ${id} is no longer listed; still waiting for it.`);
        }
      } else {
        const pass = await findInListing(
          listSynchronizations(choosing),
          choice,
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
              ? `No ${wanted} is listed yet; waiting for it.`
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
        const outcome = classifyStatus(followed.status);
        if (outcome === 'succeeded') return finish();
        if (outcome === 'failed') {
          return finish(
            `Synchronization ${followed.synchronizationId ?? '(no id)'} ended ${status}: ${followed.message || 'the service gave no message'}`,
          );
        }
      }

      const now = clock.now();
      if (now >= ctx.deadline) return finish(timeoutMessage(now - started, followed, wanted, listedAny));
      await clock.sleep(Math.min(retryAfterMs ?? ctx.pollIntervalMs, ctx.deadline - now), ctx.signal);
    }
  } catch (error) {
    if (!ctx.signal?.aborted) throw error;
    return finish(
      followed
        ? `Cancelled while waiting for synchronization ${followed.synchronizationId ?? '(no id)'}; last status: ${followed.status ?? '(none)'}.`
        : `Cancelled while waiting: no ${wanted} had been seen yet.`,
    );
  }
}

/** `$` kept literal and spaces as %20, the way OData services document their query options. */
async function readSettings(
  client: HttpClient,
  url: URL,
  ctx: OperationContext,
): Promise<SourceShareSynchronizationSetting[]> {
  const settings: SourceShareSynchronizationSetting[] = [];
  // A handful of settings per share: holding all of them is fine, unlike the synchronization history.
  for await (const page of listPages(
    client,
    'POST',
    url,
    sourceSettingListSchema,
    'listSourceShareSynchronizationSettings',
    { signal: ctx.signal },
  )) {
    settings.push(...page.value);
  }
  return settings;
}

/** The synchronization wanted, as a noun phrase: "synchronization X", "synchronization started at or after T". */
function describeChoice(options: WaitForSyncOptions): string {
  if (options.synchronizationId) return `synchronization ${options.synchronizationId}`;
  if (options.startedAfter)
    return `synchronization started at or after ${options.startedAfter.toISOString()}`;
  return 'synchronization';
}
