// How a target's step ended, read from the service (verify, the lag, a lost answer): over 250 lines by design, one
// home for the verdict that every step of every erp run shares.
import { ServiceError } from '../../client/errors.js';
import type { HttpClient } from '../../client/http.js';
import { formatWait } from '../../client/retry.js';
import type { OperationContext } from '../types.js';
import type { StepEnd } from './step.js';
import { isEnd, startStateOf, VERBS } from './verbs.js';
import type { InstanceRef } from './instance-ref.js';
import { followToEnd, settleWindowMs, type InstanceState } from './instance-state.js';
import type { InstanceOutcome, Outcome } from './outcome.js';
import { unsent } from './target-outcome.js';
import type { InstanceLog } from './progress.js';
import { firstLine, whyCut } from './wording.js';

/** The permission C0 needs, as the resource manager names it. */
export const READ_PERMISSION = 'Vendor.Workloads/erpVirtualInstances/read';

/** The read before acting failed: that instance fails with nothing sent to it, saying why and what to do. */
export function readFailure(
  ref: InstanceRef,
  error: unknown,
  durationMs: number,
  log: InstanceLog,
  ctx: Pick<OperationContext, 'signal'>,
): Outcome {
  const name = ref.label;
  const base = { target: name, durationMs, requestId: (error as ServiceError)?.requestId };
  if (ctx.signal?.aborted) {
    return unsent({
      ...base,
      kind: 'cancelled',
      causeKind: 'not sent',
      failure: `The job was cancelled while reading erp virtual instance '${name}'; nothing was sent to it.`,
      why: 'cancelled',
      cut: true,
    });
  }
  if (error instanceof ServiceError) for (const line of error.detailLines()) log.detail(line);
  const status = error instanceof ServiceError ? error.status : undefined;
  // The service's own words beside ours (its 404 message names what it could not find).
  const said = error instanceof ServiceError ? error.said() : '';
  if (status === 404) {
    return unsent({
      ...base,
      kind: 'error',
      causeKind: 'not found',
      ...notFound(name, ref, ` (${said}); nothing was sent to it.`),
      why: 'not found',
    });
  }
  if (status === 403) {
    return unsent({
      ...base,
      kind: 'error',
      causeKind: 'permission',
      failure:
        `Reading erp virtual instance '${name}' was refused (${said}): skip-if-done and verify read each instance, ` +
        `which needs the permission ${READ_PERMISSION}; grant it, or set skip-if-done: false and verify: false to act without reading. Nothing was sent to it.`,
      why: 'read refused',
    });
  }
  return unsent({
    ...base,
    kind: 'error',
    failure: `Reading erp virtual instance '${name}' failed: ${firstLine(error)}; nothing was sent to it.`,
    why: 'read failed',
  });
}

/** The permission C3's listing of a system's databases needs, as the resource manager names it. */
export const DATABASE_READ_PERMISSION = 'Vendor.Workloads/erpVirtualInstances/databaseInstances/read';

/**
 * Listing a system's database instances (C3) failed: that system fails with nothing sent, naming what was
 * refused (the databases' read permission) or not found, not the system.
 */
export function listFailure(
  ref: InstanceRef,
  error: unknown,
  durationMs: number,
  log: InstanceLog,
  ctx: Pick<OperationContext, 'signal'>,
): Outcome {
  const status = error instanceof ServiceError ? error.status : undefined;
  if (ctx.signal?.aborted || (status !== 403 && status !== 404))
    return readFailure(ref, error, durationMs, log, ctx);
  if (error instanceof ServiceError) for (const line of error.detailLines()) log.detail(line);
  const said = (error as ServiceError).said();
  const name = ref.label;
  return unsent({
    target: name,
    kind: 'error',
    causeKind: status === 404 ? 'not found' : 'permission',
    durationMs,
    requestId: (error as ServiceError).requestId,
    failure:
      status === 404
        ? `The database instances of erp virtual instance '${name}' were not found (${said}); nothing was sent to it.`
        : `Listing the database instances of erp virtual instance '${name}' was refused (${said}): it needs the permission ${DATABASE_READ_PERMISSION}; nothing was sent to it.`,
    why: status === 404 ? 'databases not found' : 'databases listing refused',
  });
}

/** What a read of the instance after its operation ended needs: the instance, how it ended, what was sent. */
interface AfterOperation {
  step: StepEnd;
  ended: Outcome;
  /** `before`: the first read, for the report; `from`: the status the request went out at, where it moved since. */
  sent: { before?: InstanceState; from?: InstanceState; done: string };
  client: HttpClient;
  ctx: OperationContext;
  log: InstanceLog;
  startedAt: number;
}

/**
 * `verify`: after the operation ended Succeeded, the instance is read while its status still lags (Starting,
 * Stopping, SoftShutdown, or still at the start state within the settle window); its end status must be the
 * action's, or the instance fails, naming both statuses and the health: the line that catches a false success.
 */
