import { compareApiVersions } from '../../client/arm/resource-id.js';
import { InputError } from '../../client/errors.js';
import { sameStatus } from '../../client/status.js';
import type { HttpClient, HttpResponse } from '../../client/http.js';
import type { InstanceRef } from './instance-ref.js';
import type { InstanceOutcome } from './outcome.js';
import type { InstanceLog } from './progress.js';

/** The erp vocabulary every step of a stop or start shares: the verbs, their statuses, their api-versions. */
export type Verb = 'stop' | 'start';

/** The one thing that tells a stop from a start: the POST's last path segment and how it is sent. */
export interface InstanceAction {
  verb: Verb;
  /** `deallocate-vm` (stop) or `start-vm` (start), and whether it is true. */
  snooze: { input: 'deallocate-vm' | 'start-vm'; on: boolean };
  /** What the POST does, for the summary: `stop (soft 300 s)`, `start with its VMs`. */
  describe: string;
  /**
   * The step is part of a stop that deallocates (a whole-system window with deallocate-vm): after a snooze the
   * service reads Unavailable, an end for skip-if-done as Offline is.
   */
  snoozed?: boolean;
  /** What the POST would do, for a dry run's plan: `stop (soft 300 s, deallocate VMs)`. */
  plan: string;
  /**
   * Sends the POST for one instance; may send it again (the stop's hard-stop fallback). `clientRequestId`: that
   * of the first try of this same POST, whose effect was unknown and which the service did not act on.
   */
  send(request: {
    client: HttpClient;
    url: URL;
    log: InstanceLog;
    apiVersion: string;
    clientRequestId?: string;
    /** What was sent, as the summary says it: a sender that sends other than `describe` (a hard stop) says so here. */
    sent?: { done: string };
  }): Promise<HttpResponse>;
}

/** One instance of the step: where it is read and where its POST goes. */
export interface Target {
  ref: InstanceRef;
  readUrl: URL;
  actionUrl: URL;
}

/** The status an instance ends in when the action did what it says. */
export const END_STATUS: Record<Verb, string> = { stop: 'Offline', start: 'Running' };
/** The `instances` outcome of an instance the action reached its end on. */
export const DONE: Record<Verb, InstanceOutcome> = { stop: 'stopped', start: 'started' };

/**
 * Whether a status is the action's end: `Offline` or `Running`; after a snooze (deallocate-vm) `Unavailable` too,
 * as the vendor's automation counts it (the machines deallocated, the service cannot reach the system).
 */
export function isEnd(action: Pick<InstanceAction, 'verb' | 'snooze'>, status: string | undefined): boolean {
  if (sameStatus(status, END_STATUS[action.verb])) return true;
  return action.verb === 'stop' && action.snooze.on && sameStatus(status, 'Unavailable');
}

/**
 * Whether a status is the one expected: after a snooze (deallocate-vm) the service cannot reach the system and
 * reads Unavailable, an end of success as Offline is (the contract's "State before and after").
 */
export function holds(status: string | undefined, expected: string): boolean {
  return (
    sameStatus(status, expected) || (sameStatus(expected, 'Offline') && sameStatus(status, 'Unavailable'))
  );
}

/** After a stop or start whose answer was lost (or a 409): the statuses that show the service acted. */
export const ACTED: Record<Verb, string[]> = {
  stop: ['stopping', 'softshutdown', 'offline', 'unavailable'],
  start: ['starting', 'running'],
};

/** Where the instance started from: its read before, or the other end where it was not read. */
export function startStateOf(verb: Verb, before: { status?: string } | undefined): string {
  return before?.status ?? END_STATUS[verb === 'stop' ? 'start' : 'stop'];
}

/** Area C's api-version, declared once: the seed's, what every erp request uses unless told otherwise. */
export const ERP_API_VERSION = '2023-04-01';
/** The api-version a snooze uses unless one is given, and the first that has deallocateVm and startVm. */
export const SNOOZE_API_VERSION = '2024-09-01';
const FIRST_SNOOZE_API_VERSION = '2023-10-01-preview';

/** The api-version of every request of the step (read, POST, verify), refused where it cannot carry a snooze. */
export function apiVersionFor(given: string | undefined, snooze: InstanceAction['snooze']): string {
  if (!snooze.on) return given ?? ERP_API_VERSION;
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
