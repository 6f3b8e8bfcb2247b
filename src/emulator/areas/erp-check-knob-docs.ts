/** The words of the knobs of what a read shows before and after a window (C6, C7): knob-docs.ts spreads them in. */
const I = 'erp.instances.<name>';
const P = 'erp.parts.systems.<name>';
const A = 'erp.authorization';
const perms = (at: string): Record<string, string> => ({
  [`${at}[].actions`]: 'The actions it grants: whole names, any case, `*` any run of characters.',
  [`${at}[].notActions`]: 'What it takes back from its own `actions` (not from another entry’s).',
  [`${at}[].dataActions`]: 'Data actions it grants (shown, not judged).',
  [`${at}[].notDataActions`]: 'Data actions it takes back (shown, not judged).',
});

export const ERP_CHECK_KNOB_DOCS: Record<string, string> = {
  [`${I}.state`]:
    'Its registration state (default `RegistrationComplete`, or the fleet’s): any other is offered no stop or start.',
  [`${I}.provisioningState`]: 'Its `provisioningState` (default `Succeeded`; `Updating`, `Failed`, …).',
  [`${I}.errors`]:
    'What the service reports wrong with it (`properties.errors.properties`); none by default.',
  [`${I}.errors.code`]: 'Its code.',
  [`${I}.errors.message`]: 'Its message, verbatim.',
  [`${I}.identity`]:
    'Its own user-assigned identity (C6 `identity`): `<system>-identity` by default; `null` for none.',
  [`${I}.identity.principalId`]: 'The principal id its role assignments are read by (`assignedTo`).',
  [`${P}.children`]: 'Facts of some of its application, central or database instances, by name.',
  [`${P}.children.<name>.provisioningState`]: 'The child’s `provisioningState` (default `Succeeded`).',
  [`${P}.children.<name>.errors`]: 'What the service reports wrong with the child.',
  [`${P}.children.<name>.errors.code`]: 'Its code.',
  [`${P}.children.<name>.errors.message`]: 'Its message.',
  [`${P}.children.<name>.status`]:
    'A status an application or central instance shows whatever the system does (`Stopping`).',
  [`${P}.machines`]:
    'The machine each instance runs on, by child name (default `<child>-vm`): two instances with one machine share it.',
  [`${P}.machineResourceGroup`]: 'The resource group of its machines (default the system’s).',
  [`${P}.centralParts`]:
    'The health of the central services’ servers (default: the instance’s); with `enqueueReplicationServer`, highly available (ASCS and ERS machines).',
  [`${P}.centralParts.messageServer`]: 'The message server’s health.',
  [`${P}.centralParts.enqueueServer`]: 'The enqueue server’s health.',
  [`${P}.centralParts.gatewayServer`]: 'The gateway server’s health.',
  [`${P}.centralParts.enqueueReplicationServer`]:
    'The enqueue replication server’s health (and that there is one).',
  [`${P}.healthAfterStart`]:
    'After the system’s start, this many reads of its central or application instances still show health `Unknown` (dispatchers `Starting`), then `Healthy`; `never`: `Unhealthy`. The system’s own health shows the same.',
  [`${P}.dispatcherStopped`]:
    'Application instances whose dispatcher reads `Stopped` (health `Unhealthy`) while running.',
  [A]: 'The caller’s effective permissions and the systems’ identities’ role assignments (C7).',
  [`${A}.permissions`]:
    'The caller’s permission entries by scope: a resource group, `rg/system`, or `*` for any other (default `[{"actions": ["*"]}]`).',
  ...perms(`${A}.permissions.<name>`),
  [`${A}.permissionsRefused`]: 'Scopes (as above) whose permissions read answers 403.',
  [`${A}.roleAssignments`]: 'Role assignments, read by `$filter=assignedTo(principalId)` per resource group.',
  [`${A}.roleAssignments[].principalId`]: 'Whom the role is assigned to (a system’s identity).',
  [`${A}.roleAssignments[].resourceGroup`]: 'Over which resource group (absent: every one).',
  [`${A}.roleAssignments[].roleDefinition`]:
    'The role: a name of `roleDefinitions`, or `Owner`, `Reader`, `VirtualMachineContributor`.',
  [`${A}.roleAssignments[].condition`]: 'A condition on the assignment (it cannot be judged from a read).',
  [`${A}.roleDefinitions`]: 'Roles by name, beside the built-in ones.',
  [`${A}.roleDefinitions.<name>.roleName`]: 'Its display name (default its name).',
  [`${A}.roleDefinitions.<name>.permissions`]: 'Its permission entries.',
  ...perms(`${A}.roleDefinitions.<name>.permissions`),
};
