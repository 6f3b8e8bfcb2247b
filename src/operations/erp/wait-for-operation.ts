import { InputError, OriginError } from '../../client/errors.js';
import type { HttpClient } from '../../client/http.js';
import { redactQuery, resolveOnOrigin } from '../../client/url.js';
import { forEachTarget } from './each.js';
import { OPERATION_OUTPUTS } from './instance-io.js';
import { conclude } from './conclude.js';
import { report, type Outcome } from './outcome.js';
import { followInLog, type InstanceLog } from './progress.js';
import { defineOperation, required, withDefault, type OptionsOf } from '../module.js';
import { PollTimeoutError } from '../../client/arm/lro.js';
import type { OperationContext, OperationResult } from '../types.js';

const WAIT_INPUTS = {
  /** Absolute URLs, as the operation-url parser gives them. */
  operationUrl: required('operation-url'),
  maxParallel: withDefault('max-parallel'),
  /** false: a peek, each operation read once and reported; a running one stays in operation-urls. */
  wait: withDefault('wait'),
};

export type WaitForOperationOptions = OptionsOf<typeof WAIT_INPUTS>;

/**
 * wait-for-operation: reads the operation-url (one, several, or the operation-urls JSON array) and
 * max-parallel; sets the operation outputs, as erp-stop and erp-start do.
 */
export default defineOperation({
  name: 'wait-for-operation',
  description:
    'Resumes waiting on the operation-url(s) that an earlier erp-stop or erp-start with wait false returned.',
  client: 'resource-manager',
  polls: true,
  inputs: WAIT_INPUTS,
  outputs: OPERATION_OUTPUTS,
  example: '--base-url https://management.example --access-token "$TOKEN" --operation-url "$OPERATION_URLS"',
  run: waitForOperation,
});

/**
 * Resumes waiting on operations an earlier `erp-stop` or `erp-start` with `wait: false` started: same origin
 * rule, same polling, one verdict over all of them as a stop of several instances gives.
 */
export async function waitForOperation(
  options: WaitForOperationOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  // Every URL is checked before the first poll: one on another origin fails the step with nothing sent.
  const urls = options.operationUrl.map((url, i) => ({ url: onOrigin(url, client.origin), n: i + 1 }));
  if (urls.length === 0) {
    ctx.logger.info('operation-url is an empty list: no operation is still running, nothing to wait for');
    return { outputs: { 'operation-status': 'Succeeded', 'operation-urls': [] }, summary: [] };
  }
  const several = urls.length > 1;
  const outcomes = await forEachTarget(urls, options.maxParallel, ctx, {
    title: ({ url }) => `wait-for-operation ${redactQuery(url)}`,
    logName: ({ n }) => (several ? `operation ${n}` : 'operation'),
    work: ({ url, n }, log) =>
      resume({
        pollingUrl: url,
        label: several ? `Operation ${n}` : 'The operation',
        wait: options.wait,
        client,
        ctx,
        log,
      }),
  });
  return report(outcomes, {
    title: 'wait-for-operation',
    targetHeader: 'operation',
    several,
    severalFailed: 'operations did not end well',
  });
}

function onOrigin(url: string, origin: string): string {
  try {
    return resolveOnOrigin(url, origin, 'operation-url').href;
  } catch (error) {
    if (error instanceof OriginError) throw new InputError('operation-url', error.message);
    throw error;
  }
}

async function resume(o: {
  pollingUrl: string;
  label: string;
  wait: boolean;
  client: HttpClient;
  ctx: OperationContext;
  log: InstanceLog;
}): Promise<Outcome> {
  const { pollingUrl, label, client, ctx, log } = o;
  const target = redactQuery(pollingUrl);
  const startedAt = ctx.clock.now();
  // An operation whose turn comes after a cancellation or the deadline is not polled; it is still to resume.
  if (ctx.signal?.aborted || startedAt >= ctx.deadline) {
    const why = ctx.signal?.aborted ? 'the job was cancelled' : 'the timeout ran out';
    log.info(`not polled: ${why} before its turn`);
    const kind = ctx.signal?.aborted ? 'cancelled' : 'timeout';
    return conclude({ label, target, followed: { kind }, operationUrl: pollingUrl, durationMs: 0, log });
  }
  // Nobody recorded which header gave the URL: the answers tell (see PollingMode).
  // wait: false is a peek: one poll (the deadline now), and a running operation is reported, not waited on.
  const terms = o.wait ? ctx : { ...ctx, deadline: startedAt };
  const polled = await followInLog(terms, log, startedAt, { client, pollingUrl, mode: 'unknown' });
  const peeked = !o.wait && polled.kind === 'timeout' && polled.error instanceof PollTimeoutError;
  if (peeked) log.info('still running; not waiting (wait: false): it stays in operation-urls');
  const followed = peeked ? { ...polled, kind: 'accepted' as const, error: undefined } : polled;
  return conclude({
    label,
    target,
    followed,
    operationUrl: followed.pollingUrl,
    durationMs: ctx.clock.now() - startedAt,
    log,
  });
}
