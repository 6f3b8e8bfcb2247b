import {
  sendJson,
  shapeLink,
  type AreaModule,
  type LinkForm,
  type RequestContext,
  type Route,
} from '../emulator.js';

/**
 * Area B (cached container images): B1, the cached images of a region, in pages linked by nextLink.
 *
 * Scenario JSON (every field optional):
 *
 *   {
 *     "regions": {
 *       "westeurope": [
 *         { "image": "docker.io/library/nginx:latest", "osType": "Linux" },
 *         { "generate": 5000, "osType": "Windows", "prefix": "filler/win" },
 *         { "image": "NOT A REFERENCE", "osType": "Linux" }
 *       ]
 *     },
 *     "pageSize": 100,
 *     "nextLinkOnSecondOrigin": false,
 *     "nextLinkForm": "absolute",     // "relative": a path only; "malformed": a URL no parser accepts
 *     "repeatNextLink": false,        // every nextLink points at the second page again: a listing without end
 *     "apiVersions": ["2025-09-01"]
 *   }
 *
 * A region's list is a sequence of entries in the order the pages serve them. An entry is either a cached image
 * as the service returns it (any fields; a test may send a malformed one on purpose) or `{ generate: n }`, which
 * stands for n filler images `{prefix}-{i}:v1` (default prefix `filler/image`, default osType Linux) computed
 * when a page is served, so a region of a million images costs nothing until read. Region names compare
 * case-insensitively; an unknown region answers 404 LocationNotAvailableForResourceType.
 */
export interface CachedImagesScenario {
  regions?: Record<string, CachedImageEntry[]>;
  /** Images per page; default 100. */
  pageSize?: number;
  /** Every nextLink points at the emulator's second origin, which a client must refuse to follow. */
  nextLinkOnSecondOrigin?: boolean;
  nextLinkForm?: LinkForm;
  repeatNextLink?: boolean;
  /** The api-version values accepted; default ["2025-09-01"]. */
  apiVersions?: string[];
}

export type CachedImageEntry = FillerImages | { image?: unknown; osType?: unknown; [field: string]: unknown };

