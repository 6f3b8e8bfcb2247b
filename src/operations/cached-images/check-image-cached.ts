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
import { defineOperation, required, withDefault } from '../module.js';
import { RESPONSE_ID_OUTPUTS } from '../outputs.js';
import { uuid } from '../parsers.js';
import type { OperationContext, OperationResult, TargetRow } from '../types.js';

/** check-image-cached (B): reads the region and the images; sets whether all are cached and which are not. */
export default defineOperation({
  name: 'check-image-cached',
  description: 'Says whether the container images a deploy needs are cached in a region.',
  client: 'resource-manager',
  inputs: {
    apiVersion: withDefault('api-version', '2025-09-01'),
    // B1's path takes the subscription as a UUID: anything else is refused before a request.
    subscriptionId: required('subscription-id', uuid),
    location: required('location'),
    images: required('image'),
    osType: withDefault('os-type'),
    failIfMissing: withDefault('fail-if-missing'),
  },
  outputs: ['result', 'cached', 'missing-images', 'images', ...RESPONSE_ID_OUTPUTS],
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id 00000000-0000-4000-8000-000000000001 --location westeurope --image nginx --image redis:7',
  view: {
    ownTables: true,
    title: ({ outputs }) => {
      const missing = outputs['missing-images'];
      if (!Array.isArray(missing)) return undefined;
      return missing.length === 0 ? 'all cached' : `${missing.length} not cached`;
    },
    whatToDo: {
      'image not cached':
        'Cache the missing images in that region (or correct the reference), then run the job again; fail-if-missing: false reports without failing.',
    },
  },
  run: checkImageCached,
});

export interface CheckImageCachedOptions {
  baseUrl: URL;
  apiVersion: string;
  subscriptionId: string;
  location: string;
  images: string[];
  osType?: 'Linux' | 'Windows';
  failIfMissing: boolean;
}

/** A cached image as the service names it. */
interface Match {
  image: string;
  osType?: string;
}

/** One requested image: the reference as the user wrote it, and what it matched. */
interface Requested {
  reference: string;
  parsed: ImageReference;
  key: string;
}

/** What the listing found: the matches of each requested key, and how much of the list was read. */
interface Listing {
  matches: Map<string, Match[]>;
  pagesRead: number;
  imagesSeen: number;
  skipped: number;
  complete: boolean;
}

/**
 * B1: lists the region's cached images page by page and says which of the requested images are among them.
 * Stops reading as soon as every requested image has been found, so a hit on page 2 of 50 costs two requests.
 */
export async function checkImageCached(
  options: CheckImageCachedOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  // Every reference is checked before the first request: a typo fails the step, not a listing later.
  const requested = options.images.map(parseRequested);
  ctx.logger.info(`Looking for ${requested.length} image(s) in the cached images of ${options.location}.`);
  const listing = await findCached(options, requested, client, ctx);
  const missing = requested.filter((r) => listing.matches.get(r.key)!.length === 0).map((r) => r.reference);
  logFound(options, requested, listing, ctx);
  const filter = options.osType ? ` (OS type ${options.osType})` : '';
  const missingText = `${missing.length} image(s) not cached in ${options.location}${filter}: ${missing.join(', ')}`;
  if (missing.length > 0 && !options.failIfMissing) ctx.logger.warning(missingText);
  return {
    ...imagesResult(options, requested, listing),
    ...(missing.length > 0 && options.failIfMissing
      ? { failure: missingText, failureKind: 'image not cached' as const }
      : {}),
  };
}

/** The listing read until every requested image is found, keeping only the matches. */
async function findCached(
  options: CheckImageCachedOptions,
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

function logFound(
  options: CheckImageCachedOptions,
  requested: Requested[],
  { matches, pagesRead, imagesSeen, skipped, complete }: Listing,
  { logger }: OperationContext,
): void {
  const filter = options.osType ? ` (OS type ${options.osType})` : '';
  for (const r of requested) {
    const found = matches.get(r.key)!;
    logger.info(
      found.length > 0
        ? `${r.reference}: cached as ${found.map(describe).join(', ')}`
        : `${r.reference}: not cached${filter}`,
    );
  }
  logger.info(
    `Read ${pagesRead} page(s), ${imagesSeen} cached image(s)` +
      (complete ? ', the whole list' : ', and stopped once every image was found') +
      (skipped > 0 ? `; skipped ${skipped} that are not valid image references` : '') +
      '.',
  );
}

/**
 * The outputs, one row per requested image (cached; not cached, a failure with fail-if-missing, else reported)
 * and the table that shows them.
 */
function imagesResult(
  options: CheckImageCachedOptions,
  requested: Requested[],
  { matches, pagesRead, imagesSeen, skipped, complete }: Listing,
): OperationResult {
  const missing = requested.filter((r) => matches.get(r.key)!.length === 0).map((r) => r.reference);
  const rows: TargetRow[] = requested.map((r) =>
    matches.get(r.key)!.length > 0
      ? { target: r.reference, outcome: 'succeeded', word: 'cached' }
      : {
          target: r.reference,
          outcome: 'failed',
          word: 'not cached',
          cause: { text: `not cached in ${options.location}`, kind: 'image not cached' },
        },
  );
  return {
    outputs: {
      cached: missing.length === 0,
      'missing-images': missing,
      images: uniqueKeys(requested).flatMap((key) => matches.get(key)!),
      result: requested.map((r) => ({
        image: r.reference,
        reference: r.parsed.canonical,
        cached: matches.get(r.key)!.length > 0,
        matches: matches.get(r.key)!,
      })),
    },
    summary: [
      {
        title: `Cached images in ${options.location}`,
        context: [
          ['subscription', options.subscriptionId],
          ['region', options.location],
        ],
        header: ['Image', 'Cached', 'OS type', 'Cached as'],
        rows: requested.map((r) => {
          const found = matches.get(r.key)!;
          return [
            r.reference,
            found.length > 0 ? 'yes' : 'no',
            [...new Set(found.map((m) => m.osType ?? 'unknown'))].join(', ') || '—',
            [...new Set(found.map((m) => m.image))].join(', ') || '—',
          ];
        }),
        marks: rows.map(({ outcome, word }) => ({ outcome, word })),
        notes: [
          ...(options.osType ? [`Only images of OS type ${options.osType} count.`] : []),
          `Read ${pagesRead} page(s) (${imagesSeen} cached images)${complete ? '' : ', stopped once every image was found'}.`,
          ...(skipped > 0 ? [`Skipped ${skipped} cached entries that are not valid image references.`] : []),
        ],
      },
    ],
    rows,
  };
}

function parseRequested(reference: string): Requested {
  try {
    const parsed = parseImageReference(reference);
    return { reference, parsed, key: imageKey(parsed) };
  } catch (error) {
    if (error instanceof ImageReferenceError) throw new InputError('image', error.message);
    throw error;
  }
}

function uniqueKeys(requested: Requested[]): string[] {
  return [...new Set(requested.map((r) => r.key))];
}

function describe(match: Match): string {
  return match.osType ? `${match.image} (${match.osType})` : match.image;
}
