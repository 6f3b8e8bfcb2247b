export const id = 618;
export const ids = [618];
export const modules = {

/***/ 7618:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  checkImageCached: () => (/* reexport */ checkImageCached)
});

// EXTERNAL MODULE: ./src/client/errors.ts
var errors = __webpack_require__(6468);
// EXTERNAL MODULE: ./src/client/pages.ts
var pages = __webpack_require__(7039);
// EXTERNAL MODULE: ./src/client/schemas/zod.ts + 7 modules
var zod = __webpack_require__(3867);
;// CONCATENATED MODULE: ./src/client/schemas/cached-images.ts

/**
 * Area B, a cached image. Lenient per entry: one odd entry (no name, a name that is not a string) is skipped
 * by the operation rather than failing the whole listing, so both fields fall back to undefined.
 */
const cachedImageSchema = zod/* onFirstUse */.Vkw(() => zod/* looseObject */._H3({
    image: zod/* catch */.MfU(zod/* optional */.lqM(zod/* string */.YjP()), undefined),
    /** Linux and Windows occur; the allowed values are not documented, so any string passes. */
    osType: zod/* catch */.MfU(zod/* optional */.lqM(zod/* string */.YjP()), undefined),
}));
/** Area B, one page of the cached images list. Which fields are always present is not documented. */
const cachedImagesListSchema = zod/* onFirstUse */.Vkw(() => zod/* looseObject */._H3({
    value: zod/* pipe */.FsL(zod/* optional */.lqM(zod/* array */.YOg(zod/* catch */.MfU(cachedImageSchema, {}))), zod/* transform */.pdi((v) => v ?? [])),
    nextLink: zod/* nullish */.cl6(zod/* string */.YjP()),
}));

// EXTERNAL MODULE: ./src/client/url.ts
var client_url = __webpack_require__(1098);
;// CONCATENATED MODULE: ./src/operations/cached-images/image-reference.ts
/**
 * Container image references, read the way a registry (distribution/reference) reads them, so that two
 * spellings of one image ("nginx", "docker.io/library/nginx:latest") compare equal.
 *
 *   reference := name [ ':' tag ] [ '@' digest ]
 *   name      := [ domain '/' ] path-component [ '/' path-component ]*
 */
