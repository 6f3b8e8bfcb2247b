import type { HttpClient } from '../../../client/http.js';
import type { OperationContext } from '../../types.js';
import { leftAlone } from '../erp-list/select.js';
import type { Selection } from '../erp-list/selection.js';
import type { InstanceRef } from '../instance-ref.js';
import { readInstance } from '../instance-state.js';
import type { Outcome } from '../outcome.js';
import type { InstanceLog } from '../progress.js';
import type { Step } from '../step.js';
import { listFailure, readFailure } from '../verdict.js';
import type { Verb } from '../vocabulary.js';
import { listDatabases, windowRefusal } from './preflight.js';
import { databaseUrl, planWindow } from './steps.js';

export interface WindowPlanning {
  verb: Verb;
  apiVersion: string;
  machines: boolean;
  options: {
    baseUrl: URL;
    skipIfDone: boolean;
    verify: boolean;
    softStopTimeoutSeconds?: number;
    databaseSoftStopTimeoutSeconds?: number;
  } & Selection;
}

/**
 * A whole system's window, planned before anything is sent: its databases listed (C3) and refused where one is not
 * HANA; for a start the system read first (the stop's first step reads it); then the steps in the safe order.
 */
export async function planSystemWindow(
  ref: InstanceRef,
  run: WindowPlanning,
  io: { client: HttpClient; ctx: OperationContext; log: InstanceLog },
): Promise<Step[] | Outcome> {
  const { client, ctx, log } = io;
  const { options, apiVersion } = run;
  const startedAt = ctx.clock.now();
  const elapsed = () => ctx.clock.now() - startedAt;
  let databases;
  try {
    databases = await listDatabases(client, databaseUrl(options.baseUrl, ref, apiVersion), ctx.signal);
  } catch (error) {
    return listFailure(ref, error, elapsed(), log, ctx);
  }
  const steps = planWindow(
    ref,
    databases.map((db) => db.name),
    {
      verb: run.verb,
      baseUrl: options.baseUrl,
      apiVersion,
      softStopTimeoutSeconds: options.softStopTimeoutSeconds ?? 0,
      databaseSoftStopTimeoutSeconds: options.databaseSoftStopTimeoutSeconds ?? 0,
      machines: run.machines,
    },
  );
  if (run.verb === 'start' && (options.skipIfDone || options.verify)) {
    let read;
    try {
      read = await readInstance(client, steps[steps.length - 1]!.readUrl);
    } catch (error) {
      return readFailure(ref, error, elapsed(), log, ctx);
    }
    // Chosen by tag: the system's read re-checks the selection before any of its steps is sent.
    const alone = leftAlone(options, read, ref.label, log);
    if (alone) return { ...alone, durationMs: elapsed() };
  }
  const refusal = windowRefusal(ref.label, databases);
  if (!refusal) return steps;
  log.info(refusal);
  return {
    target: ref.label,
    kind: 'error',
    durationMs: elapsed(),
    failure: refusal,
    instance: { outcome: 'failed', done: 'not sent: a database is not HANA' },
  };
}
