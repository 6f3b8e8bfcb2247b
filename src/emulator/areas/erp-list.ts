import { sendJson, shapeLink, type AreaModule, type RequestContext, type Route } from '../emulator.js';
import type { FleetScenario, FleetSystem, FleetSystems, ListLinkForm } from './erp-list-scenario.js';

export type * from './erp-list-scenario.js';

/** A nextLink in one of the relative forms only a listing is written in, else as `shapeLink` writes it. */
function listLink(href: string, form: ListLinkForm): string {
  const url = new URL(href);
  if (form === 'resource') return url.pathname.slice(1) + url.search;
  if (form === 'query') return url.search;
  if (form === 'segment') return url.pathname.split('/').pop()! + url.search;
  return shapeLink(href, form);
}

const LIST_PATH =
  /^\/subscriptions\/([^/]+)(?:\/resourceGroups\/([^/]+))?\/providers\/Vendor\.Workloads\/erpVirtualInstances$/i;

/** Area C5: the erp virtual instances listed in pages (the fleet's scenario: erp-list-scenario.ts). */
export class ErpListArea implements AreaModule {
  readonly name = 'erp-list';
  systems: (FleetSystem | FleetSystems)[];
  pageSize: number;
  itemBytes: number;
  nextLinkOrigin: 'primary' | 'secondary';
  nextLinkForm: ListLinkForm;
  wrongPage?: FleetScenario['wrongPage'];
  holdsOnly: boolean;
  /** Other systems the emulator holds (the erp scenario's named instances), where holdsOnly is on. */
  alsoHeld: (name: string) => boolean = () => false;
  /** Pages answered with 200: what a test of paging counts. */
  pagesServed = 0;
  /** Called once a listing's last page is served: a test changes a system there, after the listing saw it. */
  afterListing?: () => void;
  private filler = { bytes: -1, text: '' };

  constructor(scenario: FleetScenario = {}) {
    this.systems = [...(scenario.systems ?? [])];
    this.pageSize = scenario.pageSize ?? 100;
    this.itemBytes = scenario.itemBytes ?? 2048;
    this.nextLinkOrigin = scenario.nextLinkOrigin ?? 'primary';
    this.nextLinkForm = scenario.nextLinkForm ?? 'absolute';
    this.wrongPage = scenario.wrongPage;
    this.holdsOnly = scenario.holdsOnly ?? false;
  }

  routes(): Route[] {
    return [{ method: 'GET', path: LIST_PATH, handle: (ctx) => this.list(ctx) }];
  }

  /**
   * Where holdsOnly is on, the route that answers 404 for a system the emulator does not hold, whatever the call
   * (read, stop, start, its parts): served before the erp area's routes, it matches only such a path.
   */
  notHeldRoutes(): Route[] {
    const held = (sub: string, rg: string, name: string) =>
      !this.holdsOnly || this.find(sub, rg, name) !== undefined || this.alsoHeld(name);
    return ['GET', 'POST'].map((method) => ({
      method,
      path: new NotHeld(held),
      handle: (ctx: RequestContext) => {
        if (!ctx.emulator.checkBearer(ctx)) return;
        const [, resourceGroup = '', name = ''] = ctx.params;
        sendJson(ctx, 404, {
          error: {
            code: 'ResourceNotFound',
            message: `The Resource 'Vendor.Workloads/erpVirtualInstances/${name}' under resource group '${resourceGroup}' was not found.`,
          },
        });
      },
    }));
  }

  private list(ctx: RequestContext): void {
    if (!ctx.emulator.checkBearer(ctx)) return;
    const [subscription = '', resourceGroup = ''] = ctx.params;
    const query = ctx.url.searchParams;
    const apiVersion = query.get('api-version');
    if (!apiVersion) {
      sendJson(ctx, 400, {
        error: {
          code: 'MissingApiVersionParameter',
          message: 'The api-version query parameter is required.',
        },
      });
      return;
    }
    if (this.holdsOnly && !this.systems.some((s) => same(s.subscription, subscription))) {
      const message = `The subscription '${subscription}' could not be found.`;
      return sendJson(ctx, 404, { error: { code: 'SubscriptionNotFound', message } });
    }
    const entries = this.systems.filter(
      (s) =>
        same(s.subscription, subscription) && (resourceGroup === '' || same(s.resourceGroup, resourceGroup)),
    );
    const total = entries.reduce((n, e) => n + sizeOf(e), 0);
    const skipToken = query.get('$skipToken') ?? '0';
    const start = /^\d+$/.test(skipToken) ? Number(skipToken) : NaN;
    if (!Number.isSafeInteger(start) || start > total) {
      sendJson(ctx, 400, {
        error: { code: 'InvalidSkipToken', message: `The $skipToken '${skipToken}' is not valid.` },
      });
      return;
    }
    const end = Math.min(total, start + Math.max(1, this.pageSize));
    if (this.wrongPage && Math.floor(start / Math.max(1, this.pageSize)) + 1 === this.wrongPage.page) {
      sendJson(ctx, 200, this.wrongPage.body === 'empty object' ? {} : { value: null });
      return;
    }
    const body: { value: unknown[]; nextLink?: string } = {
      value: systemsIn(entries, start, end).map((s) => this.item(s)),
    };
    if (end < total) {
      const origin = this.nextLinkOrigin === 'secondary' ? ctx.emulator.secondUrl : ctx.emulator.url;
      const next = new URL(ctx.record.target.split('?')[0]!, origin);
      next.searchParams.set('api-version', apiVersion);
      next.searchParams.set('$skipToken', String(end));
      body.nextLink = listLink(next.href, this.nextLinkForm);
    }
    this.pagesServed++;
    sendJson(ctx, 200, body);
    if (end >= total) this.afterListing?.();
  }

