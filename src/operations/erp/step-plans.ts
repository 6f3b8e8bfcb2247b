/**
 * The pure planners (issue 53): the one system-level step and the whole-system window (stop and start), each verb's
 * steps in the safe order from its row in verbs.ts. No request: the dry run, the real run and the summary share them;
 * planners.ts reads what they need (the databases, the system) and says which each verb of a run takes.
 */
import { ERP_VIRTUAL_INSTANCE, resourceUrl } from '../../client/arm/resource-id.js';
import { databaseUrl, type InstanceRef } from './instance-ref.js';
import type { Step } from './step.js';
import { DEALLOCATE, VERBS, type Verb } from './verbs.js';
import { hasSnoozeFields } from './vocabulary.js';
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
