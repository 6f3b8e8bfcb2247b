export const id = 268;
export const ids = [268];
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

/***/ 8997:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   x: () => (/* binding */ classifyStatus)
/* harmony export */ });
const SUCCEEDED = new Set(['succeeded', 'completed']);
const FAILED = new Set(['failed', 'canceled', 'cancelled']);
/** The contract's rule: case-insensitive; anything unknown, or no status at all, is still running. */
function classifyStatus(status) {
    const s = (status ?? '').trim().toLowerCase();
    if (SUCCEEDED.has(s))
        return 'succeeded';
    if (FAILED.has(s))
        return 'failed';
    return 'running';
}


/***/ }),

/***/ 9268:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  waitForSync: () => (/* binding */ waitForSync)
});

// EXTERNAL MODULE: ./src/client/retry.ts
var retry = __webpack_require__(7785);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
;// CONCATENATED MODULE: ./src/client/schemas/data-share.ts

/**
 * Area A's response shapes. The spec does not say which fields are always present, so every field is optional
 * (null tolerated) and unknown fields pass through.
 */
const synchronizationSchema = schemas/* looseObject */._H3({
    synchronizationId: schemas/* string */.YjP().nullish(),
    /** Incremental or FullSync; kept a string so a new mode does not break the wait. */
    synchronizationMode: schemas/* string */.YjP().nullish(),
    status: schemas/* string */.YjP().nullish(),
    message: schemas/* string */.YjP().nullish(),
    startTime: schemas/* string */.YjP().nullish(),
    endTime: schemas/* string */.YjP().nullish(),
    durationMs: schemas/* number */.aig().int().nullish(),
});
const synchronizationListSchema = schemas/* looseObject */._H3({
    value: schemas/* array */.YOg(synchronizationSchema).nullish(),
    nextLink: schemas/* string */.YjP().nullish(),
});
/** Any kind of setting: only `kind` is read here; the schedule-based properties are read by `scheduleSchema`. */
const sourceShareSynchronizationSettingSchema = schemas/* looseObject */._H3({
    kind: schemas/* string */.YjP().nullish(),
    properties: schemas/* unknown */.L5J().optional(),
});
const sourceSettingListSchema = schemas/* looseObject */._H3({
    value: schemas/* array */.YOg(sourceShareSynchronizationSettingSchema).nullish(),
    nextLink: schemas/* string */.YjP().nullish(),
});
/** The properties of `kind: ScheduleBased` (the scheduled source synchronization setting). */
const scheduleSchema = schemas/* looseObject */._H3({
    /** Hour or Day per the spec; a string, so an interval added later is reported rather than refused. */
    recurrenceInterval: schemas/* string */.YjP().nullish(),
    synchronizationTime: schemas/* string */.YjP().nullish(),
});

// EXTERNAL MODULE: ./src/client/status.ts
var client_status = __webpack_require__(8997);
// EXTERNAL MODULE: ./src/client/url.ts
var url = __webpack_require__(1098);
;// CONCATENATED MODULE: ./src/operations/sync/choose.ts
/** `$orderby=startTime desc` (OData, case-insensitive keywords): the listing comes newest first. */
function isNewestFirst(orderby) {
    return /^\s*startTime\s+desc\s*$/i.test(orderby ?? '');
}
function startOf(sync) {
    const t = Date.parse(sync.startTime ?? '');
    return Number.isNaN(t) ? undefined : t;
}
/**
 * Reads pages only until the choice is certain, holding one page and the best candidate, never the listing.
 *
 * - By id: stops at the page where the id is found; when it is not, every page had to be read to know that.
 * - Newest, in a listing ordered `startTime desc`: the first page that holds a dated synchronization decides.
 *   Its first dated item is the newest in the whole listing, because every later item (on this page or any
 *   next one) started no later. If that one started before `startedAfter`, so did all the rest: none
 *   qualifies yet, and no further page can change that. The claim rests on the service honouring `$orderby`,
 *   so it is checked on the deciding page: if that page is not in descending order, the whole listing is read.
 * - Newest, in any other order (the user's own `orderby`): only the last page can rule out a newer one, so every
 *   page is read, keeping the best so far.
 *
 * A synchronization without a readable `startTime` cannot be placed in time, so no "newest" rule picks it.
 */