export async function verifyEnd(o: AfterOperation): Promise<Outcome> {
  const { step, ended, sent, ctx, log } = o;
  const { verb } = step;
  const name = step.ref.label;
  const end = VERBS[verb].end;
  // The lag to read through is from where the request went out: after a wait on another operation, not the first read.
  const startState = startStateOf(verb, sent.from ?? sent.before);
  const settled = await followToEnd({
    client: o.client,
    url: step.readUrl,
    ctx,
    // Where the instance already was at the end (a snooze of an Offline one), a read there is no lag.
    startState: isEnd(step, startState) ? undefined : startState,
    onRead: (state) =>
      log.info(`verify: is ${state.status ?? 'of no status'}, health ${state.health ?? 'unknown'}`),
    onLag: (state) =>
      log.info(
        `verify: is ${state.status ?? 'of no status'}, as before the ${verb}: the status may lag, so it is read again for up to ${formatWait(settleWindowMs())}`,
      ),
  });
  const last = settled.last;
  const durationMs = ctx.clock.now() - o.startedAt;
  const done = `${sent.done}: ${ended.body?.status ?? 'Succeeded'}`;
  const outcome = (instanceOutcome: InstanceOutcome, failure?: string): Outcome => ({
    ...ended,
    durationMs,
    requestId: last?.response.requestId ?? ended.requestId,
    failure,
    instance: { before: sent.before, after: last, outcome: instanceOutcome, done },
  });
  const status = last?.status ?? 'of no status';
  const health = last?.health ?? 'unknown';
  const falseSuccess = (...args: Parameters<typeof outcome>): Outcome => ({
    ...outcome(...args),
    causeKind: 'false success',
  });
  switch (settled.kind) {
    case 'settled':
      if (isEnd(step, last?.status)) return outcome(VERBS[verb].done);
      return falseSuccess(
        'failed',
        `The ${verb} succeeded but erp virtual instance '${name}' is ${status}, health ${health} (expected ${end}): the service reported Succeeded for an instance that did not ${verb}.`,
      );
    case 'timeout':
    case 'cancelled':
      return outcome(
        'running',
        `The ${verb} succeeded but erp virtual instance '${name}' was still ${status}, health ${health}, when ${whyCut(settled.kind)} (verify: expected ${end}); run erp-status to see where it stands.`,
      );
    case 'error':
      return outcome(
        'failed',
        `The ${verb} succeeded but reading erp virtual instance '${name}' afterwards failed: ${firstLine(settled.error)} (verify: expected ${end}).`,
      );
  }
}

/**
 * After an operation that ended other than Succeeded (Failed, say with a time-out code, or a polling URL that
 * answers 404): the service ends long operations after about 300 s and keeps moving the instance, so the instance
 * is read and a moving status followed within the timeout. Reaching the end status is a success with a warning
 * naming what the operation said; otherwise the operation's failure stands, and an ended operation is never
 * reported running.
 */
export async function readAfterEnd(o: AfterOperation): Promise<Outcome> {
  const { step, ended, sent, ctx, log } = o;
  const said = ended.gone ? 'its operation is gone (HTTP 404)' : `its operation ended ${ended.body?.status}`;
  // The status cannot show the machines: it can never overrule the failure of a step on them.
  if (step.machines) return machinesFailed(o, said);
  log.info(`${said}: reading the instance, which may still be moving`);
  const settled = await followToEnd({
    client: o.client,
    url: step.readUrl,
    ctx,
    onRead: (state) => log.info(`is ${state.status ?? 'of no status'}, health ${state.health ?? 'unknown'}`),
    onLag: () => undefined,
  });
  const last = settled.last;
  const durationMs = ctx.clock.now() - o.startedAt;
  const instance = { before: sent.before, after: last };
  if (settled.kind === 'settled' && isEnd(step, last?.status)) {
    const why = ended.failure?.replace(/\.$/, '') ?? said;
    log.warning(
      `${why}; but erp virtual instance '${step.ref.label}' reached ${last?.status}: counted as done`,
    );
    return {
      ...ended,
      kind: 'succeeded',
      status: 'Succeeded',
      failure: undefined,
      durationMs,
      instance: {
        ...instance,
        outcome: VERBS[step.verb].done,
        done: `${sent.done}: ${said}, then ${last?.status}`,
      },
    };
  }
  const where = last ? `; '${step.ref.label}' is ${last.status ?? 'of no status'}` : '';
  const failure = ended.failure && `${ended.failure.replace(/\.$/, '')}${where}.`;
  return {
    ...ended,
    failure,
    durationMs,
    instance: { ...instance, outcome: 'failed', done: `${sent.done}: ${ended.body?.status ?? said}` },
  };
}

/** A step on the machines (deallocateVm, startVm) whose operation ended other than Succeeded: it fails, whatever the status. */
function machinesFailed(o: AfterOperation, said: string): Outcome {
  const { ended, sent } = o;
  const code = ended.body?.error?.code?.toLowerCase();
  const role =
    code === 'authorizationfailed'
      ? " The system's managed identity needs a role over its machines (virtual machine contributor) for deallocate-vm and start-vm."
      : '';
  const input = VERBS[o.step.verb].machines.input;
  o.log.info(`${said}: a step on the machines, which the status cannot show, so it is not counted as done`);
  return {
    ...ended,
    causeKind: code === 'authorizationfailed' ? 'permission' : (ended.causeKind ?? 'service failed'),
    failure: `${(ended.failure ?? `The ${o.step.verb} of '${o.step.ref.label}': ${said}.`).replace(/\.$/, '')}; the status cannot show the machines, so ${input} is not counted as done.${role}`,
    durationMs: o.ctx.clock.now() - o.startedAt,
    instance: { before: sent.before, outcome: 'failed', done: `${sent.done}: ${ended.body?.status ?? said}` },
  };
}

/**
 * A system not found, for the step's failure (its subscription named) and for its row, which leaves the
 * subscription to the summary's context: `tail` follows both (the service's words, what was not done).
 */
export function notFound(
  name: string,
  ref: { resourceGroup: string; subscriptionId: string },
  tail: string,
): { failure: string; causeText: string } {
  const where = `Erp virtual instance '${name}' was not found in resource group '${ref.resourceGroup}'`;
  return { failure: `${where} of subscription '${ref.subscriptionId}'${tail}`, causeText: `${where}${tail}` };
}
