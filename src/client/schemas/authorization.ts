import * as z from './zod.js';

/**
 * C7's reads: the caller's effective permissions at a scope, another principal's role assignments, and a role
 * definition. A list that is not a list of strings reads as none: never as a grant.
 */
const patterns = () => z.catch(z.nullish(z.array(z.string())), undefined);

/** One entry of a permissions read or of a role definition: its actions and what it takes back from them. */
const permission = z.onFirstUse(() =>
  z.looseObject({
    actions: patterns(),
    notActions: patterns(),
    dataActions: patterns(),
    notDataActions: patterns(),
  }),
);

/** A page of the caller's permissions at a scope, one entry per role that applies. */
export const permissionList = z.pageOf(permission);

export type Permission = z.output<typeof permission>;

/** A role assignment: which role, to whom, and whether a condition narrows it (which a read cannot judge). */
const roleAssignment = z.onFirstUse(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    properties: z.looseObject({
      scope: z.nullish(z.string()),
      roleDefinitionId: z.string(),
      principalId: z.nullish(z.string()),
      principalType: z.nullish(z.string()),
      condition: z.nullish(z.string()),
    }),
  }),
);

/** A page of role assignments at a scope (`$filter=assignedTo('{principalId}')`). */
export const roleAssignmentList = z.pageOf(roleAssignment);

export type RoleAssignment = z.output<typeof roleAssignment>;

/** A role definition: its name and its permission entries. */
export const roleDefinition = z.onFirstUse(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    properties: z.looseObject({
      roleName: z.nullish(z.string()),
      permissions: z.nullish(z.array(permission)),
    }),
  }),
);