export interface FillerImages {
  generate: number;
  osType?: string;
  prefix?: string;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class CachedImagesArea implements AreaModule {
  readonly name = 'cached-images';
  private readonly regions = new Map<string, CachedImageEntry[]>();
  pageSize: number;
  nextLinkOnSecondOrigin: boolean;
  nextLinkForm: LinkForm;
  repeatNextLink: boolean;
  apiVersions: Set<string>;
  /** Pages answered with 200, on either origin: what a test of early stopping counts. */
  pagesServed = 0;
  /** The pages served, in order: region as asked and the index of the first image on the page. */
  readonly servedPages: { location: string; start: number; origin: 'primary' | 'secondary' }[] = [];

  readonly scenario: CachedImagesScenario;
  constructor(scenario: CachedImagesScenario = {}) {
    this.scenario = scenario;
    for (const [region, entries] of Object.entries(scenario.regions ?? {})) this.setImages(region, entries);
    this.pageSize = scenario.pageSize ?? 100;
    this.nextLinkOnSecondOrigin = scenario.nextLinkOnSecondOrigin ?? false;
    this.nextLinkForm = scenario.nextLinkForm ?? 'absolute';
    this.repeatNextLink = scenario.repeatNextLink ?? false;
    this.apiVersions = new Set(scenario.apiVersions ?? ['2025-09-01']);
  }

  /** Replaces a region's cached images (see the scenario's entry shapes). */
  setImages(region: string, entries: CachedImageEntry[]): this {
    this.regions.set(region.toLowerCase(), [...entries]);
    return this;
  }

  /** How many images a region lists, filler included. */
  imageCount(region: string): number {
    return (this.regions.get(region.toLowerCase()) ?? []).reduce((n, e) => n + entrySize(e), 0);
  }

  routes(): Route[] {
    return [
      {
        method: 'GET',
        path: /^\/subscriptions\/([^/]+)\/providers\/Vendor\.ContainerInstance\/locations\/([^/]+)\/cachedImages$/i,
        handle: (ctx) => this.list(ctx),
      },
    ];
  }

  private list(ctx: RequestContext): void {
    if (!ctx.emulator.checkBearer(ctx)) return;
    const [subscriptionId = '', location = ''] = ctx.params;
    const query = ctx.url.searchParams;
    const apiVersion = query.get('api-version');
    if (!apiVersion) {
      return cloudError(
        ctx,
        400,
        'MissingApiVersionParameter',
        'The api-version query parameter (?api-version=) is required for all requests.',
        'api-version',
      );
    }
    if (!this.apiVersions.has(apiVersion)) {
      return cloudError(
        ctx,
        400,
        'InvalidApiVersionParameter',
        `The api-version '${apiVersion}' is invalid. The supported versions are '${[...this.apiVersions].join(',')}'.`,
        'api-version',
      );
    }
    if (!UUID_RE.test(subscriptionId)) {
      return cloudError(
        ctx,
        400,
        'InvalidSubscriptionId',
        `The provided subscription identifier '${subscriptionId}' is malformed or invalid.`,
        'subscriptionId',
      );
    }
    const entries = this.regions.get(location.toLowerCase());
    if (!entries) {
      return cloudError(
        ctx,
        404,
        'LocationNotAvailableForResourceType',
        `The provided location '${location}' is not available for resource type 'Vendor.ContainerInstance/locations/cachedImages'.`,
        'location',
      );
    }
    const skipToken = query.get('$skipToken') ?? '0';
    const start = /^\d+$/.test(skipToken) ? Number(skipToken) : NaN;
    const total = entries.reduce((n, e) => n + entrySize(e), 0);
    if (!Number.isSafeInteger(start) || start > total) {
      return cloudError(
        ctx,
        400,
        'InvalidSkipToken',
        `The $skipToken '${skipToken}' is not valid.`,
        '$skipToken',
      );
    }
    const end = Math.min(total, start + Math.max(1, this.pageSize));
    const body: { value: unknown[]; nextLink?: string } = { value: slice(entries, start, end) };
    if (end < total) {
      const origin = this.nextLinkOnSecondOrigin ? ctx.emulator.secondUrl : ctx.emulator.url;
      const next = new URL(ctx.record.target.split('?')[0]!, origin);
      next.searchParams.set('api-version', apiVersion);
      next.searchParams.set(
        '$skipToken',
        String(this.repeatNextLink ? Math.min(total - 1, this.pageSize) : end),
      );
      body.nextLink = shapeLink(next.href, this.nextLinkForm);
    }
    this.pagesServed++;
    this.servedPages.push({ location, start, origin: ctx.record.origin });
    sendJson(ctx, 200, body);
  }
}

/** Area B's error shape: the cloud error `{ error: { code, message, target, details } }`. */
function cloudError(
  ctx: RequestContext,
  status: number,
  code: string,
  message: string,
  target: string,
): void {
  sendJson(ctx, status, { error: { code, message, target, details: [] } });
}

function isFiller(entry: CachedImageEntry): entry is FillerImages {
  // A scenario may hold anything (null, a bare string) to see how a client copes with it.
  return typeof entry === 'object' && entry !== null && typeof (entry as FillerImages).generate === 'number';
}

function entrySize(entry: CachedImageEntry): number {
  return isFiller(entry) ? Math.max(0, Math.floor(entry.generate)) : 1;
}

/** Images [start, end) of a region, filler computed only for the indices asked. */
function slice(entries: CachedImageEntry[], start: number, end: number): unknown[] {
  const out: unknown[] = [];
  let offset = 0;
  for (const entry of entries) {
    const size = entrySize(entry);
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + size);
    for (let i = from; i < to; i++) {
      if (!isFiller(entry)) out.push(entry);
      else
        out.push({
          image: `${entry.prefix ?? 'filler/image'}-${i - offset}:v1`,
          osType: entry.osType ?? 'Linux',
        });
    }
    offset += size;
    if (offset >= end) break;
  }
  return out;
}