/** The reference does not follow the grammar; `reason` says which part is wrong. */
class ImageReferenceError extends Error {
    input;
    reason;
    constructor(input, reason) {
        super(`${JSON.stringify(input)} is not a valid image reference: ${reason}`);
        this.name = 'ImageReferenceError';
        this.input = input;
        this.reason = reason;
    }
}
const DOCKER_HUB = 'docker.io';
// Docker Hub answers under these names too; images pulled through any of them are the same.
const DOCKER_HUB_ALIASES = new Set(['index.docker.io', 'registry-1.docker.io']);
const NAME_MAX_LENGTH = 255;
const DOMAIN_LABEL = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN_RE = new RegExp(`^(?:${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?$`);
const PATH_COMPONENT_RE = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const TAG_RE = /^\w[\w.-]{0,127}$/;
const DIGEST_RE = /^([A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*):([0-9a-f]+)$/;
// go-digest pins the length of the algorithms it knows; anything else only needs enough hex to be unique.
const DIGEST_HEX_LENGTH = new Map([
    ['sha256', 64],
    ['sha384', 96],
    ['sha512', 128],
]);
const DIGEST_MIN_HEX = 32;
function parseImageReference(input) {
    const fail = (reason) => new ImageReferenceError(input, reason);
    const text = input.trim();
    if (text === '')
        throw fail('the reference is empty');
    // The digest comes last and contains a ':' itself, so cut it off before looking for a tag.
    const at = text.indexOf('@');
    const digest = at === -1 ? undefined : text.slice(at + 1);
    let name = at === -1 ? text : text.slice(0, at);
    if (digest !== undefined) {
        if (digest === '')
            throw fail('the digest is empty');
        const match = DIGEST_RE.exec(digest);
        if (!match)
            throw fail(`the digest "${digest}" is not algorithm:hex (lowercase hex)`);
        const [, algorithm = '', hex = ''] = match;
        const expected = DIGEST_HEX_LENGTH.get(algorithm);
        if (expected !== undefined && hex.length !== expected) {
            throw fail(`a ${algorithm} digest has ${expected} hex characters, not ${hex.length}`);
        }
        if (hex.length < DIGEST_MIN_HEX)
            throw fail(`the digest has fewer than ${DIGEST_MIN_HEX} hex characters`);
    }
    // A ':' after the last '/' starts a tag; an earlier one is a registry port ("localhost:5000/app").
    let tag;
    const colon = name.lastIndexOf(':');
    if (colon > name.lastIndexOf('/')) {
        tag = name.slice(colon + 1);
        name = name.slice(0, colon);
        if (tag === '')
            throw fail('the tag is empty');
        if (!TAG_RE.test(tag))
            throw fail(`the tag "${tag}" must match [A-Za-z0-9_][A-Za-z0-9_.-]{0,127}`);
    }
    if (name === '')
        throw fail('the repository name is empty');
    // Docker refuses this too: a bare 64-hex name would be mistaken for an image id.
    if (tag === undefined && digest === undefined && /^[a-f0-9]{64}$/.test(name)) {
        throw fail('a 64-character hex string is an image id, not a repository name');
    }
    if (name.length > NAME_MAX_LENGTH)
        throw fail(`the name is longer than ${NAME_MAX_LENGTH} characters`);
    // Docker's rule: the first component is a registry only if it cannot be a repository path component
    // (it has a '.' or ':' or an uppercase letter, or is "localhost"); otherwise "org/app" would be read as
    // registry "org". An uppercase letter makes it a host because path components are lowercase and host names
    // are not case-sensitive: "LOCALHOST/app" is "localhost/app".
    const path = name.split('/');
    const first = path[0] ?? '';
    const looksLikeHost = /[.:]/.test(first) || first.toLowerCase() === 'localhost' || first !== first.toLowerCase();
    const domain = path.length > 1 && looksLikeHost ? path.shift() : undefined;
    if (domain !== undefined && !DOMAIN_RE.test(domain))
        throw fail(`the registry "${domain}" is not a valid host[:port]`);
    for (const component of path) {
        if (component === '')
            throw fail('the repository path has an empty component');
        if (component !== component.toLowerCase())
            throw fail(`the repository path "${component}" must be lowercase`);
        if (!PATH_COMPONENT_RE.test(component)) {
            throw fail(`the repository path "${component}" must be letters and digits joined by '.', '_', '__' or '-'`);
        }
    }
    // Host names are case-insensitive; Docker Hub's aliases and its implicit "library/" namespace go away.
    let registry = domain?.toLowerCase() ?? DOCKER_HUB;
    if (DOCKER_HUB_ALIASES.has(registry))
        registry = DOCKER_HUB;
    if (registry === DOCKER_HUB && path.length === 1)
        path.unshift('library');
    const repository = path.join('/');
    // Only a bare name means ":latest"; with a digest and no tag, the digest alone names the image.
    const effectiveTag = tag ?? (digest === undefined ? 'latest' : undefined);
    const canonical = `${registry}/${repository}` +
        (effectiveTag !== undefined ? `:${effectiveTag}` : '') +
        (digest !== undefined ? `@${digest}` : '');
    return {
        registry,
        repository,
        ...(effectiveTag !== undefined ? { tag: effectiveTag } : {}),
        ...(digest !== undefined ? { digest } : {}),
        canonical,
    };
}
/** Equal keys mean the same image. A digest names content, so a tag beside it does not count. */
function imageKey(ref) {
    const base = `${ref.registry}/${ref.repository}`;
    return ref.digest !== undefined ? `${base}@${ref.digest}` : `${base}:${ref.tag ?? 'latest'}`;
}
/** Whether two references name the same image; throws ImageReferenceError if either is invalid. */
function sameImage(a, b) {
    return imageKey(parseImageReference(a)) === imageKey(parseImageReference(b));
}

;// CONCATENATED MODULE: ./src/operations/cached-images/listing.ts





/**
 * B1: the region's cached images read page by page until every requested image is found, keeping only the
 * matches, so a hit on page 2 of 50 costs two requests.
 */
async function findCached(options, requested, client, ctx) {
    // Several spellings of one image share a key; one match satisfies all of them.
    const matches = new Map(requested.map((r) => [r.key, []]));
    const wanted = (osType) => options.osType === undefined || osType?.toLowerCase() === options.osType.toLowerCase();
    const url = (0,client_url/* joinUrl */.we)(options.baseUrl, (0,client_url/* servicePath */.VF) `/subscriptions/${options.subscriptionId}/providers/Vendor.ContainerInstance/locations/${options.location}/cachedImages`, { 'api-version': options.apiVersion });
    const listing = { matches, pagesRead: 0, imagesSeen: 0, skipped: 0, complete: false };
    // Only the matches are kept: a region with thousands of images never sits in memory as a whole.
    for await (const page of (0,pages/* listPages */.pN)(client, {
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
            if (!found || !wanted(cached.osType))
                continue;
            if (!found.some((m) => m.image === cached.image && m.osType === cached.osType)) {
                found.push({
                    image: cached.image,
                    ...(cached.osType !== undefined ? { osType: cached.osType } : {}),
                });
            }
        }
        ctx.logger.debug?.(`Page ${listing.pagesRead}: ${page.value.length} cached image(s).`);
        if ([...matches.values()].every((m) => m.length > 0)) {
            listing.complete = !page.nextLink;
            break;
        }
        if (!page.nextLink)
            listing.complete = true;
    }
    return listing;
}
/** A cached entry's key, or undefined (counted as skipped) where its name is not an image reference. */
function keyOf(image, listing, ctx) {
    if (typeof image !== 'string') {
        listing.skipped++;
        ctx.logger.debug?.(`Skipped a cached image entry without an image name on page ${listing.pagesRead}.`);
        return undefined;
    }
    try {
        return imageKey(parseImageReference(image));
    }
    catch (error) {
        if (!(error instanceof ImageReferenceError))
            throw error;
        listing.skipped++;
        ctx.logger.debug?.(`Skipped the cached image on page ${listing.pagesRead}: ${error.message}`);
        return undefined;
    }
}
/** Each image's line (cached as what, or not), then how much of the list was read; `prefix` names the region. */
function logFound({ osType, requested, listing, prefix = '', }, { logger }) {
    const { matches, pagesRead, imagesSeen, skipped, complete } = listing;
    const filter = osType ? ` (OS type ${osType})` : '';
    for (const r of requested) {
        const found = matches.get(r.key);
        logger.info(prefix +
            (found.length > 0
                ? `${r.reference}: cached as ${found.map(describe).join(', ')}`
                : `${r.reference}: not cached${filter}`));
    }
    logger.info(`${prefix}Read ${pagesRead} page(s), ${imagesSeen} cached image(s)` +
        (complete ? ', the whole list' : ', and stopped once every image was found') +
        (skipped > 0 ? `; skipped ${skipped} that are not valid image references` : '') +
        '.');
}
function parseRequested(reference) {
    try {
        const parsed = parseImageReference(reference);
        return { reference, parsed, key: imageKey(parsed) };
    }
    catch (error) {
        if (error instanceof ImageReferenceError)
            throw new errors/* InputError */.dz('image', error.message);
        throw error;
    }
}
function uniqueKeys(requested) {
    return [...new Set(requested.map((r) => r.key))];
}
function describe(match) {
    return match.osType ? `${match.image} (${match.osType})` : match.image;
}

// EXTERNAL MODULE: ./src/operations/pool.ts
var pool = __webpack_require__(1366);
;// CONCATENATED MODULE: ./src/operations/cached-images/regions.ts



/**
 * Regions listed at once. Each region's pages are read one after another, so at most this many reads are in
 * flight: far inside the resource manager's read bucket (250, refilled 25 a second; docs/benchmark.md).
 */
const REGIONS_AT_ONCE = 10;
/**
 * Every image in every region, in one step: each region listed (paged, stopping once all are found) several at
 * once; a region the service refuses fails the step naming it, after every other region was read and reported.
 */
async function checkRegions(options, requested, client, ctx) {
    const { locations } = options;
    ctx.logger.info(`Looking for ${requested.length} image(s) in the cached images of ${locations.length} regions: ${locations.join(', ')}.`);
    const settled = await (0,pool/* mapLimited */.b)(locations, REGIONS_AT_ONCE, (location) => readRegion({ ...options, location }, requested, client, ctx));
    // Anything but a refusal of a region (sign-in, a lost connection) ends the step as it would with one region.
    const thrown = settled.find((read) => 'thrown' in read);
    if (thrown)
        throw thrown.thrown;
    const reads = settled;
    for (const read of reads) {
        if ('refused' in read)
            ctx.logger.info(`${read.location}: refused by the service: ${read.refused.said()}`);
        else
            logFound({ osType: options.osType, requested, listing: read.listing, prefix: `${read.location}: ` }, ctx);
    }
    const answers = requested.map((r) => answerOf(r, reads));
    const filter = options.osType ? ` (OS type ${options.osType})` : '';
    const notCached = answers.filter((a) => a.missingIn.length > 0);
    const missingText = `${notCached.length} image(s) not cached${filter}: ` +
        notCached.map((a) => `${a.requested.reference} in ${a.missingIn.join(', ')}`).join('; ');
    const refused = reads.flatMap((read) => ('refused' in read ? [read] : []));
    const refusedText = `the service refused ${refused.length} region(s): ${refused
        .map((read) => `${read.location} (${read.refused.said()})`)
        .join('; ')}`;
    if (notCached.length > 0 && !options.failIfMissing)
        ctx.logger.warning(missingText);
    const failures = [
        ...(refused.length > 0 ? [refusedText] : []),
        ...(notCached.length > 0 && options.failIfMissing ? [missingText] : []),
    ];
    return {
        ...regionsResult(options, reads, answers),
        ...(failures.length > 0
            ? {
                failure: failures.join('; '),
                failureKind: refused.length > 0 ? 'not found' : 'image not cached',
            }
            : {}),
    };
}
/** One region's listing, or its refusal to report, or the error that ends the step once every region settled. */
async function readRegion(options, requested, client, ctx) {
    try {
        return { location: options.location, listing: await findCached(options, requested, client, ctx) };
    }
    catch (error) {
        // 404 LocationNotAvailableForResourceType, or a 400 for a name it cannot read: about this region only.
        if (error instanceof errors/* ServiceError */._7 && !error.signIn && (error.status === 404 || error.status === 400)) {
            return { location: options.location, refused: error };
        }
        return { location: options.location, thrown: error };
    }
}
const cachedIn = (read, r) => 'listing' in read && read.listing.matches.get(r.key).length > 0;
function answerOf(requested, reads) {
    const missingIn = reads
        .filter((read) => 'listing' in read && !cachedIn(read, requested))
        .map((read) => read.location);
    if (missingIn.length > 0)
        return { requested, outcome: 'failed', word: 'not cached', missingIn };
    // Cached wherever it could be read; a refused region leaves it unknown there.
    const unknown = reads.some((read) => 'refused' in read);
    return unknown
        ? { requested, outcome: 'failed', word: 'not known everywhere', missingIn }
        : { requested, outcome: 'succeeded', word: 'cached', missingIn };
}
/** The outputs, a row per image and per refused region, and the one table: a column per region, missing first. */
function regionsResult(options, reads, answers) {
    const requested = answers.map((a) => a.requested);
    const matchesIn = (read, key) => 'listing' in read ? read.listing.matches.get(key).map((m) => ({ ...m, location: read.location })) : [];
    const rows = [
        ...answers.map(({ requested: r, outcome, word, missingIn }) => ({
            target: r.reference,
            outcome,
            word,
            ...(missingIn.length > 0
                ? { cause: { text: `not cached in ${missingIn.join(', ')}`, kind: 'image not cached' } }
                : {}),
        })),
        ...reads.flatMap((read) => 'refused' in read
            ? [
                {
                    target: read.location,
                    outcome: 'failed',
                    word: 'region refused',
                    cause: {
                        text: read.refused.said(),
                        kind: 'not found',
                        requestId: read.refused.requestId,
                    },
                },
            ]
            : []),
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
            missing: reads.flatMap((read) => 'listing' in read
                ? requested
                    .filter((r) => !cachedIn(read, r))
                    .map((r) => ({ location: read.location, image: r.reference }))
                : []),
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
function regionsTable(options, reads, answers) {
    // Missing first, then the rest, each in input order.
    const shown = [
        ...answers.filter((a) => a.outcome !== 'succeeded'),
        ...answers.filter((a) => a.outcome === 'succeeded'),
    ];
    const cell = (read, a) => 'refused' in read
        ? ['region refused', 'failed']
        : cachedIn(read, a.requested)
            ? ['cached', 'succeeded']
            : ['not cached', 'failed'];
    const listed = reads.flatMap((read) => 'listing' in read ? [{ location: read.location, ...read.listing }] : []);
    const skipped = listed.reduce((n, l) => n + l.skipped, 0);
    return {
        title: `Cached images in ${reads.length} regions`,
        context: [
            ['subscription', options.subscriptionId],
            ['regions', options.locations.join(', ')],
        ],
        header: ['Image', ...reads.map((read) => read.location)],
        rows: shown.map((a) => [a.requested.reference, ...reads.map((read) => cell(read, a)[0])]),
        cellMarks: shown.map((a) => [undefined, ...reads.map((read) => cell(read, a)[1])]),
        marks: shown.map(({ outcome, word }) => ({ outcome, word })),
        notes: [
            ...(options.osType ? [`Only images of OS type ${options.osType} count.`] : []),
            `Read ${listed
                .map((l) => `${l.location} ${l.pagesRead} page(s) (${l.imagesSeen} cached images${l.complete ? '' : ', stopped once every image was found'})`)
                .join(', ')}.`,
            ...(skipped > 0 ? [`Skipped ${skipped} cached entries that are not valid image references.`] : []),
        ],
    };
}

;// CONCATENATED MODULE: ./src/operations/cached-images/check-image-cached-run.ts


/**
 * B1 in each region: which of the requested images are among its cached images. One region reads and reports
 * as it always has; several are read at once and answered in one table (./regions.ts).
 */
async function checkImageCached(options, client, ctx) {
    // Every reference is checked before the first request: a typo fails the step, not a listing later.
    const requested = options.images.map(parseRequested);
    const locations = typeof options.location === 'string' ? [options.location] : [...options.location];
    if (locations.length > 1)
        return checkRegions({ ...options, locations }, requested, client, ctx);
    return checkOneRegion({ ...options, location: locations[0] }, requested, client, ctx);
}
/**
 * One region, listed page by page; stops reading as soon as every requested image has been found, so a hit on
 * page 2 of 50 costs two requests.
 */
async function checkOneRegion(options, requested, client, ctx) {
    ctx.logger.info(`Looking for ${requested.length} image(s) in the cached images of ${options.location}.`);
    const listing = await findCached(options, requested, client, ctx);
    const missing = requested.filter((r) => listing.matches.get(r.key).length === 0).map((r) => r.reference);
    logFound({ osType: options.osType, requested, listing }, ctx);
    const filter = options.osType ? ` (OS type ${options.osType})` : '';
    const missingText = `${missing.length} image(s) not cached in ${options.location}${filter}: ${missing.join(', ')}`;
    if (missing.length > 0 && !options.failIfMissing)
        ctx.logger.warning(missingText);
    return {
        ...imagesResult(options, requested, listing),
        ...(missing.length > 0 && options.failIfMissing
            ? { failure: missingText, failureKind: 'image not cached' }
            : {}),
    };
}
/**
 * The outputs, one row per requested image (cached; not cached, a failure with fail-if-missing, else reported)
 * and the table that shows them.
 */
function imagesResult(options, requested, { matches, pagesRead, imagesSeen, skipped, complete }) {
    const missing = requested.filter((r) => matches.get(r.key).length === 0).map((r) => r.reference);
    const rows = requested.map((r) => matches.get(r.key).length > 0
        ? { target: r.reference, outcome: 'succeeded', word: 'cached' }
        : {
            target: r.reference,
            outcome: 'failed',
            word: 'not cached',
            cause: { text: `not cached in ${options.location}`, kind: 'image not cached' },
        });
    return {
        outputs: {
            cached: missing.length === 0,
            'missing-images': missing,
            missing: missing.map((image) => ({ location: options.location, image })),
            regions: [{ location: options.location, cached: missing.length === 0, 'missing-images': missing }],
            images: uniqueKeys(requested).flatMap((key) => matches.get(key)),
            result: requested.map((r) => ({
                image: r.reference,
                reference: r.parsed.canonical,
                cached: matches.get(r.key).length > 0,
                matches: matches.get(r.key),
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
                    const found = matches.get(r.key);
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

;// CONCATENATED MODULE: ./src/operations/cached-images/code.ts
/** What check-image-cached loads when it runs: a chunk of its own (src/operations/erp/code.ts says why). */



/***/ })

};
