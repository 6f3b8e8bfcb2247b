export const id = 668;
export const ids = [668];
export const modules = {

/***/ 210:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   x: () => (/* binding */ changeSafely)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6468);
/* harmony import */ var _retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7785);


/**
 * Sends a change whose answer may be lost, finds out what happened, and sends it again only where the service
 * did not act: the one home of that rule. A refusal (a `409` to the first attempt, or one the finding out does
 * not claim) is thrown, never sent again; the retries carry the first attempt's client request id and wait on
 * the clock (backoff with jitter) within the attempts and the deadline, so no refusal becomes a storm.
 */
async function changeSafely(options) {
    const { what, clock, log } = options;
    const policy = options.policy ?? _retry_js__WEBPACK_IMPORTED_MODULE_1__/* .defaultRetryPolicy */ .ur;
    let clientRequestId;
    let unknownSince;
    for (let attempt = 1;; attempt++) {
        const sentAt = clock.now();
        try {
            return { response: await options.send(clientRequestId) };
        }
        catch (error) {
            if (!(error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7) || options.signal?.aborted)
                throw error;
            const conflict = error.status === 409;
            // A 409 with nothing of ours possibly under way is someone else's work: the refusal stands.
            if (conflict ? unknownSince === undefined : !error.effectUnknown)
                throw error;
            clientRequestId ??= error.clientRequestId;
            unknownSince ??= sentAt;
            log.warning(`${what} (client-request-id ${error.clientRequestId ?? clientRequestId ?? 'none'}) ${describeUnknown(error)}: ${options.findingOutBy.toLowerCase()} to find out whether the service acted`);
            let finding;
            try {
                finding = await options.findOut({ error, conflict, unknownSince });
            }
            catch (readError) {
                // Both failures are the cause: the change's (its effect unknown) and the read's (why it still is).
                throw (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .withFindingOutFailure */ .I3)(error, readError, options.findingOutBy);
            }
            if ('acted' in finding)
                return { acted: finding.acted, cause: error };
            if ('refused' in finding)
                throw withNote(error, finding.refused);
            // After a 409 the operation in progress is not shown to be ours: never sent again.
            if (conflict)
                throw error;
            const evidence = 'notActed' in finding ? finding.notActed : finding.unknown;
            // Known now where the finding says so: the error says "did not act" rather than "the effect is unknown".
            const stop = (hint) => 'notActed' in finding ? new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7({ ...error.init, effectUnknown: false, hint }) : error;
            if (attempt >= policy.attempts)
                throw stop(`Sent ${attempt} times; after each, ${evidence}.`);
            const pause = (0,_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .backoffDelay */ .EY)(policy, attempt);
            if (clock.now() + pause > options.deadline) {
                throw stop(`${evidence}, and the next try would come after the step's timeout.`);
            }
            log.info(`${evidence}; sending ${what} again in ${(0,_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .formatWait */ .Du)(pause)}`);
            await clock.sleep(pause, options.signal);
        }
    }
}
function withNote(error, note) {
    return error.withHint(error.hint ? `${error.hint} ${note}` : note);
}
function describeUnknown(error) {
    if (error.status === 409)
        return 'was answered 409 (an operation is in progress)';
    const answer = error.status === undefined ? 'got no answer' : `was answered HTTP ${error.status}`;
    return `${answer} and may have reached the service (its answer was lost)`;
}


/***/ }),

/***/ 668:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  syncCancel: () => (/* reexport */ syncCancel),
  syncStart: () => (/* reexport */ syncStart),
  waitForSync: () => (/* reexport */ waitForSync)
});

// EXTERNAL MODULE: ./src/client/change-safely.ts
var change_safely = __webpack_require__(210);
// EXTERNAL MODULE: ./src/client/errors.ts
var errors = __webpack_require__(6468);
// EXTERNAL MODULE: ./src/client/http.ts + 7 modules
var http = __webpack_require__(2838);
// EXTERNAL MODULE: ./src/client/schemas/data-share.ts
var data_share = __webpack_require__(2100);
// EXTERNAL MODULE: ./src/client/status.ts
var client_status = __webpack_require__(8997);
;// CONCATENATED MODULE: ./src/operations/data-share/choose.ts

/** `$orderby=startTime desc` (OData, case-insensitive keywords): the listing comes newest first. */
function isNewestFirst(orderby) {
    return /^\s*startTime\s+desc\s*$/i.test(orderby ?? '');
}
function startOf(sync) {
    const t = Date.parse(sync.startTime ?? '');
    return Number.isNaN(t) ? undefined : t;
}
/**
 * Whether a listing asked for newest first really is: trusted once two dated items confirm it (across a page
 * boundary if need be), dropped at the first dated item that started later than the one before it (a service
 * that ignores `$orderby`).
 */
