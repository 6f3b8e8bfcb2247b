import { STEP_TIMEOUT } from '../../client/deadline.js';
import { ServiceError } from '../../client/errors.js';
import type { OperationContext } from '../types.js';
import type { Selection } from './erp-list/selection.js';
import type { InstanceActionOptions } from './instance-io.js';
import {
  failedAt,
  followedToEnd,
  skipped,
  unsent,
  type InstanceState,
  type TargetResult,
} from './target-result.js';
import type { TargetIo } from './progress.js';
import { listFailure } from './read-failure.js';
import { databaseUrl } from './instance-ref.js';
import type { Step } from './step.js';
import { isEnd, VERBS } from './verbs.js';
import { inSentence, whyCut } from './wording.js';
import { listDatabases, snoozeRefusal, systemDatabases } from './parts/preflight.js';

/** What acting on one target needs; the rules here decide before and around its POST. */
export interface ActOn extends TargetIo {
  step: Step;
  apiVersion: string;
  options: InstanceActionOptions & { hardStopFallback?: boolean };
  /** Chosen by tag, on the system itself: the read before acting re-checks the selection (erp-list/select.ts). */
  selection?: Selection;
  /** A step of a plan of several (a window, a restart): a cut one is resumed by running the step again, not its URL. */
  inPlan?: boolean;
  /** Just before the POST (each attempt): what must still hold, else the outcome instead (parts/two-hands.ts). */
  beforeSend?: () => Promise<TargetResult | undefined>;
}

/**
 * A stop with deallocate-vm alone: each system's databases listed first (C3), and a HANA database not Offline
 * fails that system before anything is sent to it (the vendor template's wrong order).
 */
export async function snoozeFirst(o: ActOn): Promise<TargetResult | undefined> {
  const { step: target, client, ctx, log } = o;
  const startedAt = ctx.clock.now();
  // The checks' list where they just read it, else the list read here.
  let databases = target.read?.takeDatabases();
  try {
    databases ??= systemDatabases(
      await listDatabases(client, databaseUrl(o.options.baseUrl, target.ref, o.apiVersion), ctx.signal),
    );
  } catch (error) {
    return listFailure({ ref: target.ref, error, durationMs: ctx.clock.now() - startedAt, log, ctx });
  }
  const refusal = snoozeRefusal(target.ref.label, databases);
  if (!refusal) return undefined;
  log.info(refusal);
  return unsent({
    target: target.ref.label,
    kind: 'error',
    causeKind: 'whole system',
    durationMs: ctx.clock.now() - startedAt,
    failure: refusal,
    why: 'a HANA database is not Offline',
  });
}

/** skip-if-done: the instance is already where the step would take it (a deallocating stop never is). */
export function skipIfDone(
  o: ActOn,
  at: { before: InstanceState | undefined; now: InstanceState; durationMs: number; followed?: boolean },
): TargetResult | undefined {
  const { step, options, log } = o;
  const { now } = at;
  // After a snooze of the window, Unavailable is an end for skip-if-done as Offline is.
  if (
    !options.skipIfDone ||
    !step.skippable ||
    !isEnd({ verb: step.verb, machines: step.snoozed }, now.status)
  ) {
    return undefined;
  }
  const seen = { target: step.ref.label, durationMs: at.durationMs, before: at.before ?? now, after: now };
  if (at.followed) {
    // Someone's operation of this step's own kind, waited out to this end: followed, said as a followed stop is.
    log.info(`reached ${now.status}: the ${step.verb} in progress ended where this step would; nothing sent`);
    const done = `followed the ${step.verb} already in progress`;
    return followedToEnd({ ...seen, requestId: now.response.requestId, verb: step.verb, done });
  }
  log.info(`already ${now.status}: nothing sent (skip-if-done)`);
  return skipped({ ...seen, done: `skipped: already ${now.status}` });
}

/** A target whose request never reached the service (its turn not come, the job cancelled, the timeout). */
export function notSent(o: ActOn, when: string, durationMs: number, error?: unknown): TargetResult {
  const { ctx, log } = o;
  const cancelled = ctx.signal?.aborted === true;
  const why = whyCut(cancelled ? 'cancelled' : 'timeout');
  const detail = error instanceof ServiceError && !cancelled ? ` (${inSentence(error)})` : '';
  log.info(`not ${VERBS[o.step.verb].done}: ${why} ${when}`);
  return unsent({
    target: o.step.ref.label,
    kind: cancelled ? 'cancelled' : 'timeout',
    causeKind: 'not sent',
    durationMs,
    failure: `The ${o.step.verb} of erp virtual instance '${o.step.ref.label}' was not sent: ${why} ${when}${detail}; run the same step again.`,
    why,
    cut: true,
  });
}

/** Whether a failed POST never reached the service: held at the gate or the write window, or cut before it went. */
export function neverSent(error: unknown, ctx: OperationContext): boolean {
  if (error instanceof ServiceError && error.effectUnknown) return false;
  if (ctx.signal?.aborted) return true;
  return error instanceof ServiceError && (error.code === STEP_TIMEOUT || error.pastDeadline);
}

/** The refusal of a 409 stands: the service's words, why it was not sent again, and the status read after it. */
export function refusedOnConflict(
  o: ActOn,
  c: { error: ServiceError; refused: string; before?: InstanceState; after?: InstanceState },
  durationMs: number,
): TargetResult {
  const { error, refused, before, after } = c;
  o.log.info(refused);
  return failedAt({
    target: o.step.ref.label,
    kind: 'error',
    causeKind: 'conflict',
    durationMs,
    requestId: error.requestId,
    failure: `The ${o.step.verb} of erp virtual instance '${o.step.ref.label}' failed: ${error.withHint(refused).message}`,
    before,
    after,
    done: `${o.step.describe}: refused (HTTP 409)`,
  });
}

/** After a 409, a read at the step's own end: the operation in the way ended there; done, nothing sent again. */
export function doneAfterConflict(
  o: ActOn,
  before: InstanceState | undefined,
  now: InstanceState,
  durationMs: number,
): TargetResult {
  o.log.info(
    `was answered 409, then read ${now.status}: the operation in progress ended where this step would; nothing sent again`,
  );
  const done = `skipped: ${now.status} after a 409 (another operation ended there)`;
  return skipped({ target: o.step.ref.label, durationMs, before, after: now, done });
}
