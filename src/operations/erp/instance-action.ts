import { InputError } from '../../client/errors.js';
import type { HttpClient, HttpResponse } from '../../client/http.js';
import { joinUrl, redactQuery, resolveOnOrigin, servicePath } from '../../client/url.js';
import { required, withDefault } from '../module.js';
import { RESPONSE_ID_OUTPUTS, type OutputName } from '../outputs.js';
import type { OperationContext, OperationResult } from '../types.js';
import { forEachTarget } from './each.js';
import type { Seen } from '../../client/arm/follow.js';
import { conclude, report, type Outcome } from './outcome.js';
import { pollingLinkOf, readAnswer, type PollingMode } from '../../client/arm/polling.js';
import { followInLog, progressLine, type InstanceLog } from './progress.js';

/** What erp-stop and erp-start share: the instances, where they live, and how to go on after the POST. */
export interface InstanceActionOptions {
  baseUrl: URL;
  apiVersion: string;
  subscriptionId: string;
  resourceGroup: string;
  erpVirtualInstances: string[];
  maxParallel: number;
  wait: boolean;
}

/** The one thing that tells a stop from a start: the POST's last path segment and how it is sent. */
export interface InstanceAction {
  verb: 'stop' | 'start';
  /** Sends the POST for one instance; may send it again (the stop's hard-stop fallback). */
  send(client: HttpClient, url: URL, log: InstanceLog): Promise<HttpResponse>;
}

/**
 * C1/C2 over every instance: the POST, then, unless `wait` is false, the long-running operation to its end;
 * at most `maxParallel` instances at once, outcomes in input order.
 */
export async function runInstanceAction(
  action: InstanceAction,
  options: InstanceActionOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const operation = `erp-${action.verb}`;
  // Every path is built before the first request: a bad name fails the step with nothing sent.
  const targets = options.erpVirtualInstances.map((name) => ({
    name,
    url: actionUrl(options, name, action.verb),
  }));
  const several = targets.length > 1;
  const outcomes = await forEachTarget(targets, options.maxParallel, ctx, {
    title: (t) => `${operation} ${t.name}`,
    logName: (t) => t.name,
    work: (t, log) => actOn(action, t.name, t.url, options, client, ctx, log),
  });
  return report(outcomes, {
    title: operation,
    targetHeader: 'erp virtual instance',
    several,
    severalFailed: `erp virtual instances did not ${action.verb}`,
    resultKey: 'erpVirtualInstance',
    context: [
      ['subscription', options.subscriptionId],
      ['resource group', options.resourceGroup],
    ],
  });
}

function actionUrl(options: InstanceActionOptions, name: string, verb: InstanceAction['verb']): URL {
  checkSegment('subscription-id', options.subscriptionId);
  checkSegment('resource-group', options.resourceGroup, 90);
  checkSegment('erp-virtual-instance', name);
  const path = servicePath`/subscriptions/${options.subscriptionId}/resourceGroups/${options.resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${name}/${verb}`;
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

async function actOn(
  action: InstanceAction,
  name: string,
  url: URL,
  options: InstanceActionOptions,
  client: HttpClient,
  ctx: OperationContext,
  log: InstanceLog,
): Promise<Outcome> {
  const label = `The ${action.verb} of erp virtual instance '${name}'`;
  const startedAt = ctx.clock.now();
  const elapsed = () => ctx.clock.now() - startedAt;
  // An instance whose turn comes after a cancellation or the deadline is not sent at all.
  if (ctx.signal?.aborted || startedAt >= ctx.deadline) {
    const why = ctx.signal?.aborted ? 'the job was cancelled' : 'the timeout ran out';
    log.info(`not ${action.verb === 'stop' ? 'stopped' : 'started'}: ${why} before its turn`);
    return {
      target: name,
      kind: ctx.signal?.aborted ? 'cancelled' : 'timeout',
      durationMs: 0,
      failure: `${label} was not sent: ${why} before its turn.`,
    };
  }

  let seen: Seen | undefined;
  let pollingUrl: string;
  let mode: PollingMode;
  try {
    const response = await action.send(client, url, log);
    // The service's own answer to the POST: a 200 carries a status result; a 202 waits whatever it says.
    const answer = readAnswer(response, 'async', `${action.verb} response`);
    seen = { ...answer, response };
    if (response.status !== 202 && answer.state !== 'running') {
      log.info(progressLine(answer.body, elapsed()));
      return conclude(label, name, { kind: answer.state, last: seen }, undefined, elapsed(), log);
    }
    // A 202 is followed whatever its body says: the operation is what decides.
    seen = { body: answer.state === 'running' ? answer.body : {}, state: 'running', response };
    const link = pollingLinkOf(response);
    if (!link) {
      throw new Error(
        response.status === 202
          ? 'the service answered 202 Accepted without a vendor-AsyncOperation or Location header, so there is no operation to follow'
          : `the service answered ${response.status} with the running status '${seen.body.status ?? 'none'}' but without a vendor-AsyncOperation or Location header to follow`,
      );
    }
    pollingUrl = resolveOnOrigin(link.link, client.origin, 'polling URL').href;
    mode = link.mode;
    log.info(`${action.verb} accepted (HTTP ${response.status}); operation ${redactQuery(pollingUrl)}`);
  } catch (error) {
    const kind = ctx.signal?.aborted ? 'cancelled' : 'error';
    return conclude(label, name, { kind, last: seen, error }, undefined, elapsed(), log);
  }
  if (!options.wait) {
    log.info(`${progressLine(seen.body, elapsed())}; not waiting (wait: false)`);
    return conclude(label, name, { kind: 'accepted', last: seen }, pollingUrl, elapsed(), log);
  }
  const followed = await followInLog(ctx, log, startedAt, { client, pollingUrl, mode, initial: seen });
  return conclude(label, name, followed, followed.pollingUrl, elapsed(), log);
}

/** The inputs erp-stop and erp-start both read, and the outputs both set. */
export const INSTANCE_ACTION_INPUTS = {
  apiVersion: withDefault('api-version', '2023-04-01'),
  subscriptionId: required('subscription-id'),
  resourceGroup: required('resource-group'),
  erpVirtualInstances: required('erp-virtual-instance'),
  maxParallel: withDefault('max-parallel'),
  wait: withDefault('wait'),
};

export const OPERATION_OUTPUTS = [
  'result',
  'operation-status',
  'operation-id',
  'operation-url',
  'operation-urls',
  'percent-complete',
  'start-time',
  'end-time',
  ...RESPONSE_ID_OUTPUTS,
] as const satisfies readonly OutputName[];
