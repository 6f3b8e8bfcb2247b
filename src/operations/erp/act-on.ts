import { readFirstAnswer, type Seen } from '../../client/arm/follow.js';
import type { PollingMode } from '../../client/arm/polling.js';
import type { ServiceError } from '../../client/errors.js';
import { redactQuery } from '../../client/url.js';
import {
  doneAfterConflict,
  neverSent,
  notSent,
  refusedOnConflict,
  skipIfDone,
  type ActOn,
} from './act-guards.js';
import { conclude, RUN_AGAIN } from './conclude.js';
import { leftAlone } from './erp-list/left-alone.js';
import { followedInstance, sendFindingOut } from './finding-out.js';
import { clearTheWay, isConflict, readThroughConflict } from './in-the-way.js';
import { planInstance } from './instance-plan.js';
import { readInstance } from './instance-state.js';
import { type InstanceState, type InstanceOutcome, type TargetResult } from './target-result.js';
import { endedAs, stillRunning } from './rows.js';
import { followInLog, progressLine } from './progress.js';
import { readAfterEnd, verifyEnd } from './verdict.js';
import { readFailure } from './read-failure.js';
import { VERBS, type Verb } from './verbs.js';
import { described, isCut } from './wording.js';

export type { ActOn } from './act-guards.js';

/**
 * One step on one target: read it (C0), follow or wait out a move in progress, skip it where it is already
 * there, then send, follow its operation and verify its end (sendAndFollow); a 409 to a first attempt read
 * through and acted on once the way is seen clear.
 */
export async function actOn(o: ActOn): Promise<TargetResult> {
  const { step, options, client, ctx, log } = o;
  const startedAt = ctx.clock.now();
  const elapsed = () => ctx.clock.now() - startedAt;
  // An instance whose turn comes after a cancellation or the deadline is not read or sent at all.
  if (ctx.signal?.aborted || startedAt >= ctx.deadline) return notSent(o, 'before its turn', 0);
  // C0 first: what the instance is now decides whether anything is sent, and is the "before" of the report.
  let before: InstanceState | undefined;
  // A step that brings the system back is planned in a dry run as sent: the read cannot show where the run leaves it.
  const reads = (options.skipIfDone || options.verify) && !(ctx.dryRun && step.bringsBack);
  if (reads) {
    try {
      before = step.read?.take() ?? (await readInstance(client, step.readUrl));
    } catch (error) {
      return readFailure({ ref: step.ref, error, durationMs: elapsed(), log, ctx });
    }
    log.info(`is ${described(before)}`);
    const read = { name: step.ref.label, before, durationMs: elapsed() };
    const alone = o.selection && leftAlone(o.selection, read, log);
    if (alone) return alone;
  }
  const way = { step, client, ctx, log, startedAt, wait: options.wait };
  let now = before;
  for (let attempt = 1; ; attempt++) {
    if (now) {
      // Moving: followed where it moves toward this step's end, else waited on until it moves no more.
      const cleared = await clearTheWay(way, now);
      if (!('state' in cleared)) return withBefore(cleared, before);
      now = cleared.state;
      const skipped = skipIfDone(o, { before, now, durationMs: elapsed(), followed: cleared.ownMove });
      if (skipped) return skipped;
    }
    // A dry run stops here: read and skip-if-done as the real run, and the POST refused by the client, not sent.
    if (ctx.dryRun) {
      const hardStopFallback = options.hardStopFallback === true;
      return planInstance({ step, hardStopFallback, before, client, log, durationMs: elapsed() });
    }
    const moved = await o.beforeSend?.();
    if (moved) return withBefore(moved, before);
    const sent = await sendAndFollow(o, { before, now, startedAt, firstAttempt: attempt === 1 });
    if (!('conflict' in sent)) return sent;
    // A 409 to the first attempt: an operation in progress the read did not show; read through the lag.
    const seen = await readThroughConflict(way, now, sent.conflict);
    if ('refused' in seen) {
      return refusedOnConflict(
        o,
        { error: sent.conflict, refused: seen.refused, before, after: seen.after },
        elapsed(),
      );
    }
    if ('done' in seen) return doneAfterConflict(o, before, seen.done, elapsed());
    now = seen.state;
  }
}

/** A result said with the step's first read as its status before (the read it ended on came later). */
const withBefore = (r: TargetResult, before: InstanceState | undefined): TargetResult => ({
  ...r,
  instance: r.instance && { ...r.instance, before },
});

