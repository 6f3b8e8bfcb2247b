import { oneLine } from '../../../client/errors.js';
import { isOneOf, sameStatus } from '../../../client/status.js';
import { isHana } from '../parts/preflight.js';
import { machineVerbs, VERBS } from '../verbs.js';
import type { PartFacts, ServiceFault, SystemFacts } from './facts.js';

/**
 * The checks a stop, start or restart makes before it sends anything to a system (`preflight`): erp-check's, the
 * same code for both, so a window refuses by name what erp-check would.
 */
export type PreflightLevel = 'basic' | 'full' | 'off';

/**
 * The checks that need no read beyond the system's own (C6): a pure function of the facts and the window, so a
 * stop or start can run them before it sends anything. `caller-lacks` and `identity-lacks` read more (access.ts).
 */

export const LEVELS = {
  'not-registered': 'refuse',
  'resource-not-succeeded': 'refuse',
  'service-errors': 'warn',
  'soft-stop-out-of-range': 'refuse',
  'no-identity': 'refuse',
  'identity-lacks': 'refuse',
  'caller-lacks': 'refuse',
  'database-not-hana': 'refuse',
  moving: 'warn',
  unhealthy: 'warn',
  'shared-machine': 'warn',
  'could-not-check': 'unknown',
} as const;

export type CheckCode = keyof typeof LEVELS;
export type Level = (typeof LEVELS)[CheckCode];

/** One finding: its fixed code and level, the part it concerns, and one line naming the system and what to do. */
export interface Finding {
  code: CheckCode;
  level: Level;
  part: string;
  text: string;
}

/** The window a system is checked for: erp-check's `for` and the window inputs of erp-stop and erp-start. */
export interface CheckWindow {
  for: 'stop' | 'start' | 'restart';
  wholeSystem: boolean;
  deallocateVm: boolean;
  startVm: boolean;
  softStopTimeoutSeconds: number;
  databaseSoftStopTimeoutSeconds?: number;
}

export const finding = (code: CheckCode, part: string, text: string): Finding => ({
  code,
  level: LEVELS[code],
  part,
  text,
});

/** The service's limits of a soft stop (C3): below these, in seconds. */
export const SOFT_STOP_LIMITS = { system: 82800, hana: 1800 };
const MOVING = ['starting', 'stopping', 'softshutdown'];
const UNWELL = ['unhealthy', 'degraded'];

/** Whether the window stops anything: a stop or a restart. */
export const stops = (w: CheckWindow) => w.for !== 'start';
/** Whether the window moves the machines: a snooze stop, or a start with its machines (a restart never does). */
export const movesMachines = (w: CheckWindow) => machineVerbs(w.for, w).length > 0;

/** Every no-extra-read check of one system for the window, in the contract's order. */
export function checksFor(system: SystemFacts, window: CheckWindow): Finding[] {
  const s = system.name;
  const found: Finding[] = [];
  if (!sameStatus(system.state, 'RegistrationComplete')) {
    found.push(
      finding(
        'not-registered',
        'system',
        `${s} is ${system.state ?? 'of no registration state'}, not RegistrationComplete: the service offers it no stop or start (UnsupportedProvisioningState: ${system.state ?? 'none'}); finish its registration or leave it out of the window.`,
      ),
    );
  }
  const resources = [
    { part: 'system', ...system },
    ...system.parts.map((p) => ({ part: partName(p), ...p })),
  ];
  for (const r of resources) {
    if (r.provisioningState !== undefined && !sameStatus(r.provisioningState, 'Succeeded')) {
      found.push(
        finding(
          'resource-not-succeeded',
          r.part,
          `${s}: ${r.part} has provisioningState ${r.provisioningState}, not Succeeded: the resource is being changed or is broken; wait until it is Succeeded, or leave the system out.`,
        ),
      );
    }
  }
  for (const r of resources) {
    if (r.errors) {
      found.push(
        finding(
          'service-errors',
          r.part,
          `${s}: ${r.part} reports ${faultText(r.errors)}; often the service's own monitoring, which a stop does not need: read it before the window.`,
        ),
      );
    }
  }
  found.push(...softStopFindings(system, window), ...identityFindings(system, window));
  found.push(...databaseFindings(system, window), ...movingFindings(resources, s));
  found.push(...healthFindings(system), ...sharedMachines(system, window));
  if (system.partsUnread) {
    const why = oneLine(system.partsUnread);
    found.push(
      finding(
        'could-not-check',
        'instances',
        `${s}: its instances could not be listed (${why.length > 300 ? `${why.slice(0, 299)}…` : why}): the checks on its parts were not made.`,
      ),
    );
  }
  return found;
}

