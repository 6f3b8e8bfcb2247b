import { ServiceError } from '../../client/errors.js';
import type { HttpClient } from '../../client/http.js';
import { mapLimited } from '../pool.js';
import {
  findCached,
  logFound,
  uniqueKeys,
  type Listing,
  type RegionListing,
  type Requested,
} from './listing.js';
import type { Mark, OperationContext, OperationResult, TargetRow } from '../types.js';

/**
 * Regions listed at once. Each region's pages are read one after another, so at most this many reads are in
 * flight: far inside the resource manager's read bucket (250, refilled 25 a second; docs/benchmark.md).
 */
const REGIONS_AT_ONCE = 10;

export interface RegionsOptions extends Omit<RegionListing, 'location'> {
  locations: string[];
  failIfMissing: boolean;
}

/** A region as it was read: its listing, or the service's refusal of it (an unknown region, a name it rejects). */
type RegionRead = { location: string; listing: Listing } | { location: string; refused: ServiceError };

/** How one image stands across the regions: its mark and word, and the regions where it is not cached. */
interface ImageAnswer {
  requested: Requested;
  outcome: Mark;
  word: string;
  missingIn: string[];
}

/**
 * Every image in every region, in one step: each region listed (paged, stopping once all are found) several at
 * once; a region the service refuses fails the step naming it, after every other region was read and reported.
 */
export async function checkRegions(
  options: RegionsOptions,
  requested: Requested[],
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const { locations } = options;
  ctx.logger.info(
    `Looking for ${requested.length} image(s) in the cached images of ${locations.length} regions: ${locations.join(', ')}.`,
  );
  const settled = await mapLimited(locations, REGIONS_AT_ONCE, (location) =>
    readRegion({ ...options, location }, requested, client, ctx),
  );
  // Anything but a refusal of a region (sign-in, a lost connection) ends the step as it would with one region.
  const thrown = settled.find((read) => 'thrown' in read);
  if (thrown) throw thrown.thrown;
  const reads = settled as RegionRead[];
  for (const read of reads) {
    if ('refused' in read)
      ctx.logger.info(`${read.location}: refused by the service: ${read.refused.said()}`);
    else
      logFound(
        { osType: options.osType, requested, listing: read.listing, prefix: `${read.location}: ` },
        ctx,
      );
  }
  const answers = requested.map((r) => answerOf(r, reads));
  const filter = options.osType ? ` (OS type ${options.osType})` : '';
  const notCached = answers.filter((a) => a.missingIn.length > 0);
  const missingText =
    `${notCached.length} image(s) not cached${filter}: ` +
    notCached.map((a) => `${a.requested.reference} in ${a.missingIn.join(', ')}`).join('; ');
  const refused = reads.flatMap((read) => ('refused' in read ? [read] : []));
  const refusedText = `the service refused ${refused.length} region(s): ${refused
    .map((read) => `${read.location} (${read.refused.said()})`)
    .join('; ')}`;
  if (notCached.length > 0 && !options.failIfMissing) ctx.logger.warning(missingText);
  const failures = [
    ...(refused.length > 0 ? [refusedText] : []),
    ...(notCached.length > 0 && options.failIfMissing ? [missingText] : []),
  ];
  return {
    ...regionsResult(options, reads, answers),
    ...(failures.length > 0
      ? {
          failure: failures.join('; '),
          failureKind: refused.length > 0 ? ('not found' as const) : ('image not cached' as const),
        }
      : {}),
  };
}

/** One region's listing, or its refusal to report, or the error that ends the step once every region settled. */
async function readRegion(
  options: RegionListing,
  requested: Requested[],
  client: HttpClient,
  ctx: OperationContext,
): Promise<RegionRead | { location: string; thrown: unknown }> {
  try {
    return { location: options.location, listing: await findCached(options, requested, client, ctx) };
  } catch (error) {
    // 404 LocationNotAvailableForResourceType, or a 400 for a name it cannot read: about this region only.
    if (error instanceof ServiceError && !error.signIn && (error.status === 404 || error.status === 400)) {
      return { location: options.location, refused: error };
    }
    return { location: options.location, thrown: error };
  }
}

const cachedIn = (read: RegionRead, r: Requested) =>
  'listing' in read && read.listing.matches.get(r.key)!.length > 0;

