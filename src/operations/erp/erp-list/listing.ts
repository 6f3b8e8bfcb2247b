import { ERP_VIRTUAL_INSTANCE, parseResourceId, type ResourceRef } from '../../../client/arm/resource-id.js';
import { ServiceError } from '../../../client/errors.js';
import type { HttpClient } from '../../../client/http.js';
import { listPages } from '../../../client/pages.js';
import { erpListPage, type ErpListItem } from '../../../client/schemas/erp-list.js';
import { joinUrl, servicePath } from '../../../client/url.js';
import type { OperationContext } from '../../types.js';
import { NearMisses } from './near-misses.js';
import { describeSelection, isSelected, type Selection } from './selection.js';

/** One system selected, as the `instances` output of erp-list shows it. */
export interface FleetMember {
  id: string;
  name: string;
  'subscription-id': string;
  'resource-group': string;
  location: string | null;
  environment: string | null;
  status: string | null;
  health: string | null;
  state: string | null;
  tags: Record<string, string>;
}

export interface ListingOptions extends Selection {
  baseUrl: URL;
  apiVersion: string;
  subscriptionIds: readonly string[];
  /** Of every subscription given; none: the whole subscription. */
  resourceGroups?: readonly string[];
}

export interface Listing {
  selected: FleetMember[];
  /** Systems the listing showed, selected or not, and the pages read. */
  listed: number;
  pages: number;
  /** Why it selected nothing, or fewer than carry the tag, a sentence each: the log's warning and the summary's notes. */
  nearMisses: string[];
}

/** The only state in which the service offers a system stop and start. */
export const OFFERED_STATE = 'RegistrationComplete';

/**
 * C5 for every subscription (or each resource group of each), following nextLink to the end, keeping only the
 * systems selected and only the fields reported: one page at a time in memory, whatever the fleet's size.
 */
export async function listFleet(
  options: ListingOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<Listing> {
  const seen = new Set<string>();
  const selected: FleetMember[] = [];
  const near = new NearMisses(options);
  let listed = 0;
  let pages = 0;
  ctx.logger.info(
    `Listing the erp virtual instances of ${scopes(options).length} scope(s), selecting ${describeSelection(options)}.`,
  );
  for (const scope of scopes(options)) {
    const url = joinUrl(options.baseUrl, `${scope}/providers/Vendor.Workloads/erpVirtualInstances`, {
      'api-version': options.apiVersion,
    });
    for await (const page of listPages(client, {
      method: 'GET',
      url,
      schema: erpListPage,
      what: 'erp virtual instances list',
      signal: ctx.signal,
    })) {
      pages++;
      for (const item of page.value) {
        listed++;
        const member = memberOf(item);
        // A system shown twice (a listing that moved under us) counts once.
        if (seen.has(member.id.toLowerCase())) continue;
        seen.add(member.id.toLowerCase());
        const chosen = isSelected(member, options);
        if (chosen) selected.push(member);
        near.see(member, chosen);
      }
      ctx.logger.debug?.(`Page ${pages}: ${page.value.length} system(s).`);
    }
  }
  ctx.logger.info(`Listed ${listed} system(s) in ${pages} page(s); ${selected.length} selected.`);
  const nearMisses = near.lines(selected.length);
  if (nearMisses.length > 0) ctx.logger.warning(nearMisses.join(' '));
  return { selected, listed, pages, nearMisses };
}

function scopes(options: ListingOptions): string[] {
  return options.subscriptionIds.flatMap((sub) =>
    options.resourceGroups?.length
      ? options.resourceGroups.map((rg) => servicePath`/subscriptions/${sub}/resourceGroups/${rg}`)
      : [servicePath`/subscriptions/${sub}`],
  );
}

/** The fields reported, where the id is an erp virtual instance's: it passes to erp-virtual-instance as it is. */
function memberOf(item: ErpListItem): FleetMember {
  const ref = parseResourceId(item.id, ERP_VIRTUAL_INSTANCE);
  if (typeof ref === 'string') {
    throw new ServiceError({
      code: 'UnexpectedListItem',
      message: `the listing returned an item whose id '${item.id.slice(0, 200)}' ${ref}; stopped rather than hand on an id that names no system`,
    });
  }
  const { subscriptionId, resourceGroup } = ref as ResourceRef;
  const p = item.properties;
  return {
    id: item.id,
    name: item.name,
    'subscription-id': subscriptionId,
    'resource-group': resourceGroup,
    location: item.location ?? null,
    environment: p?.environment ?? null,
    status: p?.status ?? null,
    health: p?.health ?? null,
    state: p?.state ?? null,
    tags: item.tags ?? {},
  };
}

/** Systems a warning names; past them, counted. */
const WARNING_NAMES = 20;

/** The selected systems split into those offered stop and start and those left out (warned of once, as `of`). */
export function offeredOf(
  selected: readonly FleetMember[],
  logger: { warning(message: string): void },
  of: string,
): { offered: FleetMember[]; left: FleetMember[] } {
  const offered = selected.filter((m) => m.state === OFFERED_STATE);
  const left = selected.filter((m) => m.state !== OFFERED_STATE);
  if (left.length > 0) logger.warning(leftOutWarning(left, of));
  return { offered, left };
}

/** The one warning for the systems selected but not offered stop and start, naming each with its state. */
function leftOutWarning(left: readonly FleetMember[], of: string): string {
  const named = left.slice(0, WARNING_NAMES).map((m) => `${m.name} (${m.state ?? 'no state'})`);
  const more = left.length > WARNING_NAMES ? ` and ${left.length - WARNING_NAMES} more` : '';
  return `${left.length} selected system(s) are not ${OFFERED_STATE}, so the service offers them no stop or start; left out of ${of}: ${named.join(', ')}${more}.`;
}