class NewestFirstOrder {
    first;
    last;
    confirmed = false;
    trusted;
    constructor(trusted) {
        this.trusted = trusted;
    }
    see(item) {
        if (!this.trusted)
            return;
        if (this.last && item.start > this.last.start) {
            this.trusted = false;
            return;
        }
        if (this.last)
            this.confirmed = true;
        this.first ??= item;
        this.last = item;
    }
}
/**
 * Reads pages only until the choice is certain, holding one page and the best candidate, never the listing.
 *
 * - By id: stops at the page where the id is found; when it is not, every page had to be read to know that,
 *   unless the listing is newest first and `startedAt` is known: past a confirmed older one, it is not listed.
 * - Newest, in a listing ordered `startTime desc`: once two dated items confirm the order, the first dated item
 *   is the newest of the whole listing (every later one started no later), and an item without `startTime`
 *   listed before every dated one is newer still (a run queued today, not yet started, listed first): that one
 *   is followed. If the first dated one started before `startedAfter`, so did the rest. A dated item out of
 *   order means the service ignored `$orderby`: the whole listing is read.
 * - Newest, in any other order (the user's own `orderby`): only the last page can rule out a newer one, so every
 *   page is read, keeping the best so far. An item without a start cannot be placed in such a listing.
 */
async function findInListing(listing, choice, newestFirst) {
    const pass = { listedAny: false, pagesRead: 0 };
    const order = new NewestFirstOrder(newestFirst);
    let lead;
    let best;
    const qualifies = (item) => choice.kind !== 'newest' || choice.startedAfter === undefined || item.start >= choice.startedAfter;
    for await (const page of listing) {
        pass.pagesRead++;
        if (page.value.length > 0)
            pass.listedAny = true;
        if (choice.kind === 'id') {
            const found = page.value.find((s) => sameId(s.synchronizationId, choice.synchronizationId));
            if (found)
                return { ...pass, found };
        }
        for (const sync of page.value) {
            const start = startOf(sync);
            if (start === undefined) {
                if (order.trusted && !order.first)
                    lead ??= sync;
                continue;
            }
            order.see({ sync, start });
            if (qualifies({ sync, start }) && (!best || start > best.start))
                best = { sync, start };
        }
        if (!order.trusted || !order.confirmed)
            continue;
        if (choice.kind === 'id') {
            if (choice.startedAt !== undefined && order.last.start < choice.startedAt)
                return pass;
            continue;
        }
        return decide(pass, lead, order.first, qualifies);
    }
    if (choice.kind === 'id')
        return pass;
    if (order.trusted)
        return decide(pass, lead, order.first, qualifies);
    return best ? { ...pass, found: best.sync } : pass;
}
/**
 * In a newest-first listing: the undated lead, else the first dated item where it qualifies. A lead has not
 * started yet, so it starts after every time given.
 */
function decide(pass, lead, first, qualifies) {
    if (lead)
        return { ...pass, found: lead };
    return first && qualifies(first) ? { ...pass, found: first.sync } : pass;
}
/** Ids are GUIDs in the service's samples; compare them as GUIDs compare, case-insensitively. */
function sameId(a, b) {
    return typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
}
/**
 * The synchronization that started last and has not ended (sync-cancel without an id), in a listing asked for
 * newest first: one listed before every dated one without a start (queued) is the newest; past a dated item older
 * than the best found so far, nothing further down started later, so the reading stops there. A listing out of
 * order is read whole.
 */
async function newestNotEnded(listing) {
    let best;
    let newest;
    let previous;
    let ordered = true;
    for await (const page of listing) {
        for (const sync of page.value) {
            newest ??= sync;
            const start = startOf(sync);
            const running = (0,client_status/* classifyStatus */.xo)(sync.status) === 'running';
            if (start === undefined) {
                if (running && ordered && previous === undefined)
                    return { found: sync, newest };
                continue;
            }
            if (previous !== undefined && start > previous)
                ordered = false;
            previous = start;
            if (ordered && best && start < best.start)
                return { found: best.sync, newest };
            if (running && (!best || start > best.start))
                best = { sync, start };
        }
    }
    return { found: best?.sync, newest };
}
/** Why nothing is cancelled where no synchronization runs: the latest, and how it ended, or an empty listing. */
function nothingToCancel(newest) {
    return newest
        ? `the latest synchronization, ${newest.synchronizationId ?? '(no id)'}, has ended ${newest.status}`
        : 'the share subscription lists no synchronization';
}