export function partName(part: Pick<PartFacts, 'kind' | 'name'>): string {
  return `${part.kind} ${part.name}`;
}

/** The service's words, reduced as any service text is: one line, at most 300 characters. */
function faultText(fault: ServiceFault): string {
  const said = oneLine([fault.code, fault.message].filter(Boolean).join(': '));
  return said.length > 300 ? `${said.slice(0, 299)}…` : said;
}

function softStopFindings(system: SystemFacts, w: CheckWindow): Finding[] {
  if (!stops(w)) return [];
  const found: Finding[] = [];
  if (w.softStopTimeoutSeconds >= SOFT_STOP_LIMITS.system) {
    found.push(
      finding(
        'soft-stop-out-of-range',
        'system',
        `${system.name}: soft-stop-timeout-seconds ${w.softStopTimeoutSeconds} is not below ${SOFT_STOP_LIMITS.system}, which the service accepts for the system and its application servers; give less.`,
      ),
    );
  }
  const db = w.databaseSoftStopTimeoutSeconds ?? 0;
  const hana = system.parts.find((p) => p.kind === 'database' && isHana(p.databaseType));
  if (w.wholeSystem && hana && db >= SOFT_STOP_LIMITS.hana) {
    found.push(
      finding(
        'soft-stop-out-of-range',
        partName(hana),
        `${system.name}: database-soft-stop-timeout-seconds ${db} is not below ${SOFT_STOP_LIMITS.hana}, which the service accepts for HANA; give less.`,
      ),
    );
  }
  return found;
}

function identityFindings(system: SystemFacts, w: CheckWindow): Finding[] {
  const [verb] = machineVerbs(w.for, w);
  if (!verb || system.identity) return [];
  const input = VERBS[verb].machines.input;
  return [
    finding(
      'no-identity',
      'system',
      `${system.name} has no identity of its own, which ${input}: true needs to move its machines: give the system a managed identity with a role over its machines' resource groups, or set ${input}: false.`,
    ),
  ];
}

function databaseFindings(system: SystemFacts, w: CheckWindow): Finding[] {
  if (!w.wholeSystem) return [];
  return system.parts
    .filter((p) => p.kind === 'database' && !isHana(p.databaseType))
    .map((p) =>
      finding(
        'database-not-hana',
        partName(p),
        `${system.name}: ${partName(p)} is of type ${p.databaseType ?? 'none'}: the service stops and starts only HANA, so whole-system: true cannot run its window; whole-system: false stops or starts the application alone.`,
      ),
    );
}

function movingFindings(resources: { part: string; status?: string }[], s: string): Finding[] {
  return resources
    .filter((r) => isOneOf(r.status, MOVING))
    .map((r) =>
      finding(
        'moving',
        r.part,
        `${s}: ${r.part} is ${r.status}: the window will follow or wait out that move first; check nothing else is acting on it.`,
      ),
    );
}

function healthFindings(system: SystemFacts): Finding[] {
  const unwell = [
    { part: 'system', health: system.health },
    ...system.parts
      .filter((p) => p.kind === 'central services')
      .flatMap((p) => [
        { part: partName(p), health: p.health },
        ...p.servers.map((v) => ({ part: `${partName(p)} ${v.name}`, health: v.health })),
      ]),
  ].filter((h) => isOneOf(h.health, UNWELL));
  return unwell.map((h) =>
    finding(
      'unhealthy',
      h.part,
      `${system.name}: ${h.part} is ${h.health}: look at it before the window, which cannot tell a fault it causes from one already there.`,
    ),
  );
}

function sharedMachines(system: SystemFacts, w: CheckWindow): Finding[] {
  if (!stops(w)) return [];
  const byMachine = new Map<string, PartFacts[]>();
  const stopped = system.parts.filter((p) => p.kind !== 'database' || w.wholeSystem);
  for (const part of stopped) {
    for (const machine of new Set(part.machines.map((m) => m.toLowerCase()))) {
      byMachine.set(machine, [...(byMachine.get(machine) ?? []), part]);
    }
  }
  return [...byMachine.entries()]
    .filter(([, parts]) => parts.length > 1)
    .map(([machine, parts]) =>
      finding(
        'shared-machine',
        parts.map(partName).join(', '),
        `${system.name}: ${parts.map(partName).join(' and ')} share machine ${machine.split('/').pop()}, where the service accepts one stop at a time: watch that machine's stops in the window.`,
      ),
    );
}
