import { changeSafely } from '../../client/change-safely.js';
import type { ServiceError } from '../../client/errors.js';
import type { HttpResponse } from '../../client/http.js';
import { formatWait } from '../../client/retry.js';
import { isOneOf, sameStatus } from '../../client/status.js';
import { followToEnd, readPastLag, settleWindowMs, type Settled } from './instance-state.js';
import { failedAt, followedToEnd, notWaitedOn } from './target-result.js';
import type { InstanceState, TargetResult } from './target-result.js';
import type { InstanceLog, TargetIo } from './progress.js';
import { sendStep, type Step } from './step.js';
import { isEnd, startStateOf, VERBS } from './verbs.js';
import { described, inSentence, whyCut } from './wording.js';

/** Sent, and then the instance's status followed to its end rather than an operation (the answer was lost). */
export interface FollowedInstance {
  /** `accepted`: the service acted, and the step does not wait (`wait: false`). */
  settled: Settled | { kind: 'accepted'; last: InstanceState; error?: never };
  cause: ServiceError;
}

export interface SendOptions extends TargetIo {
  step: Step;
  wait: boolean;
  hardStopFallback: boolean;
  /** The read before the POST, where one was made: its status is the start state. */
  before?: InstanceState;
  /** What was sent, for the summary: the sender may say it sent other than planned (a hard stop). */
  sent?: { done: string };
}

/**
 * The POST through the client's change-safely rule, finding out by the instance's status (C0). A read still at
 * the start state is the status lagging: it is read again within the settle window before the POST is sent again.
 * A status that moved towards the end, or a 409 after an attempt of unknown effect (an operation is in progress),
 * means the service acted: the instance's status is followed to its end, there being no operation URL. Where the
 * status cannot tell (a snooze of an instance already Offline), the failure stands and the instance is not done.
 */
export async function sendFindingOut(o: SendOptions): Promise<HttpResponse | FollowedInstance> {
  const { step, client, ctx, log } = o;
  const { verb } = step;
  const name = step.ref.label;
  const startState = startStateOf(verb, o.before);
  const watch = {
    client,
    url: step.readUrl,
    ctx,
    startState,
    onRead: (state: InstanceState) => log.info(`is ${described(state)}`),
    onLag: (state: InstanceState) =>
      log.info(
        `is ${state.status ?? 'of no status'}, as before the ${verb}: the status may lag, so it is read again at ${formatWait(ctx.pollIntervalMs)} for up to ${formatWait(settleWindowMs())}`,
      ),
  };
  const moved = (status: string | undefined) =>
    isOneOf(status, VERBS[verb].acted) && !sameStatus(status, startState);
  // Where the start state is itself a status of acting (Offline before a stop), or the step is on the machines
  // (which no status shows), no status can tell.
  const cannotTell = step.machines || isOneOf(startState, VERBS[verb].acted);
  const sent = await changeSafely<InstanceState>({
    what: `the ${verb}`,
    findingOutBy: 'Reading the instance',
    send: (clientRequestId) =>
      sendStep(step, { client, log, clientRequestId, sent: o.sent }, o.hardStopFallback),
    findOut: async ({ conflict }) => {
      if (cannotTell) {
        return {
          refused: `'${name}' was ${o.before?.status ?? startState} before the ${verb}${step.machines ? ` with ${VERBS[verb].machines.input}` : ''}, and its status cannot show whether the service acted${step.machines ? ' (it does not show the machines)' : ''}: not counted as done; see where it stands with erp-status, and send the ${verb} again once no operation runs.`,
        };
      }
      const now = await readPastLag({ ...watch, first: undefined });
      if (moved(now.status) || conflict) return { acted: now };
      return {
        notActed: `'${name}' is ${now.status ?? 'of no status'} after the settle window: the service did not act`,
      };
    },
    clock: ctx.clock,
    deadline: ctx.deadline,
    signal: ctx.signal,
    log,
  });
  if ('response' in sent) return sent.response;
  const now = sent.acted;
  if (!o.wait) {
    log.info(`is ${now.status}: the service acted; not waiting (wait: false)`);
    return { settled: { kind: 'accepted', last: now }, cause: sent.cause };
  }
  log.info(`is ${now.status}: the service acted; following the instance's status to its end`);
  return { settled: await followToEnd({ ...watch, first: now }), cause: sent.cause };
}

/** How a stop or start whose operation was not followed (its answer lost) ended: by the instance's status. */
export function followedInstance(o: {
  step: Step;
  followed: FollowedInstance;
  sent: { before?: InstanceState; done: string };
  durationMs: number;
  log: InstanceLog;
}): TargetResult {
  const { step, sent, log } = o;
  const { settled, cause } = o.followed;
  const { verb } = step;
  const name = step.ref.label;
  const last = settled.last;
  const base = {
    target: name,
    durationMs: o.durationMs,
    requestId: last?.response.requestId ?? cause.requestId,
  };
  const status = last?.status ?? 'none';
  const done = `${sent.done}: followed by the instance's status (answer lost)`;
  if (settled.kind === 'accepted') {
    // Nothing to resume: the operation's URL was in the answer that was lost; erp-status follows the instance.
    const done = `${sent.done}: accepted, not waited on`;
    return notWaitedOn({ ...base, status: last?.status, before: sent.before, done });
  }
  if (settled.kind === 'settled' && isEnd(step, last?.status)) {
    log.info(`reached ${last?.status}`);
    return followedToEnd({ ...base, verb, before: sent.before, after: last, done });
  }
  if (settled.kind === 'settled') {
    return failedAt({
      ...base,
      kind: 'succeeded',
      operation: { status: 'Succeeded' },
      failure: `The ${verb} of '${name}' was accepted but '${name}' is ${status}, health ${last?.health ?? 'unknown'} (expected ${VERBS[verb].end}).`,
      before: sent.before,
      after: last,
      done,
    });
  }
  const why =
    settled.kind === 'error' ? `reading it failed (${inSentence(settled.error)})` : whyCut(settled.kind);
  return {
    ...base,
    kind: settled.kind,
    failure: `The ${verb} of '${name}' was accepted, but ${why} while '${name}' was still ${status}; run erp-status to see where it stands.`,
    instance: {
      before: sent.before,
      after: last,
      outcome: settled.kind === 'error' ? 'failed' : 'running',
      done,
    },
  };
}
