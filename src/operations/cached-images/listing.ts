import { InputError } from '../../client/errors.js';
import type { HttpClient } from '../../client/http.js';
import { listPages } from '../../client/pages.js';
import { cachedImagesListSchema } from '../../client/schemas/cached-images.js';
import { joinUrl, servicePath } from '../../client/url.js';
import {
  ImageReferenceError,
  imageKey,
  parseImageReference,
  type ImageReference,
} from './image-reference.js';
import type { OperationContext } from '../types.js';

/** What one region's listing needs: where, which version, and the OS type that counts. */
export interface RegionListing {
  baseUrl: URL;
  apiVersion: string;
  subscriptionId: string;
  location: string;
  osType?: 'Linux' | 'Windows';
}

/** A cached image as the service names it. */
export interface Match {
  image: string;
  osType?: string;
}

/** One requested image: the reference as the user wrote it, and what it matched. */
export interface Requested {
  reference: string;
  parsed: ImageReference;
  key: string;
}

/** What the listing found: the matches of each requested key, and how much of the list was read. */
export interface Listing {
  matches: Map<string, Match[]>;
  pagesRead: number;
  imagesSeen: number;
  skipped: number;
  complete: boolean;
}

/**
 * B1: the region's cached images read page by page until every requested image is found, keeping only the
 * matches, so a hit on page 2 of 50 costs two requests.
 */
export async function findCached(
  options: RegionListing,
  requested: Requested[],
  client: HttpClient,
  ctx: OperationContext,
): Promise<Listing> {
  // Several spellings of one image share a key; one match satisfies all of them.
  const matches = new Map<string, Match[]>(requested.map((r) => [r.key, []]));
  const wanted = (osType: string | undefined) =>
    options.osType === undefined || osType?.toLowerCase() === options.osType.toLowerCase();
  const url = joinUrl(
    options.baseUrl,
    servicePath`/subscriptions/${options.subscriptionId}/providers/Vendor.ContainerInstance/locations/${options.location}/cachedImages`,
    { 'api-version': options.apiVersion },
  );
  const listing: Listing = { matches, pagesRead: 0, imagesSeen: 0, skipped: 0, complete: false };
  // Only the matches are kept: a region with thousands of images never sits in memory as a whole.
  for await (const page of listPages(client, {
    method: 'GET',
    url,
    schema: cachedImagesListSchema,
    what: 'cached images list',
    signal: ctx.signal,
  })) {
    listing.pagesRead++;
    for (const cached of page.value) {
      listing.imagesSeen++;
      const key = keyOf(cached.image, listing, ctx);
      const found = key === undefined ? undefined : matches.get(key);
      if (!found || !wanted(cached.osType)) continue;
      if (!found.some((m) => m.image === cached.image && m.osType === cached.osType)) {
        found.push({
          image: cached.image!,
          ...(cached.osType !== undefined ? { osType: cached.osType } : {}),
        });
      }
    }
    ctx.logger.debug?.(`Page ${listing.pagesRead}: ${page.value.length} cached image(s).`);
    if ([...matches.values()].every((m) => m.length > 0)) {
      listing.complete = !page.nextLink;
      break;
    }
    if (!page.nextLink) listing.complete = true;
  }
  return listing;
}

/** A cached entry's key, or undefined (counted as skipped) where its name is not an image reference. */
function keyOf(image: unknown, listing: Listing, ctx: OperationContext): string | undefined {
  if (typeof image !== 'string') {
    listing.skipped++;
    ctx.logger.debug?.(`Skipped a cached image entry without an image name on page ${listing.pagesRead}.`);
    return undefined;
  }
  try {
    return imageKey(parseImageReference(image));
  } catch (error) {
    if (!(error instanceof ImageReferenceError)) throw error;
    listing.skipped++;
    ctx.logger.debug?.(`Skipped the cached image on page ${listing.pagesRead}: ${error.message}`);
    return undefined;
  }
}

/** Each image's line (cached as what, or not), then how much of the list was read; `prefix` names the region. */
export function logFound(
  {
    osType,
    requested,
    listing,
    prefix = '',
  }: { osType?: string; requested: Requested[]; listing: Listing; prefix?: string },
  { logger }: OperationContext,
): void {
  const { matches, pagesRead, imagesSeen, skipped, complete } = listing;
  const filter = osType ? ` (OS type ${osType})` : '';
  for (const r of requested) {
    const found = matches.get(r.key)!;
    logger.info(
      prefix +
        (found.length > 0
          ? `${r.reference}: cached as ${found.map(describe).join(', ')}`
          : `${r.reference}: not cached${filter}`),
    );
  }
  logger.info(
    `${prefix}Read ${pagesRead} page(s), ${imagesSeen} cached image(s)` +
      (complete ? ', the whole list' : ', and stopped once every image was found') +
      (skipped > 0 ? `; skipped ${skipped} that are not valid image references` : '') +
      '.',
  );
}

export function parseRequested(reference: string): Requested {
  try {
    const parsed = parseImageReference(reference);
    return { reference, parsed, key: imageKey(parsed) };
  } catch (error) {
    if (error instanceof ImageReferenceError) throw new InputError('image', error.message);
    throw error;
  }
}

export function uniqueKeys(requested: Requested[]): string[] {
  return [...new Set(requested.map((r) => r.key))];
}

function describe(match: Match): string {
  return match.osType ? `${match.image} (${match.osType})` : match.image;
}
