import type { HttpClient } from '../../client/http.js';
import { logPlan, planOutputs, planTable, wouldSend, type PlannedTarget } from '../plan.js';
import type { OperationContext, OperationResult } from '../types.js';
import { sendStep, type Step } from './step.js';
import type { InstanceState, TargetResult } from './target-result.js';
import { instanceEntry } from './outcome.js';
import type { InstanceLog } from './progress.js';

/**
 * erp-stop/erp-start with dry-run, for one instance already read and not skipped: the action's own send builds the
 * POST, and the client refuses it (PlannedChange), so the plan is the request the real run sends, and nothing is
 * sent. Any other failure is the one the real run would meet before changing anything.
 */
export async function planInstance({
  step,
  hardStopFallback,
  before,
  client,
  log,
  durationMs,
}: {
  step: Step;
  hardStopFallback: boolean;
  before: InstanceState | undefined;
  client: HttpClient;
  log: InstanceLog;
  durationMs: number;
}): Promise<TargetResult> {
  const name = step.ref.label;
  const request = await wouldSend(
    () => sendStep(step, { client, log }, hardStopFallback),
    `the ${step.verb} of '${name}'`,
  );
  // Without skip-if-done and verify the real run reads nothing, and neither does its dry run.
  const unread = step.bringsBack ? 'after the steps before it' : 'status not read';
  const from = before ? (before.status ?? 'of no status') : unread;
  return {
    target: name,
    kind: 'succeeded',
    durationMs,
    instance: { before, outcome: 'planned', done: `${from} → ${step.plan}`, request },
  };
}

/** A target of the plan: the instance and what would happen to it (or why it would fail or be skipped). */
export function plannedTarget(o: TargetResult): PlannedTarget {
  const instance = o.instance;
  const effect =
    instance?.outcome === 'skipped'
      ? `already ${instance.before?.status} → skip`
      : (instance?.done ?? 'failed');
  return { target: o.target, effect, request: instance?.request };
}

/**
 * Whether a real run changed something: a stop or start the service accepted (an answer, an operation, a status
 * read after it) or was found out to have acted on. Skipped instances and those never sent, or refused, did not.
 */
function acted(o: TargetResult): boolean {
  const outcome = o.instance?.outcome;
  if (outcome === 'skipped' || outcome === 'planned' || outcome === 'not sent') return false;
  if (outcome !== 'failed') return true;
  // A 409 refused: nothing of this step reached the service, whatever the read after it shows.
  if (o.causeKind === 'conflict') return false;
  return o.operation?.url !== undefined || o.operation?.body !== undefined || o.instance?.after !== undefined;
}

/**
 * The outputs of erp-stop/erp-start: a real run's report with `changes` (and an empty `plan`); a dry run's plan,
 * which says nothing of operations that never ran (no status, no operation URL), and its summary titled as a plan.
 * The step's failure is the real report's: the instances a real run would fail before changing anything.
 */
export function withPlan({
  reported,
  outcomes,
  operation,
  context,
  ctx,
}: {
  reported: OperationResult;
  outcomes: TargetResult[];
  operation: string;
  context: [string, string][];
  ctx: OperationContext;
}): OperationResult {
  if (!ctx.dryRun) {
    return { ...reported, outputs: { ...reported.outputs, changes: outcomes.some(acted), plan: [] } };
  }
  const targets = outcomes.map(plannedTarget);
  const instances = outcomes.map(instanceEntry);
  return planResult({ targets, shown: targets, instances, reported, operation, context, ctx });
}

/**
 * A dry run's outputs: the plan of the requests `targets` would send, its table of what each of `shown` would do
 * (each target, or each system of a window), and the rows saying it as the table does.
 */
export function planResult(o: {
  targets: PlannedTarget[];
  shown: PlannedTarget[];
  instances: object[];
  reported: OperationResult;
  operation: string;
  context: [string, string][];
  ctx: OperationContext;
}): OperationResult {
  const { targets, shown } = o;
  logPlan(o.ctx.logger, targets);
  const { plan, changes } = planOutputs(targets);
  return {
    outputs: { result: plan, 'operation-urls': [], instances: o.instances, changes, plan },
    summary: [planTable(o.operation, 'erp virtual instance', shown, o.context)],
    failure: o.reported.failure,
    rows: o.reported.rows?.map((row, i) => ({ ...row, done: shown[i]?.effect })),
  };
}
