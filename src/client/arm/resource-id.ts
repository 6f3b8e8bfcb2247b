import { joinUrl, servicePath } from '../url.js';

/**
 * Resource ids and paths of the resource manager, in one place: `/subscriptions/{sub}/resourceGroups/{rg}/
 * providers/{namespace}/{type}/{name}`. The literal segments compare case-insensitively, as the resource manager
 * compares them; each variable part is held to the resource-name rule before it is ever put into a path.
 */
export interface ResourceRef {
  subscriptionId: string;
  resourceGroup: string;
  name: string;
}

/** A resource type as its id spells it: `Vendor.Workloads` and `erpVirtualInstances`. */
export interface ResourceType {
  namespace: string;
  type: string;
}

export const ERP_VIRTUAL_INSTANCE: ResourceType = {
  namespace: 'Vendor.Workloads',
  type: 'erpVirtualInstances',
};

/**
 * What a resource name must not hold: a path or query delimiter (`/`, `\\`, `?`, `#`), `%` or a control character
 * (the contract's list; a space is let through and encoded, as a region's display name may hold one). The client encodes every segment, so such a name could not change the path; it would only
 * reach the service as a name that does not exist, which a person reads as "not found" rather than as the slip it is.
 */
const FORBIDDEN = /[/\\?#%\p{Cc}]/u;

/**
 * Why `value` cannot be a resource name (one path segment the service names a resource by), else undefined. The
 * one rule for every input that names a resource (`resource-group`, `account-name`, …) and for each part of a
 * full resource id.
 */
export function resourceNameProblem(value: string, maxLength = 260): string | undefined {
  if (value === '') return 'is empty';
  if (value === '.' || value === '..') return 'must not be . or ..';
  if (value.length > maxLength) return `must be at most ${maxLength} characters`;
  const bad = FORBIDDEN.exec(value)?.[0];
  if (bad !== undefined) return `must not contain ${describeCharacter(bad)}`;
  return undefined;
}

function describeCharacter(c: string): string {
  return /\p{Cc}/u.test(c) ? 'control characters' : `'${c}'`;
}

/** The id's shape, for messages: `/subscriptions/{sub}/resourceGroups/{rg}/providers/…/{name}`. */
function idShape(type: ResourceType): string {
  return `/subscriptions/{sub}/resourceGroups/{rg}/providers/${type.namespace}/${type.type}/{name}`;
}

/** Looks like an id rather than a name: it starts with `/` or with `subscriptions/`. */
export function looksLikeId(text: string): boolean {
  return /^\/|^subscriptions\//i.test(text);
}

/**
 * Splits a full resource id of `type` into its parts, or says why it is not one. Case-insensitive on the literal
 * segments; a trailing `/` is tolerated (a copy from the portal may carry one).
 */
export function parseResourceId(text: string, type: ResourceType): ResourceRef | string {
  const parts = text.replace(/\/$/, '').split('/');
  const literal = (i: number, word: string) => parts[i]?.toLowerCase() === word.toLowerCase();
  const shaped =
    parts.length === 9 &&
    parts[0] === '' &&
    literal(1, 'subscriptions') &&
    literal(3, 'resourceGroups') &&
    literal(5, 'providers') &&
    literal(6, type.namespace) &&
    literal(7, type.type);
  if (!shaped) return `is not a full resource id of the form ${idShape(type)}`;
  // An id holds no whitespace at all: a space inside one is a slip of copying.
  if (/\s/u.test(text)) return 'must not contain whitespace (a full resource id has none)';
  const [subscriptionId, resourceGroup, name] = [parts[2]!, parts[4]!, parts[8]!];
  const problem =
    part('subscription', resourceNameProblem(subscriptionId, 128)) ??
    part('resource group', resourceNameProblem(resourceGroup, 90)) ??
    part('name', resourceNameProblem(name));
  return problem ?? { subscriptionId, resourceGroup, name };
}

function part(which: string, problem: string | undefined): string | undefined {
  return problem && `has a ${which} part that ${problem}`;
}

/** The canonical id, for comparing two refs (case-insensitively) and for messages. */
export function resourceId(ref: ResourceRef, type: ResourceType): string {
  return `/subscriptions/${ref.subscriptionId}/resourceGroups/${ref.resourceGroup}/providers/${type.namespace}/${type.type}/${ref.name}`;
}

/** A resource as it compares (parts without case): two refs with one key name the same resource. */
export function resourceKey(ref: ResourceRef): string {
  return `${ref.subscriptionId}/${ref.resourceGroup}/${ref.name}`.toLowerCase();
}

/** The resource's URL (each part one encoded segment), with `action` appended (`stop`) where given. */
export function resourceUrl(
  base: URL,
  ref: ResourceRef,
  type: ResourceType,
  apiVersion: string,
  action?: string,
): URL {
  const path =
    servicePath`/subscriptions/${ref.subscriptionId}/resourceGroups/${ref.resourceGroup}/providers/` +
    `${type.namespace}/${type.type}/` +
    servicePath`${ref.name}` +
    (action === undefined ? '' : servicePath`/${action}`);
  return joinUrl(base, path, { 'api-version': apiVersion });
}

/**
 * Orders api-versions (`2023-04-01`, `2023-10-01-preview`): by date, and a preview before the release of the same
 * date. Negative when `a` is older. Unparsable text sorts as the oldest.
 */
export function compareApiVersions(a: string, b: string): number {
  const key = (v: string) => {
    const m = /^(\d{4}-\d{2}-\d{2})(-.+)?$/.exec(v.trim());
    return m ? `${m[1]}${m[2] ? '0' : '1'}` : '';
  };
  const [ka, kb] = [key(a), key(b)];
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
