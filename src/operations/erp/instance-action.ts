import { compareApiVersions, ERP_VIRTUAL_INSTANCE, resourceUrl } from '../../client/arm/resource-id.js';
import { InputError, ServiceError, withFindingOutFailure } from '../../client/errors.js';
import type { HttpClient, HttpResponse } from '../../client/http.js';
import { backoffDelay, defaultRetryPolicy, formatWait } from '../../client/retry.js';
import { redactQuery, resolveOnOrigin } from '../../client/url.js';
import { optional, required, withDefault } from '../module.js';
import { RESPONSE_ID_OUTPUTS, type OutputName } from '../outputs.js';
import type { OperationContext, OperationResult } from '../types.js';
import { describeKind, forEachTarget } from './each.js';
import type { Seen } from '../../client/arm/follow.js';
import { conclude, report, type InstanceOutcome, type Outcome } from './outcome.js';
import { pollingLinkOf, readAnswer, type PollingMode } from '../../client/arm/polling.js';
import { followInLog, progressLine, type InstanceLog } from './progress.js';
import { resolveInstances, type InstanceRef } from './instance-ref.js';
import { followStatus, readInstance, sameStatus, type InstanceState } from './instance-state.js';
import { planInstance, withPlan } from './instance-plan.js';
import { DONE, END_STATUS, readFailure, verifyEnd } from './verdict.js';

/** What erp-stop and erp-start share: the instances, where they live, and how to go on after the POST. */
export interface InstanceActionOptions {
  baseUrl: URL;
  /** Given by the user, or undefined: the default depends on the snooze input (see apiVersionFor). */
  apiVersion?: string;
  subscriptionId?: string;
  resourceGroup?: string;
  erpVirtualInstances: string[];
  maxParallel: number;
  wait: boolean;
  skipIfDone: boolean;
  verify: boolean;
}

export type Verb = 'stop' | 'start';

/** The one thing that tells a stop from a start: the POST's last path segment and how it is sent. */
export interface InstanceAction {
  verb: Verb;
  /** `deallocate-vm` (stop) or `start-vm` (start), and whether it is true. */
  snooze: { input: 'deallocate-vm' | 'start-vm'; on: boolean };
  /** What the POST does, for the summary: `stop (soft 300 s)`, `start with its VMs`. */
  describe: string;
  /** What the POST would do, for a dry run's plan: `stop (soft 300 s, deallocate VMs)`. */
  plan: string;
  /**
   * Sends the POST for one instance; may send it again (the stop's hard-stop fallback). `clientRequestId`: the
   * id of an earlier try of this same POST whose effect was unknown and which the service did not act on.
   */
  send(
    client: HttpClient,
    url: URL,
    log: InstanceLog,
    apiVersion: string,
    clientRequestId?: string,
  ): Promise<HttpResponse>;
}

/** After a stop or start whose answer was lost (or a 409): the statuses that show the service acted. */
const ACTED: Record<Verb, string[]> = {
  stop: ['stopping', 'softshutdown', 'offline'],
  start: ['starting', 'running'],
};

const SEED_API_VERSION = '2023-04-01';
/** The api-version a snooze uses unless one is given, and the first that has deallocateVm and startVm. */
export const SNOOZE_API_VERSION = '2024-09-01';
const FIRST_SNOOZE_API_VERSION = '2023-10-01-preview';

/** The api-version of every request of the step (read, POST, verify), refused where it cannot carry a snooze. */
export function apiVersionFor(given: string | undefined, snooze: InstanceAction['snooze']): string {
  if (!snooze.on) return given ?? SEED_API_VERSION;
  if (given === undefined) return SNOOZE_API_VERSION;
  if (compareApiVersions(given, FIRST_SNOOZE_API_VERSION) < 0) {
    throw new InputError(
      'api-version',
      `'${given}' is older than ${FIRST_SNOOZE_API_VERSION}, the first api-version with ${snooze.input === 'deallocate-vm' ? 'deallocateVm' : 'startVm'}, which ${snooze.input}: true needs; remove api-version (${SNOOZE_API_VERSION} is used) or set ${snooze.input}: false`,
    );
  }
  return given;
}

/** Whether a body may carry the 2023-10-01-preview fields: only where the api-version has them. */
export function hasSnoozeFields(apiVersion: string): boolean {
  return compareApiVersions(apiVersion, FIRST_SNOOZE_API_VERSION) >= 0;
}

export interface Target {
  ref: InstanceRef;
  readUrl: URL;
  actionUrl: URL;
}