// EXTERNAL MODULE: ./src/operations/data-share/datasets.ts
var data_share_datasets = __webpack_require__(6384);
// EXTERNAL MODULE: ./src/client/arm/lro.ts
var lro = __webpack_require__(1257);
// EXTERNAL MODULE: ./src/operations/data-share/report.ts + 2 modules
var report = __webpack_require__(8489);
;// CONCATENATED MODULE: ./src/operations/data-share/follow.ts



/** Ours when the user gives no orderby: newest first, so the first page decides (see findInListing). */
const NEWEST_FIRST = 'startTime desc';
/**
 * Chooses a synchronization in A1 and follows it there until it ends, the deadline passes or the job is
 * cancelled. Once chosen, it is looked up by id in a listing ordered newest first and without the filter,
 * because a filter such as `status eq 'InProgress'` would hide it the moment it ends. One line per change of
 * status; the wait between polls is the service's Retry-After, else poll-interval.
 */
async function followSynchronization(share, request, ctx) {
    const { clock, logger } = ctx;
    const choosing = { $filter: request.filter, $orderby: request.orderby ?? NEWEST_FIRST };
    let followed;
    let listedAny = false;
    let lastStatus;
    let warnedGone = false;
    let announcedWaiting = false;
    // One pass of the listing: the synchronization chosen (once chosen, looked up by id), or none yet.
    const pass = async () => {
        const id = followed?.synchronizationId;
        if (id) {
            const found = await findInListing(share.listSynchronizations({ $orderby: NEWEST_FIRST }), { kind: 'id', synchronizationId: id, startedAt: startOf(followed) }, true);
            if (found.found)
                followed = found.found;
            else if (!warnedGone) {
                warnedGone = true;
                logger.warning(`Synchronization ${id} is no longer listed; still waiting for it.`);
            }
            return followed;
        }
        const found = await findInListing(share.listSynchronizations(choosing), request.choice, isNewestFirst(choosing.$orderby));
        listedAny ||= found.listedAny;
        if (found.found) {
            followed = found.found;
            logger.info(`Following synchronization ${followed.synchronizationId ?? '(no id)'}${(0,report/* describeSync */.Xu)(followed)}.`);
        }
        else if (!announcedWaiting) {
            announcedWaiting = true;
            logger.info(listedAny
                ? `No ${request.wanted} is listed yet; waiting for it.`
                : 'No synchronization is listed yet; waiting for one.');
        }
        return followed;
    };
    const ended = await (0,lro/* pollToEnd */.EU)({
        clock,
        signal: ctx.signal,
        deadline: ctx.deadline,
        pollIntervalMs: ctx.pollIntervalMs,
        poll: async () => ({ value: await pass(), retryAfterMs: share.retryAfterMs }),
        // Not listed yet is still running, as a synchronization without a status is.
        statusOf: (sync) => sync?.status,
        onProgress: (sync) => {
            const status = sync && (sync.status ?? '(none)');
            if (sync && status !== lastStatus) {
                logger.info(`Synchronization ${sync.synchronizationId ?? '(no id)'}: ${status}`);
                lastStatus = status;
            }
        },
        changed: () => true,
    });
    // A listing that failed for good (even one the deadline cut short) is the caller's to report, with the
    // service's answer (wait-for-sync fails; a start or cancel says how to follow it later).
    const timedOut = ended.kind === 'timeout' && ended.error instanceof lro/* PollTimeoutError */.t5;
    if (ended.kind === 'error' || (ended.kind === 'timeout' && !timedOut))
        throw ended.error;
    return { sync: followed, end: ended.kind, listedAny };
}
/** How to follow a synchronization in a later step: said where this one stops waiting. */
const followHint = (id) => `follow it with wait-for-sync and synchronization-id ${id}`;
/**
 * Follows the synchronization an answer of this step named (sync-start's, sync-cancel's): by id, where it may
 * show up a moment later; bounded by its start where the answer gave one. `wait: false` ends at the answer.
 */
async function followAnswered(share, id, answered, wait, ctx) {
    const wanted = `synchronization ${id}`;
    if (!wait) {
        ctx.logger.info(`Not waiting (wait: false): ${followHint(id)}.`);
        return { sync: answered, end: 'not-waited', listedAny: false, wanted };
    }
    try {
        const outcome = await followSynchronization(share, { choice: { kind: 'id', synchronizationId: id, startedAt: startOf(answered) }, wanted }, ctx);
        return { ...outcome, sync: outcome.sync ?? answered, wanted };
    }
    catch (error) {
        return { sync: answered, end: 'lost', error: error, listedAny: false, wanted };
    }
}

// EXTERNAL MODULE: ./src/operations/data-share/share.ts
var data_share_share = __webpack_require__(9306);
// EXTERNAL MODULE: ./src/operations/plan.ts
var operations_plan = __webpack_require__(8543);
;// CONCATENATED MODULE: ./src/operations/data-share/sync-plan.ts





