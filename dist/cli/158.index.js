export const id = 158;
export const ids = [158];
export const modules = {

/***/ 7039:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ pages)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6468);

/**
 * Pages of a list, following nextLink. Lazy: a caller that has what it needs stops iterating and no further
 * page is read. A nextLink seen before would loop forever, so it ends the listing with an error.
 */
async function* pages(first, next, signal) {
    const seen = new Set();
    let page = await first();
    for (;;) {
        yield page;
        const link = page.nextLink;
        if (!link)
            return;
        if (seen.has(link)) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7({
                code: 'RepeatingNextLink',
                message: `the service returned a nextLink it had returned before, after ${seen.size} pages; stopped to avoid an endless listing`,
            });
        }
        seen.add(link);
        signal?.throwIfAborted();
        page = await next(link);
    }
}


/***/ }),

/***/ 7158:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  checkImageCached: () => (/* binding */ checkImageCached)
});

// EXTERNAL MODULE: ./src/client/errors.ts
var errors = __webpack_require__(6468);
// EXTERNAL MODULE: ./src/client/http.ts
var http = __webpack_require__(7915);
// EXTERNAL MODULE: ./src/client/pages.ts
var pages = __webpack_require__(7039);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
;// CONCATENATED MODULE: ./src/client/schemas/cached-images.ts

/**
 * Area B, a cached image. Lenient per entry: one odd entry (no name, a name that is not a string) is skipped
 * by the operation rather than failing the whole listing, so both fields fall back to undefined.
 */
const cachedImageSchema = schemas/* looseObject */._H3({
    image: schemas/* string */.YjP().optional().catch(undefined),
    /** Linux and Windows occur; the allowed values are not documented, so any string passes. */
    osType: schemas/* string */.YjP().optional().catch(undefined),
});
/** Area B, one page of the cached images list. Which fields are always present is not documented. */
const cachedImagesListSchema = schemas/* looseObject */._H3({
    value: schemas/* array */.YOg(cachedImageSchema.catch({}))
        .optional()
        .transform((v) => v ?? []),
    nextLink: schemas/* string */.YjP().nullish(),
});

// EXTERNAL MODULE: ./src/client/url.ts
var client_url = __webpack_require__(1098);
;// CONCATENATED MODULE: ./src/operations/image-reference.ts
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

;// CONCATENATED MODULE: ./src/operations/check-image-cached.ts






/**
 * B1: lists the region's cached images page by page and says which of the requested images are among them.
 * Stops reading as soon as every requested image has been found, so a hit on page 2 of 50 costs two requests.
 */
async function checkImageCached(options, client, ctx) {
    const { logger } = ctx;
    // Every reference is checked before the first request: a typo fails the step, not a listing later.
    const requested = options.images.map(parseRequested);
    // Several spellings of one image share a key; one match satisfies all of them.
    const matches = new Map(requested.map((r) => [r.key, []]));
    const wanted = (osType) => options.osType === undefined || osType?.toLowerCase() === options.osType.toLowerCase();
    const url = (0,client_url/* joinUrl */.we)(options.baseUrl, (0,client_url/* servicePath */.VF) `/subscriptions/${options.subscriptionId}/providers/Vendor.ContainerInstance/locations/${options.location}/cachedImages`, { 'api-version': options.apiVersion });
    const read = async (link, what) => {
        const response = await client.send({ method: 'GET', url: link, what });
        return (0,http/* parseBody */.OG)(response, cachedImagesListSchema, 'cached images list');
    };
    let pagesRead = 0;
    let imagesSeen = 0;
    let skipped = 0;
    let complete = false;
    logger.info(`Looking for ${requested.length} image(s) in the cached images of ${options.location}.`);
    // Only the matches are kept: a region with thousands of images never sits in memory as a whole.
    for await (const page of (0,pages/* pages */.B)(() => read(url, 'URL'), (nextLink) => read(nextLink, 'nextLink'), ctx.signal)) {
        pagesRead++;
        for (const cached of page.value) {
            imagesSeen++;
            if (typeof cached.image !== 'string') {
                skipped++;
                logger.debug(`Skipped a cached image entry without an image name on page ${pagesRead}.`);
                continue;
            }
            let key;
            try {
                key = imageKey(parseImageReference(cached.image));
            }
            catch (error) {
                if (!(error instanceof ImageReferenceError))
                    throw error;
                skipped++;
                logger.debug(`Skipped the cached image on page ${pagesRead}: ${error.message}`);
                continue;
            }
            const found = matches.get(key);
            if (!found || !wanted(cached.osType))
                continue;
            if (!found.some((m) => m.image === cached.image && m.osType === cached.osType)) {
                found.push({
                    image: cached.image,
                    ...(cached.osType !== undefined ? { osType: cached.osType } : {}),
                });
            }
        }
        logger.debug(`Page ${pagesRead}: ${page.value.length} cached image(s).`);
        if ([...matches.values()].every((m) => m.length > 0)) {
            complete = !page.nextLink;
            break;
        }
        if (!page.nextLink)
            complete = true;
    }
    const missing = requested.filter((r) => matches.get(r.key).length === 0).map((r) => r.reference);
    const filter = options.osType ? ` (OS type ${options.osType})` : '';
    for (const r of requested) {
        const found = matches.get(r.key);
        logger.info(found.length > 0
            ? `${r.reference}: cached as ${found.map(describe).join(', ')}`
            : `${r.reference}: not cached${filter}`);
    }
    logger.info(`Read ${pagesRead} page(s), ${imagesSeen} cached image(s)` +
        (complete ? ', the whole list' : ', and stopped once every image was found') +
        (skipped > 0 ? `; skipped ${skipped} that are not valid image references` : '') +
        '.');
    const missingText = `${missing.length} image(s) not cached in ${options.location}${filter}: ${missing.join(', ')}`;
    if (missing.length > 0 && !options.failIfMissing)
        logger.warning(missingText);
    const images = uniqueKeys(requested).flatMap((key) => matches.get(key));
    return {
        outputs: {
            cached: missing.length === 0,
            'missing-images': missing,
            images,
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
                notes: [
                    ...(options.osType ? [`Only images of OS type ${options.osType} count.`] : []),
                    `Read ${pagesRead} page(s) (${imagesSeen} cached images)${complete ? '' : ', stopped once every image was found'}.`,
                    ...(skipped > 0 ? [`Skipped ${skipped} cached entries that are not valid image references.`] : []),
                ],
            },
        ],
        ...(missing.length > 0 && options.failIfMissing ? { failure: missingText } : {}),
    };
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
/** The service's strings go to the log raw: a line break in one could start a workflow command (`::error::`). */
function describe(match) {
    const image = printable(match.image);
    return match.osType ? `${image} (${printable(match.osType)})` : image;
}
function printable(text) {
    return JSON.stringify(text).slice(1, -1);
}


/***/ })

};