/** The POST, then its operation followed and the instance verified; a 409 to a first attempt handed back. */
async function sendAndFollow(
  o: ActOn,
  at: { before?: InstanceState; now?: InstanceState; startedAt: number; firstAttempt: boolean },
): Promise<TargetResult | { conflict: ServiceError }> {
  const { step, options, client, ctx, log } = o;
  const { verb } = step;
  const { before, startedAt } = at;
  const name = step.ref.label;
  const label = `The ${verb} of erp virtual instance '${name}'`;
  const elapsed = () => ctx.clock.now() - startedAt;
  const end = (followed: Parameters<typeof conclude>[0]['followed'], operationUrl?: string) =>
    conclude({
      label,
      target: name,
      followed,
      operationUrl,
      durationMs: elapsed(),
      log,
      resume: o.inPlan ? RUN_AGAIN : undefined,
    });
  const sent = { before, from: at.now, done: step.describe };
  let seen: Seen | undefined;
  let pollingUrl: string;
  let mode: PollingMode;
  try {
    const hardStopFallback = options.hardStopFallback === true;
    const response = await sendFindingOut({
      ...o,
      wait: options.wait,
      hardStopFallback,
      before: at.now,
      sent,
    });
    if ('settled' in response) {
      return followedInstance({ step, followed: response, sent, durationMs: elapsed(), log });
    }
    // The service's own answer to the POST, read in the client as the poller reads it.
    const first = readFirstAnswer(response, client.origin, `${verb} response`);
    seen = first.seen;
    if (first.kind === 'ended') {
      log.info(progressLine(seen.body, elapsed()));
      const kind = seen.state === 'succeeded' ? 'succeeded' : 'failed';
      const followed = { kind, last: seen } as const;
      const ended = end(followed);
      return afterOperation(o, { ended, kind, sent, startedAt });
    }
    pollingUrl = first.pollingUrl;
    mode = first.mode;
    log.info(`${verb} accepted (HTTP ${response.status}); operation ${redactQuery(pollingUrl)}`);
  } catch (error) {
    if (at.firstAttempt && isConflict(error) && !ctx.signal?.aborted) return { conflict: error };
    if (neverSent(error, ctx)) return notSent(o, 'before the request reached the service', elapsed(), error);
    const kind = ctx.signal?.aborted ? 'cancelled' : 'error';
    const followed = { kind, last: seen, error } as const;
    const ended = end(followed);
    return withInstance(ended, sent, verb);
  }
  if (!options.wait) {
    log.info(`${progressLine(seen.body, elapsed())}; not waiting (wait: false)`);
    const followed = { kind: 'accepted', last: seen } as const;
    const accepted = end(followed, pollingUrl);
    return withInstance(accepted, sent, verb);
  }
  const followed = await followInLog(ctx, log, startedAt, { client, pollingUrl, mode, initial: seen });
  const ended = end(followed, followed.pollingUrl);
  return afterOperation(o, { ended, kind: followed.kind, sent, startedAt });
}

/** After the operation ended: verified where it succeeded; read after any other end, as it may still move. */
function afterOperation(
  o: ActOn,
  e: {
    ended: TargetResult;
    kind: string;
    sent: { before?: InstanceState; from?: InstanceState; done: string };
    startedAt: number;
  },
): Promise<TargetResult> | TargetResult {
  const { ended, sent, startedAt } = e;
  if (e.kind === 'succeeded' && o.options.verify) return verifyEnd({ ...o, ended, sent, startedAt });
  // An operation that ended other than Succeeded: the instance may still reach its end.
  if (e.kind === 'failed' || ended.operation?.gone) return readAfterEnd({ ...o, ended, sent, startedAt });
  return withInstance(ended, sent, o.step.verb);
}

/** The instance part of an outcome that ended without a read after it (no verify, or not Succeeded). */
function withInstance(
  outcome: TargetResult,
  sent: { before?: InstanceState; done: string },
  verb: Verb,
): TargetResult {
  const instanceOutcome: InstanceOutcome =
    outcome.failure === undefined
      ? outcome.kind === 'accepted'
        ? 'running'
        : VERBS[verb].done
      : isCut(outcome.kind) || stillRunning(outcome)
        ? 'running'
        : 'failed';
  const how = outcome.kind === 'accepted' ? 'accepted, not waited on' : endedAs(outcome);
  return {
    ...outcome,
    instance: { before: sent.before, outcome: instanceOutcome, done: `${sent.done}: ${how}` },
  };
}
