import { shapeLink, type Emulator } from '../emulator.js';
import { stepOf, type ErpErrorDetail, type ErpStep } from './erp-step.js';
import type { ErpDatabaseScenario, ErpPartsScenario, PartKind } from './erp-parts-scenario.js';
import { FAILED, TERMINAL } from './erp-scenario.js';
import { childFacts, machineId, serviceProperties, type ErpPartsFacts } from './erp-facts.js';

/** One child of a system (application, central or database instance), as the emulator keeps it. */
export interface Child {
  name: string;
  /** A database whose system's machines were deallocated before it stopped: the service cannot reach it. */
  unreachable?: boolean;
  /** Own status after a stop or start sent to it; undefined: the system's (application and central). */
  status?: string;
  databaseType?: string;
  knobs?: ErpDatabaseScenario;
  op?: PartOp;
  /** A stop ended Succeeded whose status still lags (`settleReads`): the status it reaches after `left` reads. */
  pending?: { status: string; left: number };
}

/** One child's stop or start, as its polling URL serves it. */
export interface PartOp {
  id: string;
  action: 'stop' | 'start';
  steps: (string | ErpStep)[];
  /** A real-time operation (`durationMs`): Succeeded this long after `startedAt`, emulator clock. */
  durationMs?: number;
  startedAt: number;
  /** Retry-After on the answers while it runs (the knob `retryAfter`). */
  retryAfter?: string;
  served: number;
  ended: boolean;
  fail?: ErpErrorDetail;
  end: (failed: boolean) => void;
}

export const DEFAULT_PART_STEPS: (string | ErpStep)[] = [
  { status: 'InProgress', percentComplete: 50 },
  'Succeeded',
];

/** The operation's next state, as an operation status result; its end moves the child. */
export function advancePart(op: PartOp, emulator: Emulator) {
  const step = stepOf(op, emulator.now());
  op.served++;
  const failed = FAILED.has(step.status.toLowerCase());
  if (TERMINAL.has(step.status.toLowerCase()) && !op.ended) {
    op.ended = true;
    op.end(failed);
  }
  return {
    id: op.id,
    name: op.id,
    status: step.status,
    percentComplete: step.percentComplete,
    startTime: new Date(emulator.now()).toISOString(),
    error: failed ? (op.fail ?? { code: 'OperationFailed', message: 'The operation failed.' }) : null,
  };
}

/** The polling header of a child operation, in the form the knobs ask for (`bare`: as the live answer had it). */
export function partPollingHeaders(
  op: PartOp,
  where: { subscriptionId: string; location: string },
  knobs: ErpPartsScenario,
  emulator: Emulator,
): Record<string, string> {
  const href = `${emulator.url}/subscriptions/${where.subscriptionId}/providers/Vendor.Workloads/locations/${where.location.toUpperCase()}/operationStatuses/${op.id}?api-version=2023-04-01`;
  const form = knobs.pollingUrlForm;
  const link = form === 'bare' ? shapeLink(href, 'relative').replace(/^\//, '') : shapeLink(href, form);
  return {
    'vendor-AsyncOperation': link,
    ...(knobs.retryAfter ? { 'retry-after': knobs.retryAfter } : {}),
  };
}

export function isHana(type: string | undefined): boolean {
  return /^(hdb|hana)$/i.test(type ?? '');
}

/** Why the service refuses a child's stop or start outright (400), as C3 lists the limits; else undefined. */
export function refusalOf(
  kind: PartKind,
  child: Child,
  action: 'stop' | 'start',
  soft: number,
): ErpErrorDetail | undefined {
  if (kind === 'centralInstances' && action === 'stop' && soft > 0) {
    return {
      code: 'SoftStopUnsupported',
      message: `The central services instance '${child.name}' cannot be soft stopped; stop it with softStopTimeoutSeconds 0.`,
    };
  }
  // The code is the emulator's wording: the service's is not documented.
  if (kind === 'databaseInstances' && !isHana(child.databaseType)) {
    return {
      code: 'OperationNotSupported',
      message: `Stop and start are offered only for HANA databases; '${child.name}' is ${child.databaseType}.`,
    };
  }
  const limit = kind === 'databaseInstances' ? 1800 : 82800;
  if (soft < 0 || soft >= limit) {
    return {
      code: 'InvalidParameter',
      message: `softStopTimeoutSeconds must be from 0 to ${limit - 1} for ${kind}.`,
    };
  }
  return undefined;
}

/** A child as C3's read and list show it: the database instance has no health (C6's facts: erp-facts.ts). */
export function partBody(
  kind: PartKind,
  child: Child,
  where: { subscriptionId: string; resourceGroup: string; system: string },
  status: string,
  seen: { facts: ErpPartsFacts; readsSinceStart?: number },
) {
  const id = `/subscriptions/${where.subscriptionId}/resourceGroups/${where.resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${where.system}/${kind}/${child.name}`;
  const own = childFacts(child.name, seen.facts);
  const properties =
    kind === 'databaseInstances'
      ? {
          databaseSid: where.system.toUpperCase(),
          databaseType: child.databaseType,
          status,
          vmDetails: [{ virtualMachineId: machineId(where, child.name, seen.facts), status }],
          ...own,
        }
      : {
          instanceNo: '00',
          hostname: `${child.name}-host`,
          status,
          ...serviceProperties(kind, child.name, status, where, seen),
          ...own,
        };
  return { id, name: child.name, type: `Vendor.Workloads/erpVirtualInstances/${kind}`, properties };
}

/** How a child's stop or start is made to fail, as the service would: the wrong order (C4), a knob; else none. */
export function failureOf(
  action: 'stop' | 'start',
  child: Child,
  db: Child['knobs'],
  deallocating: boolean,
): ErpErrorDetail | undefined {
  if (action === 'stop' && db && child.unreachable) {
    return {
      code: 'SapDbOpsNotInExpected State',
      message: `The database instance '${child.name}' is Unavailable: its system's machines were deallocated before the database was stopped.`,
    };
  }
  if (action === 'stop' && deallocating && db?.deallocateFails) return db.deallocateFails;
  if (action === 'start' && db?.startFails) {
    return { code: 'DatabaseStartFailed', message: `The database instance '${child.name}' did not start.` };
  }
  return undefined;
}
