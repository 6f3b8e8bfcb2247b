/**
 * Every erp planner in one place (issue 53): the one system-level step, the whole-system window (stop and start),
 * and which of them each verb of an operation's run takes (runErp). Pure where they can be: the dry run, the real
 * run and the summary share them. Over 250 lines by design: a new run is a branch here, beside the others.
 */
import { ERP_VIRTUAL_INSTANCE, resourceUrl } from '../../client/arm/resource-id.js';
import type { HttpClient } from '../../client/http.js';
import { sameStatus } from '../../client/status.js';
import type { OperationContext, OperationResult } from '../types.js';
import { leftAlone } from './erp-list/select-run.js';
import type { Selection } from './erp-list/selection.js';
import { databaseUrl, type InstanceRef } from './instance-ref.js';
import { readInstance } from './instance-state.js';
import { type TargetResult, unsent } from './target-result.js';
import type { TargetIo } from './progress.js';
import { runSteps } from './run-steps.js';
import type { Step } from './step.js';
import { listFailure, readFailure } from './read-failure.js';
import { DEALLOCATE, RUNS, VERBS, type RunRow, type Verb } from './verbs.js';
import { hasSnoozeFields } from './vocabulary.js';
import { listDatabases, windowRefusal } from './window/preflight.js';
import { AccessReads } from './check/access.js';
import { preflight } from './check/preflight.js';
import { around, checkRun, type DriverRun, type ErpRun } from './plan-around.js';
import type { StepName } from './wording.js';

export interface SystemPlanOptions {
  verb: Verb;
  baseUrl: URL;
  apiVersion: string;
  softStopTimeoutSeconds: number;
  /** deallocate-vm (stop) or start-vm (start). */
  machines: boolean;
}

type StepFacts = Omit<Step, 'target' | 'ref' | 'verb' | 'readUrl' | 'actionUrl' | 'endStatus'>;

/** A step on the system itself, or with `db` on one of its database instances. */
function stepOn(ref: InstanceRef, o: Pick<SystemPlanOptions, 'verb' | 'baseUrl' | 'apiVersion'>) {
  return (facts: StepFacts, db?: string): Step => ({
    ...facts,
    target: db === undefined ? ref.label : `${ref.label}/${db}`,
    ref: db === undefined ? ref : { ...ref, label: `${ref.label}/${db}` },
    verb: o.verb,
    readUrl:
      db === undefined
        ? resourceUrl(o.baseUrl, ref, ERP_VIRTUAL_INSTANCE, o.apiVersion)
        : databaseUrl(o.baseUrl, ref, o.apiVersion, db),
    actionUrl:
      db === undefined
        ? resourceUrl(o.baseUrl, ref, ERP_VIRTUAL_INSTANCE, o.apiVersion, o.verb)
        : databaseUrl(o.baseUrl, ref, o.apiVersion, db, o.verb),
    endStatus: VERBS[o.verb].end,
  });
}

/** The body of the single system-level step: with deallocate-vm false the seed's, byte for byte. */
const SYSTEM_BODY: Record<Verb, (o: SystemPlanOptions) => Step['body']> = {
  stop: (o) => ({
    softStopTimeoutSeconds: o.softStopTimeoutSeconds,
    ...(o.machines && hasSnoozeFields(o.apiVersion) ? { deallocateVm: true } : {}),
  }),
  start: (o) => (o.machines ? { startVm: true } : undefined),
};

/** The single system-level stop or start (C1/C2): one step; the deallocate-vm stop stays one POST. */
export function planSystem(ref: InstanceRef, o: SystemPlanOptions): Step[] {
  const row = VERBS[o.verb];
  return [
    stepOn(
      ref,
      o,
    )({
      step: o.verb,
      body: SYSTEM_BODY[o.verb](o),
      skippable: !o.machines || row.skipOnMachines,
      machines: o.machines,
      snoozed: false,
      preflight: o.machines ? row.machinesPreflight : undefined,
      describe: row.describe(o.softStopTimeoutSeconds, o.machines),
      plan: row.plan(o.softStopTimeoutSeconds, o.machines),
    }),
  ];
}

export interface WindowPlanOptions extends SystemPlanOptions {
  databaseSoftStopTimeoutSeconds: number;
}

const windowStep = (
  step: StepName,
  describe: string,
  facts: Omit<StepFacts, 'step' | 'describe' | 'plan'>,
) => ({
  step,
  describe,
  plan: `${step}: ${describe}`,
  ...facts,
});

