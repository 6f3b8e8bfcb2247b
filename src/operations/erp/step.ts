import { ServiceError } from '../../client/errors.js';
import type { HttpClient, HttpResponse } from '../../client/http.js';
import type { InstanceRef } from './instance-ref.js';
import type { InstanceState, TargetResult } from './target-result.js';
import type { InstanceLog, TargetIo } from './progress.js';
import type { SystemDatabase } from './parts/preflight.js';
import { VERBS, type Verb } from './verbs.js';
import { describeFallback, type StepName } from './wording.js';

/**
 * What the checks read, handed to a step's first run: the system's read (its `before`) and its databases' list (a
 * snooze's guard, act-guards.ts). Each is taken once, so the same step run again (another job moved its target away:
 * parts/two-hands.ts) reads anew; a stale Offline would skip the stop it is run again for.
 */
export class HandedRead {
  private state: InstanceState | undefined;
  private databases: readonly SystemDatabase[] | undefined;

  constructor(read: { state?: InstanceState; databases?: readonly SystemDatabase[] }) {
    this.state = read.state;
    this.databases = read.databases;
  }

  take(): InstanceState | undefined {
    const state = this.state;
    this.state = undefined;
    return state;
  }

  takeDatabases(): readonly SystemDatabase[] | undefined {
    const databases = this.databases;
    this.databases = undefined;
    return databases;
  }
}

/**
 * One step on one target, as a planner (step-plans.ts) makes it and `runSteps` runs it through `actOn`: what it
 * sends and where, the end it expects, whether skip-if-done may skip it, whether it is on the machines, how it is
 * said. The driver reads these facts; what differs by verb it looks up in the verb's row (verbs.ts).
 */
export interface Step {
  step: StepName;
  /** How the step names its target: the system (`X01`) or one of its databases (`X01/db0`). */
  target: string;
  ref: InstanceRef;
  verb: Verb;
  /** Where the target is read (before, and to verify), and where the step is sent. */
  readUrl: URL;
  /** The target as its checks read it just before the plan: this step's first read, not sent again (C0). */
  read?: HandedRead;
  actionUrl: URL;
  /** The JSON body; undefined sends none (the seed's C2). */
  body?: { softStopTimeoutSeconds?: number; deallocateVm?: boolean; startVm?: boolean };
  endStatus: 'Offline' | 'Running';
  /** skip-if-done may skip it: not a deallocating stop, whose status does not say whether the machines run. */
  skippable: boolean;
  /** On the machines (deallocateVm, startVm): the status cannot show them, nor prove the step done. */
  machines: boolean;
  /** A step of a stop that deallocates: after a snooze Unavailable ends it too, for skip-if-done. */
  snoozed: boolean;
  /**
   * What must hold before it is sent, where the planner asks: the system's HANA databases Offline (a snooze without
   * the whole system), or every database of the window down (its first machine step).
   */
  preflight?: 'databases offline' | 'databases down';
  /**
   * Two hands on one system: the earlier steps of the window (by name) whose end is read again before this one is
   * sent, and run again where another job moved the target away (parts/two-hands.ts).
   */
  holds?: readonly StepName[];
  /**
   * A step that brings the system back (a restart's start): it is still run after an earlier step of the plan
   * failed, and a dry run plans it as sent, since the read before the run cannot show where that step leaves it.
   */
  bringsBack?: boolean;
  /**
   * What follows the step once it ended, read and judged without a request that changes anything (a start's health
   * read, health.ts): a step of its own kind, carried by the step it follows so the rows and reports need no new shape.
   */
  then?: (ran: TargetResult, io: TargetIo) => Promise<TargetResult>;
  /** What it does, for the log and the summary: `stop (soft 300 s)`; and for a dry run's plan. */
  describe: string;
  plan: string;
}

/** What verifying a step's end needs: its verb, whether it is on the machines, its target and where it is read. */
export type StepEnd = Pick<Step, 'verb' | 'machines' | 'ref' | 'readUrl'>;

/** One send of a step's POST. `clientRequestId`: that of the first try, whose effect was unknown. */
export interface SendRequest {
  client: HttpClient;
  log: InstanceLog;
  clientRequestId?: string;
  /** What was sent, as the summary says it: a sender that sends other than `describe` (a hard stop) says so here. */
  sent?: { done: string };
}

/**
 * Sends one step's POST: its body as planned, and for any stop step the hard-stop fallback: a soft stop the
 * service refuses (SoftStopUnsupported) is sent again as a hard one where allowed, and `sent` says so.
 */
export async function sendStep(
  step: Pick<Step, 'verb' | 'actionUrl' | 'body'>,
  request: SendRequest,
  hardStopFallback: boolean,
): Promise<HttpResponse> {
  const { client, clientRequestId, log, sent } = request;
  const send = (json: Step['body'], id?: string) =>
    client.send({ method: 'POST', url: step.actionUrl, json, clientRequestId: id });
  const soft = step.body?.softStopTimeoutSeconds ?? 0;
  try {
    return await send(step.body, clientRequestId);
  } catch (error) {
    const refused = error instanceof ServiceError && error.code?.toLowerCase() === 'softstopunsupported';
    if (!refused || !VERBS[step.verb].softStop || soft === 0) throw error;
    if (!hardStopFallback) {
      throw error.withHint('Set hard-stop-fallback: true to stop with softStopTimeoutSeconds 0 instead.');
    }
    log.warning(
      `the service refused a soft stop of ${soft}s (${error.serviceMessage ?? error.code}); ` +
        'stopping again with softStopTimeoutSeconds 0 (hard-stop-fallback)',
    );
    // What was done is what was sent: the hard stop, and that the soft one was refused.
    if (sent) sent.done = describeFallback(sent.done, soft, error.code);
    return send({ ...step.body, softStopTimeoutSeconds: 0 });
  }
}

/** One step as it went: the step planned, and how its send, follow and verify ended. */
export interface StepResult {
  step: Step;
  outcome: TargetResult;
}