/**
 * C1/C2 over every instance: read it (C0), skip it where it is already there, the POST, then, unless `wait` is
 * false, the long-running operation to its end and the instance's status to its end; at most `maxParallel`
 * instances at once, outcomes in input order.
 */
export async function runInstanceAction(
  action: InstanceAction,
  options: InstanceActionOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const operation = `erp-${action.verb}`;
  // Every item and path is checked before the first request: a bad one fails the step with nothing sent.
  const apiVersion = apiVersionFor(options.apiVersion, action.snooze);
  const targets: Target[] = resolveInstances(options.erpVirtualInstances, options).map((ref) => ({
    ref,
    readUrl: resourceUrl(options.baseUrl, ref, ERP_VIRTUAL_INSTANCE, apiVersion),
    actionUrl: resourceUrl(options.baseUrl, ref, ERP_VIRTUAL_INSTANCE, apiVersion, action.verb),
  }));
  const outcomes = await forEachTarget(targets, options.maxParallel, ctx, {
    title: (t) => `${operation} ${t.ref.label}`,
    logName: (t) => t.ref.label,
    work: (t, log) => actOn(action, t, apiVersion, options, client, ctx, log),
  });
  const reported = report(outcomes, {
    title: operation,
    targetHeader: 'erp virtual instance',
    several: targets.length > 1,
    severalFailed: `erp virtual instances did not ${action.verb}`,
    resultKey: 'erpVirtualInstance',
    instances: true,
    context: whereContext(targets),
  });
  return withPlan(reported, outcomes, operation, whereContext(targets), ctx);
}

/** Where the instances live, for the summary: the one subscription and resource group, or "several". */
export function whereContext(targets: { ref: InstanceRef }[]): [string, string][] {
  const one = (values: string[]) =>
    new Set(values.map((v) => v.toLowerCase())).size === 1 ? values[0]! : 'several';
  return [
    ['subscription', one(targets.map((t) => t.ref.subscriptionId))],
    ['resource group', one(targets.map((t) => t.ref.resourceGroup))],
  ];
}

