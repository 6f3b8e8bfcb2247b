/**
 * What one target's work ended as (`TargetResult`, with what was read of it: `InstanceState`), the shapes outcome.ts
 * reports and rows.ts turns into typed rows, and the few constructors that make them, one for each way a target ends
 * without an operation followed: `unsent`, `skipped`, `followedToEnd`, `notWaitedOn`, `failedAt`.
 */
import type { PlannedRequest } from '../../client/dry-run.js';
import type { HttpResponse } from '../../client/http.js';
import type { OperationStatusResult } from '../../client/schemas/erp.js';
import type { FailureKind } from '../types.js';
import { VERBS, type DoneWord, type Verb } from './verbs.js';

/** What one read of an instance (C0) said. */
export interface InstanceState {
  /** `properties.status`: Running, Offline, Stopping, … (new values may appear). */
  status?: string;
  health?: string;
  response: HttpResponse;
}

export type OutcomeKind = 'succeeded' | 'failed' | 'accepted' | 'timeout' | 'cancelled' | 'error';

/** The contract's `instances` outcome of one instance. */
export type InstanceOutcome = DoneWord | 'skipped' | 'running' | 'not sent' | 'failed' | 'read' | 'planned';

/** What the step knows of one instance: its status before and after, and what was done to it. */
export interface InstanceReport {
  before?: InstanceState;
  after?: InstanceState;
  outcome: InstanceOutcome;
  /** For the summary: `stop (soft 300 s): Succeeded`, `skipped: already Offline`. */
  done: string;
  /** A dry run: the stop or start it would send (`outcome` planned). */
  request?: PlannedRequest;
  /** After the start that brought it up, what the health read said: `started, healthy`, `started, not healthy: …`. */
  up?: string;
}

/** The operation's polling facts: its last status body, its polling URL, the status to report, whether it is gone. */
export interface OperationFacts {
  body?: OperationStatusResult;
  url?: string;
  /**
   * The operation status to report where it is not the body's: `Succeeded` for an instance skipped, or followed
   * to its end by its own status because the operation's answer was lost.
   */
  status?: string;
  /** The polling URL answered 404: the operation cannot be resumed, so it is not in `operation-urls`. */
  gone?: boolean;
}

/** A target's entry in the `operations` output beside its polling URL, as wait-for-operation reads it back. */
export interface OperationEntryFacts {
  /** The system's resource id. */
  target: string;
  verb: Verb;
  /** deallocate-vm (stop) or start-vm (start) was on: a later wait then takes Unavailable as a stop's end. */
  snooze?: boolean;
  /**
   * A step of a window left running: its name, its database (none: the system itself), and the window's steps never
   * sent (`application start X01`), so wait-for-operation names what is left.
   */
  step?: string;
  database?: string;
  left?: string[];
}

/** How the work on one operation (one instance's stop, or one resumed wait) ended. */
export interface TargetResult {
  /** The instance name, or the operation URL for wait-for-operation. */
  target: string;
  kind: OutcomeKind;
  /** Its operation, where one was sent or resumed: how the service answered and where it is polled. */
  operation?: OperationFacts;
  requestId?: string;
  durationMs: number;
  /** One sentence naming the cause, where the outcome fails the step. */
  failure?: string;
  /** The cause as the target's row says it, where it leaves out what the summary's context names; else `failure`. */
  causeText?: string;
  /** erp-stop, erp-start, erp-status: the instance. */
  instance?: InstanceReport;
  /**
   * The system the operation acts on and how, where known: its entry in the `operations` output (beside the polling
   * URL), from which wait-for-operation resumes and names it.
   */
  entry?: OperationEntryFacts;
  /** Chosen by tag, and the read before acting showed it no longer selected: nothing was sent to it. */
  leftAlone?: boolean;
  /** The kind of `failure`, named where the failure is made; else told from `kind` (rows.ts). */
  causeKind?: FailureKind;
  /** When the work on the target started and ended (clock ms); none for a target never reached. */
  startedAt?: number;
  endedAt?: number;
}

/** What the constructors below are told of a target: its name, its time, the last request's id, its reads. */
type Seen = Pick<TargetResult, 'target' | 'durationMs' | 'requestId'> & Omit<InstanceReport, 'outcome'>;

/** The shape every constructor fills: what was read and done, as the instance's report, and the `outcome` word. */
function seen<T extends Seen>({ before, after, done, ...o }: T, outcome: InstanceOutcome) {
  return { ...o, instance: { before, after, outcome, done } };
}

/** How a target failed, where it fails: its kind, the kind of its cause where known, and the sentence. */
type Failing = Pick<TargetResult, 'kind' | 'causeKind' | 'causeText'> & { failure: string };

/**
 * A target nothing was sent to: it fails before anything is sent (`failed`), or, `cut`, its turn never came (the
 * job cancelled, the timeout): `not sent`. Its row says `not sent: {why}`.
 */
export function unsent({ why, cut, ...o }: Omit<Seen, 'done'> & Failing & { why: string; cut?: boolean }) {
  return seen({ ...o, done: `not sent: ${why}` }, cut ? 'not sent' : 'failed');
}

/**
 * A target that ended where its step would, by the instance's own status (skipped as done, a move followed to its
 * end): its operation's status is reported as Succeeded.
 */
function reachedEnd(o: Omit<TargetResult, 'kind' | 'operation'>): TargetResult {
  return { ...o, kind: 'succeeded', operation: { status: 'Succeeded' } };
}

/**
 * A target read at the step's end before anything was sent (skip-if-done, after a 409, left alone): nothing sent;
 * the read that found it there is its last request.
 */
export function skipped(o: Omit<Seen, 'requestId'> & { after: InstanceState; leftAlone?: true }) {
  return reachedEnd(
    seen({ ...o, before: o.before ?? o.after, requestId: o.after.response.requestId }, 'skipped'),
  );
}

/** A move (someone's, or ours whose answer was lost) followed by the instance's status to the step's end. */
export function followedToEnd({ verb, ...o }: Seen & { verb: Verb }): TargetResult {
  return reachedEnd(seen(o, VERBS[verb].done));
}

/** wait: false and the instance moving toward the step's end: reported running at its status, not waited on. */
export function notWaitedOn({ status, ...o }: Seen & { status?: string }): TargetResult {
  return { ...seen(o, 'running'), kind: 'accepted', operation: { status } };
}

/** A target that fails where the step is, with what was read of it (a 409 refused, a false success, not read). */
export function failedAt(o: Seen & Failing & Pick<TargetResult, 'operation'>): TargetResult {
  return seen(o, 'failed');
}