  /** The listed system of that name, where the fleet holds one (C0 shows its tags and environment). */
  find(subscription: string, resourceGroup: string, name: string): FleetSystem | undefined {
    for (const entry of this.systems) {
      if (!same(entry.subscription, subscription) || !same(entry.resourceGroup, resourceGroup)) continue;
      if (!isGenerated(entry)) {
        if (same(entry.name, name)) return entry;
        continue;
      }
      const prefix = entry.prefix ?? 'S';
      const index = name.startsWith(prefix) ? Number(name.slice(prefix.length)) : NaN;
      const padded = String(index).padStart(4, '0');
      if (Number.isInteger(index) && index >= 1 && index <= sizeOf(entry) && name === `${prefix}${padded}`) {
        return { ...entry, name };
      }
    }
    return undefined;
  }

  /** The whole resource, as C0 shows it: the fields a listing reports, and a heavy configuration. */
  private item(s: FleetSystem): unknown {
    const location = s.location ?? 'westeurope';
    return {
      id: `/subscriptions/${s.subscription}/resourceGroups/${s.resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${s.name}`,
      name: s.name,
      type: 'Vendor.Workloads/erpVirtualInstances',
      location,
      tags: s.tags ?? {},
      systemData: { createdBy: 'deploy@example.com', createdAt: '2026-01-05T08:00:00Z' },
      properties: {
        environment: s.environment ?? 'NonProd',
        erpProduct: 'S/4HANA',
        state: s.state ?? 'RegistrationComplete',
        status: s.status ?? 'Running',
        health: s.health ?? 'Healthy',
        provisioningState: 'Succeeded',
        managedResourceGroupConfiguration: { name: `mrg-${s.name.toLowerCase()}` },
        configuration: {
          configurationType: 'DeploymentWithOSConfig',
          appLocation: location,
          infrastructureConfiguration: { deploymentType: 'ThreeTier', notes: this.fillerText() },
        },
      },
    };
  }

  /** One shared string of `itemBytes` characters: the emulator's memory does not grow with the fleet. */
  private fillerText(): string {
    if (this.filler.bytes !== this.itemBytes) {
      this.filler = { bytes: this.itemBytes, text: 'x'.repeat(Math.max(0, this.itemBytes)) };
    }
    return this.filler.text;
  }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function isGenerated(entry: FleetSystem | FleetSystems): entry is FleetSystems {
  return typeof (entry as FleetSystems).generate === 'number';
}

function sizeOf(entry: FleetSystem | FleetSystems): number {
  return isGenerated(entry) ? Math.max(0, Math.floor(entry.generate)) : 1;
}

/** Systems [start, end) of a listing, generated ones made only for the indices asked. */
function systemsIn(entries: (FleetSystem | FleetSystems)[], start: number, end: number): FleetSystem[] {
  const out: FleetSystem[] = [];
  let offset = 0;
  for (const entry of entries) {
    const size = sizeOf(entry);
    for (let i = Math.max(start, offset); i < Math.min(end, offset + size); i++) {
      if (!isGenerated(entry)) out.push(entry);
      else {
        const name = `${entry.prefix ?? 'S'}${String(i - offset + 1).padStart(4, '0')}`;
        out.push({ ...entry, name });
      }
    }
    offset += size;
    if (offset >= end) break;
  }
  return out;
}

const SYSTEM_PATH =
  /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Vendor\.Workloads\/erpVirtualInstances\/([^/]+)(?:\/.*)?$/i;

/** A system's path (and its parts') that matches only where the emulator does not hold the system. */
class NotHeld extends RegExp {
  private readonly held: (sub: string, rg: string, name: string) => boolean;
  constructor(held: (sub: string, rg: string, name: string) => boolean) {
    super(SYSTEM_PATH.source, SYSTEM_PATH.flags);
    this.held = held;
  }

  override exec(path: string): RegExpExecArray | null {
    const match = super.exec(path);
    if (!match) return null;
    const [sub, rg, name] = match.slice(1).map((p) => decodeURIComponent(p ?? ''));
    return this.held(sub!, rg!, name!) ? null : match;
  }
}
