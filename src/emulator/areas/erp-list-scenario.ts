import type { LinkForm } from '../emulator.js';

/**
 * Area C5: the erp virtual instances of a subscription, or of one of its resource groups, in pages linked by
 * nextLink. Each item is the whole resource of C0, with a large `configuration` (a fleet's listing is heavy).
 *
 * Scenario JSON (`fleet`, every field optional):
 *
 *   {
 *     "systems": [
 *       { "subscription": "SUB", "resourceGroup": "rg-a", "name": "X01", "environment": "NonProd",
 *         "tags": { "SnoozeSAPSystem": "True" }, "state": "RegistrationComplete" },
 *       { "generate": 5000, "subscription": "SUB", "resourceGroup": "rg-b", "prefix": "F", "tags": { … } }
 *     ],
 *     "pageSize": 100,
 *     "itemBytes": 2048,
 *     "nextLinkOrigin": "primary",
 *     "nextLinkForm": "absolute"
 *   }
 *
 * A system's defaults: location `westeurope`, environment `NonProd`, state `RegistrationComplete`, status
 * `Running`, health `Healthy`, no tags. `{ generate: n }` stands for n systems `{prefix}{i}` (i from 1, four
 * digits; prefix `S`), made when a page is served, so a fleet of thousands costs nothing until read. Subscriptions
 * and resource groups compare case-insensitively; one with no system lists nothing.
 */
export interface FleetScenario {
  systems?: (FleetSystem | FleetSystems)[];
  /** Systems per page; default 100. */
  pageSize?: number;
  /** The size in bytes of each item's `configuration` (about the item's size); default 2048. */
  itemBytes?: number;
  /** `secondary`: every nextLink points at the emulator's second origin, which a client must refuse to follow. */
  nextLinkOrigin?: 'primary' | 'secondary';
  /**
   * How a nextLink is written: a `LinkForm`, or relative in the other forms a service writes: `resource` (the
   * path without its leading `/`, `subscriptions/…`), `query` (`?api-version=…&$skipToken=…`), `segment`
   * (`erpVirtualInstances?…`).
   */
  nextLinkForm?: ListLinkForm;
  /** A page answered not as a list: that page (from 1) is `{}` (`empty object`) or `{ "value": null }`. */
  wrongPage?: { page: number; body: 'empty object' | 'null value' };
  /**
   * As the service: a subscription with no system of the fleet answers its listing 404 `SubscriptionNotFound`, and
   * a system the fleet does not hold (nor `erp.instances` names) answers 404 `ResourceNotFound` to every call.
   * Off by default: most tests act on systems they never list. `vendor-ops emulator --fleet N` turns it on.
   */
  holdsOnly?: boolean;
}

export type ListLinkForm = LinkForm | 'resource' | 'query' | 'segment';

/** What a listed system says of itself, beyond where it lives. */
export interface FleetSystemFields {
  location?: string;
  environment?: string;
  state?: string;
  status?: string;
  health?: string;
  tags?: Record<string, string>;
}

export interface FleetSystem extends FleetSystemFields {
  subscription: string;
  resourceGroup: string;
  name: string;
}

export interface FleetSystems extends FleetSystemFields {
  generate: number;
  subscription: string;
  resourceGroup: string;
  prefix?: string;
}
