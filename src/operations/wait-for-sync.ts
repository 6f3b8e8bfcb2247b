import type { HttpClient, HttpResponse } from '../client/http.js';
import { parseRetryAfter } from '../client/retry.js';
import {
  sourceSettingListSchema,
  synchronizationListSchema,
  type SourceShareSynchronizationSetting,
  type Synchronization,
} from '../client/schemas/data-share.js';
import { classifyStatus } from '../client/status.js';
import { joinUrl, servicePath } from '../client/url.js';
import { findInListing, isNewestFirst, type Choice } from './sync/choose.js';
import { listPages } from './sync/listing.js';
import { findSchedule, nextExpectedRun, type Schedule } from './sync/schedule.js';
import type { OperationContext, OperationResult, SummaryTable } from './types.js';

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
    withQuery(joinUrl(options.baseUrl, `${share}/${action}`), {
      'api-version': options.apiVersion,
      ...query,
    });

  const settings = await readSettings(client, listUrl('listSourceShareSynchronizationSettings', {}), ctx);
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
  const onResponse = (response: HttpResponse) =>
    (retryAfterMs = parseRetryAfter(response.headers['retry-after'], clock.now()));

  const finish = (failure?: string): OperationResult => ({
    outputs: syncOutputs(followed, schedule, settings, nextRun),
    summary: summaryTables(followed, settings, scheduleReadAt),
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
          listPages(
            client,
            listUrl('listSynchronizations', { $orderby: NEWEST_FIRST }),
            synchronizationListSchema,
            'listSynchronizations',
            { signal: ctx.signal, onResponse },
          ),
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
          listPages(
            client,
            listUrl('listSynchronizations', choosing),
            synchronizationListSchema,
            'listSynchronizations',
            { signal: ctx.signal, onResponse },
          ),
          choice,
          isNewestFirst(choosing.$orderby),
        );
        listedAny ||= pass.listedAny;
        if (pass.found) {
          followed = pass.found;
          logger.info(
            `Following synchronization ${followed.synchronizationId ?? '(no id)'}${describeSync(followed)}.`,
          );
        } else if (lastStatus === undefined && !listedAny) {
          logger.info(`No synchronization is listed yet; waiting for one.`);
          lastStatus = '';
        } else if (lastStatus === undefined) {
          logger.info(`No ${wanted} is listed yet; waiting for it.`);
          lastStatus = '';
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
function withQuery(url: URL, query: Record<string, string | undefined>): URL {
  const parts = Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  url.search = parts.join('&');
  return url;
}

async function readSettings(
  client: HttpClient,
  url: URL,
  ctx: OperationContext,
): Promise<SourceShareSynchronizationSetting[]> {
  const settings: SourceShareSynchronizationSetting[] = [];
  // A handful of settings per share: holding all of them is fine, unlike the synchronization history.
  for await (const page of listPages(
    client,
    url,
    sourceSettingListSchema,
    'listSourceShareSynchronizationSettings',
    { signal: ctx.signal },
  )) {
    settings.push(...page.value);
  }
  return settings;
}

function logSchedule(
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
  const others = settings.filter((s) => (s.kind ?? '').toLowerCase() !== 'schedulebased');
  if (others.length > 0) {
    ctx.logger.info(
      `Source share settings of other kinds (${others.map((s) => s.kind ?? '(no kind)').join(', ')}) are kept as raw JSON in the result output.`,
    );
  }
}

/** The synchronization wanted, as a noun phrase: "synchronization X", "synchronization started at or after T". */
function describeChoice(options: WaitForSyncOptions): string {
  if (options.synchronizationId) return `synchronization ${options.synchronizationId}`;
  if (options.startedAfter)
    return `synchronization started at or after ${options.startedAfter.toISOString()}`;
  return 'synchronization';
}

function describeSync(sync: Synchronization): string {
  const parts = [sync.synchronizationMode, sync.startTime && `started ${sync.startTime}`].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

function timeoutMessage(
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

function syncOutputs(
  sync: Synchronization | undefined,
  schedule: Schedule | undefined,
  settings: SourceShareSynchronizationSetting[],
  nextRun: Date | undefined,
): OperationResult['outputs'] {
  return {
    'synchronization-id': sync?.synchronizationId ?? undefined,
    'synchronization-status': sync?.status ?? undefined,
    'synchronization-mode': sync?.synchronizationMode ?? undefined,
    'start-time': sync?.startTime ?? undefined,
    'end-time': sync?.endTime ?? undefined,
    'duration-ms': sync?.durationMs ?? undefined,
    message: sync?.message ?? undefined,
    'recurrence-interval': schedule?.recurrenceInterval,
    'synchronization-time': schedule?.synchronizationTime,
    result: {
      synchronization: sync ?? null,
      sourceShareSynchronizationSettings: settings,
      ...(nextRun ? { nextExpectedRun: nextRun.toISOString() } : {}),
    },
  };
}

function summaryTables(
  sync: Synchronization | undefined,
  settings: SourceShareSynchronizationSetting[],
  now: number,
): SummaryTable[] {
  const dash = (v: string | number | null | undefined) =>
    v === undefined || v === null || v === '' ? '—' : String(v);
  const tables: SummaryTable[] = [
    {
      title: 'Synchronization',
      header: ['Synchronization id', 'Mode', 'Status', 'Start', 'End', 'Duration (ms)'],
      rows: sync
        ? [
            [
              dash(sync.synchronizationId),
              dash(sync.synchronizationMode),
              dash(sync.status),
              dash(sync.startTime),
              dash(sync.endTime),
              dash(sync.durationMs),
            ],
          ]
        : [['(none seen)', '—', '—', '—', '—', '—']],
      notes: sync?.message ? [`Message: ${sync.message}`] : undefined,
    },
  ];
  const rows = settings.map((s) => {
    const scheduled = (s.kind ?? '').toLowerCase() === 'schedulebased';
    const schedule = scheduled ? findSchedule([s]) : undefined;
    return [
      dash(s.kind),
      dash(schedule?.recurrenceInterval),
      dash(schedule?.synchronizationTime),
      scheduled
        ? dash(
            nextExpectedRun(schedule?.synchronizationTime, schedule?.recurrenceInterval, now)?.toISOString(),
          )
        : 'raw JSON in the result output',
    ];
  });
  tables.push({
    title: 'Source share schedule',
    header: ['Kind', 'Recurrence interval', 'Synchronization time', 'Next expected run'],
    rows: rows.length ? rows : [['(no synchronization setting)', '—', '—', '—']],
  });
  return tables;
}
