/**
 * Which planner each verb of an operation's run takes (runErp), and the reads a plan needs first: a whole system's
 * window lists its databases, a start reads the system. The steps themselves: step-plans.ts (pure). A new run is a
 * branch here, beside the others.
 */
import { ERP_VIRTUAL_INSTANCE, resourceUrl } from '../../client/arm/resource-id.js';
import type { HttpClient } from '../../client/http.js';
import { sameStatus } from '../../client/status.js';
import type { OperationContext, OperationResult } from '../types.js';
import { leftAlone } from './erp-list/left-alone.js';
import type { Selection } from './erp-list/selection.js';
import { databaseUrl, type InstanceRef } from './instance-ref.js';
import { readInstance } from './instance-state.js';
import { type InstanceState, type TargetResult, unsent } from './target-result.js';
import type { TargetIo } from './progress.js';
import { runSteps } from './run-steps.js';
import type { Step } from './step.js';
import { listFailure, readFailure } from './read-failure.js';
import { RUNS, VERBS, type RunRow, type Verb } from './verbs.js';
import { listDatabases, systemDatabases, windowRefusal } from './parts/preflight.js';
import { AccessReads } from './check/access.js';
import { preflight, type Known } from './check/preflight.js';
import { around, checkRun, type DriverRun, type ErpRun } from './plan-around.js';
import { planSystem, planWindow } from './step-plans.js';

/** What a whole system's window needs of its run: its api-version, its machines, its inputs. */
export interface WindowPlanning {
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
 * HANA; where its first step is not on the system (a start), the system read first; then the steps in the safe
 * order, each verb's window after the other's.
 */
export async function planSystemWindow(
  ref: InstanceRef,
  verbs: readonly Verb[],
  run: WindowPlanning,
  io: TargetIo & { known?: Known },
): Promise<Step[] | TargetResult> {
  const { client, ctx, log } = io;
  const { options, apiVersion } = run;
  const startedAt = ctx.clock.now();
  const elapsed = () => ctx.clock.now() - startedAt;
  // What the checks read just before is not read again: the databases' list and the system.
  let databases = io.known?.databases;
  if (!databases)
    try {
      const url = databaseUrl(options.baseUrl, ref, apiVersion);
      databases = systemDatabases(await listDatabases(client, url, ctx.signal));
    } catch (error) {
      return listFailure({ ref, error, durationMs: elapsed(), log, ctx });
    }
  const names = databases.map((db) => db.name);
  const steps = verbs
    .map((verb) =>
      planWindow(ref, names, {
        verb,
        baseUrl: options.baseUrl,
        apiVersion,
        softStopTimeoutSeconds: options.softStopTimeoutSeconds ?? 0,
        databaseSoftStopTimeoutSeconds: options.databaseSoftStopTimeoutSeconds ?? 0,
        machines: run.machines,
      }),
    )
    .flatMap((steps, i) => bringsBack(steps, i));
  if (steps[0]?.target !== ref.label && (options.skipIfDone || options.verify)) {
    let read = io.known?.read;
    if (!read)
      try {
        read = await readInstance(client, steps.find((s) => s.target === ref.label)!.readUrl);
      } catch (error) {
        return readFailure({ ref, error, durationMs: elapsed(), log, ctx });
      }
    // Chosen by tag: the system's read re-checks the selection before any of its steps is sent.
    const alone = leftAlone(options, { name: ref.label, before: read, durationMs: elapsed() }, log);
    if (alone) return alone;
  }
  const refusal = windowRefusal(ref.label, databases);
  if (!refusal) return steps;
  log.info(refusal);
  return unsent({
    target: ref.label,
    kind: 'error',
    durationMs: elapsed(),
    failure: refusal,
    why: 'a database is not HANA',
  });
}

/** The steps of a run's verb after its first: they bring the system back. */
const bringsBack = (steps: Step[], i: number) =>
  i === 0 ? steps : steps.map((s) => ({ ...s, bringsBack: true }));

export type { ErpRun } from './plan-around.js';

/**
 * The plan of one system for a run: its checks first (a system refused gets no plan), then each verb in turn, as
 * the one system-level step or with whole-system as its window; every verb after the first brings the system back
 * (a restart's start runs after its stop failed).
 */
function planRun(o: ErpRun, io: Omit<TargetIo, 'log'>): DriverRun['plan'] {
  const row: RunRow = RUNS[o.run];
  const reads = new AccessReads(io.client, o.options.baseUrl, io.ctx.signal);
  return async (ref, run, log) => {
    const checks = { ...checkRun(o), baseUrl: o.options.baseUrl, apiVersion: run.apiVersion, reads };
    const checked = await preflight(ref, checks, { ...io, log });
    if ('refused' in checked) return checked.refused;
    const { known } = checked;
    const read = known?.read;
    const verbs = row.lastOnlyFrom ? await lastOnly(ref, row, run, { ...io, log }, read) : row.verbs;
    if ('target' in verbs) return verbs;
    let planned: Step[] | TargetResult;
    if (o.options.wholeSystem) planned = await planSystemWindow(ref, verbs, run, { ...io, log, known });
    else {
      const { softStopTimeoutSeconds, machines } = o;
      const one = { ...o.options, apiVersion: run.apiVersion, softStopTimeoutSeconds, machines };
      planned = verbs.flatMap((verb, i) => bringsBack(planSystem(ref, { ...one, verb }), i));
    }
    return Array.isArray(planned)
      ? around(planned, ref, {
          o,
          line: checked.line,
          read,
          databases: known?.databases,
          apiVersion: run.apiVersion,
        })
      : planned;
  };
}

/**
 * A run whose first verbs a system may already be past (a restart of a system read Offline): the system read before
 * anything is planned, and where it is there, only the last verb planned, named in the log.
 */
async function lastOnly(
  ref: InstanceRef,
  row: RunRow,
  run: WindowPlanning,
  io: TargetIo,
  checked?: InstanceState,
) {
  const last = row.verbs[row.verbs.length - 1]!;
  const startedAt = io.ctx.clock.now();
  let read = checked;
  if (!read)
    try {
      read = await readInstance(
        io.client,
        resourceUrl(run.options.baseUrl, ref, ERP_VIRTUAL_INSTANCE, run.apiVersion),
      );
    } catch (error) {
      return readFailure({
        ref,
        error,
        durationMs: io.ctx.clock.now() - startedAt,
        log: io.log,
        ctx: io.ctx,
      });
    }
  if (row.lastOnlyFrom === undefined || !sameStatus(read.status, row.lastOnlyFrom)) return row.verbs;
  io.log.info(`is ${read.status} before the ${row.word}: ${VERBS[last].done} only`);
  return [last];
}

/** erp-stop, erp-start, erp-restart: which run, planned by planRun. */
export function runErp(o: ErpRun, client: HttpClient, ctx: OperationContext): Promise<OperationResult> {
  const { options, machines } = o;
  const plan = planRun(o, { client, ctx });
  return runSteps({ run: o.run, options, machines, whole: options.wholeSystem, plan }, client, ctx);
}
