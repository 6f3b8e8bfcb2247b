import { ERP_VIRTUAL_INSTANCE, resourceUrl } from '../../../client/arm/resource-id.js';
import { parseBody, type HttpClient, type HttpResponse } from '../../../client/http.js';
import { listAll } from '../../../client/pages.js';
import { erpSystemFacts } from '../../../client/schemas/erp.js';
import { systemPartList, type SystemPart } from '../../../client/schemas/erp-parts.js';
import type { InstanceRef } from '../instance-ref.js';

/** What the service reports wrong with a resource: its code and message. */
export interface ServiceFault {
  code?: string;
  message?: string;
}

export type PartKind = 'application' | 'central services' | 'database';

/** One child of a system as the checks see it (C3, C6). */
export interface PartFacts {
  kind: PartKind;
  name: string;
  status?: string;
  health?: string;
  provisioningState?: string;
  errors?: ServiceFault;
  databaseType?: string;
  dispatcherStatus?: string;
  /** The central services' servers and their health: `message server`, `enqueue server`, … */
  servers: { name: string; health?: string }[];
  /** Its machines' resource ids. */
  machines: string[];
}

/** One system as the checks see it: what its read (C0) and its children's lists (C3) say. */
export interface SystemFacts {
  name: string;
  state?: string;
  provisioningState?: string;
  status?: string;
  health?: string;
  errors?: ServiceFault;
  /** Its own identity: absent where it has none; `principalId` absent where the read did not name one. */
  identity?: { principalId?: string };
  parts: PartFacts[];
  /** Why its instances' lists could not be read, where they could not: the checks on its parts were not made. */
  partsUnread?: string;
  /** The system's read (C0): also its first step's "before", not sent again. */
  response?: HttpResponse;
}

const LISTS: [PartKind, string][] = [
  ['central services', 'centralInstances'],
  ['application', 'applicationInstances'],
  ['database', 'databaseInstances'],
];

/** The system (C0) and each of its children's lists (C3): four reads (or `kinds`'), more only where a list pages. */
export async function readSystemFacts(
  client: HttpClient,
  where: { baseUrl: URL; apiVersion: string; ref: InstanceRef; signal?: AbortSignal; kinds?: PartKind[] },
): Promise<SystemFacts> {
  const { baseUrl, apiVersion, ref } = where;
  const url = resourceUrl(baseUrl, ref, ERP_VIRTUAL_INSTANCE, apiVersion);
  const response = await client.send({ method: 'GET', url, what: 'erp virtual instance' });
  const body = parseBody(response, erpSystemFacts, 'erp virtual instance');
  const identities = Object.values(body.identity?.userAssignedIdentities ?? {});
  // A list that cannot be read leaves its parts unchecked (could-not-check): never the system's own failure.
  const parts = await readPartFacts(client, where).then(
    (read) => ({ read, unread: undefined }),
    (error: unknown) => {
      if (where.signal?.aborted) throw error;
      return { read: [] as PartFacts[], unread: error instanceof Error ? error.message : String(error) };
    },
  );
  const p = body.properties;
  return {
    name: ref.label,
    state: p?.state ?? undefined,
    provisioningState: p?.provisioningState ?? undefined,
    status: p?.status ?? undefined,
    health: p?.health ?? undefined,
    errors: faultOf(p?.errors),
    identity: identities.length > 0 ? { principalId: identities[0]?.principalId ?? undefined } : undefined,
    parts: parts.read,
    partsUnread: parts.unread,
    response,
  };
}

/** The children's lists (C3) of `kinds` (default every kind), more reads only where a list pages. */
export async function readPartFacts(
  client: HttpClient,
  where: { baseUrl: URL; apiVersion: string; ref: InstanceRef; signal?: AbortSignal; kinds?: PartKind[] },
): Promise<PartFacts[]> {
  const { baseUrl, apiVersion, ref } = where;
  // The health read after a start lists only the central and application instances (the database has no health).
  const lists = LISTS.filter(([kind]) => !where.kinds || where.kinds.includes(kind));
  const parts: PartFacts[] = [];
  for (const [kind, path] of lists) {
    const listUrl = resourceUrl(baseUrl, ref, ERP_VIRTUAL_INSTANCE, apiVersion, path);
    const listed = await listAll(client, {
      method: 'GET',
      url: listUrl,
      schema: systemPartList,
      what: `${path} of ${ref.label}`,
      signal: where.signal,
    });
    parts.push(...listed.map((part) => partOf(kind, part)));
  }
  return parts;
}

function faultOf(
  errors: { properties?: { code?: string | null; message?: string | null } | null } | null | undefined,
): ServiceFault | undefined {
  const e = errors?.properties;
  return e && (e.code || e.message)
    ? { code: e.code ?? undefined, message: e.message ?? undefined }
    : undefined;
}

function partOf(kind: PartKind, part: SystemPart): PartFacts {
  const p = part.properties;
  const servers: [string, { health?: string | null } | null | undefined][] = [
    ['message server', p?.messageServerProperties],
    ['enqueue server', p?.enqueueServerProperties],
    ['enqueue replication server', p?.enqueueReplicationServerProperties],
  ];
  return {
    kind,
    name: part.name,
    status: p?.status ?? undefined,
    health: p?.health ?? undefined,
    provisioningState: p?.provisioningState ?? undefined,
    errors: faultOf(p?.errors),
    databaseType: p?.databaseType ?? undefined,
    dispatcherStatus: p?.dispatcherStatus ?? undefined,
    servers: servers.filter(([, s]) => s).map(([name, s]) => ({ name, health: s?.health ?? undefined })),
    machines: (p?.vmDetails ?? []).flatMap((vm) => (vm.virtualMachineId ? [vm.virtualMachineId] : [])),
  };
}
