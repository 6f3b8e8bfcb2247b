import type { InstanceRef } from '../instance-ref.js';
import { lacking } from './actions.js';
import { identityNeeds, why, type AccessReads } from './access.js';
import type { SystemFacts } from './facts.js';
import { finding, movesMachines, type CheckWindow, type Finding } from './findings.js';

/** A machine's resource group, from its resource id; undefined where the id names none. */
function groupOf(machineId: string): { sub: string; rg: string } | undefined {
  const m = /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\//i.exec(machineId);
  return m ? { sub: m[1]!, rg: m[2]! } : undefined;
}

/**
 * `identity-lacks`: where the window moves machines (deallocate-vm, start-vm), the system's identity needs a role
 * over each machine's resource group that allows the machine action. Assignments are read once per resource group
 * and principal, each role once; an assignment with a condition, where the others do not grant all, cannot be
 * judged: `could-not-check`.
 */
export async function identityChecks(
  system: SystemFacts,
  ref: InstanceRef,
  w: CheckWindow,
  reads: AccessReads,
): Promise<Finding[]> {
  if (!movesMachines(w) || !system.identity) return [];
  const s = ref.label;
  const principal = system.identity.principalId;
  const unknown = (text: string) =>
    finding('could-not-check', 'identity', `${s}: identity-lacks could not be checked: ${text}.`);
  if (!principal) return [unknown("the system's identity names no principal id")];
  const machines = system.parts.flatMap((p) => p.machines);
  const groups = new Map<string, { sub: string; rg: string }>();
  for (const machine of machines) {
    const group = groupOf(machine);
    if (!group) return [unknown(`machine '${machine}' names no resource group`)];
    groups.set(`${group.sub}/${group.rg}`.toLowerCase(), group);
  }
  const found: Finding[] = [];
  for (const { sub, rg } of groups.values()) {
    try {
      const assignments = await reads.assignments(sub, rg, principal);
      const plain = assignments.filter((a) => !a.properties.condition);
      const entries = (await Promise.all(plain.map((a) => reads.role(a.properties.roleDefinitionId)))).flat();
      const missing = lacking(entries, identityNeeds(w));
      if (missing.length === 0) continue;
      if (plain.length < assignments.length) {
        found.push(
          unknown(
            `a role assignment over resource group ${rg} has a condition, which a read cannot judge, and the others lack ${missing.join(', ')}`,
          ),
        );
      } else {
        found.push(
          finding(
            'identity-lacks',
            'identity',
            `${s}: the system's identity has no role over resource group ${rg} that allows ${missing.join(', ')}, which the window needs for its machines; assign it one (a virtual machine contributor) there.`,
          ),
        );
      }
    } catch (error) {
      found.push(unknown(`reading its role assignments over resource group ${rg}: ${why(error)}`));
    }
  }
  return found;
}
