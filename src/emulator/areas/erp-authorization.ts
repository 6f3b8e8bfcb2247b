import { sendJson, type RequestContext, type Route } from '../emulator.js';
import { requireApiVersion } from './erp-wire.js';
import type { ErpAuthorizationScenario, ErpPermission } from './erp-authorization-scenario.js';

export type * from './erp-authorization-scenario.js';

const BUILT_IN: Record<string, ErpPermission[]> = {
  Owner: [{ actions: ['*'] }],
  Reader: [{ actions: ['*/read'] }],
  VirtualMachineContributor: [
    { actions: ['Vendor.Compute/virtualMachines/*', 'Vendor.Network/*/join/action'] },
  ],
};

const GROUP = '^/subscriptions/([^/]+)/resourceGroups/([^/]+)';
const PERMISSIONS = new RegExp(
  `${GROUP}(?:/providers/Vendor\\.Workloads/erpVirtualInstances/([^/]+))?/providers/Vendor\\.Authorization/permissions$`,
  'i',
);
const ASSIGNMENTS = new RegExp(`${GROUP}/providers/Vendor\\.Authorization/roleAssignments$`, 'i');
const DEFINITION = /^\/subscriptions\/([^/]+)\/providers\/Vendor\.Authorization\/roleDefinitions\/([^/]+)$/i;

/** C7's reads, each counted by kind so a test can hold the step to one read per scope. */
export class ErpAuthorization {
  readonly reads = { permissions: 0, roleAssignments: 0, roleDefinitions: 0 };
  readonly scenario: ErpAuthorizationScenario;
  constructor(scenario: ErpAuthorizationScenario) {
    this.scenario = scenario;
  }

  routes(): Route[] {
    return [
      { method: 'GET', path: PERMISSIONS, handle: (ctx) => this.permissions(ctx) },
      { method: 'GET', path: ASSIGNMENTS, handle: (ctx) => this.assignments(ctx) },
      { method: 'GET', path: DEFINITION, handle: (ctx) => this.definition(ctx) },
    ];
  }

  private guard(ctx: RequestContext): boolean {
    return ctx.emulator.checkBearer(ctx) && requireApiVersion(ctx);
  }

  /** The knob's value for a scope: `rg/system`, else `rg`, else `*` (names without case). */
  private byScope<T>(table: Record<string, T> | undefined, rg: string, system?: string): T | undefined {
    const keys = [system && `${rg}/${system}`, rg, '*'].filter(Boolean).map((k) => k!.toLowerCase());
    const entries = Object.entries(table ?? {});
    for (const key of keys) {
      const found = entries.find(([k]) => k.toLowerCase() === key);
      if (found) return found[1];
    }
    return undefined;
  }

  private permissions(ctx: RequestContext): void {
    if (!this.guard(ctx)) return;
    this.reads.permissions++;
    const [sub = '', rg = '', system] = ctx.params;
    const refused = Object.fromEntries((this.scenario.permissionsRefused ?? []).map((s) => [s, true]));
    if (this.byScope(refused, rg, system)) {
      const scope = `/subscriptions/${sub}/resourceGroups/${rg}${system ? `/providers/Vendor.Workloads/erpVirtualInstances/${system}` : ''}`;
      const message = `The client does not have authorization to perform action 'Vendor.Authorization/permissions/read' over scope '${scope}'.`;
      return sendJson(ctx, 403, { error: { code: 'AuthorizationFailed', message } });
    }
    const value = this.byScope(this.scenario.permissions, rg, system) ?? [{ actions: ['*'] }];
    sendJson(ctx, 200, { value: value.map(withEmptyLists) });
  }

  private assignments(ctx: RequestContext): void {
    if (!this.guard(ctx)) return;
    this.reads.roleAssignments++;
    const [sub = '', rg = ''] = ctx.params;
    const filter = /^assignedTo\('([^']*)'\)$/.exec(ctx.url.searchParams.get('$filter') ?? '');
    if (!filter) {
      const message = "Only $filter=assignedTo('{principalId}') is served here.";
      return sendJson(ctx, 400, { error: { code: 'UnsupportedQuery', message } });
    }
    const value = (this.scenario.roleAssignments ?? [])
      .filter((a) => a.principalId === filter[1])
      .filter((a) => a.resourceGroup === undefined || a.resourceGroup.toLowerCase() === rg.toLowerCase())
      .map((a, i) => {
        const scope = `/subscriptions/${sub}${a.resourceGroup ? `/resourceGroups/${a.resourceGroup}` : ''}`;
        return {
          id: `${scope}/providers/Vendor.Authorization/roleAssignments/ra-${i}`,
          name: `ra-${i}`,
          properties: {
            scope,
            roleDefinitionId: `/subscriptions/${sub}/providers/Vendor.Authorization/roleDefinitions/${a.roleDefinition}`,
            principalId: a.principalId,
            principalType: 'ServicePrincipal',
            condition: a.condition ?? null,
          },
        };
      });
    sendJson(ctx, 200, { value });
  }

  private definition(ctx: RequestContext): void {
    if (!this.guard(ctx)) return;
    this.reads.roleDefinitions++;
    const [sub = '', name = ''] = ctx.params;
    const own = this.scenario.roleDefinitions?.[name];
    const permissions = own?.permissions ?? BUILT_IN[name];
    if (!permissions) {
      const message = `The role definition '${name}' does not exist.`;
      return sendJson(ctx, 404, { error: { code: 'RoleDefinitionDoesNotExist', message } });
    }
    sendJson(ctx, 200, {
      id: `/subscriptions/${sub}/providers/Vendor.Authorization/roleDefinitions/${name}`,
      name,
      properties: { roleName: own?.roleName ?? name, permissions: permissions.map(withEmptyLists) },
    });
  }
}

const withEmptyLists = (p: ErpPermission) => ({
  actions: p.actions ?? [],
  notActions: p.notActions ?? [],
  dataActions: p.dataActions ?? [],
  notDataActions: p.notDataActions ?? [],
});