async function findInListing(listing, choice, newestFirst) {
    const pass = { listedAny: false, pagesRead: 0 };
    let best;
    let trustOrder = newestFirst;
    for await (const page of listing) {
        pass.pagesRead++;
        if (page.value.length > 0)
            pass.listedAny = true;
        if (choice.kind === 'id') {
            const found = page.value.find((s) => sameId(s.synchronizationId, choice.synchronizationId));
            if (found)
                return { ...pass, found };
            continue;
        }
        const dated = datedItems(page.value);
        if (trustOrder && dated.length > 0) {
            if (isDescending(dated)) {
                const newest = dated[0];
                const qualifies = choice.startedAfter === undefined || newest.start >= choice.startedAfter;
                return qualifies ? { ...pass, found: newest.sync } : pass;
            }
            trustOrder = false;
        }
        for (const item of dated) {
            if (choice.startedAfter !== undefined && item.start < choice.startedAfter)
                continue;
            if (!best || item.start > best.start)
                best = item;
        }
    }
    return best ? { ...pass, found: best.sync } : pass;
}
/** Ids are GUIDs in the service's samples; compare them as GUIDs compare, case-insensitively. */
function sameId(a, b) {
    return typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
}
function datedItems(value) {
    const out = [];
    for (const sync of value) {
        const start = startOf(sync);
        if (start !== undefined)
            out.push({ sync, start });
    }
    return out;
}
function isDescending(items) {
    return items.every((item, i) => i === 0 || item.start <= items[i - 1].start);
}

// EXTERNAL MODULE: ./src/client/http.ts
var http = __webpack_require__(7915);
// EXTERNAL MODULE: ./src/client/pages.ts
var pages = __webpack_require__(7039);
;// CONCATENATED MODULE: ./src/operations/sync/listing.ts


/**
 * The pages of one of area A's list endpoints. Both are POSTs without a body (the client sends
 * `Content-Length: 0`); a nextLink is followed with POST too, and only on the client's own origin.
 * Lazy, one page in memory at a time: a caller that has its answer stops iterating and no further page is read.
 */
function listPages(client, url, schema, what, options = {}) {
    const read = async (target, urlWhat) => {
        const response = await client.send({ method: 'POST', url: target, what: urlWhat });
        options.onResponse?.(response);
        const body = (0,http/* parseBody */.OG)(response, schema, what);
        return { value: body.value ?? [], nextLink: body.nextLink };
    };
    return (0,pages/* pages */.B)(() => read(url), (link) => read(link, 'nextLink'), options.signal);
}

;// CONCATENATED MODULE: ./src/operations/sync/schedule.ts

const PERIOD_MS = { hour: 3_600_000, day: 86_400_000 };
/**
 * The next run a schedule expects, at or after `now`: the schedule starts at `synchronizationTime` and repeats
 * every hour or day from it. Days are 24 h of UTC (the time is an instant; the service's samples are UTC), so a
 * daylight-saving change does not move it. Undefined where the interval is unknown or the time unreadable.
 */
