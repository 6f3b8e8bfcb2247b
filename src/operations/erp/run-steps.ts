import type { HttpClient } from '../../client/http.js';
import type { OperationContext, OperationResult } from '../types.js';
import { snoozeFirst } from './act-guards.js';
import { forEachTarget } from './each.js';
import { actOn, type ActOn } from './act-on.js';
import type { DriverRun } from './plan-around.js';
import { entryFor, resolveInstances, type InstanceRef } from './instance-ref.js';
import type { Selection } from './erp-list/selection.js';
import type { TargetResult } from './target-result.js';
import { InstanceLog, type TargetIo } from './progress.js';
import type { Step } from './step.js';
import { apiVersionFor } from './vocabulary.js';
import { RUNS } from './verbs.js';
import { databasesDown, toReadBeforeMachines } from './parts/machines-gate.js';
import { holdsFirst } from './parts/two-hands.js';
import { stepsResult, systemOutcome, type SystemWindow } from './stepped-report.js';
import { stepLogName, windowLine } from './wording.js';

/**
 * The one erp driver: every system (`max-parallel` at once), each step of its plan in order through one `actOn`,
 * the first that does not end where it should ending that system's run but for the steps that bring it back; one
 * report of them all.
 */
export async function runSteps(
  run: DriverRun,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const { options, whole } = run;
  const row = RUNS[run.run];
  // Every item and path is checked before the first request: a bad one fails the step with nothing sent.
  const apiVersion = apiVersionFor(options.apiVersion, { verb: row.verbs[0]!, machines: run.machines });
  const refs = resolveInstances(options.erpVirtualInstances, options);
  const systems = new Map<InstanceRef, SystemWindow>();
  // Reported through its steps: a window, or a run of several verbs (even where a system was planned one step).
  const stepped = whole || row.verbs.length > 1;
  const outcomes = await forEachTarget(refs, options.maxParallel, ctx, {
    title: (ref) => `${row.operation} ${ref.label}${whole ? ' (whole system)' : ''}`,
    logName: (ref) => ref.label,
    work: async (ref, log) => {
      const system: SystemWindow = { plan: [], results: [] };
      systems.set(ref, system);
      const planned = await run.plan(ref, { ...run, apiVersion }, log);
      if (!Array.isArray(planned)) return planned;
      system.plan = planned;
      return runSystem({ run: { ...run, apiVersion }, ref, system, stepped, client, ctx, log });
    },
  });
  return stepsResult({ run: row, refs, outcomes, windows: systems, ctx, whole, stepped });
}

async function runSystem(
  o: TargetIo & {
    run: DriverRun & { apiVersion: string };
    ref: InstanceRef;
    system: SystemWindow;
    stepped: boolean;
  },
): Promise<TargetResult> {
  const { run, ref, system, client, ctx, log } = o;
  const { plan, results } = system;
  const startedAt = ctx.clock.now();
  const several = plan.length > 1;
  if (several) log.info(windowLine(plan));
  let failed = false;
  for (const [i, step] of plan.entries()) {
    // After a failure only the steps that bring the system back run (a restart's start), until one of them fails.
    if (failed && !step.bringsBack) continue;
    const child = step.target === ref.label ? '' : step.target.slice(ref.label.length + 1);
    const stepLog = several ? new InstanceLog(stepLogName(i, plan.length, step.step, child), log) : log;
    const stepStartedAt = ctx.clock.now();
    const ran = await runStep({ run, step, plan, results, system: ref, client, ctx, log: stepLog });
    if (several) log.details.push(...stepLog.details);
    // The system left the selection (the read before its first step): none of its steps is sent.
    if (ran.leftAlone) return { ...ran, durationMs: ctx.clock.now() - startedAt };
    results.push({ step, outcome: { ...ran, startedAt: stepStartedAt, endedAt: ctx.clock.now() } });
    if (ran.failure !== undefined && (failed || step.bringsBack)) break;
    failed ||= ran.failure !== undefined;
  }
  if (several || o.stepped) {
    const row = RUNS[run.run];
    return systemOutcome(
      { ref, run: row, whole: run.whole, plan, results },
      ctx.clock.now() - startedAt,
      ctx.dryRun === true,
    );
  }
  const only = results[0]!;
  return {
    ...only.outcome,
    entry: entryFor(ref, { verb: only.step.verb, machines: run.machines }),
  };
}

/**
 * One step, "send, follow, verify" (actOn): read first, a move in progress followed or waited on, skipped where
 * done; before it is sent, what its planner asks to hold (the databases down before the machines).
 */
async function runStep(
  one: TargetIo & {
    run: DriverRun & { apiVersion: string };
    step: Step;
    plan: readonly Step[];
    /** The steps of this system run so far, with how each ended. */
    results: SystemWindow['results'];
    system: InstanceRef;
  },
): Promise<TargetResult> {
  const { run, step, client, ctx, log } = one;
  // Chosen by tag: a step on the system itself re-checks the selection in its read (a database's read has no tags).
  const selection = step.target === one.system.label ? (run.options as Selection) : undefined;
  const acting: ActOn = {
    step,
    apiVersion: run.apiVersion,
    options: run.options,
    client,
    ctx,
    log,
    selection,
    // One of several steps: a cut one is resumed by running the step again (conclude's RUN_AGAIN).
    inPlan: one.plan.length > 1,
  };
  // Two hands: what the step holds is read again just before it is sent (never in a dry run, which sends nothing).
  const hands = { plan: one.plan, results: one.results, actOn };
  if (step.holds && !ctx.dryRun) acting.beforeSend = () => holdsFirst(acting, hands);
  if (step.preflight === 'databases offline') {
    const refused = await snoozeFirst(acting);
    if (refused) return refused;
  }
  if (step.preflight === 'databases down' && !ctx.dryRun) {
    const databases = toReadBeforeMachines(one.plan, one.results);
    const down = await databasesDown(databases, { client, ctx, log, startedAt: ctx.clock.now() });
    if (down) return down;
  }
  const ran = await actOn(acting);
  // A step's own follow-up (a start's health read), where its planner gave one.
  return step.then ? step.then(ran, { client, ctx, log }) : ran;
}