/**
 * The dry runs of sync-start and sync-cancel: the read the real run depends on (A1), then the one request it
 * would send, refused by the client (PlannedChange) and shown as the plan. A failure is where the real run would
 * fail before changing anything.
 */
/** sync-start: a synchronization running now would make the service refuse the start (409), as the real run. */
async function planStart(share, mode, runningHint, ctx) {
    const newest = await newestListed(share);
    if (newest && (0,client_status/* classifyStatus */.xo)(newest.status) === 'running') {
        return planResult('sync-start', share, [], ctx, {
            failureKind: 'conflict',
            failure: `dry run: synchronization ${newest.synchronizationId ?? '(no id)'} is running (${newest.status ?? 'no status'}), so the service would refuse a start. ${runningHint}`,
        });
    }
    const planned = await (0,operations_plan/* wouldSend */.gx)(() => share.change('synchronize', { synchronizationMode: mode }), 'the synchronize');
    return planResult('sync-start', share, [
        {
            target: share.options.shareSubscription,
            effect: `start a ${mode} synchronization`,
            request: planned,
        },
    ], ctx);
}
/** sync-cancel: the synchronization the real run would cancel, or nothing where none runs. */
async function planCancel(share, synchronizationId, ctx) {
    if (synchronizationId === undefined) {
        const { found, newest } = await newestNotEnded(share.listSynchronizations({ $orderby: NEWEST_FIRST }));
        if (!found?.synchronizationId) {
            return planResult('sync-cancel', share, [
                {
                    target: share.options.shareSubscription,
                    effect: `nothing to cancel: ${nothingToCancel(newest)}`,
                },
            ], ctx);
        }
        synchronizationId = found.synchronizationId;
        ctx.logger.info(`dry run: the latest synchronization not ended is ${synchronizationId}${(0,report/* describeSync */.Xu)(found)}, ${found.status}.`);
    }
    const id = synchronizationId;
    const planned = await (0,operations_plan/* wouldSend */.gx)(() => share.change('cancelSynchronization', { synchronizationId: id }), `the cancel of synchronization ${id}`);
    return planResult('sync-cancel', share, [{ target: id, effect: `cancel synchronization ${id}`, request: planned }], ctx);
}
async function newestListed(share) {
    return (await findInListing(share.listSynchronizations({ $orderby: NEWEST_FIRST }), { kind: 'newest' }, true)).found;
}
function planResult(operation, share, targets, ctx, more = {}) {
    (0,operations_plan/* logPlan */.uH)(ctx.logger, targets);
    const { plan, changes } = (0,operations_plan/* planOutputs */.iS)(targets);
    return {
        outputs: { changes, plan, 'failed-datasets': [], result: plan },
        summary: [(0,operations_plan/* planTable */.k0)(operation, 'target', targets, (0,report/* shareContext */.t1)(share.options))],
        rows: (0,operations_plan/* planRows */.Lq)(targets),
        ...more,
    };
}
/** A real run's `changes` and `plan`: whether it sent a change, and no plan. */
function changed(result, changes) {
    return { ...result, outputs: { ...result.outputs, changes, plan: [] } };
}

;// CONCATENATED MODULE: ./src/operations/data-share/sync-cancel-run.ts











/**
 * cancelSynchronization through the client's change-safely rule. Where its effect is unknown (the answer was lost)
 * the synchronization is read (A1): ended or cancelled, the cancel is done with, and it is followed as after any
 * cancel; still running, the service may not have heard, and the cancel is sent again (asking twice to cancel
 * one synchronization cancels it once).
 */
async function cancel(share, id, known, ctx) {
    const sent = await (0,change_safely/* changeSafely */.x)({
        what: 'cancelSynchronization',
        findingOutBy: `Reading synchronization ${id}`,
        send: (clientRequestId) => share.change('cancelSynchronization', { synchronizationId: id }, { clientRequestId }),
        findOut: async () => {
            const now = await listedById(share, id);
            if (!now || (0,client_status/* classifyStatus */.xo)(now.status) !== 'running' || (0,client_status/* isCancelled */.mm)(now.status)) {
                ctx.logger.info(`Synchronization ${id} is ${now?.status ?? 'no longer listed'}: following it to see how it ends.`);
                return { acted: { ...known, ...now, synchronizationId: id } };
            }
            return { notActed: `synchronization ${id} is still ${now.status}` };
        },
        clock: ctx.clock,
        deadline: ctx.deadline,
        signal: ctx.signal,
        log: ctx.logger,
    });
    if ('acted' in sent)
        return sent.acted;
    const response = sent.response;
    const answer = (0,http/* parseBody */.OG)(response, data_share/* synchronizationSchema */.IB, 'cancelSynchronization');
    ctx.logger.info(`Sent cancelSynchronization for synchronization ${id}; the service answered HTTP ${response.status}, status ${answer.status ?? '(none)'}.`);
    return { ...known, ...answer, synchronizationId: answer.synchronizationId ?? id };
}
/** The synchronization as A1 lists it now (newest first), or undefined where it is no longer listed. */
async function listedById(share, id) {
    const listing = share.listSynchronizations({ $orderby: NEWEST_FIRST });
    return (await findInListing(listing, { kind: 'id', synchronizationId: id }, true)).found;
}
/**
 * A cancel refused (4xx) because the synchronization has just ended: A1 says so, and the step goes on as after
 * a cancel that came too late (ended is what it was for). Any other refusal, or one still running, stands.
 */