export async function actOn(
  action: InstanceAction,
  target: Target,
  apiVersion: string,
  options: InstanceActionOptions,
  client: HttpClient,
  ctx: OperationContext,
  log: InstanceLog,
): Promise<Outcome> {
  const { verb } = action;
  const name = target.ref.label;
  const label = `The ${verb} of erp virtual instance '${name}'`;
  const startedAt = ctx.clock.now();
  const elapsed = () => ctx.clock.now() - startedAt;
  // An instance whose turn comes after a cancellation or the deadline is not read or sent at all.
  if (ctx.signal?.aborted || startedAt >= ctx.deadline) {
    const why = ctx.signal?.aborted ? 'the job was cancelled' : 'the timeout ran out';
    log.info(`not ${DONE[verb]}: ${why} before its turn`);
    return {
      target: name,
      kind: ctx.signal?.aborted ? 'cancelled' : 'timeout',
      durationMs: 0,
      failure: `${label} was not sent: ${why} before its turn.`,
      instance: { outcome: 'failed', done: `not sent: ${why}` },
    };
  }

  // C0 first: what the instance is now decides whether anything is sent, and is the "before" of the report.
  let before: InstanceState | undefined;
  if (options.skipIfDone || options.verify) {
    try {
      before = await readInstance(client, target.readUrl);
    } catch (error) {
      return readFailure(target.ref, error, elapsed(), log, ctx);
    }
    log.info(`is ${before.status ?? 'of no status'}, health ${before.health ?? 'unknown'}`);
    const end = END_STATUS[verb];
    // A stop with deallocate-vm is sent to an Offline instance too: its machines may still run.
    if (options.skipIfDone && sameStatus(before.status, end) && !(verb === 'stop' && action.snooze.on)) {
      log.info(`already ${before.status}: nothing sent (skip-if-done)`);
      return {
        target: name,
        kind: 'succeeded',
        status: 'Succeeded',
        durationMs: elapsed(),
        requestId: before.response.requestId,
        instance: { before, after: before, outcome: 'skipped', done: `skipped: already ${before.status}` },
      };
    }
  }
  // A dry run stops here: read and skip-if-done as the real run, and the POST refused by the client, not sent.
  if (ctx.dryRun) {
    return planInstance(action, name, target.actionUrl, apiVersion, before, client, log, elapsed());
  }
  const sent = { before, done: action.describe };

  let seen: Seen | undefined;
  let pollingUrl: string;
  let mode: PollingMode;
  try {
    const response = await sendFindingOut(action, target, apiVersion, options.wait, client, ctx, log);
    if ('settled' in response) {
      return followedInstance(action, target, response, sent, elapsed(), log);
    }
    // The service's own answer to the POST: a 200 carries a status result; a 202 waits whatever it says.
    const answer = readAnswer(response, 'async', `${verb} response`);
    seen = { ...answer, response };
    if (response.status !== 202 && answer.state !== 'running') {
      log.info(progressLine(answer.body, elapsed()));
      const ended = conclude(label, name, { kind: answer.state, last: seen }, undefined, elapsed(), log);
      return answer.state === 'succeeded' && options.verify
        ? verifyEnd(action, target, ended, sent, client, ctx, log, startedAt)
        : withInstance(ended, sent, verb);
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
    log.info(`${verb} accepted (HTTP ${response.status}); operation ${redactQuery(pollingUrl)}`);
  } catch (error) {
    const kind = ctx.signal?.aborted ? 'cancelled' : 'error';
    const ended = conclude(label, name, { kind, last: seen, error }, undefined, elapsed(), log);
    return withInstance(ended, sent, verb);
  }
  if (!options.wait) {
    log.info(`${progressLine(seen.body, elapsed())}; not waiting (wait: false)`);
    const accepted = conclude(label, name, { kind: 'accepted', last: seen }, pollingUrl, elapsed(), log);
    return withInstance(accepted, sent, verb);
  }
  const followed = await followInLog(ctx, log, startedAt, { client, pollingUrl, mode, initial: seen });
  const ended = conclude(label, name, followed, followed.pollingUrl, elapsed(), log);
  if (followed.kind === 'succeeded' && options.verify) {
    return verifyEnd(action, target, ended, sent, client, ctx, log, startedAt);
  }
  return withInstance(ended, sent, verb);
}

/** The instance part of an outcome that ended without a read after it (no verify, or not Succeeded). */
function withInstance(outcome: Outcome, sent: { before?: InstanceState; done: string }, verb: Verb): Outcome {
  const instanceOutcome: InstanceOutcome =
    outcome.failure === undefined
      ? outcome.kind === 'accepted'
        ? 'running'
        : DONE[verb]
      : outcome.kind === 'timeout' || outcome.kind === 'cancelled' || outcome.operationUrl
        ? 'running'
        : 'failed';
  const how =
    outcome.kind === 'accepted' ? 'accepted, not waited on' : (outcome.body?.status ?? describeKind(outcome));
  return {
    ...outcome,
    instance: { before: sent.before, outcome: instanceOutcome, done: `${sent.done}: ${how}` },
  };
}

/** Sent, and then the instance's status followed to its end rather than an operation (the answer was lost). */
interface FollowedInstance {
  /** `accepted`: the service acted, and the step does not wait (`wait: false`). */
  settled:
    Awaited<ReturnType<typeof followStatus>> | { kind: 'accepted'; last: InstanceState; error?: never };
  cause: ServiceError;
}

/**
 * How often a stop or start is sent in all where each try met a failure of unknown effect and the instance then
 * showed that the service did not act: the client's budget for a request it may retry itself, so a burst of 500s
 * shorter than that budget ends as it would for a read, and a longer one fails naming the service's answer.
 */
const SEND_ATTEMPTS = defaultRetryPolicy.attempts;

/**
 * The POST, and where its effect is unknown (the answer was lost, `effectUnknown`) or it was answered 409, the
 * finding out: C0 tells whether the service acted. Where it did, the instance's status is followed to its end
 * (there is no operation URL to follow); where it did not, the POST is sent again, paced as the client paces its
 * own retries, with the same client request id (the same logical request), within the budget and the deadline.
 */
async function sendFindingOut(
  action: InstanceAction,
  target: Target,
  apiVersion: string,
  wait: boolean,
  client: HttpClient,
  ctx: OperationContext,
  log: InstanceLog,
): Promise<HttpResponse | FollowedInstance> {
  let clientRequestId: string | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await action.send(client, target.actionUrl, log, apiVersion, clientRequestId);
    } catch (error) {
      const unknown = error instanceof ServiceError && (error.effectUnknown || error.status === 409);
      if (!unknown || ctx.signal?.aborted) throw error;
      clientRequestId ??= error.clientRequestId;
      const what =
        error.status === 409
          ? 'was answered 409 (an operation is in progress)'
          : `${error.status === undefined ? 'got no answer' : `was answered HTTP ${error.status}`} and may have reached the service`;
      log.warning(
        `the ${action.verb} (client-request-id ${error.clientRequestId ?? 'none'}) ${what}: reading the instance to find out whether the service acted`,
      );
      let now: InstanceState;
      try {
        now = await readInstance(client, target.readUrl);
      } catch (readError) {
        // Both failures are the cause: the POST's (its effect unknown) and the read's (why it is still unknown).
        throw withFindingOutFailure(error, readError, 'Reading the instance');
      }
      if (ACTED[action.verb].includes(now.status?.toLowerCase() ?? '')) {
        if (!wait) {
          log.info(`is ${now.status}: the service acted; not waiting (wait: false)`);
          return { settled: { kind: 'accepted', last: now }, cause: error };
        }
        log.info(`is ${now.status}: the service acted; following the instance's status to its end`);
        const settled = await followStatus(
          client,
          target.readUrl,
          ctx,
          (state) => log.info(`is ${state.status ?? 'of no status'}, health ${state.health ?? 'unknown'}`),
          now,
        );
        return { settled, cause: error };
      }
      const status = now.status ?? 'of no status';
      // Known now: the service did not act. The error says so rather than "the effect is unknown".
      const didNotAct = (hint: string) => new ServiceError({ ...error.init, effectUnknown: false, hint });
      if (attempt >= SEND_ATTEMPTS) {
        throw didNotAct(
          `Sent ${attempt} times; after each, '${target.ref.label}' was ${status}: the service did not act.`,
        );
      }
      const pause = backoffDelay(defaultRetryPolicy, attempt);
      if (ctx.clock.now() + pause > ctx.deadline) {
        throw didNotAct(
          `'${target.ref.label}' is ${status}: the service did not act, and the next try would come after the step's timeout.`,
        );
      }
      log.info(
        `is ${status}: the service did not act; sending the ${action.verb} again in ${formatWait(pause)}`,
      );
      await ctx.clock.sleep(pause, ctx.signal);
    }
  }
}

