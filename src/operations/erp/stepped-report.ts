import type { OperationContext, OperationResult } from '../types.js';
import { planResult, plannedTarget, withPlan } from './instance-plan.js';
import { entryFor, idOf, whereContext, type InstanceRef } from './instance-ref.js';
import { instanceEntry, report } from './outcome.js';
import { type InstanceOutcome, type TargetResult } from './target-result.js';
import type { Run } from './verbs.js';
import { stepRow, targetRow } from './rows.js';
import type { Step, StepResult } from './step.js';
import { isCut } from './wording.js';

/** The one way back of an erp run cut short, as the summary's note of a row still running says it. */
const RESUME_WITH =
  'run the same step again to resume where the service is (wait-for-operation with the `operations` output follows only what was sent, and names the steps left)';

/** The `steps` entry of one step, as its system's `instances` entry says it; a step never reached is `not sent`. */
function stepEntry(step: Step, outcome?: TargetResult) {
  const { before, after, outcome: said } = outcome ? instanceEntry(outcome) : NOT_REACHED;
  return {
    step: step.step,
    target: step.target,
    before,
    after,
    // An operation the service ended Failed is over, whatever a resumable URL would say.
    outcome: outcome?.kind === 'failed' ? 'failed' : said,
    seconds: outcome ? Math.round(outcome.durationMs / 100) / 10 : 0,
  };
}

const NOT_REACHED = { before: null, after: null, outcome: 'not sent' } as const;

/**
 * The system's outcome from its steps: the first failed step's failure (naming the step, and the steps not sent),
 * else the run's done word, `skipped` where every step was, `planned` in a dry run. Its before and after are the
 * system's own statuses (its first and last step on the system).
 */
export function systemOutcome(
  o: { ref: InstanceRef; run: Run; whole: boolean; plan: readonly Step[]; results: readonly StepResult[] },
  durationMs: number,
  dryRun: boolean,
): TargetResult {
  const { ref, run, plan, results } = o;
  const failing = results.find((r) => r.outcome.failure !== undefined);
  const last = results[results.length - 1]?.outcome;
  const own = results.filter((r) => r.step.target === ref.label).map((r) => r.outcome.instance);
  const lastOwn = own[own.length - 1];
  const skipped = results.every((r) => r.outcome.instance?.outcome === 'skipped');
  // The health read after the start that brought it up: the system's row says it too, not only that step's.
  const up = own.findLast((i) => i?.up)?.up;
  const outcome: InstanceOutcome = failing
    ? (failing.outcome.instance?.outcome ?? 'failed')
    : dryRun
      ? 'planned'
      : skipped
        ? 'skipped'
        : run.done;
  const notSent = plan.filter((s) => !results.some((r) => r.step === s)).map((s) => `${s.step} ${s.target}`);
  const what = o.whole ? `Whole-system ${run.word}` : `The ${run.word}`;
  return {
    target: ref.label,
    kind: failing?.outcome.kind ?? 'succeeded',
    causeKind: failing?.outcome.causeKind,
    // A step still running: the operations output names it, its database and the steps left (wait-for-operation).
    ...(failing
      ? {
          entry: {
            ...entryFor(ref, failing.step),
            step: failing.step.step,
            ...databaseOf(ref, failing.step),
            left: notSent,
          },
        }
      : {}),
    operation: {
      body: (failing?.outcome ?? last)?.operation?.body,
      url: failing?.outcome.operation?.url,
      gone: failing?.outcome.operation?.gone,
      status: failing ? failing.outcome.operation?.status : 'Succeeded',
    },
    requestId: last?.requestId,
    durationMs,
    failure:
      failing &&
      `${what} of '${ref.label}', step ${failing.step.step} (${failing.step.target}): ${failing.outcome.failure}` +
        (notSent.length > 0 ? ` Not sent: ${notSent.join(', ')}.` : '') +
        (isCut(failing.outcome.kind) ? run.resume : ''),
    instance: {
      before: own[0]?.before,
      after: lastOwn?.after,
      outcome,
      done: `${o.whole ? 'whole system' : run.word}: ${skipped ? 'every step skipped (already done)' : outcome}${up ? `; ${up}` : ''}`,
    },
  };
}

/** The database a step is on (`X01/db0` → `db0`); none for the system itself. */
const databaseOf = (ref: InstanceRef, step: Step) =>
  step.target === ref.label ? {} : { database: step.target.slice(ref.label.length + 1) };

/** A system's window: its steps planned (none where it was refused first), and those that ran. */
export interface SystemWindow {
  plan: Step[];
  results: StepResult[];
}

/** What stepsResult reports: the run, its systems in input order, how each ended, and their windows. */
export interface SteppedReport {
  run: Run;
  refs: InstanceRef[];
  outcomes: TargetResult[];
  windows: Map<InstanceRef, SystemWindow>;
  ctx: OperationContext;
  whole: boolean;
  /** The window's report, each system with its steps (whole-system, a restart); else one row, its one step. */
  stepped: boolean;
}

/**
 * The outputs and summary of a window: erp-stop/erp-start's own report (one row and one `instances` entry per
 * system), each entry with its `steps`, from which the job summary draws a row per step; a dry run's plan has one
 * entry per step's request.
 */
export function stepsResult({
  run,
  refs,
  outcomes,
  windows,
  ctx,
  whole,
  stepped,
}: SteppedReport): OperationResult {
  const context = whereContext(refs.map((ref) => ({ ref })));
  const { operation, running } = run;
  const reportOf = (title: string, operations: true | 'named') =>
    report(outcomes, {
      running,
      title,
      targetHeader: 'erp virtual instance',
      severalFailed: `erp virtual instances did not ${run.word}`,
      resultKey: 'erpVirtualInstance',
      instances: true,
      operations,
      context,
      resumeWith: RESUME_WITH,
    });
  if (!stepped) return withPlan({ reported: reportOf(operation, true), outcomes, operation, context, ctx });
  const systems = refs.map((ref) => windows.get(ref) ?? { plan: [], results: [] });
  const results = systems.map((w) => w.results);
  // Each system's steps planned, with how each ended (none where it was never reached), in order.
  const steps = systems.map(({ plan, results: ran }) =>
    plan.map((step) => ({ step, outcome: ran.find((r) => r.step === step)?.outcome })),
  );
  const reported = reportOf(whole ? `${operation} (whole system)` : operation, 'named');
  const instances = outcomes.map((o, i) => ({
    ...instanceEntry(o),
    steps: steps[i]!.map((s) => stepEntry(s.step, s.outcome)),
  }));
  const rows = outcomes.map((o, i) => {
    const stepRows = steps[i]!.map((s) => stepRow(s.step, s.outcome, running));
    return targetRow(o, { running, id: idOf(refs[i]!), steps: stepRows });
  });
  if (ctx.dryRun) {
    const targets = results.flat().map(({ step, outcome }) => {
      const planned = plannedTarget(outcome);
      return { ...planned, target: step.target, effect: `${step.step}: ${planned.effect}` };
    });
    // One row per system, as `instances`: the summary draws each system's planned steps from its `steps`.
    const shown = outcomes.map(plannedTarget);
    return planResult({
      targets,
      shown,
      instances,
      reported: { ...reported, rows },
      operation,
      context,
      ctx,
    });
  }
  const real = withPlan({
    reported,
    outcomes: results.flat().map((r) => r.outcome),
    operation,
    context,
    ctx,
  });
  // One table row per system: the summary draws each system's steps from `instances[].steps`.
  return { ...real, outputs: { ...real.outputs, instances }, rows };
}
