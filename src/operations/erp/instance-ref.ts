import { InputError } from '../../client/errors.js';
import {
  ERP_VIRTUAL_INSTANCE,
  looksLikeId,
  parseResourceId,
  resourceId,
  resourceNameProblem,
  resourceKey,
  type ResourceRef,
} from '../../client/arm/resource-id.js';
import { joinUrl, servicePath } from '../../client/url.js';
import { itemProblem } from '../erp-parsers.js';
import { shown } from '../parsers.js';

/** One `erp-virtual-instance` item, resolved: where it lives, and how the step names it. */
export interface InstanceRef extends ResourceRef {
  /** The name the log, the summary and the `instances` output use: the item's name part. */
  label: string;
}

/** A system's full resource id, as its row and its entry in the `operations` output name it. */
export const idOf = (ref: ResourceRef) => resourceId(ref, ERP_VIRTUAL_INSTANCE);

/** A system's entry in the `operations` output: its resource id, the verb, whether its machines move too. */
export const entryFor = <V extends string>(ref: ResourceRef, step: { verb: V; machines?: boolean }) => ({
  target: idOf(ref),
  verb: step.verb,
  snooze: step.machines,
});

/**
 * The items as instances, before any request: a name lives in `subscription-id` and `resource-group` (required
 * only where a name is given), a full resource id in its own. The same instance given twice (ids compare
 * case-insensitively) is refused, naming both items: it would be stopped twice at once.
 */
export function resolveInstances(
  items: readonly string[],
  where: { subscriptionId?: string; resourceGroup?: string },
): InstanceRef[] {
  const refs = items.map((item) => {
    const problem = itemProblem(item);
    if (problem) throw new InputError('erp-virtual-instance', `item '${shown(item)}' ${problem}`);
    if (looksLikeId(item)) {
      const ref = parseResourceId(item, ERP_VIRTUAL_INSTANCE) as ResourceRef;
      return { ...ref, label: ref.name, item };
    }
    for (const [input, value, maxLength] of [
      ['subscription-id', where.subscriptionId, 128],
      ['resource-group', where.resourceGroup, 90],
    ] as const) {
      if (!value) {
        throw new InputError(
          input,
          `is required for erp-virtual-instance '${item}', given as a name (or give full resource ids)`,
        );
      }
      const problem = resourceNameProblem(value, maxLength);
      if (problem) throw new InputError(input, problem);
    }
    return {
      subscriptionId: where.subscriptionId!,
      resourceGroup: where.resourceGroup!,
      name: item,
      label: item,
      item,
    };
  });
  // By keys, not pairs: a fleet of thousands compared pair by pair took millions of case-folded comparisons.
  const first = new Map<string, ResourceRef & { item: string }>();
  const named = new Map<string, number>();
  for (const ref of refs) {
    const twin = first.get(resourceKey(ref));
    if (twin) {
      throw new InputError(
        'erp-virtual-instance',
        `items '${twin.item}' and '${ref.item}' name the same instance; give each instance once`,
      );
    }
    first.set(resourceKey(ref), ref);
    named.set(ref.name.toLowerCase(), (named.get(ref.name.toLowerCase()) ?? 0) + 1);
  }
  // Two instances of one name in different resource groups: the label says which is which.
  return refs.map(({ item: _item, ...ref }) =>
    named.get(ref.name.toLowerCase())! > 1 ? { ...ref, label: `${ref.resourceGroup}/${ref.name}` } : ref,
  );
}

/** Where the instances live, for the summary: the one subscription and resource group, or "several". */
export function whereContext(targets: { ref: InstanceRef }[]): [string, string][] {
  const one = (values: string[]) =>
    new Set(values.map((v) => v.toLowerCase())).size === 1 ? values[0]! : 'several';
  return [
    ['subscription', one(targets.map((t) => t.ref.subscriptionId))],
    ['resource group', one(targets.map((t) => t.ref.resourceGroup))],
  ];
}

/** A database instance's URL, or its action's: `…/erpVirtualInstances/{name}/databaseInstances/{db}[/stop]`. */
export function databaseUrl(
  base: URL,
  ref: ResourceRef,
  apiVersion: string,
  db?: string,
  verb?: string,
): URL {
  const system =
    servicePath`/subscriptions/${ref.subscriptionId}/resourceGroups/${ref.resourceGroup}/providers/` +
    `${ERP_VIRTUAL_INSTANCE.namespace}/${ERP_VIRTUAL_INSTANCE.type}/` +
    servicePath`${ref.name}/databaseInstances`;
  const child = db === undefined ? '' : servicePath`/${db}`;
  const action = verb ? servicePath`/${verb}` : '';
  return joinUrl(base, system + child + action, { 'api-version': apiVersion });
}