async function endedMeanwhile(share, id, error, ctx) {
    const status = error instanceof errors/* ServiceError */._7 ? error.status : undefined;
    if (status === undefined || status < 400 || status >= 500 || [401, 403, 404, 429].includes(status))
        throw error;
    const now = await listedById(share, id);
    if (!now || (0,client_status/* classifyStatus */.xo)(now.status) === 'running')
        throw error;
    ctx.logger.info(`cancelSynchronization was refused (HTTP ${status}), and synchronization ${id} has ended ${now.status}: nothing is left to cancel.`);
    return { ...now, synchronizationId: id };
}
async function syncCancel(options, client, ctx) {
    const { logger } = ctx;
    const share = new data_share_share/* ShareSubscription */.Z(options, client, ctx);
    if (ctx.dryRun)
        return planCancel(share, options.synchronizationId, ctx);
    // A cancel sent is a change, however the synchronization then ends.
    let sent = false;
    const result = (sync, more) => changed((0,report/* synchronizationResult */.CF)(sync, options, more), sent);
    let id = options.synchronizationId;
    let known;
    if (!id) {
        // The one that started last and has not ended: an older one may still run where the newest has ended.
        const { found, newest } = await newestNotEnded(share.listSynchronizations({ $orderby: NEWEST_FIRST }));
        known = found;
        if (known && !known.synchronizationId) {
            return result(known, {
                failure: `The latest synchronization not ended (status ${known.status ?? '(none)'}) is listed without a synchronizationId, so it cannot be cancelled by this step; nothing was sent.`,
                kind: 'not sent',
            });
        }
        if (!known?.synchronizationId) {
            const nothing = `Nothing to cancel: ${nothingToCancel(newest)}.`;
            logger.info(`${nothing} Nothing was sent.`);
            return result(undefined, { notes: [nothing], mark: { outcome: 'skipped', word: 'nothing to cancel' } });
        }
        id = known.synchronizationId;
        logger.info(`Cancelling synchronization ${id}${(0,report/* describeSync */.Xu)(known)}, status ${known.status ?? '(none)'}.`);
    }
    let answered;
    try {
        answered = await cancel(share, id, known, ctx);
        sent = true;
    }
    catch (error) {
        answered = await endedMeanwhile(share, id, error, ctx);
    }
    const outcome = await followAnswered(share, id, answered, options.wait, ctx);
    const { sync, wanted } = outcome;
    switch (outcome.end) {
        case 'not-waited':
            return result(sync, { notes: [`Not waited for: ${followHint(id)}.`] });
        case 'succeeded':
        case 'failed': {
            if ((0,client_status/* isCancelled */.mm)(sync.status)) {
                logger.info(`Synchronization ${id} was cancelled: ${sync.status}.`);
                return result(sync, {
                    notes: [`The cancel took effect: ${sync.status}.`],
                    mark: { outcome: 'succeeded', word: 'cancelled' },
                });
            }
            // Any other end came first, and the synchronization is no longer running: what the step was for.
            const ended = `Synchronization ${id} ended ${sync.status} before the cancel took effect.`;
            logger.info(ended);
            const failed = outcome.end === 'failed' ? (await (0,data_share_datasets/* explainFailure */.SP)(share, sync, ctx)).failed : [];
            // Ended is what the step was for: nothing was left to cancel.
            return result(sync, { notes: [ended], failed, mark: { outcome: 'skipped', word: 'already ended' } });
        }
        case 'lost':
            return result(sync, {
                failure: `${(0,errors/* oneLine */.TN)(outcome.error.message)} The cancel was sent; ${followHint(id)}.`,
                kind: 'other',
            });
        case 'timeout':
            return result(sync, {
                failure: `${(0,report/* timeoutMessage */.l7)(share.waitedMs(), outcome.sync, wanted, outcome.listedAny)} The cancel was sent; ${followHint(id)}.`,
                kind: 'timeout',
            });
        case 'cancelled':
            return result(sync, {
                failure: `${(0,report/* cancelledWhileWaiting */.Y7)(outcome.sync, wanted)} The cancel was sent; ${followHint(id)}.`,
                kind: 'cancelled',
            });
    }
}

