import { ServiceError } from '../../../client/errors.js';
import { parseBody, type HttpClient } from '../../../client/http.js';
import { listAll } from '../../../client/pages.js';
import { joinUrl, servicePath } from '../../../client/url.js';
import {
  permissionList,
  roleAssignmentList,
  roleDefinition,
  type Permission,
  type RoleAssignment,
} from '../../../client/schemas/authorization.js';
import type { InstanceRef } from '../instance-ref.js';
import { machineVerbs, VERBS } from '../verbs.js';
import { lacking } from './actions.js';
import { finding, type CheckWindow, type Finding } from './findings.js';
import { firstLine } from '../wording.js';

/**
 * The checks that need reads of their own (C7): what the caller may do at each system's resource group, and what
 * the system's identity may do over its machines' resource groups. Each read is made once per run and scope (a
 * promise shared by every system that needs it); a read refused, throttled past `timeout`, or an assignment with
 * a condition is `could-not-check`, never a pass.
 */

/** C7's api-version, declared once. */
export const AUTHORIZATION_API_VERSION = '2022-04-01';

const W = 'Vendor.Workloads/erpVirtualInstances';
/** What the caller's window sends, by `for` (C7). */
export function callerNeeds(w: CheckWindow): string[] {
  const verbs = w.for === 'restart' ? ['stop', 'start'] : [w.for];
  return [
    `${W}/read`,
    ...verbs.map((v) => `${W}/${v}/action`),
    ...(w.wholeSystem
      ? [`${W}/databaseInstances/read`, ...verbs.map((v) => `${W}/databaseInstances/${v}/action`)]
      : []),
    'Vendor.Workloads/locations/operationStatuses/read',
  ];
}

/** What the system's identity needs over each machine's resource group, where the window moves machines. */
export function identityNeeds(w: CheckWindow): string[] {
  const vm = 'Vendor.Compute/virtualMachines';
  const actions = machineVerbs(w.for, w).map((v) => `${vm}/${VERBS[v].machineAction}/action`);
  return [`${vm}/read`, ...actions, `${vm}/instanceView/read`];
}

/** The reads of one run, each made once: permissions by scope, assignments by scope and principal, roles by id. */
export class AccessReads {
  readonly #client: HttpClient;
  readonly #baseUrl: URL;
  readonly #signal?: AbortSignal;
  readonly #made = new Map<string, Promise<unknown>>();
  constructor(client: HttpClient, baseUrl: URL, signal?: AbortSignal) {
    this.#client = client;
    this.#baseUrl = baseUrl;
    this.#signal = signal;
  }

  #once<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.#made.has(key)) this.#made.set(key, read());
    return this.#made.get(key) as Promise<T>;
  }

  #list<T>(url: URL, schema: Parameters<typeof listAll<T>>[1]['schema'], what: string): Promise<T[]> {
    return listAll(this.#client, { method: 'GET', url, schema, what, signal: this.#signal });
  }

  /** The caller's effective permissions at a resource group. */
  permissions(sub: string, rg: string): Promise<Permission[]> {
    return this.#once(`p/${sub}/${rg}`.toLowerCase(), () =>
      this.#list(
        joinUrl(
          this.#baseUrl,
          servicePath`/subscriptions/${sub}/resourceGroups/${rg}/providers/Vendor.Authorization/permissions`,
          {
            'api-version': AUTHORIZATION_API_VERSION,
          },
        ),
        permissionList,
        'permissions',
      ),
    );
  }

  /** The role assignments of a principal over a resource group (`assignedTo` follows group membership). */
  assignments(sub: string, rg: string, principalId: string): Promise<RoleAssignment[]> {
    return this.#once(`a/${sub}/${rg}/${principalId}`.toLowerCase(), () =>
      this.#list(
        joinUrl(
          this.#baseUrl,
          servicePath`/subscriptions/${sub}/resourceGroups/${rg}/providers/Vendor.Authorization/roleAssignments`,
          {
            'api-version': AUTHORIZATION_API_VERSION,
            $filter: `assignedTo('${principalId}')`,
          },
        ),
        roleAssignmentList,
        'role assignments',
      ),
    );
  }

  /** A role definition's permission entries, by the id an assignment names. */
  role(id: string): Promise<Permission[]> {
    return this.#once(`r/${id}`.toLowerCase(), async () => {
      const segments = id.split('/').filter(Boolean);
      if (!id.startsWith('/') || segments.length < 2 || segments.some((s) => s === '.' || s === '..')) {
        throw new Error(`the role definition id '${id}' is not a resource path`);
      }
      const path = segments.map((s) => servicePath`/${decodeURIComponent(s)}`).join('');
      const url = joinUrl(this.#baseUrl, path, { 'api-version': AUTHORIZATION_API_VERSION });
      const response = await this.#client.send({ method: 'GET', url, what: 'role definition' });
      return parseBody(response, roleDefinition, 'role definition').properties.permissions ?? [];
    });
  }
}

/** Why a read a check needs failed, in one line. */
export function why(error: unknown): string {
  if (error instanceof ServiceError) {
    return `${error.status === 403 ? 'the read was refused' : error.status === 429 ? 'the read was throttled past timeout' : 'the read failed'} (${error.said()})`;
  }
  return `the read failed (${firstLine(error)})`;
}

/** `caller-lacks`: the caller's permissions at the system's resource group lack an action the window sends. */
export async function callerChecks(ref: InstanceRef, w: CheckWindow, reads: AccessReads): Promise<Finding[]> {
  const s = ref.label;
  try {
    const missing = lacking(await reads.permissions(ref.subscriptionId, ref.resourceGroup), callerNeeds(w));
    if (missing.length === 0) return [];
    return [
      finding(
        'caller-lacks',
        'caller',
        `${s}: the caller's permissions at resource group ${ref.resourceGroup} lack ${missing.join(', ')}, which the window sends; grant them to the caller or leave the system out.`,
      ),
    ];
  } catch (error) {
    return [
      finding(
        'could-not-check',
        'caller',
        `${s}: caller-lacks could not be checked: ${why(error)}; check the caller's roles at that resource group by hand before the window.`,
      ),
    ];
  }
}
