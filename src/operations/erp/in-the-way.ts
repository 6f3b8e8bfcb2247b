import { ServiceError } from '../../client/errors.js';
import { formatWait } from '../../client/retry.js';
import { sameStatus } from '../../client/status.js';
import { followToEnd, readPastLag, settleWindowMs } from './instance-state.js';
import { failedAt, followedToEnd, notWaitedOn } from './target-result.js';
import type { InstanceState, TargetResult } from './target-result.js';
import type { TargetIo } from './progress.js';
import type { Step } from './step.js';
import { isEnd, movingOf, startStateOf, VERBS } from './verbs.js';
import { described, inSentence, whyCut } from './wording.js';

export interface InTheWay extends TargetIo {
  step: Step;
  startedAt: number;
  /** wait: false: a move of the step's own kind is reported in progress, not followed. */
  wait: boolean;
}

/**
 * A target read moving (a window cut short, a step run again, the start after a cancelled stop): moving toward the
 * step's own end, it is sent nothing and its status is followed to the end; moving the other way, or where the step
 * is on the machines (which the status does not show), the step waits for the move to end and then acts on what it
 * reads. A wait that runs out leaves the target `not sent`, naming the status waited on. Not moving: acted on.
 */
export async function clearTheWay(
  o: InTheWay,
  state: InstanceState,
): Promise<{ state: InstanceState; ownMove?: boolean } | TargetResult> {
  const { step, ctx, log } = o;
  const moving = movingOf(step.verb, state.status);
  if (!moving) return { state };
  const follow = moving === 'own' && !step.machines;
  if (follow && !o.wait) return inProgress(o, state);
  log.info(
    follow
      ? `is ${state.status}: an operation already in progress; following it to its end, nothing sent`
      : `is ${state.status}: waiting for the operation in progress to end before the ${step.verb}, reading at ${formatWait(ctx.pollIntervalMs)}`,
  );
  const settled = await followToEnd({
    client: o.client,
    url: step.readUrl,
    ctx,
    first: state,
    onRead: (s) => log.info(`is ${described(s)}`),
  });
  const last = settled.last ?? state;
  const durationMs = ctx.clock.now() - o.startedAt;
  const name = step.ref.label;
  const base = { target: name, durationMs, requestId: last.response.requestId };
  if (settled.kind !== 'settled') {
    const why = settled.kind === 'error' ? 'reading it failed' : whyCut(settled.kind);
    const error = settled.kind === 'error' ? `: ${inSentence(settled.error)}` : '';
    return {
      ...base,
      kind: settled.kind,
      failure: follow
        ? `The ${step.verb} of '${name}' already in progress was followed, but ${why} while '${name}' was still ${last.status}${error}; run the same step again, or erp-status to see where it stands.`
        : `The ${step.verb} of '${name}' was not sent: ${why} while waiting for '${name}' to end ${last.status}${error}; run the same step again.`,
      instance: follow
        ? { before: state, after: last, outcome: 'running', done: `followed the ${step.verb} in progress` }
        : { before: state, after: last, outcome: 'not sent', done: `not sent: waited on ${last.status}` },
    };
  }
  if (!follow) {
    log.info(`is ${described(last)}: the operation in the way has ended`);
    // A move of the step's own kind waited out (a step on the machines): where it ends there, it was followed.
    return { state: last, ownMove: moving === 'own' };
  }
  const followed = {
    ...base,
    before: state,
    after: last,
    done: `followed the ${step.verb} already in progress`,
  };
  if (isEnd(step, last.status)) {
    log.info(`reached ${last.status}: the ${step.verb} in progress ended where this step would`);
    return followedToEnd({ ...followed, verb: step.verb });
  }
  return failedAt({
    ...followed,
    kind: 'failed',
    causeKind: 'false success',
    failure: `The ${step.verb} of '${name}' already in progress ended with '${name}' ${described(last)} (expected ${VERBS[step.verb].end}).`,
  });
}

/** wait: false and an operation of the step's own kind already in progress: nothing sent, reported running. */
function inProgress(o: InTheWay, state: InstanceState): TargetResult {
  o.log.info(`is ${state.status}: an operation already in progress; nothing sent, not waiting (wait: false)`);
  return notWaitedOn({
    target: o.step.ref.label,
    status: state.status,
    durationMs: o.ctx.clock.now() - o.startedAt,
    requestId: state.response.requestId,
    before: state,
    done: `the ${o.step.verb} already in progress: not waited on`,
  });
}

/** A 409 to a first attempt: the service says an operation is in progress, though the read did not show it. */
export function isConflict(error: unknown): error is ServiceError {
  return error instanceof ServiceError && error.status === 409 && !error.effectUnknown;
}

/**
 * After a 409 to a first attempt: the target is read again through the settle window (the status lags) until it
 * shows something other than before; a move is acted on as any (clearTheWay), the step's own end is done. Where it
 * still shows nothing moving (the same status, or another one that is no move: PartiallyRunning, Unavailable), or
 * where the status cannot tell (a snooze of a target already at its end), the refusal stands and sends nothing.
 */
export async function readThroughConflict(
  o: InTheWay,
  before: InstanceState | undefined,
  error: ServiceError,
): Promise<{ state: InstanceState } | { done: InstanceState } | { refused: string; after?: InstanceState }> {
  const { step, ctx, log } = o;
  const name = step.ref.label;
  const what = error.said();
  const startState = startStateOf(step.verb, before);
  if (step.machines && isEnd(step, startState)) {
    return {
      refused: `'${name}' is ${startState} and its status cannot show the machines, so the end of the operation in progress cannot be seen: not counted as done; run the same step again once it has ended (erp-status, or the service's activity log).`,
    };
  }
  log.info(
    `was answered 409 (${what}): reading '${name}' again for up to ${formatWait(settleWindowMs())}, since its status may lag`,
  );
  let now: InstanceState;
  try {
    now = await readPastLag({
      client: o.client,
      url: step.readUrl,
      ctx,
      startState,
      onRead: (s) => log.info(`is ${described(s)}`),
    });
  } catch (readError) {
    return {
      refused: `The ${step.verb} of '${name}' was refused (${what}), and reading it again failed: ${inSentence(readError)}.`,
    };
  }
  if (sameStatus(now.status, startState)) {
    return {
      refused: `The service says an operation is in progress, but '${name}' still reads ${now.status ?? 'of no status'} after ${formatWait(settleWindowMs())}: nothing was sent again; run the same step again once that operation has ended.`,
      after: now,
    };
  }
  // Moving: the rules of a move in progress apply (followed, or waited on to its end, then acted on).
  if (movingOf(step.verb, now.status)) return { state: now };
  // Changed but not moving: no end of the operation in the way was seen, so nothing is sent into it again.
  if (isEnd(step, now.status) && step.skippable) return { done: now };
  return {
    refused: `The service says an operation is in progress, and '${name}' now reads ${described(now)}, which shows no move and not the ${step.verb}'s end: nothing was sent again; run the same step again once that operation has ended.`,
    after: now,
  };
}