function nextExpectedRun(synchronizationTime, recurrenceInterval, now) {
    const period = PERIOD_MS[(recurrenceInterval ?? '').trim().toLowerCase()];
    const start = Date.parse(synchronizationTime ?? '');
    if (period === undefined || Number.isNaN(start))
        return undefined;
    if (start >= now)
        return new Date(start);
    return new Date(start + Math.ceil((now - start) / period) * period);
}
/** The first schedule-based setting's properties; settings of other kinds are left to the raw result. */
function findSchedule(settings) {
    for (const setting of settings) {
        if ((setting.kind ?? '').toLowerCase() !== 'schedulebased')
            continue;
        const parsed = scheduleSchema.safeParse(setting.properties ?? {});
        const props = parsed.success ? parsed.data : {};
        return {
            recurrenceInterval: props.recurrenceInterval ?? undefined,
            synchronizationTime: props.synchronizationTime ?? undefined,
        };
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/operations/sync/report.ts

/** What wait-for-sync says: log lines, messages, outputs and the summary. */
function logSchedule(settings, schedule, nextRun, ctx) {
    if (schedule) {
        ctx.logger.info(`Source share schedule: every ${schedule.recurrenceInterval ?? '(no interval)'} from ${schedule.synchronizationTime ?? '(no time)'}` +
            (nextRun ? `; next expected run ${nextRun.toISOString()}.` : '.'));
    }
    else if (settings.length === 0) {
        ctx.logger.info('The source share sets no synchronization schedule.');
    }
    const others = settings.filter((s) => (s.kind ?? '').toLowerCase() !== 'schedulebased');
    if (others.length > 0) {
        ctx.logger.info(`Source share settings of other kinds (${others.map((s) => s.kind ?? '(no kind)').join(', ')}) are kept as raw JSON in the result output.`);
    }
}
function describeSync(sync) {
    const parts = [sync.synchronizationMode, sync.startTime && `started ${sync.startTime}`].filter(Boolean);
    return parts.length ? ` (${parts.join(', ')})` : '';
}
function timeoutMessage(waitedMs, followed, wanted, listedAny) {
    const waited = `Timed out after ${formatSeconds(waitedMs)}`;
    if (followed) {
        return `${waited} waiting for synchronization ${followed.synchronizationId ?? '(no id)'}; last status: ${followed.status ?? '(none)'}.`;
    }
    return listedAny
        ? `${waited}: no ${wanted} appeared (other synchronizations are listed, none of them matching).`
        : `${waited}: no synchronization was seen at all (the share subscription lists none).`;
}
function formatSeconds(ms) {
    return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}
function syncOutputs(sync, schedule, settings, nextRun) {
    return {
        'synchronization-id': sync?.synchronizationId ?? undefined,
        'synchronization-status': sync?.status ?? undefined,
        'synchronization-mode': sync?.synchronizationMode ?? undefined,
        'start-time': sync?.startTime ?? undefined,
        'end-time': sync?.endTime ?? undefined,
        'duration-ms': sync?.durationMs ?? undefined,
        message: sync?.message ?? undefined,
        'recurrence-interval': schedule?.recurrenceInterval,
        'synchronization-time': schedule?.synchronizationTime,
        result: {
            synchronization: sync ?? null,
            sourceShareSynchronizationSettings: settings,
            ...(nextRun ? { nextExpectedRun: nextRun.toISOString() } : {}),
        },
    };
}
function summaryTables(sync, settings, now) {
    const dash = (v) => v === undefined || v === null || v === '' ? '—' : String(v);
    const tables = [
        {
            title: 'Synchronization',
            header: ['Synchronization id', 'Mode', 'Status', 'Start', 'End', 'Duration (ms)'],
            rows: sync
                ? [
                    [
                        dash(sync.synchronizationId),
                        dash(sync.synchronizationMode),
                        dash(sync.status),
                        dash(sync.startTime),
                        dash(sync.endTime),
                        dash(sync.durationMs),
                    ],
                ]
                : [['(none seen)', '—', '—', '—', '—', '—']],
            notes: sync?.message ? [`Message: ${sync.message}`] : undefined,
        },
    ];
    const rows = settings.map((s) => {
        const scheduled = (s.kind ?? '').toLowerCase() === 'schedulebased';
        const schedule = scheduled ? findSchedule([s]) : undefined;
        return [
            dash(s.kind),
            dash(schedule?.recurrenceInterval),
            dash(schedule?.synchronizationTime),
            scheduled
                ? dash(nextExpectedRun(schedule?.synchronizationTime, schedule?.recurrenceInterval, now)?.toISOString())
                : 'raw JSON in the result output',
        ];
    });
    tables.push({
        title: 'Source share schedule',
        header: ['Kind', 'Recurrence interval', 'Synchronization time', 'Next expected run'],
        rows: rows.length ? rows : [['(no synchronization setting)', '—', '—', '—']],
    });
    return tables;
}

;// CONCATENATED MODULE: ./src/operations/wait-for-sync.ts








/** Ours when the user gives no orderby: newest first, so the first page decides (see findInListing). */
const NEWEST_FIRST = 'startTime desc';
/**
 * Waits until the chosen synchronization of a share subscription ends, and reports the source share's schedule.
 * `filter` and `orderby` shape the listing in which the synchronization is chosen; once chosen, it is looked up
 * by id in a listing ordered newest first and without the filter, because a filter such as
 * `status eq 'InProgress'` would hide it the moment it ends.
 */
async function waitForSync(options, client, ctx) {
    const { clock, logger } = ctx;
    const started = clock.now();
    const share = (0,url/* servicePath */.VF) `/subscriptions/${options.subscriptionId}/resourceGroups/${options.resourceGroup}/providers/Vendor.DataShare/accounts/${options.accountName}/shareSubscriptions/${options.shareSubscription}`;
    const listUrl = (action, query) => withQuery((0,url/* joinUrl */.we)(options.baseUrl, `${share}/${action}`), {
        'api-version': options.apiVersion,
        ...query,
    });
    let settings;
    try {
        settings = await readSettings(client, listUrl('listSourceShareSynchronizationSettings', {}), ctx);
    }
    catch (error) {
        if (!ctx.signal?.aborted)
            throw error;
        return { outputs: {}, summary: [], failure: "Cancelled while reading the source share's settings." };
    }
    const scheduleReadAt = clock.now();
    const schedule = findSchedule(settings);
    const nextRun = schedule && nextExpectedRun(schedule.synchronizationTime, schedule.recurrenceInterval, scheduleReadAt);
    logSchedule(settings, schedule, nextRun, ctx);
    const choosing = { $filter: options.filter, $orderby: options.orderby ?? NEWEST_FIRST };
    const choice = options.synchronizationId
        ? { kind: 'id', synchronizationId: options.synchronizationId }
        : { kind: 'newest', startedAfter: options.startedAfter?.getTime() };
    const wanted = describeChoice(options);
    let followed;
    let listedAny = false;
    let lastStatus;
    let warnedGone = false;
    let retryAfterMs;
    let announcedWaiting = false;
    const onResponse = (response) => (retryAfterMs = (0,retry/* parseRetryAfter */.mu)(response.headers['retry-after'], clock.now()));
    const listSynchronizations = (query) => listPages(client, listUrl('listSynchronizations', query), synchronizationListSchema, 'listSynchronizations', {
        signal: ctx.signal,
        onResponse,
    });
    const finish = (failure) => ({
        outputs: syncOutputs(followed, schedule, settings, nextRun),
        summary: summaryTables(followed, settings, scheduleReadAt),
        failure,
    });
    logger.info(`Waiting for ${options.synchronizationId ? wanted : `the newest ${wanted}`} of share subscription '${options.shareSubscription}'.`);
    try {
        for (;;) {
            retryAfterMs = undefined;
            const id = followed?.synchronizationId;
            if (id) {
                const pass = await findInListing(listSynchronizations({ $orderby: NEWEST_FIRST }), { kind: 'id', synchronizationId: id }, true);
                if (pass.found)
                    followed = pass.found;
                else if (!warnedGone) {
                    warnedGone = true;
                    logger.warning(`Synchronization ${id} is no longer listed; still waiting for it.`);
                }
            }
            else {
                const pass = await findInListing(listSynchronizations(choosing), choice, isNewestFirst(choosing.$orderby));
                listedAny ||= pass.listedAny;
                if (pass.found) {
                    followed = pass.found;
                    logger.info(`Following synchronization ${followed.synchronizationId ?? '(no id)'}${describeSync(followed)}.`);
                }
                else if (!announcedWaiting) {
                    announcedWaiting = true;
                    logger.info(listedAny
                        ? `No ${wanted} is listed yet; waiting for it.`
                        : 'No synchronization is listed yet; waiting for one.');
                }
            }
            if (followed) {
                const status = followed.status ?? '(none)';
                if (status !== lastStatus) {
                    logger.info(`Synchronization ${followed.synchronizationId ?? '(no id)'}: ${status}`);
                    lastStatus = status;
                }
                const outcome = (0,client_status/* classifyStatus */.x)(followed.status);
                if (outcome === 'succeeded')
                    return finish();
                if (outcome === 'failed') {
                    return finish(`Synchronization ${followed.synchronizationId ?? '(no id)'} ended ${status}: ${followed.message || 'the service gave no message'}`);
                }
            }
            const now = clock.now();
            if (now >= ctx.deadline)
                return finish(timeoutMessage(now - started, followed, wanted, listedAny));
            await clock.sleep(Math.min(retryAfterMs ?? ctx.pollIntervalMs, ctx.deadline - now), ctx.signal);
        }
    }
    catch (error) {
        if (!ctx.signal?.aborted)
            throw error;
        return finish(followed
            ? `Cancelled while waiting for synchronization ${followed.synchronizationId ?? '(no id)'}; last status: ${followed.status ?? '(none)'}.`
            : `Cancelled while waiting: no ${wanted} had been seen yet.`);
    }
}
/** `$` kept literal and spaces as %20, the way OData services document their query options. */
function withQuery(url, query) {
    const parts = Object.entries(query)
        .filter((entry) => entry[1] !== undefined)
        .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
    url.search = parts.join('&');
    return url;
}
async function readSettings(client, url, ctx) {
    const settings = [];
    // A handful of settings per share: holding all of them is fine, unlike the synchronization history.
    for await (const page of listPages(client, url, sourceSettingListSchema, 'listSourceShareSynchronizationSettings', { signal: ctx.signal })) {
        settings.push(...page.value);
    }
    return settings;
}
/** The synchronization wanted, as a noun phrase: "synchronization X", "synchronization started at or after T". */
function describeChoice(options) {
    if (options.synchronizationId)
        return `synchronization ${options.synchronizationId}`;
    if (options.startedAfter)
        return `synchronization started at or after ${options.startedAfter.toISOString()}`;
    return 'synchronization';
}


/***/ })

};