/** Two hands: what is read again, and run again where another job moved it, before a step is sent. */
const APP_FIRST = ['application stop'] as const;
const DOWN_FIRST = ['application stop', 'database stop'] as const;
const DATABASES_FIRST = ['database start'] as const;

/**
 * The window of one system, in the safe order (C4), by verb. Stop: the application (never deallocating), each HANA
 * database, then with `machines` the application's machines and the databases' last. Start: each database (with
 * its machines when asked), then the application.
 */
const WINDOWS: Record<
  Verb,
  (on: ReturnType<typeof stepOn>, dbs: readonly string[], o: WindowPlanOptions) => Step[]
> = {
  stop: (on, dbs, o) => {
    const snoozed = o.machines;
    const [app, db] = [o.softStopTimeoutSeconds, o.databaseSoftStopTimeoutSeconds];
    const soft = (seconds: number) => ({
      skippable: true,
      machines: false,
      snoozed,
      body: { softStopTimeoutSeconds: seconds },
    });
    const machines = {
      skippable: false,
      machines: true,
      snoozed,
      body: { softStopTimeoutSeconds: 0, deallocateVm: true },
      holds: DOWN_FIRST,
    };
    return [
      on(windowStep('application stop', VERBS.stop.describe(app, false), soft(app))),
      ...dbs.map((name) =>
        on(
          windowStep('database stop', VERBS.stop.describe(db, false), { ...soft(db), holds: APP_FIRST }),
          name,
        ),
      ),
      ...(o.machines
        ? [
            on(windowStep('application machines', DEALLOCATE, { ...machines, preflight: 'databases down' })),
            ...dbs.map((name) => on(windowStep('database machines', DEALLOCATE, machines), name)),
          ]
        : []),
    ];
  },
  start: (on, dbs, o) => {
    const facts = {
      skippable: true,
      machines: o.machines,
      snoozed: false,
      body: o.machines ? { startVm: true } : undefined,
    };
    const describe = VERBS.start.describe(0, o.machines);
    return [
      ...dbs.map((name) => on(windowStep('database start', describe, facts), name)),
      on(windowStep('application start', describe, { ...facts, holds: DATABASES_FIRST })),
    ];
  },
};

export function planWindow(ref: InstanceRef, databases: readonly string[], o: WindowPlanOptions): Step[] {
  return WINDOWS[o.verb](stepOn(ref, o), databases, o);
}

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
  io: TargetIo,
): Promise<Step[] | TargetResult> {
  const { client, ctx, log } = io;
  const { options, apiVersion } = run;
  const startedAt = ctx.clock.now();
  const elapsed = () => ctx.clock.now() - startedAt;
  let databases;
  try {
    databases = await listDatabases(client, databaseUrl(options.baseUrl, ref, apiVersion), ctx.signal);
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
    let read;
    try {
      read = await readInstance(client, steps.find((s) => s.target === ref.label)!.readUrl);
    } catch (error) {
      return readFailure({ ref, error, durationMs: elapsed(), log, ctx });
    }
    // Chosen by tag: the system's read re-checks the selection before any of its steps is sent.
    const alone = leftAlone(options, read, ref.label, log);
    if (alone) return { ...alone, durationMs: elapsed() };
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
    const verbs = row.lastOnlyFrom ? await lastOnly(ref, row, run, { ...io, log }) : row.verbs;
    if ('target' in verbs) return verbs;
    let planned: Step[] | TargetResult;
    if (o.options.wholeSystem) planned = await planSystemWindow(ref, verbs, run, { ...io, log });
    else {
      const { softStopTimeoutSeconds, machines } = o;
      const one = { ...o.options, apiVersion: run.apiVersion, softStopTimeoutSeconds, machines };
      planned = verbs.flatMap((verb, i) => bringsBack(planSystem(ref, { ...one, verb }), i));
    }
    return Array.isArray(planned)
      ? around(planned, ref, { o, line: checked.line, apiVersion: run.apiVersion })
      : planned;
  };
}

/**
 * A run whose first verbs a system may already be past (a restart of a system read Offline): the system read before
 * anything is planned, and where it is there, only the last verb planned, named in the log.
 */
async function lastOnly(ref: InstanceRef, row: RunRow, run: WindowPlanning, io: TargetIo) {
  const last = row.verbs[row.verbs.length - 1]!;
  const startedAt = io.ctx.clock.now();
  let read;
  try {
    read = await readInstance(
      io.client,
      resourceUrl(run.options.baseUrl, ref, ERP_VIRTUAL_INSTANCE, run.apiVersion),
    );
  } catch (error) {
    return readFailure({ ref, error, durationMs: io.ctx.clock.now() - startedAt, log: io.log, ctx: io.ctx });
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