// EXTERNAL MODULE: ./src/client/error-body.ts
var error_body = __webpack_require__(4962);
;// CONCATENATED MODULE: ./src/operations/data-share/sync-start-run.ts












const RUNNING_HINT = 'A synchronization is already running for this share subscription: follow it with wait-for-sync (without synchronization-id it follows the newest), or end it with sync-cancel.';
async function syncStart(options, client, ctx) {
    const share = new data_share_share/* ShareSubscription */.Z(options, client, ctx);
    const mode = options.synchronizationMode;
    if (ctx.dryRun)
        return planStart(share, mode, RUNNING_HINT, ctx);
    const { id, begun } = await start(share, mode, ctx);
    // Started: the run changed something, whatever follows.
    const result = (sync, more) => changed((0,report/* synchronizationResult */.CF)(sync, options, more), true);
    const follow = followHint(id);
    const outcome = await followAnswered(share, id, begun, options.wait, ctx);
    const { sync, wanted } = outcome;
    switch (outcome.end) {
        case 'not-waited':
            return result(sync, { notes: [`Not waited for: ${follow}.`] });
        case 'succeeded':
            return result(sync);
        case 'failed': {
            const datasets = await (0,data_share_datasets/* explainFailure */.SP)(share, sync, ctx);
            return result(sync, {
                failed: datasets.failed,
                failure: (0,data_share_datasets/* failureWithDatasets */.o7)((0,report/* endedInFailure */.IY)(sync), datasets),
                kind: (0,report/* failedKind */.aZ)(datasets.failed),
            });
        }
        case 'lost':
            return result(sync, {
                failure: `${(0,errors/* oneLine */.TN)(outcome.error.message)} The synchronization was started and goes on at the service; ${followHint(id)}.`,
                kind: 'other',
            });
        case 'timeout':
            return result(sync, {
                failure: `${(0,report/* timeoutMessage */.l7)(share.waitedMs(), outcome.sync, wanted, outcome.listedAny)} It goes on at the service: ${follow}.`,
                kind: 'timeout',
            });
        case 'cancelled': {
            const cancelled = (0,report/* cancelledWhileWaiting */.Y7)(outcome.sync, wanted);
            if (!options.cancelOnAbort) {
                return result(sync, {
                    failure: `${cancelled} It goes on at the service: ${follow}, or end it with sync-cancel.`,
                    kind: 'cancelled',
                });
            }
            return result(sync, {
                failure: `${cancelled} ${await cancelOnAbort(share, id, ctx)}`,
                kind: 'cancelled',
            });
        }
    }
}
/**
 * synchronize through the client's change-safely rule. A refusal (a 409 to the first attempt: a scheduled run, or
 * another party's) fails with the service's code and message. Only after an attempt of unknown effect is A1
 * searched, and only for a synchronization that started after that attempt was sent, in the mode asked: that one
 * is ours and is followed; a run that started before it is someone else's, and the failure stands.
 */
async function start(share, mode, ctx) {
    const sent = await (0,change_safely/* changeSafely */.x)({
        what: 'synchronize',
        findingOutBy: 'Reading the list',
        send: (clientRequestId) => share.change('synchronize', { synchronizationMode: mode }, { hint: (error) => (error.status === 409 ? RUNNING_HINT : undefined), clientRequestId }),
        findOut: async ({ unknownSince }) => {
            const pass = await findInListing(share.listSynchronizations({ $orderby: NEWEST_FIRST }), { kind: 'newest' }, true);
            const newest = pass.found;
            if (newest?.synchronizationId && isOurs(newest, mode, unknownSince)) {
                return { acted: { ...newest, synchronizationId: newest.synchronizationId } };
            }
            if (newest && (0,client_status/* classifyStatus */.xo)(newest.status) === 'running') {
                return {
                    refused: `Synchronization ${newest.synchronizationId ?? '(no id)'}${(0,report/* describeSync */.Xu)(newest)} runs and did not start after this step's synchronize was sent, so it is not taken for this step's; ${RUNNING_HINT}`,
                };
            }
            return { notActed: 'no synchronization started since: the service did not act' };
        },
        clock: ctx.clock,
        deadline: ctx.deadline,
        signal: ctx.signal,
        log: ctx.logger,
    });
    if ('acted' in sent) {
        const begun = sent.acted;
        ctx.logger.info(`The service started synchronization ${begun.synchronizationId}${(0,report/* describeSync */.Xu)(begun)}: following it.`);
        return { id: begun.synchronizationId, begun };
    }
    const response = sent.response;
    const answer = (0,http/* parseBody */.OG)(response, data_share/* synchronizationSchema */.IB, 'synchronize');
    const id = answer.synchronizationId;
    if (!id) {
        throw new errors/* ServiceError */._7({
            status: response.status,
            code: 'InvalidResponse',
            message: `synchronize: the answer carries no synchronizationId, so the synchronization cannot be followed (${(0,error_body/* describeBody */.MP)(response)}); find it with wait-for-sync`,
            requestId: response.requestId,
        });
    }
    ctx.logger.info(`Started synchronization ${id} (${mode}); the service answered HTTP ${response.status}, status ${answer.status ?? '(none)'}.`);
    return { id, begun: { ...answer, synchronizationMode: answer.synchronizationMode ?? mode } };
}
/**
 * Ours: started after the attempt of unknown effect was sent (by our clock against the service's: a run that
 * began before it, however recently, is another party's), or listed first and queued without a start, and in the
 * mode asked where the listing names one.
 */
