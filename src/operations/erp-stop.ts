import { InputError, ServiceError } from '../client/errors.js';
import type { HttpClient, HttpResponse } from '../client/http.js';
import type { StopRequestBody } from '../client/schemas/erp.js';
import { classifyStatus } from '../client/status.js';
import { joinUrl, redactQuery, resolveOnOrigin, servicePath } from '../client/url.js';
import { followOperation, pollingLinkOf, progressLine, readStatus, type Seen } from './erp/follow.js';
import { conclude, report, statusOf, type Outcome } from './erp/outcome.js';
import { mapLimited } from './erp/pool.js';
import { ConcurrentLog, InstanceLog } from './erp/progress.js';
import type { OperationContext, OperationResult } from './types.js';

export interface ErpStopOptions {
  baseUrl: URL;
  apiVersion: string;
  subscriptionId: string;
  resourceGroup: string;
  erpVirtualInstances: string[];
  softStopTimeoutSeconds: number;
  hardStopFallback: boolean;
  maxParallel: number;
  wait: boolean;
}

/**
 * Stops the application of each erp virtual instance (C1) and, unless `wait` is false, follows each stop's
 * long-running operation to its end; at most `maxParallel` instances at once.
 */
export async function erpStop(
  options: ErpStopOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  // Every path is built before the first request: a bad name fails the step with nothing sent.
  const targets = options.erpVirtualInstances.map((name) => ({ name, url: stopUrl(options, name) }));
  const several = targets.length > 1;
  const concurrent = several && options.maxParallel > 1 ? new ConcurrentLog(ctx.logger) : undefined;
  const outcomes = await mapLimited(targets, options.maxParallel, async ({ name, url }) => {
    if (concurrent) {
      const log = new InstanceLog(name, concurrent);
      const outcome = await stopOne(name, url, options, client, ctx, log);
      await concurrent.group(`erp-stop ${name}: ${statusOf(outcome) ?? describeKind(outcome)}`, [
        ...log.history,
        ...log.details,
      ]);
      return outcome;
    }
    // One at a time: the instance's group is open while it runs, so its progress shows live inside it.
    return ctx.logger.group(`erp-stop ${name}`, async () => {
      const log = new InstanceLog(name, ctx.logger);
      const outcome = await stopOne(name, url, options, client, ctx, log);
      for (const line of log.details) ctx.logger.info(line);
      return outcome;
    });
  });
  return report(outcomes, {
    title: 'erp-stop',
    targetHeader: 'erp virtual instance',
    several,
    severalFailed: 'erp virtual instances did not stop',
  });
}

function stopUrl(options: ErpStopOptions, name: string): URL {
  checkSegment('subscription-id', options.subscriptionId);
  checkSegment('resource-group', options.resourceGroup, 90);
  checkSegment('erp-virtual-instance', name);
  const path = servicePath`/subscriptions/${options.subscriptionId}/resourceGroups/${options.resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${name}/stop`;
  return joinUrl(options.baseUrl, path, { 'api-version': options.apiVersion });
}

function checkSegment(input: string, value: string, maxLength?: number): void {
  if (value === '' || value === '.' || value === '..') {
    throw new InputError(input, `'${value}' cannot name a resource`);
  }
  if (maxLength !== undefined && value.length > maxLength) {
    throw new InputError(input, `must be 1 to ${maxLength} characters (got ${value.length})`);
  }
}

async function stopOne(
  name: string,
  url: URL,
  options: ErpStopOptions,
  client: HttpClient,
  ctx: OperationContext,
  log: InstanceLog,
): Promise<Outcome> {
  const label = `The stop of erp virtual instance '${name}'`;
  const startedAt = ctx.clock.now();
  const elapsed = () => ctx.clock.now() - startedAt;
  // An instance whose turn comes after a cancellation or the deadline is not stopped at all.
  if (ctx.signal?.aborted || startedAt >= ctx.deadline) {
    const why = ctx.signal?.aborted ? 'the job was cancelled' : 'the timeout ran out';
    log.info(`not stopped: ${why} before its turn`);
    return {
      target: name,
      kind: ctx.signal?.aborted ? 'cancelled' : 'timeout',
      durationMs: 0,
      failure: `${label} was not sent: ${why} before its turn.`,
    };
  }

  let seen: Seen | undefined;
  let pollingUrl: string;
  try {
    const response = await sendStop(client, url, options, log);
    seen = { body: readStatus(response, 'stop response'), response };
    const now = classifyStatus(seen.body.status);
    if (response.status !== 202 && now !== 'running') {
      log.info(progressLine(seen.body, elapsed()));
      return conclude(label, name, { kind: now, last: seen }, undefined, elapsed(), log);
    }
    // A 202 is followed whatever its body says: the operation is what decides.
    if (response.status === 202 && now !== 'running') seen = { body: {}, response };
    const link = pollingLinkOf(response);
    if (!link) {
      throw new Error(
        response.status === 202
          ? 'the service answered 202 Accepted without a vendor-AsyncOperation or Location header, so there is no operation to follow'
          : `the service answered ${response.status} with the running status '${seen.body.status ?? 'none'}' but without a vendor-AsyncOperation or Location header to follow`,
      );
    }
    pollingUrl = resolveOnOrigin(link, client.origin, 'polling URL').href;
    log.info(`stop accepted (HTTP ${response.status}); operation ${redactQuery(pollingUrl)}`);
  } catch (error) {
    const kind = ctx.signal?.aborted ? 'cancelled' : 'error';
    return conclude(label, name, { kind, last: seen, error }, undefined, elapsed(), log);
  }
  if (!options.wait) {
    log.info(`${progressLine(seen.body, elapsed())}; not waiting (wait: false)`);
    return conclude(label, name, { kind: 'accepted', last: seen }, pollingUrl, elapsed(), log);
  }
  const followed = await followOperation({ client, ctx, log, pollingUrl, initial: seen, startedAt });
  return conclude(label, name, followed, pollingUrl, elapsed(), log);
}

/** C1, with the fallback: a refused soft stop (SoftStopUnsupported) is retried as a hard stop where allowed. */
async function sendStop(
  client: HttpClient,
  url: URL,
  options: ErpStopOptions,
  log: InstanceLog,
): Promise<HttpResponse> {
  const stop = (softStopTimeoutSeconds: number) =>
    client.send({ method: 'POST', url, json: { softStopTimeoutSeconds } satisfies StopRequestBody });
  const soft = options.softStopTimeoutSeconds;
  try {
    return await stop(soft);
  } catch (error) {
    if (
      !(error instanceof ServiceError) ||
      error.code?.toLowerCase() !== 'softstopunsupported' ||
      soft === 0
    ) {
      throw error;
    }
    if (!options.hardStopFallback) {
      throw error.withHint('Set hard-stop-fallback: true to stop with softStopTimeoutSeconds 0 instead.');
    }
    log.warning(
      `the service refused a soft stop of ${soft}s (${error.serviceMessage ?? error.code}); ` +
        'stopping again with softStopTimeoutSeconds 0 (hard-stop-fallback)',
    );
    return stop(0);
  }
}

/** A group title for an instance that ended without a status of the service's. */
function describeKind(outcome: Outcome): string {
  return outcome.kind === 'error'
    ? 'request failed'
    : outcome.kind === 'cancelled'
      ? 'cancelled'
      : 'timed out';
}
