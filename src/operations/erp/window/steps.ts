import { ERP_VIRTUAL_INSTANCE, resourceUrl } from '../../../client/arm/resource-id.js';
import { joinUrl, servicePath } from '../../../client/url.js';
import type { InstanceRef } from '../instance-ref.js';
import type { Verb } from '../vocabulary.js';
import type { Step } from '../step.js';
import { DEALLOCATE, describeStart, describeStop, type StepName } from '../wording.js';

/** A window's step: a step of the one erp driver (step.ts). */
export type WindowStep = Step;
export type { StepName } from '../wording.js';

export interface WindowPlanOptions {
  verb: Verb;
  baseUrl: URL;
  apiVersion: string;
  softStopTimeoutSeconds: number;
  databaseSoftStopTimeoutSeconds: number;
  /** deallocate-vm (stop) or start-vm (start). */
  machines: boolean;
}

/** A database instance's URL, or its action's: `…/erpVirtualInstances/{name}/databaseInstances/{db}[/stop]`. */
export function databaseUrl(base: URL, ref: InstanceRef, apiVersion: string, db?: string, verb?: Verb): URL {
  const system =
    servicePath`/subscriptions/${ref.subscriptionId}/resourceGroups/${ref.resourceGroup}/providers/` +
    `${ERP_VIRTUAL_INSTANCE.namespace}/${ERP_VIRTUAL_INSTANCE.type}/` +
    servicePath`${ref.name}/databaseInstances`;
  const child = db === undefined ? '' : servicePath`/${db}`;
  const action = verb === undefined ? '' : servicePath`/${verb}`;
  return joinUrl(base, system + child + action, { 'api-version': apiVersion });
}

/**
 * The window of one system, in the safe order (C4). Stop: the application (never deallocating), each HANA
 * database, then with `machines` the application's machines and the databases' last. Start: each database (with
 * its machines when asked), then the application. Pure: the dry run, the real run and the summary share it.
 */
export function planWindow(ref: InstanceRef, databases: readonly string[], o: WindowPlanOptions): Step[] {
  const system = (step: StepName, body: Step['body'], skippable: boolean, describe: string): Step => ({
    step,
    target: ref.label,
    ref,
    verb: o.verb,
    method: 'POST' as const,
    readUrl: resourceUrl(o.baseUrl, ref, ERP_VIRTUAL_INSTANCE, o.apiVersion),
    actionUrl: resourceUrl(o.baseUrl, ref, ERP_VIRTUAL_INSTANCE, o.apiVersion, o.verb),
    body,
    endStatus: o.verb === 'stop' ? ('Offline' as const) : ('Running' as const),
    skippable,
    // The machine steps of a stop (never skipped), and every step of a start with start-vm.
    machines: o.verb === 'stop' ? !skippable : o.machines,
    snoozed: o.verb === 'stop' && o.machines,
    preflight: step === 'application machines' ? 'databases down' : undefined,
    describe,
    plan: `${step}: ${describe}`,
  });
  const database = (step: StepName, body: Step['body'], skippable: boolean, describe: string): Step[] =>
    databases.map((db) => ({
      ...system(step, body, skippable, describe),
      target: `${ref.label}/${db}`,
      ref: { ...ref, label: `${ref.label}/${db}` },
      readUrl: databaseUrl(o.baseUrl, ref, o.apiVersion, db),
      actionUrl: databaseUrl(o.baseUrl, ref, o.apiVersion, db, o.verb),
    }));
  const deallocate = { softStopTimeoutSeconds: 0, deallocateVm: true };
  if (o.verb === 'stop') {
    const app = o.softStopTimeoutSeconds;
    const db = o.databaseSoftStopTimeoutSeconds;
    return [
      system('application stop', { softStopTimeoutSeconds: app }, true, describeStop(app, false)),
      ...database('database stop', { softStopTimeoutSeconds: db }, true, describeStop(db, false)),
      ...(o.machines
        ? [
            system('application machines', deallocate, false, DEALLOCATE),
            ...database('database machines', deallocate, false, DEALLOCATE),
          ]
        : []),
    ];
  }
  const body = o.machines ? { startVm: true } : undefined;
  const describe = describeStart(o.machines);
  return [
    ...database('database start', body, true, describe),
    system('application start', body, true, describe),
  ];
}