function isOurs(sync, mode, sentAt) {
    const start = startOf(sync);
    const listedMode = sync.synchronizationMode;
    if (listedMode && listedMode.toLowerCase() !== mode.toLowerCase())
        return false;
    return start === undefined || start >= sentAt;
}
/**
 * cancel-on-abort: the job is cancelled, so the synchronization it started is cancelled too. Sent after the
 * cancellation (`afterCancel`, at most 4 s), so the step still exits inside the runner's window.
 */
async function cancelOnAbort(share, id, ctx) {
    try {
        const response = await share.change('cancelSynchronization', { synchronizationId: id }, { afterCancel: true });
        const status = safeStatus(response.text);
        ctx.logger.info(`cancel-on-abort: sent cancelSynchronization for synchronization ${id}; the service answered HTTP ${response.status}${status ? `, status ${status}` : ''}.`);
        return `cancel-on-abort cancelled it at the service (HTTP ${response.status}${status ? `, status ${status}` : ''}).`;
    }
    catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        ctx.logger.warning(`cancel-on-abort: cancelSynchronization for synchronization ${id} failed: ${reason}`);
        return `cancel-on-abort could not cancel it (${reason}): end it with sync-cancel and synchronization-id ${id}.`;
    }
}
/** The status of a cancel's answer, for the log only: an odd body does not matter once the job is cancelled. */
function safeStatus(text) {
    try {
        const status = JSON.parse(text).status;
        return typeof status === 'string' ? status : undefined;
    }
    catch {
        return undefined;
    }
}

// EXTERNAL MODULE: ./src/client/pages.ts
var pages = __webpack_require__(7039);
// EXTERNAL MODULE: ./src/operations/data-share/schedule.ts
var data_share_schedule = __webpack_require__(4444);
;// CONCATENATED MODULE: ./src/operations/data-share/wait-for-sync-run.ts







/**
 * Waits until the chosen synchronization of a share subscription ends, and reports the source share's schedule.
 * `filter` and `orderby` shape the listing in which the synchronization is chosen (followSynchronization).
 * One that ends in failure is explained by its datasets (A5).
 */
