import { describePlanned, PlannedChange, type PlannedRequest } from '../client/dry-run.js';
import type { Logger, SummaryTable, TargetRow } from './types.js';

/** One change a dry run would make, as the `plan` output carries it. */
export interface PlanEntry extends PlannedRequest {
  /** The instance, synchronization or user it concerns. */
  target: string;
  /** What would happen, as a person reads it: `Running → stop (soft 300 s)`. */
  effect: string;
}

/** A target a dry run looked at: a change it would make (`request`), or none (`already Offline → skip`). */
export interface PlannedTarget {
  target: string;
  effect: string;
  request?: PlannedRequest;
}

/**
 * The log of a dry run: one `dry run: would …` line per change, then the predicted effect per target, so a
 * reviewer reads the requests first and what they would do second.
 */
export function logPlan(logger: Logger, targets: readonly PlannedTarget[]): void {
  for (const { request } of targets) {
    if (request) logger.info(`dry run: would ${describePlanned(request)}`);
  }
  if (!targets.some((t) => t.request)) logger.info('dry run: nothing would change');
  for (const { target, effect } of targets) logger.info(`${target}: ${effect}`);
}

/** The `plan` and `changes` outputs: the changes only, in input order. */
export function planOutputs(targets: readonly PlannedTarget[]): { plan: PlanEntry[]; changes: boolean } {
  const plan = targets.flatMap(({ target, effect, request }) =>
    request ? [{ target, method: request.method, url: request.url, body: request.body, effect }] : [],
  );
  return { plan, changes: plan.length > 0 };
}

/** A dry run's rows: a change planned, or none to make. */
export function planRows(targets: readonly PlannedTarget[]): TargetRow[] {
  return targets.map(({ target, effect, request }) => ({
    target,
    outcome: request ? 'planned' : 'skipped',
    word: request ? 'planned' : 'no change',
    done: effect,
  }));
}

/** The summary of a dry run: one row per target, titled as a plan so nobody reads it as done. */
export function planTable(
  operation: string,
  targetHeader: string,
  targets: readonly PlannedTarget[],
  context?: [string, string][],
): SummaryTable {
  return {
    title: `Plan of ${operation} (dry run: nothing was changed)`,
    context,
    header: [targetHeader, 'would', 'request'],
    rows: targets.map(({ target, effect, request }) => [
      target,
      effect,
      request ? describePlanned(request) : '-',
    ]),
  };
}

/**
 * The request `send` would make in a dry run: the client refuses any change (PlannedChange) and carries the
 * request it refused. One that was sent instead is a defect, said loudly (`what`: "the removal of a@b.org").
 */
export async function wouldSend(send: () => Promise<unknown>, what: string): Promise<PlannedRequest> {
  try {
    await send();
  } catch (error) {
    if (error instanceof PlannedChange) return error.request;
    throw error;
  }
  throw new Error(`dry run: ${what} was sent`);
}
