import type { Clock } from './clock.js';
import { ServiceError, withFindingOutFailure } from './errors.js';
import type { HttpResponse } from './http.js';
import { backoffDelay, defaultRetryPolicy, formatWait, type RetryPolicy } from './retry.js';

/**
 * What the finding out showed after an attempt of unknown effect (or a `409` after one):
 * - `acted`: the service acted; the change is done with, never sent again;
 * - `notActed`: the service provably did not act (the evidence, for the log: `is Running: the service did not
 *   act`); sent again, paced, unless the last answer was a `409`;
 * - `unknown`: still unknown but safe to send again (an idempotent DELETE): the reason, for the log;
 * - `refused`: the service did not act and will not (someone else's work runs): the failure stands, with this note.
 */
export type Finding<T> = { acted: T } | { notActed: string } | { unknown: string } | { refused: string };

export interface FindingOut {
  /** The failure whose effect is unknown, or the `409` that came after one. */
  error: ServiceError;
  /** The answer was a `409` after an attempt of unknown effect: an operation is in progress, perhaps ours. */
  conflict: boolean;
  /** When the first attempt of unknown effect was sent (clock ms): a start of ours began after it. */
  unknownSince: number;
}

export interface ChangeSafelyOptions<T> {
  /** The change as the log names it: `the stop`, `synchronize`, `DELETE a@example.com`. */
  what: string;
  /** How the finding out is done, for the log and a failed read: `Reading the instance`. */
  findingOutBy: string;
  /** Sends one attempt; `clientRequestId` is that of the first, the same on every retry (undefined at first). */
  send(clientRequestId: string | undefined): Promise<HttpResponse>;
  findOut(finding: FindingOut): Promise<Finding<T>>;
  clock: Clock;
  deadline: number;
  signal?: AbortSignal;
  log: { info(message: string): void; warning(message: string): void };
  policy?: RetryPolicy;
}

export type ChangeOutcome<T> = { response: HttpResponse } | { acted: T; cause: ServiceError };

/**
 * Sends a change whose answer may be lost, finds out what happened, and sends it again only where the service
 * did not act: the one home of that rule. A refusal (a `409` to the first attempt, or one the finding out does
 * not claim) is thrown, never sent again; the retries carry the first attempt's client request id and wait on
 * the clock (backoff with jitter) within the attempts and the deadline, so no refusal becomes a storm.
 */
export async function changeSafely<T>(options: ChangeSafelyOptions<T>): Promise<ChangeOutcome<T>> {
  const { what, clock, log } = options;
  const policy = options.policy ?? defaultRetryPolicy;
  let clientRequestId: string | undefined;
  let unknownSince: number | undefined;
  for (let attempt = 1; ; attempt++) {
    const sentAt = clock.now();
    try {
      return { response: await options.send(clientRequestId) };
    } catch (error) {
      if (!(error instanceof ServiceError) || options.signal?.aborted) throw error;
      const conflict = error.status === 409;
      // A 409 with nothing of ours possibly under way is someone else's work: the refusal stands.
      if (conflict ? unknownSince === undefined : !error.effectUnknown) throw error;
      clientRequestId ??= error.clientRequestId;
      unknownSince ??= sentAt;
      log.warning(
        `${what} (client-request-id ${error.clientRequestId ?? clientRequestId ?? 'none'}) ${describeUnknown(error)}: ${options.findingOutBy.toLowerCase()} to find out whether the service acted`,
      );
      let finding: Finding<T>;
      try {
        finding = await options.findOut({ error, conflict, unknownSince });
      } catch (readError) {
        // Both failures are the cause: the change's (its effect unknown) and the read's (why it still is).
        throw withFindingOutFailure(error, readError, options.findingOutBy);
      }
      if ('acted' in finding) return { acted: finding.acted, cause: error };
      if ('refused' in finding) throw withNote(error, finding.refused);
      // After a 409 the operation in progress is not shown to be ours: never sent again.
      if (conflict) throw error;
      const evidence = 'notActed' in finding ? finding.notActed : finding.unknown;
      // Known now where the finding says so: the error says "did not act" rather than "the effect is unknown".
      const stop = (hint: string) =>
        'notActed' in finding ? new ServiceError({ ...error.init, effectUnknown: false, hint }) : error;
      if (attempt >= policy.attempts) throw stop(`Sent ${attempt} times; after each, ${evidence}.`);
      const pause = backoffDelay(policy, attempt);
      if (clock.now() + pause > options.deadline) {
        throw stop(`${evidence}, and the next try would come after the step's timeout.`);
      }
      log.info(`${evidence}; sending ${what} again in ${formatWait(pause)}`);
      await clock.sleep(pause, options.signal);
    }
  }
}

function withNote(error: ServiceError, note: string): ServiceError {
  return error.withHint(error.hint ? `${error.hint} ${note}` : note);
}

function describeUnknown(error: ServiceError): string {
  if (error.status === 409) return 'was answered 409 (an operation is in progress)';
  const answer = error.status === undefined ? 'got no answer' : `was answered HTTP ${error.status}`;
  return `${answer} and may have reached the service (its answer was lost)`;
}
