import type { HttpClient } from '../../client/http.js';
import { findCached, logFound, parseRequested, uniqueKeys, type Listing, type Requested } from './listing.js';
import { checkRegions } from './regions.js';
import type { OperationContext, OperationResult, TargetRow } from '../types.js';

export interface CheckImageCachedOptions {
  baseUrl: URL;
  apiVersion: string;
  subscriptionId: string;
  /** One region or several; one region reads and reports as it always has. */
  location: string | readonly string[];
  images: string[];
  osType?: 'Linux' | 'Windows';
  failIfMissing: boolean;
}

/** The options of one region's check, as the step had them before it took several. */
type OneRegion = Omit<CheckImageCachedOptions, 'location'> & { location: string };

/**
 * B1 in each region: which of the requested images are among its cached images. One region reads and reports
 * as it always has; several are read at once and answered in one table (./regions.ts).
 */
export async function checkImageCached(
  options: CheckImageCachedOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  // Every reference is checked before the first request: a typo fails the step, not a listing later.
  const requested = options.images.map(parseRequested);
  const locations = typeof options.location === 'string' ? [options.location] : [...options.location];
  if (locations.length > 1) return checkRegions({ ...options, locations }, requested, client, ctx);
  return checkOneRegion({ ...options, location: locations[0]! }, requested, client, ctx);
}

/**
 * One region, listed page by page; stops reading as soon as every requested image has been found, so a hit on
 * page 2 of 50 costs two requests.
 */
async function checkOneRegion(
  options: OneRegion,
  requested: Requested[],
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  ctx.logger.info(`Looking for ${requested.length} image(s) in the cached images of ${options.location}.`);
  const listing = await findCached(options, requested, client, ctx);
  const missing = requested.filter((r) => listing.matches.get(r.key)!.length === 0).map((r) => r.reference);
  logFound({ osType: options.osType, requested, listing }, ctx);
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

/**
 * The outputs, one row per requested image (cached; not cached, a failure with fail-if-missing, else reported)
 * and the table that shows them.
 */
function imagesResult(
  options: OneRegion,
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
      missing: missing.map((image) => ({ location: options.location, image })),
      regions: [{ location: options.location, cached: missing.length === 0, 'missing-images': missing }],
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
