import { ERP_VIRTUAL_INSTANCE, resourceUrl } from '../../../client/arm/resource-id.js';
import { joinUrl, servicePath } from '../../../client/url.js';
import type { InstanceRef } from '../instance-ref.js';
import type { Verb } from '../vocabulary.js';

/** The steps of a whole-system window, in the contract's words. */
export type StepName =
  | 'application stop'
  | 'database stop'
  | 'application machines'
  | 'database machines'
  | 'database start'
  | 'application start';

/** One step on one target: what it sends, where, what end status it expects, and whether it may be skipped. */
export interface WindowStep {
  step: StepName;
  /** How the step names its target: the system (`X01`) or one of its databases (`X01/db0`). */
  target: string;
  ref: InstanceRef;
  verb: Verb;
  method: 'POST';
  /** Where the target is read (before, and to verify), and where the step is sent. */
  readUrl: URL;
  actionUrl: URL;
  /** The JSON body; undefined sends none (the seed's C2). */
  body?: { softStopTimeoutSeconds?: number; deallocateVm?: boolean; startVm?: boolean };
  endStatus: 'Offline' | 'Running';
  /** skip-if-done may skip it: not the machine steps, whose status does not say whether the machines run. */
  skippable: boolean;
  /** What it does, for the log and the summary: `stop (soft 300 s)`. */
  describe: string;
}

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

const soft = (seconds: number) => (seconds > 0 ? `soft ${seconds} s` : 'hard');

/**
 * The window of one system, in the safe order (C4). Stop: the application (never deallocating), each HANA
 * database, then with `machines` the application's machines and the databases' last. Start: each database (with
 * its machines when asked), then the application. Pure: the dry run, the real run and the summary share it.
 */
export function planWindow(
  ref: InstanceRef,
  databases: readonly string[],
  o: WindowPlanOptions,
): WindowStep[] {
  const system = (step: StepName, body: WindowStep['body'], skippable: boolean, describe: string) => ({
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
    describe,
  });
  const database = (step: StepName, body: WindowStep['body'], skippable: boolean, describe: string) =>
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
      system('application stop', { softStopTimeoutSeconds: app }, true, `stop (${soft(app)})`),
      ...database('database stop', { softStopTimeoutSeconds: db }, true, `stop (${soft(db)})`),
      ...(o.machines
        ? [
            system('application machines', deallocate, false, 'stop (hard), deallocating the VMs'),
            ...database('database machines', deallocate, false, 'stop (hard), deallocating the VMs'),
          ]
        : []),
    ];
  }
  const body = o.machines ? { startVm: true } : undefined;
  const describe = o.machines ? 'start, starting the VMs first' : 'start';
  return [
    ...database('database start', body, true, describe),
    system('application start', body, true, describe),
  ];
}
