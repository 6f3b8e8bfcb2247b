/**
 * What a read shows before and after a window (C6): the system's registration, provisioning, errors and identity,
 * and its parts' provisioning, errors, machines, central services' parts and dispatchers, with health that comes
 * some reads after a start. Every knob is optional; without them the bodies say registered, Succeeded, healthy.
 */

/** An error the service reports on a resource (`properties.errors.properties`). */
export interface ErpServiceError {
  code: string;
  message: string;
}

/**
 * The system's own facts (on an instance's knobs):
 *
 * - `state`: its registration state (`RegistrationComplete` by default, or the fleet's).
 * - `provisioningState`: `Succeeded` by default (`Updating`, `Failed`, …).
 * - `errors`: what the service reports wrong with it, else none.
 * - `identity`: its own user-assigned identity, by principal id (`<system>-identity` by default, as a system set up
 *   for snoozing has one); `null`: none.
 */
export interface ErpSystemFacts {
  state?: string;
  provisioningState?: string;
  errors?: ErpServiceError;
  identity?: { principalId: string } | null;
}

/** One child's own facts, by its name under `children`. */
export interface ErpChildFacts {
  provisioningState?: string;
  errors?: ErpServiceError;
  /** A status it shows whatever the system does (`Stopping`): a child moving on its own. */
  status?: string;
}

/**
 * The parts' facts (on a system's parts knobs):
 *
 * - `children`: facts of some children by name.
 * - `machines`: the machine each application or central instance (or database) runs on, by child name (default
 *   `<child>-vm`): two instances with one machine share it. `machineResourceGroup`: their resource group (default
 *   the system's).
 * - `centralParts`: the health of the central services' message, enqueue and gateway servers (default: the
 *   instance's); `enqueueReplicationServer` adds one (high availability: two machines, ASCS and ERS).
 * - `healthAfterStart`: after the system's start (C2), this many reads of its central or application instances
 *   still show health `Unknown` (dispatchers `Starting`), then `Healthy`; `never`: `Unhealthy` from then on. The
 *   system's own health (C0) shows the same until then.
 * - `dispatcherStopped`: application instances whose dispatcher reads `Stopped` (health `Unhealthy`) while running.
 */
export interface ErpPartsFacts {
  children?: Record<string, ErpChildFacts>;
  machines?: Record<string, string>;
  machineResourceGroup?: string;
  centralParts?: {
    messageServer?: string;
    enqueueServer?: string;
    gatewayServer?: string;
    enqueueReplicationServer?: string;
  };
  healthAfterStart?: number | 'never';
  dispatcherStopped?: string[];
}

interface Where {
  subscriptionId: string;
  resourceGroup: string;
  system: string;
}

/** The system's facts in C0's body: only what the knobs set beyond the defaults, so old bodies stay as they were. */
export function systemFacts(id: string, facts: ErpSystemFacts, state: string) {
  const properties = {
    state: facts.state ?? state,
    provisioningState: facts.provisioningState ?? 'Succeeded',
    ...(facts.errors ? { errors: errorsOf(facts.errors) } : {}),
  };
  const own =
    facts.identity === undefined ? { principalId: `${id.split('/').pop()}-identity` } : facts.identity;
  const identity = own && {
    type: 'UserAssigned',
    userAssignedIdentities: {
      [`${id.split('/providers/')[0]}/providers/Vendor.ManagedIdentity/userAssignedIdentities/${id.split('/').pop()}-identity`]:
        { principalId: own.principalId, clientId: `${own.principalId}-client` },
    },
  };
  return { properties, identity };
}

const errorsOf = (e: ErpServiceError) => ({ properties: { code: e.code, message: e.message, details: [] } });

/** A machine's resource id: the child's machine (`machines`), in `machineResourceGroup` or the system's. */
export function machineId(where: Where, child: string, facts: ErpPartsFacts): string {
  const rg = facts.machineResourceGroup ?? where.resourceGroup;
  const vm = facts.machines?.[child] ?? `${child}-vm`;
  return `/subscriptions/${where.subscriptionId}/resourceGroups/${rg}/providers/Vendor.Compute/virtualMachines/${vm}`;
}

/** A child's own provisioning state and errors, as its body carries them. */
export function childFacts(child: string, facts: ErpPartsFacts) {
  const own = facts.children?.[child];
  return {
    provisioningState: own?.provisioningState ?? 'Succeeded',
    ...(own?.errors ? { errors: errorsOf(own.errors) } : {}),
  };
}

/** An application or central instance's health now: `Healthy` when Running, unless a start is still settling. */
export function healthOf(status: string, facts: ErpPartsFacts, readsSinceStart?: number): string {
  if (status !== 'Running') return 'Unknown';
  const after = facts.healthAfterStart;
  if (readsSinceStart === undefined || after === undefined) return 'Healthy';
  if (after === 'never') return 'Unhealthy';
  return readsSinceStart > after ? 'Healthy' : 'Unknown';
}

/** The properties of an application or central instance (C3, C6) beyond its status. */
export function serviceProperties(
  kind: 'applicationInstances' | 'centralInstances',
  child: string,
  status: string,
  where: Where,
  seen: { facts: ErpPartsFacts; readsSinceStart?: number },
) {
  const { facts } = seen;
  const health = healthOf(status, facts, seen.readsSinceStart);
  const vm = (type: string, name = child) => ({ type, virtualMachineId: machineId(where, name, facts) });
  if (kind === 'applicationInstances') {
    const stopped = status !== 'Running' || facts.dispatcherStopped?.includes(child);
    return {
      health: facts.dispatcherStopped?.includes(child) && status === 'Running' ? 'Unhealthy' : health,
      dispatcherStatus: stopped ? 'Stopped' : health === 'Unknown' ? 'Starting' : 'Running',
      vmDetails: [vm('Active')],
    };
  }
  const parts = facts.centralParts ?? {};
  const ha = parts.enqueueReplicationServer !== undefined;
  return {
    health,
    messageServerProperties: { health: parts.messageServer ?? health },
    enqueueServerProperties: { health: parts.enqueueServer ?? health },
    gatewayServerProperties: { health: parts.gatewayServer ?? health },
    ...(ha ? { enqueueReplicationServerProperties: { health: parts.enqueueReplicationServer } } : {}),
    vmDetails: ha ? [vm('ASCS'), vm('ERS', `${child}-ers`)] : [vm('Primary')],
  };
}

/** The system's own status and health as C0 shows them: its health waits for its parts' after a start. */
export function settledHealth(
  shown: { status: string; health: string },
  parts: { knobs: ErpPartsFacts; readsSinceStart?: number },
): { status: string; health: string } {
  if (parts.knobs.healthAfterStart === undefined || shown.status !== 'Running') return shown;
  const health = healthOf(shown.status, parts.knobs, parts.readsSinceStart);
  return { ...shown, health: health === 'Healthy' ? shown.health : health };
}
