/** One entry of a permissions read or a role definition's permissions (C7). */
export interface ErpPermission {
  actions?: string[];
  notActions?: string[];
  dataActions?: string[];
  notDataActions?: string[];
}

/**
 * The caller's effective permissions and the role assignments of other principals (C7), under `erp.authorization`.
 * Every knob is optional.
 *
 * - `permissions`: the caller's permission entries by scope: a resource group's name, or `rg/system` for one system
 *   (else its resource group's); `*` for every scope not named. Default: `[{ actions: ["*"] }]` everywhere.
 * - `permissionsRefused`: scopes (as above, `*` for all) whose permissions read answers 403 `AuthorizationFailed`.
 * - `roleAssignments`: each `{ principalId, resourceGroup?, roleDefinition, condition? }`: the role (a name of
 *   `roleDefinitions` or a built-in: `Owner`, `Reader`, `VirtualMachineContributor`) assigned to the principal over
 *   the resource group (every resource group where none is named); a `condition` is shown as the service does.
 * - `roleDefinitions`: roles by name, `{ roleName?, permissions: [...] }`, beside the built-in ones.
 */
export interface ErpAuthorizationScenario {
  permissions?: Record<string, ErpPermission[]>;
  permissionsRefused?: string[];
  roleAssignments?: {
    principalId: string;
    resourceGroup?: string;
    roleDefinition: string;
    condition?: string;
  }[];
  roleDefinitions?: Record<string, { roleName?: string; permissions: ErpPermission[] }>;
}