/** How a stop or start whose operation was not followed (its answer lost) ended: by the instance's status. */
function followedInstance(
  action: InstanceAction,
  target: Target,
  { settled, cause }: FollowedInstance,
  sent: { before?: InstanceState; done: string },
  durationMs: number,
  log: InstanceLog,
): Outcome {
  const { verb } = action;
  const name = target.ref.label;
  const end = END_STATUS[verb];
  const last = settled.last;
  const base = { target: name, durationMs, requestId: last?.response.requestId ?? cause.requestId };
  const status = last?.status ?? 'none';
  const done = `${sent.done}: followed by the instance's status (answer lost)`;
  if (settled.kind === 'accepted') {
    // Nothing to resume: the operation's URL was in the answer that was lost; erp-status follows the instance.
    return {
      ...base,
      kind: 'accepted',
      status: last?.status,
      instance: { before: sent.before, outcome: 'running', done: `${sent.done}: accepted, not waited on` },
    };
  }
  if (settled.kind === 'settled' && sameStatus(last?.status, end)) {
    log.info(`reached ${last?.status}`);
    return {
      ...base,
      kind: 'succeeded',
      status: 'Succeeded',
      instance: { before: sent.before, after: last, outcome: DONE[verb], done },
    };
  }
  if (settled.kind === 'settled') {
    return {
      ...base,
      kind: 'succeeded',
      status: 'Succeeded',
      failure: `The ${verb} of '${name}' was accepted but '${name}' is ${status}, health ${last?.health ?? 'unknown'} (expected ${end}).`,
      instance: { before: sent.before, after: last, outcome: 'failed', done },
    };
  }
  const why =
    settled.kind === 'timeout'
      ? 'the timeout ran out'
      : settled.kind === 'cancelled'
        ? 'the job was cancelled'
        : `reading it failed (${settled.error instanceof Error ? settled.error.message.split('\n')[0] : String(settled.error)})`;
  return {
    ...base,
    kind: settled.kind === 'error' ? 'error' : settled.kind,
    failure: `The ${verb} of '${name}' was accepted, but ${why} while '${name}' was still ${status}; run erp-status to see where it stands.`,
    instance: {
      before: sent.before,
      after: last,
      outcome: settled.kind === 'error' ? 'failed' : 'running',
      done,
    },
  };
}

/** The inputs erp-stop and erp-start both read, and the outputs both set. */
export const INSTANCE_ACTION_INPUTS = {
  apiVersion: optional('api-version'),
  subscriptionId: optional('subscription-id'),
  resourceGroup: optional('resource-group'),
  erpVirtualInstances: required('erp-virtual-instance'),
  maxParallel: withDefault('max-parallel'),
  wait: withDefault('wait'),
  skipIfDone: withDefault('skip-if-done'),
  verify: withDefault('verify'),
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

export const INSTANCE_ACTION_OUTPUTS = [
  ...OPERATION_OUTPUTS,
  'instances',
] as const satisfies readonly OutputName[];
