import { ERP_VIRTUAL_INSTANCE, resourceUrl } from '../../client/arm/resource-id.js';
import { ServiceError } from '../../client/errors.js';
import type { HttpResponse } from '../../client/http.js';
import type { InstanceRef } from './instance-ref.js';
import {
  describeFallback,
  describeStart,
  describeStop,
  planStart,
  planStop,
  type StepName,
} from './wording.js';
import { hasSnoozeFields, type InstanceAction, type Verb } from './vocabulary.js';

/**
 * One step on one target, as a planner makes it and `runSteps` runs it through `actOn`: what it sends and where,
 * the end it expects, whether skip-if-done may skip it, whether it is on the machines, and how it is said.
 */
export interface Step {
  step: StepName;
  /** How the step names its target: the system (`X01`) or one of its databases (`X01/db0`). */
  target: string;
  ref: InstanceRef;
  verb: Verb;
  method: 'POST';
  /** Where the target is read (before, and to verify), and where the step is sent. */
  readUrl: URL;
  actionUrl: URL;
  /** The JSON body; undefined sends none (the seed's C2). */
  body?: { softStopTimeoutSeconds?: number; deallocateVm?: boolean; startVm?: boolean };
  endStatus: 'Offline' | 'Running';
  /** skip-if-done may skip it: not a deallocating stop, whose status does not say whether the machines run. */
  skippable: boolean;
  /** On the machines (deallocateVm, startVm): the status cannot show them, nor prove the step done. */
  machines: boolean;
  /** A step of a stop that deallocates: after a snooze Unavailable ends it too. */
  snoozed: boolean;
  /**
   * What must hold before it is sent, where the planner asks: the system's HANA databases Offline (a snooze without
   * the whole system), or every database of the window down (its first machine step).
   */
  preflight?: 'databases offline' | 'databases down';
  /** What it does, for the log and the summary: `stop (soft 300 s)`; and for a dry run's plan. */
  describe: string;
  plan: string;
}

export interface SystemPlanOptions {
  verb: Verb;
  baseUrl: URL;
  apiVersion: string;
  softStopTimeoutSeconds: number;
  /** deallocate-vm (stop) or start-vm (start). */
  machines: boolean;
}

/** The single system-level stop or start (C1/C2): one step; the deallocate-vm stop stays one POST. */
export function planSystem(ref: InstanceRef, o: SystemPlanOptions): Step[] {
  const soft = o.softStopTimeoutSeconds;
  // With deallocate-vm false the body is the seed's, byte for byte, whatever the api-version.
  const snooze = o.machines && hasSnoozeFields(o.apiVersion);
  const stop = o.verb === 'stop';
  return [
    {
      step: o.verb,
      target: ref.label,
      ref,
      verb: o.verb,
      method: 'POST',
      readUrl: resourceUrl(o.baseUrl, ref, ERP_VIRTUAL_INSTANCE, o.apiVersion),
      actionUrl: resourceUrl(o.baseUrl, ref, ERP_VIRTUAL_INSTANCE, o.apiVersion, o.verb),
      body: stop
        ? { softStopTimeoutSeconds: soft, ...(snooze ? { deallocateVm: true } : {}) }
        : o.machines
          ? { startVm: true }
          : undefined,
      endStatus: stop ? 'Offline' : 'Running',
      skippable: !(stop && o.machines),
      machines: o.machines,
      snoozed: false,
      preflight: stop && o.machines ? 'databases offline' : undefined,
      describe: stop ? describeStop(soft, o.machines) : describeStart(o.machines),
      plan: stop ? planStop(soft, o.machines) : planStart(o.machines),
    },
  ];
}

/**
 * Sends one step's POST: its body as planned, and for any stop step the hard-stop fallback: a soft stop the
 * service refuses (SoftStopUnsupported) is sent again as a hard one where allowed, and `sent` says so.
 */
export async function sendStep(
  step: Step,
  request: Parameters<InstanceAction['send']>[0],
  hardStopFallback: boolean,
): Promise<HttpResponse> {
  const { client, url, clientRequestId, log, sent } = request;
  const send = (json: Step['body'], id?: string) =>
    client.send({ method: 'POST', url, json, clientRequestId: id });
  const soft = step.body?.softStopTimeoutSeconds ?? 0;
  try {
    return await send(step.body, clientRequestId);
  } catch (error) {
    const refused = error instanceof ServiceError && error.code?.toLowerCase() === 'softstopunsupported';
    if (!refused || step.verb !== 'stop' || soft === 0) throw error;
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

/** The step as actOn acts on it: its verb, whether it is on the machines, its words, and how it is sent. */
export function actionOf(step: Step, hardStopFallback: boolean): InstanceAction {
  return {
    verb: step.verb,
    snooze: { input: step.verb === 'stop' ? 'deallocate-vm' : 'start-vm', on: step.machines },
    snoozed: step.snoozed,
    describe: step.describe,
    plan: step.plan,
    send: (request) => sendStep(step, request, hardStopFallback),
  };
}