function answerOf(requested: Requested, reads: RegionRead[]): ImageAnswer {
  const missingIn = reads
    .filter((read) => 'listing' in read && !cachedIn(read, requested))
    .map((read) => read.location);
  if (missingIn.length > 0) return { requested, outcome: 'failed', word: 'not cached', missingIn };
  // Cached wherever it could be read; a refused region leaves it unknown there.
  const unknown = reads.some((read) => 'refused' in read);
  return unknown
    ? { requested, outcome: 'failed', word: 'not known everywhere', missingIn }
    : { requested, outcome: 'succeeded', word: 'cached', missingIn };
}

/** The outputs, a row per image and per refused region, and the one table: a column per region, missing first. */
function regionsResult(
  options: RegionsOptions,
  reads: RegionRead[],
  answers: ImageAnswer[],
): OperationResult {
  const requested = answers.map((a) => a.requested);
  const matchesIn = (read: RegionRead, key: string) =>
    'listing' in read ? read.listing.matches.get(key)!.map((m) => ({ ...m, location: read.location })) : [];
  const rows: TargetRow[] = [
    ...answers.map(({ requested: r, outcome, word, missingIn }) => ({
      target: r.reference,
      outcome,
      word,
      ...(missingIn.length > 0
        ? { cause: { text: `not cached in ${missingIn.join(', ')}`, kind: 'image not cached' as const } }
        : {}),
    })),
    ...reads.flatMap((read) =>
      'refused' in read
        ? [
            {
              target: read.location,
              outcome: 'failed' as const,
              word: 'region refused',
              cause: {
                text: read.refused.said(),
                kind: 'not found' as const,
                requestId: read.refused.requestId,
              },
            },
          ]
        : [],
    ),
  ];
  const regions = reads.map((read) => {
    if ('refused' in read)
      return { location: read.location, cached: false, 'missing-images': [], error: read.refused.said() };
    const missing = requested.filter((r) => !cachedIn(read, r)).map((r) => r.reference);
    return { location: read.location, cached: missing.length === 0, 'missing-images': missing };
  });
  return {
    outputs: {
      cached: answers.every((a) => a.outcome === 'succeeded'),
      'missing-images': answers.filter((a) => a.missingIn.length > 0).map((a) => a.requested.reference),
      missing: reads.flatMap((read) =>
        'listing' in read
          ? requested
              .filter((r) => !cachedIn(read, r))
              .map((r) => ({ location: read.location, image: r.reference }))
          : [],
      ),
      regions,
      images: reads.flatMap((read) => uniqueKeys(requested).flatMap((key) => matchesIn(read, key))),
      result: answers.map(({ requested: r }) => ({
        image: r.reference,
        reference: r.parsed.canonical,
        cached: reads.every((read) => cachedIn(read, r)),
        matches: reads.flatMap((read) => matchesIn(read, r.key)),
      })),
    },
    summary: [regionsTable(options, reads, answers)],
    rows,
  };
}

/** A row per image (the missing first), a column per region, a mark in each cell. */
function regionsTable(options: RegionsOptions, reads: RegionRead[], answers: ImageAnswer[]) {
  // Missing first, then the rest, each in input order.
  const shown = [
    ...answers.filter((a) => a.outcome !== 'succeeded'),
    ...answers.filter((a) => a.outcome === 'succeeded'),
  ];
  const cell = (read: RegionRead, a: ImageAnswer): [string, Mark] =>
    'refused' in read
      ? ['region refused', 'failed']
      : cachedIn(read, a.requested)
        ? ['cached', 'succeeded']
        : ['not cached', 'failed'];
  const listed = reads.flatMap((read) =>
    'listing' in read ? [{ location: read.location, ...read.listing }] : [],
  );
  const skipped = listed.reduce((n, l) => n + l.skipped, 0);
  return {
    title: `Cached images in ${reads.length} regions`,
    context: [
      ['subscription', options.subscriptionId],
      ['regions', options.locations.join(', ')],
    ] as [string, string][],
    header: ['Image', ...reads.map((read) => read.location)],
    rows: shown.map((a) => [a.requested.reference, ...reads.map((read) => cell(read, a)[0])]),
    cellMarks: shown.map((a) => [undefined, ...reads.map((read) => cell(read, a)[1])]),
    marks: shown.map(({ outcome, word }) => ({ outcome, word })),
    notes: [
      ...(options.osType ? [`Only images of OS type ${options.osType} count.`] : []),
      `Read ${listed
        .map(
          (l) =>
            `${l.location} ${l.pagesRead} page(s) (${l.imagesSeen} cached images${l.complete ? '' : ', stopped once every image was found'})`,
        )
        .join(', ')}.`,
      ...(skipped > 0 ? [`Skipped ${skipped} cached entries that are not valid image references.`] : []),
    ],
  };
}
