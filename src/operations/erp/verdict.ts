// How a target's step ended, read from the service after its operation (verify, the lag, a lost answer): the verdict
// every step of every erp run shares. A read that fails before anything is sent: read-failure.ts.
import { formatWait } from '../../client/retry.js';
import type { StepEnd } from './step.js';
import { isEnd, startStateOf, VERBS } from './verbs.js';
import { followToEnd, settleWindowMs } from './instance-state.js';
import type { InstanceOutcome, InstanceState, TargetResult } from './target-result.js';
import type { TargetIo } from './progress.js';
import type { FailureKind } from '../types.js';
import { described, inSentence, whyCut } from './wording.js';

/** What a read of the instance after its operation ended needs: the instance, how it ended, what was sent. */
interface AfterOperation extends TargetIo {
  step: StepEnd;
  ended: TargetResult;
  /** `before`: the first read, for the report; `from`: the status the request went out at, where it moved since. */
  sent: { before?: InstanceState; from?: InstanceState; done: string };
  startedAt: number;
}

/**
 * `verify`: after the operation ended Succeeded, the instance is read while its status still lags (Starting,
 * Stopping, SoftShutdown, or still at the start state within the settle window); its end status must be the
 * action's, or the instance fails, naming both statuses and the health: the line that catches a false success.
 */
export async function verifyEnd(o: AfterOperation): Promise<TargetResult> {
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
    onRead: (state) => log.info(`verify: is ${described(state)}`),
    onLag: (state) =>
      log.info(
        `verify: is ${state.status ?? 'of no status'}, as before the ${verb}: the status may lag, so it is read again for up to ${formatWait(settleWindowMs())}`,
      ),
  });
  const last = settled.last;
  const done = `${sent.done}: ${ended.operation?.body?.status ?? 'Succeeded'}`;
  const outcome = (instanceOutcome: InstanceOutcome, failure?: string, causeKind?: FailureKind) =>
    judged(o, {
      requestId: last?.response.requestId ?? ended.requestId,
      failure,
      causeKind,
      after: last,
      outcome: instanceOutcome,
      done,
    });
  switch (settled.kind) {
    case 'settled':
      if (isEnd(step, last?.status)) return outcome(VERBS[verb].done);
      return outcome(
        'failed',
        `The ${verb} succeeded but erp virtual instance '${name}' is ${described(last)} (expected ${end}): the service reported Succeeded for an instance that did not ${verb}.`,
        'false success',
      );
    case 'timeout':
    case 'cancelled':
      return outcome(
        'running',
        `The ${verb} succeeded but erp virtual instance '${name}' was still ${described(last)}, when ${whyCut(settled.kind)} (verify: expected ${end}); run erp-status to see where it stands.`,
      );
    case 'error':
      return outcome(
        'failed',
        `The ${verb} succeeded but reading erp virtual instance '${name}' afterwards failed: ${inSentence(settled.error)} (verify: expected ${end}).`,
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
export async function readAfterEnd(o: AfterOperation): Promise<TargetResult> {
  const { step, ended, sent, ctx, log } = o;
  const said = ended.operation?.gone
    ? 'its operation is gone (HTTP 404)'
    : `its operation ended ${ended.operation?.body?.status}`;
  // The status cannot show the machines: it can never overrule the failure of a step on them.
  if (step.machines) return machinesFailed(o, said);
  log.info(`${said}: reading the instance, which may still be moving`);
  const settled = await followToEnd({
    client: o.client,
    url: step.readUrl,
    ctx,
    onRead: (state) => log.info(`is ${described(state)}`),
  });
  const last = settled.last;
  if (settled.kind === 'settled' && isEnd(step, last?.status)) {
    const why = ended.failure?.replace(/\.$/, '') ?? said;
    log.warning(
      `${why}; but erp virtual instance '${step.ref.label}' reached ${last?.status}: counted as done`,
    );
    return judged(o, {
      kind: 'succeeded',
      operation: { ...ended.operation, status: 'Succeeded' },
      failure: undefined,
      after: last,
      outcome: VERBS[step.verb].done,
      done: `${sent.done}: ${said}, then ${last?.status}`,
    });
  }
  const where = last ? `; '${step.ref.label}' is ${last.status ?? 'of no status'}` : '';
  const failure = ended.failure && `${ended.failure.replace(/\.$/, '')}${where}.`;
  const done = `${sent.done}: ${ended.operation?.body?.status ?? said}`;
  return judged(o, { failure, after: last, outcome: 'failed', done });
}

/** A step on the machines (deallocateVm, startVm) whose operation ended other than Succeeded: it fails, whatever the status. */
function machinesFailed(o: AfterOperation, said: string): TargetResult {
  const { ended, sent } = o;
  const code = ended.operation?.body?.error?.code?.toLowerCase();
  const role =
    code === 'authorizationfailed'
      ? " The system's managed identity needs a role over its machines (virtual machine contributor) for deallocate-vm and start-vm."
      : '';
  const input = VERBS[o.step.verb].machines.input;
  o.log.info(`${said}: a step on the machines, which the status cannot show, so it is not counted as done`);
  return judged(o, {
    causeKind: code === 'authorizationfailed' ? 'permission' : (ended.causeKind ?? 'service failed'),
    failure: `${(ended.failure ?? `The ${o.step.verb} of '${o.step.ref.label}': ${said}.`).replace(/\.$/, '')}; the status cannot show the machines, so ${input} is not counted as done.${role}`,
    outcome: 'failed',
    done: `${sent.done}: ${ended.operation?.body?.status ?? said}`,
  });
}

/** How a read after the operation judged it: its end (`ended`), what the read found, and what was done. */
function judged(
  o: AfterOperation,
  r: Omit<Partial<TargetResult>, 'instance'> & {
    after?: InstanceState;
    outcome: InstanceOutcome;
    done: string;
  },
): TargetResult {
  const { after, outcome, done, ...rest } = r;
  const durationMs = o.ctx.clock.now() - o.startedAt;
  return { ...o.ended, durationMs, ...rest, instance: { before: o.sent.before, after, outcome, done } };
}
