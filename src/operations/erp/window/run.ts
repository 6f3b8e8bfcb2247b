import type { HttpClient, HttpResponse } from '../../../client/http.js';
import type { OperationContext, OperationResult } from '../../types.js';
import { forEachTarget } from '../each.js';
import { actOn } from '../instance-action.js';
import type { InstanceActionOptions } from '../instance-io.js';
import { apiVersionFor, type InstanceAction, type Target, type Verb } from '../vocabulary.js';
import { readInstance } from '../instance-state.js';
import { ERP_VIRTUAL_INSTANCE, resourceUrl } from '../../../client/arm/resource-id.js';
import { resolveInstances, type InstanceRef } from '../instance-ref.js';
import type { Outcome } from '../outcome.js';
import { InstanceLog } from '../progress.js';
import { listFailure, readFailure } from '../verdict.js';
import { databasesDown } from './machines-gate.js';
import { listDatabases, windowRefusal } from './preflight.js';
import { systemOutcome, windowResult, type SystemWindow } from './report.js';
import { databaseUrl, planWindow, type WindowStep } from './steps.js';

/** erp-stop or erp-start with whole-system: true. */
export interface WindowOptions extends InstanceActionOptions {
  verb: Verb;
  softStopTimeoutSeconds: number;
  databaseSoftStopTimeoutSeconds: number;
  /** deallocate-vm (stop) or start-vm (start). */
  machines: boolean;
  /**
   * Sends one stop step's POST (erp-stop's own sender, with its hard-stop fallback): `body` is the step's. Start
   * steps are sent as they are.
   */
  sendStop?: (
    request: Parameters<InstanceAction['send']>[0] & {
      body: { softStopTimeoutSeconds: number; deallocateVm: boolean };
    },
  ) => Promise<HttpResponse>;
}

/** What every system and step of one window shares. */
interface WindowRun {
  o: WindowOptions;
  apiVersion: string;
  client: HttpClient;
  ctx: OperationContext;
}

/**
 * The whole-system window over every system (`max-parallel` systems at once): per system, its databases listed
 * (C3) and refused where one is not HANA, then each step of planWindow in order, each "send, follow, verify" on
 * one target (actOn, as a single stop or start), the first that does not end where it should ending the window.
 */
export async function runWindow(
  o: WindowOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const operation = `erp-${o.verb}`;
  const input = o.verb === 'stop' ? 'deallocate-vm' : 'start-vm';
  const apiVersion = apiVersionFor(o.apiVersion, { input, on: o.machines });
  const refs = resolveInstances(o.erpVirtualInstances, o);
  const windows = new Map<InstanceRef, SystemWindow>();
  const run: WindowRun = { o, apiVersion, client, ctx };
  const outcomes = await forEachTarget(refs, o.maxParallel, ctx, {
    title: (ref) => `${operation} ${ref.label} (whole system)`,
    logName: (ref) => ref.label,
    work: async (ref, log) => {
      const window: SystemWindow = { plan: [], results: [] };
      windows.set(ref, window);
      return runSystem({ run, ref, window, log });
    },
  });
  return windowResult({ operation, refs, outcomes, windows, ctx });
}

async function runSystem(system: {
  run: WindowRun;
  ref: InstanceRef;
  window: SystemWindow;
  log: InstanceLog;
}): Promise<Outcome> {
  const { run, ref, window, log } = system;
  const { o, apiVersion, client, ctx } = run;
  const startedAt = ctx.clock.now();
  const elapsed = () => ctx.clock.now() - startedAt;
  // Before anything is sent: the databases, and whether the service can stop and start each one.
  let databases;
  try {
    databases = await listDatabases(client, databaseUrl(o.baseUrl, ref, apiVersion), ctx.signal);
  } catch (error) {
    return listFailure(ref, error, elapsed(), log, ctx);
  }
  // The stop's first step reads the system before it sends; the start's first steps are the databases'.
  if (o.verb === 'start' && (o.skipIfDone || o.verify)) {
    try {
      await readInstance(client, resourceUrl(o.baseUrl, ref, ERP_VIRTUAL_INSTANCE, apiVersion));
    } catch (error) {
      return readFailure(ref, error, elapsed(), log, ctx);
    }
  }
  const refusal = windowRefusal(ref.label, databases);
  if (refusal) {
    log.info(refusal);
    return {
      target: ref.label,
      kind: 'error',
      durationMs: elapsed(),
      failure: refusal,
      instance: { outcome: 'failed', done: 'not sent: a database is not HANA' },
    };
  }
  const plan = (window.plan = planWindow(
    ref,
    databases.map((db) => db.name),
    { ...o, apiVersion },
  ));
  log.info(`window: ${plan.map((s) => `${s.step} ${s.target}`).join(' → ')}`);
  for (const [i, step] of plan.entries()) {
    const child = step.target === ref.label ? '' : ` ${step.target.slice(ref.label.length + 1)}`;
    const stepLog = new InstanceLog(`${i + 1}/${plan.length} ${step.step}${child}`, log);
    const target = { ref: step.ref, readUrl: step.readUrl, actionUrl: step.actionUrl };
    const stepStartedAt = ctx.clock.now();
    const ran = await runStep({ run, step, target, plan, log: stepLog });
    const outcome = { ...ran, startedAt: stepStartedAt, endedAt: ctx.clock.now() };
    log.details.push(...stepLog.details);
    window.results.push({ step, outcome });
    if (outcome.failure !== undefined) break;
  }
  return systemOutcome(ref, o.verb, plan, window.results, elapsed(), ctx.dryRun === true);
}

/**
 * One step, "send, follow, verify" as a single stop or start is (actOn): read first, a move in progress followed
 * or waited on, skipped where done. A machine step is never skipped (its status does not show the machines), and
 * none is sent before every database of the system reads Offline, `verify` on or off.
 */
async function runStep(one: {
  run: WindowRun;
  step: WindowStep;
  target: Target;
  plan: readonly WindowStep[];
  log: InstanceLog;
}): Promise<Outcome> {
  const { run, step, target, log } = one;
  const { o, apiVersion, client, ctx } = run;
  const acting = { action: actionOf(step, o), target, apiVersion, client, ctx, log, options: o };
  if (step.step === 'application machines' && !ctx.dryRun) {
    const databases = one.plan.filter((s) => s.step === 'database stop');
    const down = await databasesDown(databases, { client, ctx, log, startedAt: ctx.clock.now() });
    if (down) return down;
  }
  return actOn(acting);
}

/** One step as the instance action actOn sends: the machine steps are never skipped (snooze on). */
function actionOf(step: WindowStep, o: WindowOptions): InstanceAction {
  return {
    verb: step.verb,
    snooze: {
      input: step.verb === 'stop' ? 'deallocate-vm' : 'start-vm',
      on: step.verb === 'stop' ? !step.skippable : o.machines,
    },
    snoozed: step.verb === 'stop' && o.machines,
    describe: step.describe,
    plan: `${step.step}: ${step.describe}`,
    send: (request) => {
      const body = step.body ?? {};
      if (step.verb === 'stop' && o.sendStop) {
        const stop = {
          softStopTimeoutSeconds: body.softStopTimeoutSeconds ?? 0,
          deallocateVm: !!body.deallocateVm,
        };
        return o.sendStop({ ...request, body: stop });
      }
      const { client: c, url, clientRequestId } = request;
      return c.send({ method: 'POST', url, json: step.body, clientRequestId });
    },
  };
}