async function waitForSync(options, client, ctx) {
    const { clock, logger } = ctx;
    const share = new data_share_share/* ShareSubscription */.Z(options, client, ctx);
    let settings;
    try {
        // A handful of settings per share: holding all of them is fine, unlike the synchronization history.
        settings = await (0,pages/* listAll */._w)(client, {
            method: 'POST',
            url: share.url('listSourceShareSynchronizationSettings'),
            schema: data_share/* sourceSettingListSchema */.zI,
            what: 'listSourceShareSynchronizationSettings',
            signal: ctx.signal,
        });
    }
    catch (error) {
        if (!ctx.signal?.aborted)
            throw error;
        return {
            outputs: { 'failed-datasets': [] },
            summary: [],
            failure: "Cancelled while reading the source share's settings.",
            failureKind: 'cancelled',
        };
    }
    const scheduleReadAt = clock.now();
    const schedule = (0,data_share_schedule/* findSchedule */.ll)(settings);
    const nextRun = schedule && (0,data_share_schedule/* nextExpectedRun */.pK)(schedule.synchronizationTime, schedule.recurrenceInterval, scheduleReadAt);
    (0,report/* logSchedule */.gF)(settings, schedule, nextRun, ctx);
    const choice = options.synchronizationId
        ? { kind: 'id', synchronizationId: options.synchronizationId }
        : { kind: 'newest', startedAfter: options.startedAfter?.getTime() };
    const wanted = describeChoice(options);
    logger.info(`Waiting for ${options.synchronizationId ? wanted : `the newest ${wanted}`} of share subscription '${options.shareSubscription}'.`);
    const { sync, end, listedAny } = await followSynchronization(share, { choice, filter: options.filter, orderby: options.orderby, wanted }, ctx);
    const datasets = end === 'failed' && sync ? await (0,data_share_datasets/* explainFailure */.SP)(share, sync, ctx) : { failed: [], complete: true };
    const finish = (end = {}) => {
        const done = (0,report/* synchronizationRows */.Y)(sync, end);
        return {
            outputs: (0,report/* syncOutputs */.aC)(sync, schedule, settings, nextRun, datasets.failed),
            summary: [
                ...(0,report/* summaryTables */.QQ)(sync, settings, scheduleReadAt, (0,report/* shareContext */.t1)(options), done.rows[0]),
                ...(0,data_share_datasets/* datasetsTable */.em)(datasets.failed),
            ],
            ...done,
        };
    };
    switch (end) {
        case 'succeeded':
            return finish();
        case 'failed':
            return finish({
                failure: (0,data_share_datasets/* failureWithDatasets */.o7)((0,report/* endedInFailure */.IY)(sync), datasets),
                kind: (0,report/* failedKind */.aZ)(datasets.failed),
            });
        case 'timeout':
            return finish({
                failure: (0,report/* timeoutMessage */.l7)(share.waitedMs(), sync, wanted, listedAny),
                kind: 'timeout',
            });
        case 'cancelled':
            return finish({ failure: (0,report/* cancelledWhileWaiting */.Y7)(sync, wanted), kind: 'cancelled' });
    }
}
/** The synchronization wanted, as a noun phrase: "synchronization X", "synchronization started at or after T". */
function describeChoice(options) {
    if (options.synchronizationId)
        return `synchronization ${options.synchronizationId}`;
    if (options.startedAfter)
        return `synchronization started at or after ${options.startedAfter.toISOString()}`;
    return 'synchronization';
}

;// CONCATENATED MODULE: ./src/operations/data-share/code.ts
/** What data-share's operations load when one runs: a chunk of its own (src/operations/erp/code.ts says why). */





/***/ }),

/***/ 8543:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lq: () => (/* binding */ planRows),
/* harmony export */   gx: () => (/* binding */ wouldSend),
/* harmony export */   iS: () => (/* binding */ planOutputs),
/* harmony export */   k0: () => (/* binding */ planTable),
/* harmony export */   uH: () => (/* binding */ logPlan)
/* harmony export */ });
/* harmony import */ var _client_dry_run_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5858);

/**
 * The log of a dry run: one `dry run: would …` line per change, then the predicted effect per target, so a
 * reviewer reads the requests first and what they would do second.
 */
function logPlan(logger, targets) {
    for (const { request } of targets) {
        if (request)
            logger.info(`dry run: would ${(0,_client_dry_run_js__WEBPACK_IMPORTED_MODULE_0__/* .describePlanned */ .yZ)(request)}`);
    }
    if (!targets.some((t) => t.request))
        logger.info('dry run: nothing would change');
    for (const { target, effect } of targets)
        logger.info(`${target}: ${effect}`);
}
/** The `plan` and `changes` outputs: the changes only, in input order. */
function planOutputs(targets) {
    const plan = targets.flatMap(({ target, effect, request }) => request ? [{ target, method: request.method, url: request.url, body: request.body, effect }] : []);
    return { plan, changes: plan.length > 0 };
}
/** A dry run's rows: a change planned, or none to make. */
function planRows(targets) {
    return targets.map(({ target, effect, request }) => ({
        target,
        outcome: request ? 'planned' : 'skipped',
        word: request ? 'planned' : 'no change',
        done: effect,
    }));
}
/** The summary of a dry run: one row per target, titled as a plan so nobody reads it as done. */
function planTable(operation, targetHeader, targets, context) {
    return {
        title: `Plan of ${operation} (dry run: nothing was changed)`,
        context,
        header: [targetHeader, 'would', 'request'],
        rows: targets.map(({ target, effect, request }) => [
            target,
            effect,
            request ? (0,_client_dry_run_js__WEBPACK_IMPORTED_MODULE_0__/* .describePlanned */ .yZ)(request) : '-',
        ]),
    };
}
/**
 * The request `send` would make in a dry run: the client refuses any change (PlannedChange) and carries the
 * request it refused. One that was sent instead is a defect, said loudly (`what`: "the removal of a@b.org").
 */
async function wouldSend(send, what) {
    try {
        await send();
    }
    catch (error) {
        if (error instanceof _client_dry_run_js__WEBPACK_IMPORTED_MODULE_0__/* .PlannedChange */ .hy)
            return error.request;
        throw error;
    }
    throw new Error(`dry run: ${what} was sent`);
}


/***/ })

};
