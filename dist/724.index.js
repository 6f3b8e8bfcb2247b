export const id = 724;
export const ids = [724];
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

/***/ 724:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  checkSystems: () => (/* reexport */ run_checkSystems),
  gatherResults: () => (/* reexport */ gatherResults),
  mergeWindow: () => (/* reexport */ mergeWindow),
  readParts: () => (/* reexport */ readParts),
  refuseWindowInputs: () => (/* reexport */ refuseWindowInputs),
  runBySelection: () => (/* reexport */ runBySelection),
  runErp: () => (/* reexport */ runErp),
  statusWindow: () => (/* reexport */ statusWindow),
  waitForOperation: () => (/* reexport */ waitForOperation),
  windowOf: () => (/* reexport */ windowOf)
});

// EXTERNAL MODULE: ./src/client/arm/resource-id.ts
var resource_id = __webpack_require__(7912);
// EXTERNAL MODULE: ./src/client/status.ts
var client_status = __webpack_require__(8997);
// EXTERNAL MODULE: ./src/client/response.ts
var response = __webpack_require__(4404);
// EXTERNAL MODULE: ./src/operations/erp/target-result.ts
var target_result = __webpack_require__(73);
// EXTERNAL MODULE: ./src/operations/erp/erp-list/close-misses.ts
var close_misses = __webpack_require__(3878);
;// CONCATENATED MODULE: ./src/operations/erp/erp-list/left-alone.ts



/**
 * The hook where an erp operation reads a system before acting on it (act-on.ts, and planners.ts before a
 * whole-system window): a system
 * chosen by a selection that the read shows no longer matching is left alone, named in a warning, and skipped.
 */
function leftAlone(options, read, log) {
    const { name, before, durationMs } = read;
    const why = (0,close_misses/* noLongerSelected */.wi)(options, (0,response/* jsonOf */.o)(before.response));
    if (!why)
        return undefined;
    log.warning(`left alone, ${why}`);
    return (0,target_result/* skipped */.hT)({ target: name, durationMs, after: before, done: `skipped: ${why}`, leftAlone: true });
}

// EXTERNAL MODULE: ./src/operations/erp/instance-ref.ts
var instance_ref = __webpack_require__(8241);
// EXTERNAL MODULE: ./src/operations/erp/instance-state.ts
var instance_state = __webpack_require__(8113);
// EXTERNAL MODULE: ./src/client/deadline.ts
var deadline = __webpack_require__(6659);
// EXTERNAL MODULE: ./src/client/errors.ts
var errors = __webpack_require__(6468);
// EXTERNAL MODULE: ./src/operations/erp/read-failure.ts
var read_failure = __webpack_require__(3773);
// EXTERNAL MODULE: ./src/operations/erp/verbs.ts
var verbs = __webpack_require__(7170);
// EXTERNAL MODULE: ./src/operations/erp/wording.ts
var wording = __webpack_require__(312);
// EXTERNAL MODULE: ./src/client/pages.ts
var pages = __webpack_require__(7039);
// EXTERNAL MODULE: ./src/client/schemas/zod.ts + 14 modules
var zod = __webpack_require__(1482);
// EXTERNAL MODULE: ./src/client/schemas/erp.ts
var erp = __webpack_require__(2549);
;// CONCATENATED MODULE: ./src/client/schemas/erp-parts.ts


/**
 * C3's database instance, as its list and its read show it: `databaseType` is free text (`hdb`, `HANA`, `Oracle`,
 * …) and it has no health. Everything else passes through.
 */
const databaseInstance = zod/* onFirstUse */.Vkw(() => zod/* looseObject */._H3({
    name: zod/* string */.YjP(),
    properties: zod/* nullish */.cl6(zod/* looseObject */._H3({
        status: zod/* nullish */.cl6(zod/* string */.YjP()),
        databaseType: zod/* nullish */.cl6(zod/* string */.YjP()),
        databaseSid: zod/* nullish */.cl6(zod/* string */.YjP()),
    })),
}));
/** A page of C3's list, paged by `nextLink`. */
const databaseInstanceList = zod/* pageOf */.ZZD(databaseInstance);
const vmDetails = () => zod/* catch */.MfU(zod/* nullish */.cl6(zod/* array */.YOg(zod/* looseObject */._H3({ type: zod/* nullish */.cl6(zod/* string */.YjP()), virtualMachineId: zod/* nullish */.cl6(zod/* string */.YjP()) }))), undefined);
const partHealth = () => zod/* nullish */.cl6(zod/* looseObject */._H3({ health: zod/* nullish */.cl6(zod/* string */.YjP()) }));
/**
 * Any child of a system as a check reads it (C6): its status, provisioning, errors and machines, and where it has
 * them the central services' parts' health and the application instance's dispatcher.
 */
const systemPart = zod/* onFirstUse */.Vkw(() => zod/* looseObject */._H3({
    name: zod/* string */.YjP(),
    properties: zod/* nullish */.cl6(zod/* looseObject */._H3({
        status: zod/* nullish */.cl6(zod/* string */.YjP()),
        health: zod/* nullish */.cl6(zod/* string */.YjP()),
        provisioningState: zod/* nullish */.cl6(zod/* string */.YjP()),
        errors: erp/* serviceErrors */.He,
        databaseType: zod/* nullish */.cl6(zod/* string */.YjP()),
        dispatcherStatus: zod/* nullish */.cl6(zod/* string */.YjP()),
        messageServerProperties: partHealth(),
        enqueueServerProperties: partHealth(),
        enqueueReplicationServerProperties: partHealth(),
        vmDetails: vmDetails(),
    })),
}));
/** A page of any of C3's lists, as a check reads it. */
const systemPartList = zod/* pageOf */.ZZD(systemPart);

;// CONCATENATED MODULE: ./src/operations/erp/parts/preflight.ts



function refuseWindowInputs(inputs) {
    if (inputs.databaseSoftStopTimeoutSeconds !== undefined && !inputs.wholeSystem) {
        throw new errors/* InputError */.dz('database-soft-stop-timeout-seconds', 'is read only with whole-system: true (the system-level stop never stops the database); set whole-system: true or remove it');
    }
    if (inputs.wholeSystem && !inputs.wait) {
        throw new errors/* InputError */.dz('wait', 'false cannot run a whole-system window: each step must end before the next is sent; remove wait: false or set whole-system: false');
    }
}
/** C3: every database instance of one system, page by page. */
async function listDatabases(client, url, signal) {
    return (0,pages/* listAll */._w)(client, {
        method: 'GET',
        url,
        schema: databaseInstanceList,
        what: 'database instances',
        signal,
    });
}
/** The service stops and starts only HANA (`hdb` or `HANA`, any case). */
function isHana(databaseType) {
    return /^(hdb|hana)$/i.test(databaseType ?? '');
}
/** A system's databases as its list (C3) shows them, for the window's plan. */
const systemDatabases = (databases) => databases.map((db) => ({
    name: db.name,
    databaseType: db.properties?.databaseType ?? undefined,
    status: db.properties?.status ?? undefined,
}));
/** Why a system's window cannot run at all (a database that is not HANA), before anything is sent; else undefined. */
function windowRefusal(system, databases) {
    const other = databases.find((db) => !isHana(db.databaseType));
    if (!other)
        return undefined;
    const type = other.databaseType ?? 'of no type';
    return (`Erp virtual instance '${system}' has database instance '${other.name}' of type ${type}: the service stops and starts ` +
        `only HANA databases (hdb), so whole-system: true cannot run its window; nothing was sent to it. ` +
        `whole-system: false stops or starts the application alone.`);
}
/**
 * A snooze without the whole system (deallocate-vm, whole-system false) deallocates the machines of a system whose
 * HANA database may still run: the service then can no longer stop it (C4). Why this system is refused, before
 * anything is sent to it; undefined where every database is Offline, or it has none.
 */
function snoozeRefusal(system, databases) {
    const running = databases.find((db) => isHana(db.databaseType) && !/^offline$/i.test(db.status ?? ''));
    if (!running)
        return undefined;
    return (`Erp virtual instance '${system}' has HANA database instance '${running.name}' ${running.status ?? 'of no status'}, not Offline: ` +
        `deallocate-vm: true alone would deallocate the machines before the database stops, and the service could then no longer stop it. ` +
        `Set whole-system: true, which stops the database first; nothing was sent to it.`);
}

;// CONCATENATED MODULE: ./src/operations/erp/act-guards.ts








/**
 * A stop with deallocate-vm alone: each system's databases listed first (C3), and a HANA database not Offline
 * fails that system before anything is sent to it (the vendor template's wrong order).
 */
async function snoozeFirst(o) {
    const { step: target, client, ctx, log } = o;
    const startedAt = ctx.clock.now();
    // The checks' list where they just read it, else the list read here.
    let databases = target.read?.takeDatabases();
    try {
        databases ??= systemDatabases(await listDatabases(client, (0,instance_ref/* databaseUrl */.FA)(o.options.baseUrl, target.ref, o.apiVersion), ctx.signal));
    }
    catch (error) {
        return (0,read_failure/* listFailure */.PH)({ ref: target.ref, error, durationMs: ctx.clock.now() - startedAt, log, ctx });
    }
    const refusal = snoozeRefusal(target.ref.label, databases);
    if (!refusal)
        return undefined;
    log.info(refusal);
    return (0,target_result/* unsent */.YX)({
        target: target.ref.label,
        kind: 'error',
        causeKind: 'whole system',
        durationMs: ctx.clock.now() - startedAt,
        failure: refusal,
        why: 'a HANA database is not Offline',
    });
}
/** skip-if-done: the instance is already where the step would take it (a deallocating stop never is). */
function skipIfDone(o, at) {
    const { step, options, log } = o;
    const { now } = at;
    // After a snooze of the window, Unavailable is an end for skip-if-done as Offline is.
    if (!options.skipIfDone ||
        !step.skippable ||
        !(0,verbs/* isEnd */.uV)({ verb: step.verb, machines: step.snoozed }, now.status)) {
        return undefined;
    }
    const seen = { target: step.ref.label, durationMs: at.durationMs, before: at.before ?? now, after: now };
    if (at.followed) {
        // Someone's operation of this step's own kind, waited out to this end: followed, said as a followed stop is.
        log.info(`reached ${now.status}: the ${step.verb} in progress ended where this step would; nothing sent`);
        const done = `followed the ${step.verb} already in progress`;
        return (0,target_result/* followedToEnd */.XL)({ ...seen, requestId: now.response.requestId, verb: step.verb, done });
    }
    log.info(`already ${now.status}: nothing sent (skip-if-done)`);
    return (0,target_result/* skipped */.hT)({ ...seen, done: `skipped: already ${now.status}` });
}
/** A target whose request never reached the service (its turn not come, the job cancelled, the timeout). */
function notSent(o, when, durationMs, error) {
    const { ctx, log } = o;
    const cancelled = ctx.signal?.aborted === true;
    const why = (0,wording/* whyCut */.$u)(cancelled ? 'cancelled' : 'timeout');
    const detail = error instanceof errors/* ServiceError */._7 && !cancelled ? ` (${(0,wording/* inSentence */.BX)(error)})` : '';
    log.info(`not ${verbs/* VERBS */.hU[o.step.verb].done}: ${why} ${when}`);
    return (0,target_result/* unsent */.YX)({
        target: o.step.ref.label,
        kind: cancelled ? 'cancelled' : 'timeout',
        causeKind: 'not sent',
        durationMs,
        failure: `The ${o.step.verb} of erp virtual instance '${o.step.ref.label}' was not sent: ${why} ${when}${detail}; run the same step again.`,
        why,
        cut: true,
    });
}
/** Whether a failed POST never reached the service: held at the gate or the write window, or cut before it went. */
function neverSent(error, ctx) {
    if (error instanceof errors/* ServiceError */._7 && error.effectUnknown)
        return false;
    if (ctx.signal?.aborted)
        return true;
    return error instanceof errors/* ServiceError */._7 && (error.code === deadline/* STEP_TIMEOUT */.dj || error.pastDeadline);
}
/** The refusal of a 409 stands: the service's words, why it was not sent again, and the status read after it. */
function refusedOnConflict(o, c, durationMs) {
    const { error, refused, before, after } = c;
    o.log.info(refused);
    return (0,target_result/* failedAt */.JG)({
        target: o.step.ref.label,
        kind: 'error',
        causeKind: 'conflict',
        durationMs,
        requestId: error.requestId,
        failure: `The ${o.step.verb} of erp virtual instance '${o.step.ref.label}' failed: ${error.withHint(refused).message}`,
        before,
        after,
        done: `${o.step.describe}: refused (HTTP 409)`,
    });
}
/** After a 409, a read at the step's own end: the operation in the way ended there; done, nothing sent again. */
function doneAfterConflict(o, before, now, durationMs) {
    o.log.info(`was answered 409, then read ${now.status}: the operation in progress ended where this step would; nothing sent again`);
    const done = `skipped: ${now.status} after a 409 (another operation ended there)`;
    return (0,target_result/* skipped */.hT)({ target: o.step.ref.label, durationMs, before, after: now, done });
}

// EXTERNAL MODULE: ./src/operations/erp/each.ts
var each = __webpack_require__(7507);
// EXTERNAL MODULE: ./src/client/arm/follow.ts + 1 modules
var follow = __webpack_require__(5739);
// EXTERNAL MODULE: ./src/client/url.ts
var client_url = __webpack_require__(1098);
// EXTERNAL MODULE: ./src/operations/erp/conclude.ts
var conclude = __webpack_require__(4551);
// EXTERNAL MODULE: ./src/client/change-safely.ts
var change_safely = __webpack_require__(210);
// EXTERNAL MODULE: ./src/client/retry.ts
var retry = __webpack_require__(7785);
;// CONCATENATED MODULE: ./src/operations/erp/step.ts



/**
 * What the checks read, handed to a step's first run: the system's read (its `before`) and its databases' list (a
 * snooze's guard, act-guards.ts). Each is taken once, so the same step run again (another job moved its target away:
 * parts/two-hands.ts) reads anew; a stale Offline would skip the stop it is run again for.
 */
class HandedRead {
    state;
    databases;
    constructor(read) {
        this.state = read.state;
        this.databases = read.databases;
    }
    take() {
        const state = this.state;
        this.state = undefined;
        return state;
    }
    takeDatabases() {
        const databases = this.databases;
        this.databases = undefined;
        return databases;
    }
}
/**
 * Sends one step's POST: its body as planned, and for any stop step the hard-stop fallback: a soft stop the
 * service refuses (SoftStopUnsupported) is sent again as a hard one where allowed, and `sent` says so.
 */
async function sendStep(step, request, hardStopFallback) {
    const { client, clientRequestId, log, sent } = request;
    const send = (json, id) => client.send({ method: 'POST', url: step.actionUrl, json, clientRequestId: id });
    const soft = step.body?.softStopTimeoutSeconds ?? 0;
    try {
        return await send(step.body, clientRequestId);
    }
    catch (error) {
        const refused = error instanceof errors/* ServiceError */._7 && error.code?.toLowerCase() === 'softstopunsupported';
        if (!refused || !verbs/* VERBS */.hU[step.verb].softStop || soft === 0)
            throw error;
        if (!hardStopFallback) {
            throw error.withHint('Set hard-stop-fallback: true to stop with softStopTimeoutSeconds 0 instead.');
        }
        log.warning(`the service refused a soft stop of ${soft}s (${error.serviceMessage ?? error.code}); ` +
            'stopping again with softStopTimeoutSeconds 0 (hard-stop-fallback)');
        // What was done is what was sent: the hard stop, and that the soft one was refused.
        if (sent)
            sent.done = (0,wording/* describeFallback */.Mw)(sent.done, soft, error.code);
        return send({ ...step.body, softStopTimeoutSeconds: 0 });
    }
}

;// CONCATENATED MODULE: ./src/operations/erp/finding-out.ts








/**
 * The POST through the client's change-safely rule, finding out by the instance's status (C0). A read still at
 * the start state is the status lagging: it is read again within the settle window before the POST is sent again.
 * A status that moved towards the end, or a 409 after an attempt of unknown effect (an operation is in progress),
 * means the service acted: the instance's status is followed to its end, there being no operation URL. Where the
 * status cannot tell (a snooze of an instance already Offline), the failure stands and the instance is not done.
 */
async function sendFindingOut(o) {
    const { step, client, ctx, log } = o;
    const { verb } = step;
    const name = step.ref.label;
    const startState = (0,verbs/* startStateOf */.hs)(verb, o.before);
    const watch = {
        client,
        url: step.readUrl,
        ctx,
        startState,
        onRead: (state) => log.info(`is ${(0,wording/* described */.WY)(state)}`),
        onLag: (state) => log.info(`is ${state.status ?? 'of no status'}, as before the ${verb}: the status may lag, so it is read again at ${(0,retry/* formatWait */.Du)(ctx.pollIntervalMs)} for up to ${(0,retry/* formatWait */.Du)((0,instance_state/* settleWindowMs */.IO)())}`),
    };
    const moved = (status) => (0,client_status/* isOneOf */.EK)(status, verbs/* VERBS */.hU[verb].acted) && !(0,client_status/* sameStatus */.H5)(status, startState);
    // Where the start state is itself a status of acting (Offline before a stop), or the step is on the machines
    // (which no status shows), no status can tell.
    const cannotTell = step.machines || (0,client_status/* isOneOf */.EK)(startState, verbs/* VERBS */.hU[verb].acted);
    const sent = await (0,change_safely/* changeSafely */.x)({
        what: `the ${verb}`,
        findingOutBy: 'Reading the instance',
        send: (clientRequestId) => sendStep(step, { client, log, clientRequestId, sent: o.sent }, o.hardStopFallback),
        findOut: async ({ conflict }) => {
            if (cannotTell) {
                return {
                    refused: `'${name}' was ${o.before?.status ?? startState} before the ${verb}${step.machines ? ` with ${verbs/* VERBS */.hU[verb].machines.input}` : ''}, and its status cannot show whether the service acted${step.machines ? ' (it does not show the machines)' : ''}: not counted as done; see where it stands with erp-status, and send the ${verb} again once no operation runs.`,
                };
            }
            const now = await (0,instance_state/* readPastLag */.j4)({ ...watch, first: undefined });
            if (moved(now.status) || conflict)
                return { acted: now };
            return {
                notActed: `'${name}' is ${now.status ?? 'of no status'} after the settle window: the service did not act`,
            };
        },
        clock: ctx.clock,
        deadline: ctx.deadline,
        signal: ctx.signal,
        log,
    });
    if ('response' in sent)
        return sent.response;
    const now = sent.acted;
    if (!o.wait) {
        log.info(`is ${now.status}: the service acted; not waiting (wait: false)`);
        return { settled: { kind: 'accepted', last: now }, cause: sent.cause };
    }
    log.info(`is ${now.status}: the service acted; following the instance's status to its end`);
    return { settled: await (0,instance_state/* followToEnd */.cm)({ ...watch, first: now }), cause: sent.cause };
}
/** How a stop or start whose operation was not followed (its answer lost) ended: by the instance's status. */
function followedInstance(o) {
    const { step, sent, log } = o;
    const { settled, cause } = o.followed;
    const { verb } = step;
    const name = step.ref.label;
    const last = settled.last;
    const base = {
        target: name,
        durationMs: o.durationMs,
        requestId: last?.response.requestId ?? cause.requestId,
    };
    const status = last?.status ?? 'none';
    const done = `${sent.done}: followed by the instance's status (answer lost)`;
    if (settled.kind === 'accepted') {
        // Nothing to resume: the operation's URL was in the answer that was lost; erp-status follows the instance.
        const done = `${sent.done}: accepted, not waited on`;
        return (0,target_result/* notWaitedOn */.xD)({ ...base, status: last?.status, before: sent.before, done });
    }
    if (settled.kind === 'settled' && (0,verbs/* isEnd */.uV)(step, last?.status)) {
        log.info(`reached ${last?.status}`);
        return (0,target_result/* followedToEnd */.XL)({ ...base, verb, before: sent.before, after: last, done });
    }
    if (settled.kind === 'settled') {
        return (0,target_result/* failedAt */.JG)({
            ...base,
            kind: 'succeeded',
            operation: { status: 'Succeeded' },
            failure: `The ${verb} of '${name}' was accepted but '${name}' is ${status}, health ${last?.health ?? 'unknown'} (expected ${verbs/* VERBS */.hU[verb].end}).`,
            before: sent.before,
            after: last,
            done,
        });
    }
    const why = settled.kind === 'error' ? `reading it failed (${(0,wording/* inSentence */.BX)(settled.error)})` : (0,wording/* whyCut */.$u)(settled.kind);
    return {
        ...base,
        kind: settled.kind,
        failure: `The ${verb} of '${name}' was accepted, but ${why} while '${name}' was still ${status}; run erp-status to see where it stands.`,
        instance: {
            before: sent.before,
            after: last,
            outcome: settled.kind === 'error' ? 'failed' : 'running',
            done,
        },
    };
}

;// CONCATENATED MODULE: ./src/operations/erp/in-the-way.ts







/**
 * A target read moving (a window cut short, a step run again, the start after a cancelled stop): moving toward the
 * step's own end, it is sent nothing and its status is followed to the end; moving the other way, or where the step
 * is on the machines (which the status does not show), the step waits for the move to end and then acts on what it
 * reads. A wait that runs out leaves the target `not sent`, naming the status waited on. Not moving: acted on.
 */
async function clearTheWay(o, state) {
    const { step, ctx, log } = o;
    const moving = (0,verbs/* movingOf */.Kx)(step.verb, state.status);
    if (!moving)
        return { state };
    const follow = moving === 'own' && !step.machines;
    if (follow && !o.wait)
        return inProgress(o, state);
    log.info(follow
        ? `is ${state.status}: an operation already in progress; following it to its end, nothing sent`
        : `is ${state.status}: waiting for the operation in progress to end before the ${step.verb}, reading at ${(0,retry/* formatWait */.Du)(ctx.pollIntervalMs)}`);
    const settled = await (0,instance_state/* followToEnd */.cm)({
        client: o.client,
        url: step.readUrl,
        ctx,
        first: state,
        onRead: (s) => log.info(`is ${(0,wording/* described */.WY)(s)}`),
    });
    const last = settled.last ?? state;
    const durationMs = ctx.clock.now() - o.startedAt;
    const name = step.ref.label;
    const base = { target: name, durationMs, requestId: last.response.requestId };
    if (settled.kind !== 'settled') {
        const why = settled.kind === 'error' ? 'reading it failed' : (0,wording/* whyCut */.$u)(settled.kind);
        const error = settled.kind === 'error' ? `: ${(0,wording/* inSentence */.BX)(settled.error)}` : '';
        return {
            ...base,
            kind: settled.kind,
            failure: follow
                ? `The ${step.verb} of '${name}' already in progress was followed, but ${why} while '${name}' was still ${last.status}${error}; run the same step again, or erp-status to see where it stands.`
                : `The ${step.verb} of '${name}' was not sent: ${why} while waiting for '${name}' to end ${last.status}${error}; run the same step again.`,
            instance: follow
                ? { before: state, after: last, outcome: 'running', done: `followed the ${step.verb} in progress` }
                : { before: state, after: last, outcome: 'not sent', done: `not sent: waited on ${last.status}` },
        };
    }
    if (!follow) {
        log.info(`is ${(0,wording/* described */.WY)(last)}: the operation in the way has ended`);
        // A move of the step's own kind waited out (a step on the machines): where it ends there, it was followed.
        return { state: last, ownMove: moving === 'own' };
    }
    const followed = {
        ...base,
        before: state,
        after: last,
        done: `followed the ${step.verb} already in progress`,
    };
    if ((0,verbs/* isEnd */.uV)(step, last.status)) {
        log.info(`reached ${last.status}: the ${step.verb} in progress ended where this step would`);
        return (0,target_result/* followedToEnd */.XL)({ ...followed, verb: step.verb });
    }
    return (0,target_result/* failedAt */.JG)({
        ...followed,
        kind: 'failed',
        causeKind: 'false success',
        failure: `The ${step.verb} of '${name}' already in progress ended with '${name}' ${(0,wording/* described */.WY)(last)} (expected ${verbs/* VERBS */.hU[step.verb].end}).`,
    });
}
/** wait: false and an operation of the step's own kind already in progress: nothing sent, reported running. */
function inProgress(o, state) {
    o.log.info(`is ${state.status}: an operation already in progress; nothing sent, not waiting (wait: false)`);
    return (0,target_result/* notWaitedOn */.xD)({
        target: o.step.ref.label,
        status: state.status,
        durationMs: o.ctx.clock.now() - o.startedAt,
        requestId: state.response.requestId,
        before: state,
        done: `the ${o.step.verb} already in progress: not waited on`,
    });
}
/** A 409 to a first attempt: the service says an operation is in progress, though the read did not show it. */
function isConflict(error) {
    return error instanceof errors/* ServiceError */._7 && error.status === 409 && !error.effectUnknown;
}
/**
 * After a 409 to a first attempt: the target is read again through the settle window (the status lags) until it
 * shows something other than before; a move is acted on as any (clearTheWay), the step's own end is done. Where it
 * still shows nothing moving (the same status, or another one that is no move: PartiallyRunning, Unavailable), or
 * where the status cannot tell (a snooze of a target already at its end), the refusal stands and sends nothing.
 */
async function readThroughConflict(o, before, error) {
    const { step, ctx, log } = o;
    const name = step.ref.label;
    const what = error.said();
    const startState = (0,verbs/* startStateOf */.hs)(step.verb, before);
    if (step.machines && (0,verbs/* isEnd */.uV)(step, startState)) {
        return {
            refused: `'${name}' is ${startState} and its status cannot show the machines, so the end of the operation in progress cannot be seen: not counted as done; run the same step again once it has ended (erp-status, or the service's activity log).`,
        };
    }
    log.info(`was answered 409 (${what}): reading '${name}' again for up to ${(0,retry/* formatWait */.Du)((0,instance_state/* settleWindowMs */.IO)())}, since its status may lag`);
    let now;
    try {
        now = await (0,instance_state/* readPastLag */.j4)({
            client: o.client,
            url: step.readUrl,
            ctx,
            startState,
            onRead: (s) => log.info(`is ${(0,wording/* described */.WY)(s)}`),
        });
    }
    catch (readError) {
        return {
            refused: `The ${step.verb} of '${name}' was refused (${what}), and reading it again failed: ${(0,wording/* inSentence */.BX)(readError)}.`,
        };
    }
    if ((0,client_status/* sameStatus */.H5)(now.status, startState)) {
        return {
            refused: `The service says an operation is in progress, but '${name}' still reads ${now.status ?? 'of no status'} after ${(0,retry/* formatWait */.Du)((0,instance_state/* settleWindowMs */.IO)())}: nothing was sent again; run the same step again once that operation has ended.`,
            after: now,
        };
    }
    // Moving: the rules of a move in progress apply (followed, or waited on to its end, then acted on).
    if ((0,verbs/* movingOf */.Kx)(step.verb, now.status))
        return { state: now };
    // Changed but not moving: no end of the operation in the way was seen, so nothing is sent into it again.
    if ((0,verbs/* isEnd */.uV)(step, now.status) && step.skippable)
        return { done: now };
    return {
        refused: `The service says an operation is in progress, and '${name}' now reads ${(0,wording/* described */.WY)(now)}, which shows no move and not the ${step.verb}'s end: nothing was sent again; run the same step again once that operation has ended.`,
        after: now,
    };
}

// EXTERNAL MODULE: ./src/operations/plan.ts
var operations_plan = __webpack_require__(8543);
// EXTERNAL MODULE: ./src/operations/erp/outcome.ts
var erp_outcome = __webpack_require__(8832);
;// CONCATENATED MODULE: ./src/operations/erp/instance-plan.ts



/**
 * erp-stop/erp-start with dry-run, for one instance already read and not skipped: the action's own send builds the
 * POST, and the client refuses it (PlannedChange), so the plan is the request the real run sends, and nothing is
 * sent. Any other failure is the one the real run would meet before changing anything.
 */
async function planInstance({ step, hardStopFallback, before, client, log, durationMs, }) {
    const name = step.ref.label;
    const request = await (0,operations_plan/* wouldSend */.gx)(() => sendStep(step, { client, log }, hardStopFallback), `the ${step.verb} of '${name}'`);
    // Without skip-if-done and verify the real run reads nothing, and neither does its dry run.
    const unread = step.bringsBack ? 'after the steps before it' : 'status not read';
    const from = before ? (before.status ?? 'of no status') : unread;
    return {
        target: name,
        kind: 'succeeded',
        durationMs,
        instance: { before, outcome: 'planned', done: `${from} → ${step.plan}`, request },
    };
}
/** A target of the plan: the instance and what would happen to it (or why it would fail or be skipped). */
function plannedTarget(o) {
    const instance = o.instance;
    const effect = instance?.outcome === 'skipped'
        ? `already ${instance.before?.status} → skip`
        : (instance?.done ?? 'failed');
    return { target: o.target, effect, request: instance?.request };
}
/**
 * Whether a real run changed something: a stop or start the service accepted (an answer, an operation, a status
 * read after it) or was found out to have acted on. Skipped instances and those never sent, or refused, did not.
 */
function acted(o) {
    const outcome = o.instance?.outcome;
    if (outcome === 'skipped' || outcome === 'planned' || outcome === 'not sent')
        return false;
    if (outcome !== 'failed')
        return true;
    // A 409 refused: nothing of this step reached the service, whatever the read after it shows.
    if (o.causeKind === 'conflict')
        return false;
    return o.operation?.url !== undefined || o.operation?.body !== undefined || o.instance?.after !== undefined;
}
/**
 * The outputs of erp-stop/erp-start: a real run's report with `changes` (and an empty `plan`); a dry run's plan,
 * which says nothing of operations that never ran (no status, no operation URL), and its summary titled as a plan.
 * The step's failure is the real report's: the instances a real run would fail before changing anything.
 */
function withPlan({ reported, outcomes, operation, context, ctx, }) {
    if (!ctx.dryRun) {
        return { ...reported, outputs: { ...reported.outputs, changes: outcomes.some(acted), plan: [] } };
    }
    const targets = outcomes.map(plannedTarget);
    const instances = outcomes.map(erp_outcome/* instanceEntry */.sI);
    return planResult({ targets, shown: targets, instances, reported, operation, context, ctx });
}
/**
 * A dry run's outputs: the plan of the requests `targets` would send, its table of what each of `shown` would do
 * (each target, or each system of a window), and the rows saying it as the table does.
 */
function planResult(o) {
    const { targets, shown } = o;
    (0,operations_plan/* logPlan */.uH)(o.ctx.logger, targets);
    const { plan, changes } = (0,operations_plan/* planOutputs */.iS)(targets);
    return {
        outputs: { result: plan, 'operation-urls': [], instances: o.instances, changes, plan },
        summary: [(0,operations_plan/* planTable */.k0)(o.operation, 'erp virtual instance', shown, o.context)],
        failure: o.reported.failure,
        rows: o.reported.rows?.map((row, i) => ({ ...row, done: shown[i]?.effect })),
    };
}

// EXTERNAL MODULE: ./src/operations/erp/rows.ts
var erp_rows = __webpack_require__(3103);
// EXTERNAL MODULE: ./src/operations/erp/progress.ts
var progress = __webpack_require__(9301);
;// CONCATENATED MODULE: ./src/operations/erp/verdict.ts
// How a target's step ended, read from the service after its operation (verify, the lag, a lost answer): the verdict
// every step of every erp run shares. A read that fails before anything is sent: read-failure.ts.




/**
 * `verify`: after the operation ended Succeeded, the instance is read while its status still lags (Starting,
 * Stopping, SoftShutdown, or still at the start state within the settle window); its end status must be the
 * action's, or the instance fails, naming both statuses and the health: the line that catches a false success.
 */
async function verifyEnd(o) {
    const { step, ended, sent, ctx, log } = o;
    const { verb } = step;
    const name = step.ref.label;
    const end = verbs/* VERBS */.hU[verb].end;
    // The lag to read through is from where the request went out: after a wait on another operation, not the first read.
    const startState = (0,verbs/* startStateOf */.hs)(verb, sent.from ?? sent.before);
    const settled = await (0,instance_state/* followToEnd */.cm)({
        client: o.client,
        url: step.readUrl,
        ctx,
        // Where the instance already was at the end (a snooze of an Offline one), a read there is no lag.
        startState: (0,verbs/* isEnd */.uV)(step, startState) ? undefined : startState,
        onRead: (state) => log.info(`verify: is ${(0,wording/* described */.WY)(state)}`),
        onLag: (state) => log.info(`verify: is ${state.status ?? 'of no status'}, as before the ${verb}: the status may lag, so it is read again for up to ${(0,retry/* formatWait */.Du)((0,instance_state/* settleWindowMs */.IO)())}`),
    });
    const last = settled.last;
    const done = `${sent.done}: ${ended.operation?.body?.status ?? 'Succeeded'}`;
    const outcome = (instanceOutcome, failure, causeKind) => judged(o, {
        requestId: last?.response.requestId ?? ended.requestId,
        failure,
        causeKind,
        after: last,
        outcome: instanceOutcome,
        done,
    });
    switch (settled.kind) {
        case 'settled':
            if ((0,verbs/* isEnd */.uV)(step, last?.status))
                return outcome(verbs/* VERBS */.hU[verb].done);
            return outcome('failed', `The ${verb} succeeded but erp virtual instance '${name}' is ${(0,wording/* described */.WY)(last)} (expected ${end}): the service reported Succeeded for an instance that did not ${verb}.`, 'false success');
        case 'timeout':
        case 'cancelled':
            return outcome('running', `The ${verb} succeeded but erp virtual instance '${name}' was still ${(0,wording/* described */.WY)(last)}, when ${(0,wording/* whyCut */.$u)(settled.kind)} (verify: expected ${end}); run erp-status to see where it stands.`);
        case 'error':
            return outcome('failed', `The ${verb} succeeded but reading erp virtual instance '${name}' afterwards failed: ${(0,wording/* inSentence */.BX)(settled.error)} (verify: expected ${end}).`);
    }
}
/**
 * After an operation that ended other than Succeeded (Failed, say with a time-out code, or a polling URL that
 * answers 404): the service ends long operations after about 300 s and keeps moving the instance, so the instance
 * is read and a moving status followed within the timeout. Reaching the end status is a success with a warning
 * naming what the operation said; otherwise the operation's failure stands, and an ended operation is never
 * reported running.
 */
async function readAfterEnd(o) {
    const { step, ended, sent, ctx, log } = o;
    const said = ended.operation?.gone
        ? 'its operation is gone (HTTP 404)'
        : `its operation ended ${ended.operation?.body?.status}`;
    // The status cannot show the machines: it can never overrule the failure of a step on them.
    if (step.machines)
        return machinesFailed(o, said);
    log.info(`${said}: reading the instance, which may still be moving`);
    const settled = await (0,instance_state/* followToEnd */.cm)({
        client: o.client,
        url: step.readUrl,
        ctx,
        onRead: (state) => log.info(`is ${(0,wording/* described */.WY)(state)}`),
    });
    const last = settled.last;
    if (settled.kind === 'settled' && (0,verbs/* isEnd */.uV)(step, last?.status)) {
        const why = ended.failure?.replace(/\.$/, '') ?? said;
        log.warning(`${why}; but erp virtual instance '${step.ref.label}' reached ${last?.status}: counted as done`);
        return judged(o, {
            kind: 'succeeded',
            operation: { ...ended.operation, status: 'Succeeded' },
            failure: undefined,
            after: last,
            outcome: verbs/* VERBS */.hU[step.verb].done,
            done: `${sent.done}: ${said}, then ${last?.status}`,
        });
    }
    const where = last ? `; '${step.ref.label}' is ${last.status ?? 'of no status'}` : '';
    const failure = ended.failure && `${ended.failure.replace(/\.$/, '')}${where}.`;
    const done = `${sent.done}: ${ended.operation?.body?.status ?? said}`;
    return judged(o, { failure, after: last, outcome: 'failed', done });
}
/** A step on the machines (deallocateVm, startVm) whose operation ended other than Succeeded: it fails, whatever the status. */
function machinesFailed(o, said) {
    const { ended, sent } = o;
    const code = ended.operation?.body?.error?.code?.toLowerCase();
    const role = code === 'authorizationfailed'
        ? " The system's managed identity needs a role over its machines (virtual machine contributor) for deallocate-vm and start-vm."
        : '';
    const input = verbs/* VERBS */.hU[o.step.verb].machines.input;
    o.log.info(`${said}: a step on the machines, which the status cannot show, so it is not counted as done`);
    return judged(o, {
        causeKind: code === 'authorizationfailed' ? 'permission' : (ended.causeKind ?? 'service failed'),
        failure: `${(ended.failure ?? `The ${o.step.verb} of '${o.step.ref.label}': ${said}.`).replace(/\.$/, '')}; the status cannot show the machines, so ${input} is not counted as done.${role}`,
        outcome: 'failed',
        done: `${sent.done}: ${ended.operation?.body?.status ?? said}`,
    });
}
/** How a read after the operation judged it: its end (`ended`), what the read found, and what was done. */
function judged(o, r) {
    const { after, outcome, done, ...rest } = r;
    const durationMs = o.ctx.clock.now() - o.startedAt;
    return { ...o.ended, durationMs, ...rest, instance: { before: o.sent.before, after, outcome, done } };
}

;// CONCATENATED MODULE: ./src/operations/erp/act-on.ts
















/**
 * One step on one target: read it (C0), follow or wait out a move in progress, skip it where it is already
 * there, then send, follow its operation and verify its end (sendAndFollow); a 409 to a first attempt read
 * through and acted on once the way is seen clear.
 */
async function actOn(o) {
    const { step, options, client, ctx, log } = o;
    const startedAt = ctx.clock.now();
    const elapsed = () => ctx.clock.now() - startedAt;
    // An instance whose turn comes after a cancellation or the deadline is not read or sent at all.
    if (ctx.signal?.aborted || startedAt >= ctx.deadline)
        return notSent(o, 'before its turn', 0);
    // C0 first: what the instance is now decides whether anything is sent, and is the "before" of the report.
    let before;
    // A step that brings the system back is planned in a dry run as sent: the read cannot show where the run leaves it.
    const reads = (options.skipIfDone || options.verify) && !(ctx.dryRun && step.bringsBack);
    if (reads) {
        try {
            before = step.read?.take() ?? (await (0,instance_state/* readInstance */.oK)(client, step.readUrl));
        }
        catch (error) {
            return (0,read_failure/* readFailure */.f1)({ ref: step.ref, error, durationMs: elapsed(), log, ctx });
        }
        log.info(`is ${(0,wording/* described */.WY)(before)}`);
        const read = { name: step.ref.label, before, durationMs: elapsed() };
        const alone = o.selection && leftAlone(o.selection, read, log);
        if (alone)
            return alone;
    }
    const way = { step, client, ctx, log, startedAt, wait: options.wait };
    let now = before;
    for (let attempt = 1;; attempt++) {
        if (now) {
            // Moving: followed where it moves toward this step's end, else waited on until it moves no more.
            const cleared = await clearTheWay(way, now);
            if (!('state' in cleared))
                return withBefore(cleared, before);
            now = cleared.state;
            const skipped = skipIfDone(o, { before, now, durationMs: elapsed(), followed: cleared.ownMove });
            if (skipped)
                return skipped;
        }
        // A dry run stops here: read and skip-if-done as the real run, and the POST refused by the client, not sent.
        if (ctx.dryRun) {
            const hardStopFallback = options.hardStopFallback === true;
            return planInstance({ step, hardStopFallback, before, client, log, durationMs: elapsed() });
        }
        const moved = await o.beforeSend?.();
        if (moved)
            return withBefore(moved, before);
        const sent = await sendAndFollow(o, { before, now, startedAt, firstAttempt: attempt === 1 });
        if (!('conflict' in sent))
            return sent;
        // A 409 to the first attempt: an operation in progress the read did not show; read through the lag.
        const seen = await readThroughConflict(way, now, sent.conflict);
        if ('refused' in seen) {
            return refusedOnConflict(o, { error: sent.conflict, refused: seen.refused, before, after: seen.after }, elapsed());
        }
        if ('done' in seen)
            return doneAfterConflict(o, before, seen.done, elapsed());
        now = seen.state;
    }
}
/** A result said with the step's first read as its status before (the read it ended on came later). */
const withBefore = (r, before) => ({
    ...r,
    instance: r.instance && { ...r.instance, before },
});
/** The POST, then its operation followed and the instance verified; a 409 to a first attempt handed back. */
async function sendAndFollow(o, at) {
    const { step, options, client, ctx, log } = o;
    const { verb } = step;
    const { before, startedAt } = at;
    const name = step.ref.label;
    const label = `The ${verb} of erp virtual instance '${name}'`;
    const elapsed = () => ctx.clock.now() - startedAt;
    const end = (followed, operationUrl) => (0,conclude/* conclude */.Ep)({
        label,
        target: name,
        followed,
        operationUrl,
        durationMs: elapsed(),
        log,
        resume: o.inPlan ? conclude/* RUN_AGAIN */.Bs : undefined,
    });
    const sent = { before, from: at.now, done: step.describe };
    let seen;
    let pollingUrl;
    let mode;
    try {
        const hardStopFallback = options.hardStopFallback === true;
        const response = await sendFindingOut({
            ...o,
            wait: options.wait,
            hardStopFallback,
            before: at.now,
            sent,
        });
        if ('settled' in response) {
            return followedInstance({ step, followed: response, sent, durationMs: elapsed(), log });
        }
        // The service's own answer to the POST, read in the client as the poller reads it.
        const first = (0,follow/* readFirstAnswer */.V)(response, client.origin, `${verb} response`);
        seen = first.seen;
        if (first.kind === 'ended') {
            log.info((0,progress/* progressLine */.oz)(seen.body, elapsed()));
            const kind = seen.state === 'succeeded' ? 'succeeded' : 'failed';
            const followed = { kind, last: seen };
            const ended = end(followed);
            return afterOperation(o, { ended, kind, sent, startedAt });
        }
        pollingUrl = first.pollingUrl;
        mode = first.mode;
        log.info(`${verb} accepted (HTTP ${response.status}); operation ${(0,client_url/* redactQuery */.Ce)(pollingUrl)}`);
    }
    catch (error) {
        if (at.firstAttempt && isConflict(error) && !ctx.signal?.aborted)
            return { conflict: error };
        if (neverSent(error, ctx))
            return notSent(o, 'before the request reached the service', elapsed(), error);
        const kind = ctx.signal?.aborted ? 'cancelled' : 'error';
        const followed = { kind, last: seen, error };
        const ended = end(followed);
        return withInstance(ended, sent, verb);
    }
    if (!options.wait) {
        log.info(`${(0,progress/* progressLine */.oz)(seen.body, elapsed())}; not waiting (wait: false)`);
        const followed = { kind: 'accepted', last: seen };
        const accepted = end(followed, pollingUrl);
        return withInstance(accepted, sent, verb);
    }
    const followed = await (0,progress/* followInLog */.v8)(ctx, log, startedAt, { client, pollingUrl, mode, initial: seen });
    const ended = end(followed, followed.pollingUrl);
    return afterOperation(o, { ended, kind: followed.kind, sent, startedAt });
}
/** After the operation ended: verified where it succeeded; read after any other end, as it may still move. */
function afterOperation(o, e) {
    const { ended, sent, startedAt } = e;
    if (e.kind === 'succeeded' && o.options.verify)
        return verifyEnd({ ...o, ended, sent, startedAt });
    // An operation that ended other than Succeeded: the instance may still reach its end.
    if (e.kind === 'failed' || ended.operation?.gone)
        return readAfterEnd({ ...o, ended, sent, startedAt });
    return withInstance(ended, sent, o.step.verb);
}
/** The instance part of an outcome that ended without a read after it (no verify, or not Succeeded). */
function withInstance(outcome, sent, verb) {
    const instanceOutcome = outcome.failure === undefined
        ? outcome.kind === 'accepted'
            ? 'running'
            : verbs/* VERBS */.hU[verb].done
        : (0,wording/* isCut */.xZ)(outcome.kind) || (0,erp_rows/* stillRunning */.K_)(outcome)
            ? 'running'
            : 'failed';
    const how = outcome.kind === 'accepted' ? 'accepted, not waited on' : (0,erp_rows/* endedAs */.BN)(outcome);
    return {
        ...outcome,
        instance: { before: sent.before, outcome: instanceOutcome, done: `${sent.done}: ${how}` },
    };
}

// EXTERNAL MODULE: ./src/operations/erp/vocabulary.ts
var vocabulary = __webpack_require__(2474);
;// CONCATENATED MODULE: ./src/operations/erp/parts/machines-gate.ts




/** After a snooze the service cannot reach a stopped database: Unavailable ends its stop as Offline does. */
const SNOOZED_STOP = { verb: 'stop', machines: true };
/**
 * The database stops whose database must be read before the machines: not one this run has just read down (its
 * stop verified Offline, or skipped as Offline already); with `verify: false` every one.
 */
function toReadBeforeMachines(plan, results) {
    const readDown = (step) => results.some((r) => r.step === step && (0,verbs/* isEnd */.uV)(SNOOZED_STOP, r.outcome.instance?.after?.status));
    return plan.filter((s) => s.step === 'database stop' && !readDown(s));
}
/**
 * No machine of a system is deallocated before every HANA database of it reads Offline (C4), `verify` on or off:
 * each database is read, a stop still in progress followed within the timeout. Undefined where all are down;
 * else the machine step's outcome, not sent, naming the database and its status.
 */
async function databasesDown(databases, o) {
    for (const db of databases) {
        const settled = await (0,instance_state/* followToEnd */.cm)({
            client: o.client,
            url: db.readUrl,
            ctx: o.ctx,
            onRead: (s) => o.log.info(`before the machines: ${db.target} is ${s.status ?? 'of no status'}`),
        });
        const status = settled.last?.status;
        // After a snooze the service cannot reach a stopped database: Unavailable counts as Offline.
        if (settled.kind === 'settled' && (0,verbs/* isEnd */.uV)(SNOOZED_STOP, status))
            continue;
        const why = settled.kind === 'settled'
            ? `is ${status ?? 'of no status'}`
            : settled.kind === 'error'
                ? `could not be read (${(0,wording/* inSentence */.BX)(settled.error)})`
                : `was still ${status ?? 'of no status'} when ${(0,wording/* whyCut */.$u)(settled.kind)}`;
        return (0,target_result/* unsent */.YX)({
            target: db.target,
            kind: (0,wording/* isCut */.xZ)(settled.kind) ? settled.kind : 'error',
            causeKind: (0,wording/* isCut */.xZ)(settled.kind) ? settled.kind : 'whole system',
            durationMs: o.ctx.clock.now() - o.startedAt,
            failure: `Database instance '${db.target}' ${why}: no machine is deallocated before every database of the system reads Offline; nothing was sent to the machines. Run the same step again once the database is Offline.`,
            why: `${db.target} ${why}`,
            cut: true,
        });
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/operations/erp/parts/two-hands.ts





/**
 * Two hands on one system (another job starts it during a stop's window, or stops it during a start's): just before
 * a step is sent, the earlier steps it holds (step.holds) are read again; one whose target moved away from its end is
 * run again as planned (the application's own soft stop, never a hard one in its place), a move still in progress
 * waited out as actOn does. Undefined where all hold; else the step's outcome, not sent, naming what moved.
 */
async function holdsFirst(o, hands) {
    const { step, client, ctx, log } = o;
    const startedAt = ctx.clock.now();
    const i = hands.plan.indexOf(step);
    const held = hands.plan.slice(0, i < 0 ? 0 : i).filter((s) => step.holds?.includes(s.step));
    for (const hold of held) {
        let status;
        try {
            status = (await (0,instance_state/* readInstance */.oK)(client, hold.readUrl)).status;
        }
        catch (error) {
            return two_hands_notSent(o, startedAt, `${hold.target} could not be read (${(0,wording/* inSentence */.BX)(error)})`);
        }
        if ((0,verbs/* isEnd */.uV)({ verb: hold.verb, machines: hold.snoozed }, status))
            continue;
        log.info(`before the ${step.step}: ${hold.target} is ${status ?? 'of no status'}, moved away from the window (another operation): the ${hold.step} again, ${hold.describe}`);
        const at = ctx.clock.now();
        // The step again as planned: skipped where it is there by now, waited on while it moves, else sent and followed.
        const options = { ...o.options, skipIfDone: true, wait: true };
        const child = new progress/* InstanceLog */.g7(`${hold.step} ${hold.target} again`, log);
        const again = await hands.actOn({
            ...o,
            step: hold,
            options,
            log: child,
            selection: undefined,
            beforeSend: undefined,
        });
        log.details.push(...child.details);
        const result = { step: hold, outcome: { ...again, startedAt: at, endedAt: ctx.clock.now() } };
        const k = hands.results.findIndex((r) => r.step === hold);
        if (k < 0)
            hands.results.push(result);
        else
            hands.results[k] = result;
        if (again.failure !== undefined) {
            return two_hands_notSent(o, startedAt, `${hold.target} moved away (${status}) and its ${hold.step} again failed`, again);
        }
    }
    return undefined;
}
function two_hands_notSent(o, startedAt, why, again) {
    const { step, ctx } = o;
    const kind = (0,wording/* isCut */.xZ)(again?.kind) ? again.kind : undefined;
    const cut = kind !== undefined;
    return (0,target_result/* unsent */.YX)({
        target: step.target,
        kind: kind ?? 'error',
        causeKind: kind ?? 'whole system',
        durationMs: ctx.clock.now() - startedAt,
        failure: `The ${step.step} of '${step.target}' was not sent: ${why}${again?.failure ? `: ${again.failure}` : ''}`,
        why,
        cut,
    });
}

;// CONCATENATED MODULE: ./src/operations/erp/stepped-report.ts






/** The one way back of an erp run cut short, as the summary's note of a row still running says it. */
const RESUME_WITH = 'run the same step again to resume where the service is (wait-for-operation with the `operations` output follows only what was sent, and names the steps left)';
/** The `steps` entry of one step, as its system's `instances` entry says it; a step never reached is `not sent`. */
function stepEntry(step, outcome) {
    const { before, after, outcome: said } = outcome ? (0,erp_outcome/* instanceEntry */.sI)(outcome) : NOT_REACHED;
    return {
        step: step.step,
        target: step.target,
        before,
        after,
        // An operation the service ended Failed is over, whatever a resumable URL would say.
        outcome: outcome?.kind === 'failed' ? 'failed' : said,
        seconds: outcome ? Math.round(outcome.durationMs / 100) / 10 : 0,
    };
}
const NOT_REACHED = { before: null, after: null, outcome: 'not sent' };
/**
 * The system's outcome from its steps: the first failed step's failure (naming the step, and the steps not sent),
 * else the run's done word, `skipped` where every step was, `planned` in a dry run. Its before and after are the
 * system's own statuses (its first and last step on the system).
 */
function systemOutcome(o, durationMs, dryRun) {
    const { ref, run, plan, results } = o;
    const failing = results.find((r) => r.outcome.failure !== undefined);
    const last = results[results.length - 1]?.outcome;
    const own = results.filter((r) => r.step.target === ref.label).map((r) => r.outcome.instance);
    const lastOwn = own[own.length - 1];
    const skipped = results.every((r) => r.outcome.instance?.outcome === 'skipped');
    // The health read after the start that brought it up: the system's row says it too, not only that step's.
    const up = own.findLast((i) => i?.up)?.up;
    const outcome = failing
        ? (failing.outcome.instance?.outcome ?? 'failed')
        : dryRun
            ? 'planned'
            : skipped
                ? 'skipped'
                : run.done;
    const notSent = plan.filter((s) => !results.some((r) => r.step === s)).map((s) => `${s.step} ${s.target}`);
    const what = o.whole ? `Whole-system ${run.word}` : `The ${run.word}`;
    return {
        target: ref.label,
        kind: failing?.outcome.kind ?? 'succeeded',
        causeKind: failing?.outcome.causeKind,
        // A step still running: the operations output names it, its database and the steps left (wait-for-operation).
        ...(failing
            ? {
                entry: {
                    ...(0,instance_ref/* entryFor */.cy)(ref, failing.step),
                    step: failing.step.step,
                    ...databaseOf(ref, failing.step),
                    left: notSent,
                },
            }
            : {}),
        operation: {
            body: (failing?.outcome ?? last)?.operation?.body,
            url: failing?.outcome.operation?.url,
            gone: failing?.outcome.operation?.gone,
            status: failing ? failing.outcome.operation?.status : 'Succeeded',
        },
        requestId: last?.requestId,
        durationMs,
        failure: failing &&
            `${what} of '${ref.label}', step ${failing.step.step} (${failing.step.target}): ${failing.outcome.failure}` +
                (notSent.length > 0 ? ` Not sent: ${notSent.join(', ')}.` : '') +
                ((0,wording/* isCut */.xZ)(failing.outcome.kind) ? run.resume : ''),
        instance: {
            before: own[0]?.before,
            after: lastOwn?.after,
            outcome,
            done: `${o.whole ? 'whole system' : run.word}: ${skipped ? 'every step skipped (already done)' : outcome}${up ? `; ${up}` : ''}`,
        },
    };
}
/** The database a step is on (`X01/db0` → `db0`); none for the system itself. */
const databaseOf = (ref, step) => step.target === ref.label ? {} : { database: step.target.slice(ref.label.length + 1) };
/**
 * The outputs and summary of a window: erp-stop/erp-start's own report (one row and one `instances` entry per
 * system), each entry with its `steps`, from which the job summary draws a row per step; a dry run's plan has one
 * entry per step's request.
 */
function stepsResult({ run, refs, outcomes, windows, ctx, whole, stepped, }) {
    const context = (0,instance_ref/* whereContext */.zm)(refs.map((ref) => ({ ref })));
    const { operation, running } = run;
    const reportOf = (title, operations) => (0,erp_outcome/* report */.z8)(outcomes, {
        running,
        title,
        targetHeader: 'erp virtual instance',
        severalFailed: `erp virtual instances did not ${run.word}`,
        resultKey: 'erpVirtualInstance',
        instances: true,
        operations,
        context,
        resumeWith: RESUME_WITH,
    });
    if (!stepped)
        return withPlan({ reported: reportOf(operation, true), outcomes, operation, context, ctx });
    const systems = refs.map((ref) => windows.get(ref) ?? { plan: [], results: [] });
    const results = systems.map((w) => w.results);
    // Each system's steps planned, with how each ended (none where it was never reached), in order.
    const steps = systems.map(({ plan, results: ran }) => plan.map((step) => ({ step, outcome: ran.find((r) => r.step === step)?.outcome })));
    const reported = reportOf(whole ? `${operation} (whole system)` : operation, 'named');
    const instances = outcomes.map((o, i) => ({
        ...(0,erp_outcome/* instanceEntry */.sI)(o),
        steps: steps[i].map((s) => stepEntry(s.step, s.outcome)),
    }));
    const rows = outcomes.map((o, i) => {
        const stepRows = steps[i].map((s) => (0,erp_rows/* stepRow */.Dx)(s.step, s.outcome, running));
        return (0,erp_rows/* targetRow */.aE)(o, { running, id: (0,instance_ref/* idOf */.TH)(refs[i]), steps: stepRows });
    });
    if (ctx.dryRun) {
        const targets = results.flat().map(({ step, outcome }) => {
            const planned = plannedTarget(outcome);
            return { ...planned, target: step.target, effect: `${step.step}: ${planned.effect}` };
        });
        // One row per system, as `instances`: the summary draws each system's planned steps from its `steps`.
        const shown = outcomes.map(plannedTarget);
        return planResult({
            targets,
            shown,
            instances,
            reported: { ...reported, rows },
            operation,
            context,
            ctx,
        });
    }
    const real = withPlan({
        reported,
        outcomes: results.flat().map((r) => r.outcome),
        operation,
        context,
        ctx,
    });
    // One table row per system: the summary draws each system's steps from `instances[].steps`.
    return { ...real, outputs: { ...real.outputs, instances }, rows };
}

;// CONCATENATED MODULE: ./src/operations/erp/run-steps.ts











/**
 * The one erp driver: every system (`max-parallel` at once), each step of its plan in order through one `actOn`,
 * the first that does not end where it should ending that system's run but for the steps that bring it back; one
 * report of them all.
 */
async function runSteps(run, client, ctx) {
    const { options, whole } = run;
    const row = verbs/* RUNS */.pt[run.run];
    // Every item and path is checked before the first request: a bad one fails the step with nothing sent.
    const apiVersion = (0,vocabulary/* apiVersionFor */.I7)(options.apiVersion, { verb: row.verbs[0], machines: run.machines });
    const refs = (0,instance_ref/* resolveInstances */.JK)(options.erpVirtualInstances, options);
    const systems = new Map();
    // Reported through its steps: a window, or a run of several verbs (even where a system was planned one step).
    const stepped = whole || row.verbs.length > 1;
    const outcomes = await (0,each/* forEachTarget */.M)(refs, options.maxParallel, ctx, {
        title: (ref) => `${row.operation} ${ref.label}${whole ? ' (whole system)' : ''}`,
        logName: (ref) => ref.label,
        work: async (ref, log) => {
            const system = { plan: [], results: [] };
            systems.set(ref, system);
            const planned = await run.plan(ref, { ...run, apiVersion }, log);
            if (!Array.isArray(planned))
                return planned;
            system.plan = planned;
            return runSystem({ run: { ...run, apiVersion }, ref, system, stepped, client, ctx, log });
        },
    });
    return stepsResult({ run: row, refs, outcomes, windows: systems, ctx, whole, stepped });
}
async function runSystem(o) {
    const { run, ref, system, client, ctx, log } = o;
    const { plan, results } = system;
    const startedAt = ctx.clock.now();
    const several = plan.length > 1;
    if (several)
        log.info((0,wording/* windowLine */.V9)(plan));
    let failed = false;
    for (const [i, step] of plan.entries()) {
        // After a failure only the steps that bring the system back run (a restart's start), until one of them fails.
        if (failed && !step.bringsBack)
            continue;
        const child = step.target === ref.label ? '' : step.target.slice(ref.label.length + 1);
        const stepLog = several ? new progress/* InstanceLog */.g7((0,wording/* stepLogName */.sl)(i, plan.length, step.step, child), log) : log;
        const stepStartedAt = ctx.clock.now();
        const ran = await runStep({ run, step, plan, results, system: ref, client, ctx, log: stepLog });
        if (several)
            log.details.push(...stepLog.details);
        // The system left the selection (the read before its first step): none of its steps is sent.
        if (ran.leftAlone)
            return { ...ran, durationMs: ctx.clock.now() - startedAt };
        results.push({ step, outcome: { ...ran, startedAt: stepStartedAt, endedAt: ctx.clock.now() } });
        if (ran.failure !== undefined && (failed || step.bringsBack))
            break;
        failed ||= ran.failure !== undefined;
    }
    if (several || o.stepped) {
        const row = verbs/* RUNS */.pt[run.run];
        return systemOutcome({ ref, run: row, whole: run.whole, plan, results }, ctx.clock.now() - startedAt, ctx.dryRun === true);
    }
    const only = results[0];
    return {
        ...only.outcome,
        entry: (0,instance_ref/* entryFor */.cy)(ref, { verb: only.step.verb, machines: run.machines }),
    };
}
/**
 * One step, "send, follow, verify" (actOn): read first, a move in progress followed or waited on, skipped where
 * done; before it is sent, what its planner asks to hold (the databases down before the machines).
 */
async function runStep(one) {
    const { run, step, client, ctx, log } = one;
    // Chosen by tag: a step on the system itself re-checks the selection in its read (a database's read has no tags).
    const selection = step.target === one.system.label ? run.options : undefined;
    const acting = {
        step,
        apiVersion: run.apiVersion,
        options: run.options,
        client,
        ctx,
        log,
        selection,
        // One of several steps: a cut one is resumed by running the step again (conclude's RUN_AGAIN).
        inPlan: one.plan.length > 1,
    };
    // Two hands: what the step holds is read again just before it is sent (never in a dry run, which sends nothing).
    const hands = { plan: one.plan, results: one.results, actOn: actOn };
    if (step.holds && !ctx.dryRun)
        acting.beforeSend = () => holdsFirst(acting, hands);
    if (step.preflight === 'databases offline') {
        const refused = await snoozeFirst(acting);
        if (refused)
            return refused;
    }
    if (step.preflight === 'databases down' && !ctx.dryRun) {
        const databases = toReadBeforeMachines(one.plan, one.results);
        const down = await databasesDown(databases, { client, ctx, log, startedAt: ctx.clock.now() });
        if (down)
            return down;
    }
    const ran = await actOn(acting);
    // A step's own follow-up (a start's health read), where its planner gave one.
    return step.then ? step.then(ran, { client, ctx, log }) : ran;
}

// EXTERNAL MODULE: ./src/client/http.ts + 7 modules
var http = __webpack_require__(2838);
;// CONCATENATED MODULE: ./src/client/schemas/authorization.ts

/**
 * C7's reads: the caller's effective permissions at a scope, another principal's role assignments, and a role
 * definition. A list that is not a list of strings reads as none: never as a grant.
 */
const patterns = () => zod/* catch */.MfU(zod/* nullish */.cl6(zod/* array */.YOg(zod/* string */.YjP())), undefined);
/** One entry of a permissions read or of a role definition: its actions and what it takes back from them. */
const permission = zod/* onFirstUse */.Vkw(() => zod/* looseObject */._H3({
    actions: patterns(),
    notActions: patterns(),
    dataActions: patterns(),
    notDataActions: patterns(),
}));
/** A page of the caller's permissions at a scope, one entry per role that applies. */
const permissionList = zod/* pageOf */.ZZD(permission);
/** A role assignment: which role, to whom, and whether a condition narrows it (which a read cannot judge). */
const roleAssignment = zod/* onFirstUse */.Vkw(() => zod/* looseObject */._H3({
    id: zod/* nullish */.cl6(zod/* string */.YjP()),
    properties: zod/* looseObject */._H3({
        scope: zod/* nullish */.cl6(zod/* string */.YjP()),
        roleDefinitionId: zod/* string */.YjP(),
        principalId: zod/* nullish */.cl6(zod/* string */.YjP()),
        principalType: zod/* nullish */.cl6(zod/* string */.YjP()),
        condition: zod/* nullish */.cl6(zod/* string */.YjP()),
    }),
}));
/** A page of role assignments at a scope (`$filter=assignedTo('{principalId}')`). */
const roleAssignmentList = zod/* pageOf */.ZZD(roleAssignment);
/** A role definition: its name and its permission entries. */
const roleDefinition = zod/* onFirstUse */.Vkw(() => zod/* looseObject */._H3({
    id: zod/* nullish */.cl6(zod/* string */.YjP()),
    properties: zod/* looseObject */._H3({
        roleName: zod/* nullish */.cl6(zod/* string */.YjP()),
        permissions: zod/* nullish */.cl6(zod/* array */.YOg(permission)),
    }),
}));

;// CONCATENATED MODULE: ./src/operations/erp/check/actions.ts
/**
 * How an action is matched against a role's permissions (C7): whole strings, without case, every `*` any run of
 * characters (`/` too); allowed where one entry's `actions` match and that same entry's `notActions` do not.
 */
/** Whether one pattern matches the action: every `*` (not only the first, as a known portal helper does). */
function matchesPattern(pattern, action) {
    const parts = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'));
    return new RegExp(`^${parts.join('.*')}$`, 'is').test(action);
}
/** Whether an entry grants the action: its own `notActions` subtract only from its own `actions`. */
function entryAllows(entry, action) {
    const granted = (entry.actions ?? []).some((pattern) => matchesPattern(pattern, action));
    return granted && !(entry.notActions ?? []).some((pattern) => matchesPattern(pattern, action));
}
/** Whether any entry grants the action: one role's `notActions` is not a deny of another role's grant. */
function allows(entries, action) {
    return entries.some((entry) => entryAllows(entry, action));
}
/** The actions of `needed` no entry grants, in their order. */
function lacking(entries, needed) {
    return needed.filter((action) => !allows(entries, action));
}

;// CONCATENATED MODULE: ./src/operations/erp/check/findings.ts




/**
 * The checks that need no read beyond the system's own (C6): a pure function of the facts and the window, so a
 * stop or start can run them before it sends anything. `caller-lacks` and `identity-lacks` read more (access.ts).
 */
const LEVELS = {
    'not-registered': 'refuse',
    'resource-not-succeeded': 'refuse',
    'service-errors': 'warn',
    'soft-stop-out-of-range': 'refuse',
    'no-identity': 'refuse',
    'identity-lacks': 'refuse',
    'caller-lacks': 'refuse',
    'database-not-hana': 'refuse',
    moving: 'warn',
    unhealthy: 'warn',
    'shared-machine': 'warn',
    'could-not-check': 'unknown',
};
const finding = (code, part, text) => ({
    code,
    level: LEVELS[code],
    part,
    text,
});
/** The service's limits of a soft stop (C3): below these, in seconds. */
const SOFT_STOP_LIMITS = { system: 82800, hana: 1800 };
const MOVING = ['starting', 'stopping', 'softshutdown'];
const UNWELL = ['unhealthy', 'degraded'];
/** Whether the window stops anything: a stop or a restart. */
const stops = (w) => w.for !== 'start';
/** Whether the window moves the machines: a snooze stop, or a start with its machines (a restart never does). */
const movesMachines = (w) => (0,verbs/* machineVerbs */.WE)(w.for, w).length > 0;
/** Every no-extra-read check of one system for the window, in the contract's order. */
function checksFor(system, window) {
    const s = system.name;
    const found = [];
    if (!(0,client_status/* sameStatus */.H5)(system.state, 'RegistrationComplete')) {
        found.push(finding('not-registered', 'system', `${s} is ${system.state ?? 'of no registration state'}, not RegistrationComplete: the service offers it no stop or start (UnsupportedProvisioningState: ${system.state ?? 'none'}); finish its registration or leave it out of the window.`));
    }
    const resources = [
        { part: 'system', ...system },
        ...system.parts.map((p) => ({ part: partName(p), ...p })),
    ];
    for (const r of resources) {
        if (r.provisioningState !== undefined && !(0,client_status/* sameStatus */.H5)(r.provisioningState, 'Succeeded')) {
            found.push(finding('resource-not-succeeded', r.part, `${s}: ${r.part} has provisioningState ${r.provisioningState}, not Succeeded: the resource is being changed or is broken; wait until it is Succeeded, or leave the system out.`));
        }
    }
    for (const r of resources) {
        if (r.errors) {
            found.push(finding('service-errors', r.part, `${s}: ${r.part} reports ${faultText(r.errors)}; often the service's own monitoring, which a stop does not need: read it before the window.`));
        }
    }
    found.push(...softStopFindings(system, window), ...identityFindings(system, window));
    found.push(...databaseFindings(system, window), ...movingFindings(resources, s));
    found.push(...healthFindings(system), ...sharedMachines(system, window));
    if (system.partsUnread) {
        const why = (0,errors/* oneLine */.TN)(system.partsUnread);
        found.push(finding('could-not-check', 'instances', `${s}: its instances could not be listed (${why.length > 300 ? `${why.slice(0, 299)}…` : why}): the checks on its parts were not made.`));
    }
    return found;
}
function partName(part) {
    return `${part.kind} ${part.name}`;
}
/** The service's words, reduced as any service text is: one line, at most 300 characters. */
function faultText(fault) {
    const said = (0,errors/* oneLine */.TN)([fault.code, fault.message].filter(Boolean).join(': '));
    return said.length > 300 ? `${said.slice(0, 299)}…` : said;
}
function softStopFindings(system, w) {
    if (!stops(w))
        return [];
    const found = [];
    if (w.softStopTimeoutSeconds >= SOFT_STOP_LIMITS.system) {
        found.push(finding('soft-stop-out-of-range', 'system', `${system.name}: soft-stop-timeout-seconds ${w.softStopTimeoutSeconds} is not below ${SOFT_STOP_LIMITS.system}, which the service accepts for the system and its application servers; give less.`));
    }
    const db = w.databaseSoftStopTimeoutSeconds ?? 0;
    const hana = system.parts.find((p) => p.kind === 'database' && isHana(p.databaseType));
    if (w.wholeSystem && hana && db >= SOFT_STOP_LIMITS.hana) {
        found.push(finding('soft-stop-out-of-range', partName(hana), `${system.name}: database-soft-stop-timeout-seconds ${db} is not below ${SOFT_STOP_LIMITS.hana}, which the service accepts for HANA; give less.`));
    }
    return found;
}
function identityFindings(system, w) {
    const [verb] = (0,verbs/* machineVerbs */.WE)(w.for, w);
    if (!verb || system.identity)
        return [];
    const input = verbs/* VERBS */.hU[verb].machines.input;
    return [
        finding('no-identity', 'system', `${system.name} has no identity of its own, which ${input}: true needs to move its machines: give the system a managed identity with a role over its machines' resource groups, or set ${input}: false.`),
    ];
}
function databaseFindings(system, w) {
    if (!w.wholeSystem)
        return [];
    return system.parts
        .filter((p) => p.kind === 'database' && !isHana(p.databaseType))
        .map((p) => finding('database-not-hana', partName(p), `${system.name}: ${partName(p)} is of type ${p.databaseType ?? 'none'}: the service stops and starts only HANA, so whole-system: true cannot run its window; whole-system: false stops or starts the application alone.`));
}
function movingFindings(resources, s) {
    return resources
        .filter((r) => (0,client_status/* isOneOf */.EK)(r.status, MOVING))
        .map((r) => finding('moving', r.part, `${s}: ${r.part} is ${r.status}: the window will follow or wait out that move first; check nothing else is acting on it.`));
}
function healthFindings(system) {
    const unwell = [
        { part: 'system', health: system.health },
        ...system.parts
            .filter((p) => p.kind === 'central services')
            .flatMap((p) => [
            { part: partName(p), health: p.health },
            ...p.servers.map((v) => ({ part: `${partName(p)} ${v.name}`, health: v.health })),
        ]),
    ].filter((h) => (0,client_status/* isOneOf */.EK)(h.health, UNWELL));
    return unwell.map((h) => finding('unhealthy', h.part, `${system.name}: ${h.part} is ${h.health}: look at it before the window, which cannot tell a fault it causes from one already there.`));
}
function sharedMachines(system, w) {
    if (!stops(w))
        return [];
    const byMachine = new Map();
    const stopped = system.parts.filter((p) => p.kind !== 'database' || w.wholeSystem);
    for (const part of stopped) {
        for (const machine of new Set(part.machines.map((m) => m.toLowerCase()))) {
            byMachine.set(machine, [...(byMachine.get(machine) ?? []), part]);
        }
    }
    return [...byMachine.entries()]
        .filter(([, parts]) => parts.length > 1)
        .map(([machine, parts]) => finding('shared-machine', parts.map(partName).join(', '), `${system.name}: ${parts.map(partName).join(' and ')} share machine ${machine.split('/').pop()}, where the service accepts one stop at a time: watch that machine's stops in the window.`));
}

;// CONCATENATED MODULE: ./src/operations/erp/check/access.ts









/**
 * The checks that need reads of their own (C7): what the caller may do at each system's resource group, and what
 * the system's identity may do over its machines' resource groups. Each read is made once per run and scope (a
 * promise shared by every system that needs it); a read refused, throttled past `timeout`, or an assignment with
 * a condition is `could-not-check`, never a pass.
 */
/** C7's api-version, declared once. */
const AUTHORIZATION_API_VERSION = '2022-04-01';
const W = 'Vendor.Workloads/erpVirtualInstances';
/** What the caller's window sends, by `for` (C7). */
function callerNeeds(w) {
    const verbs = w.for === 'restart' ? ['stop', 'start'] : [w.for];
    return [
        `${W}/read`,
        ...verbs.map((v) => `${W}/${v}/action`),
        ...(w.wholeSystem
            ? [`${W}/databaseInstances/read`, ...verbs.map((v) => `${W}/databaseInstances/${v}/action`)]
            : []),
        'Vendor.Workloads/locations/operationStatuses/read',
    ];
}
/** What the system's identity needs over each machine's resource group, where the window moves machines. */
function identityNeeds(w) {
    const vm = 'Vendor.Compute/virtualMachines';
    const actions = (0,verbs/* machineVerbs */.WE)(w.for, w).map((v) => `${vm}/${verbs/* VERBS */.hU[v].machineAction}/action`);
    return [`${vm}/read`, ...actions, `${vm}/instanceView/read`];
}
/** The reads of one run, each made once: permissions by scope, assignments by scope and principal, roles by id. */
class AccessReads {
    #client;
    #baseUrl;
    #signal;
    #made = new Map();
    constructor(client, baseUrl, signal) {
        this.#client = client;
        this.#baseUrl = baseUrl;
        this.#signal = signal;
    }
    #once(key, read) {
        if (!this.#made.has(key))
            this.#made.set(key, read());
        return this.#made.get(key);
    }
    #list(url, schema, what) {
        return (0,pages/* listAll */._w)(this.#client, { method: 'GET', url, schema, what, signal: this.#signal });
    }
    /** The caller's effective permissions at a resource group. */
    permissions(sub, rg) {
        return this.#once(`p/${sub}/${rg}`.toLowerCase(), () => this.#list((0,client_url/* joinUrl */.we)(this.#baseUrl, (0,client_url/* servicePath */.VF) `/subscriptions/${sub}/resourceGroups/${rg}/providers/Vendor.Authorization/permissions`, {
            'api-version': AUTHORIZATION_API_VERSION,
        }), permissionList, 'permissions'));
    }
    /** The role assignments of a principal over a resource group (`assignedTo` follows group membership). */
    assignments(sub, rg, principalId) {
        return this.#once(`a/${sub}/${rg}/${principalId}`.toLowerCase(), () => this.#list((0,client_url/* joinUrl */.we)(this.#baseUrl, (0,client_url/* servicePath */.VF) `/subscriptions/${sub}/resourceGroups/${rg}/providers/Vendor.Authorization/roleAssignments`, {
            'api-version': AUTHORIZATION_API_VERSION,
            $filter: `assignedTo('${principalId}')`,
        }), roleAssignmentList, 'role assignments'));
    }
    /** A role definition's permission entries, by the id an assignment names. */
    role(id) {
        return this.#once(`r/${id}`.toLowerCase(), async () => {
            const segments = id.split('/').filter(Boolean);
            if (!id.startsWith('/') || segments.length < 2 || segments.some((s) => s === '.' || s === '..')) {
                throw new Error(`the role definition id '${id}' is not a resource path`);
            }
            const path = segments.map((s) => (0,client_url/* servicePath */.VF) `/${decodeURIComponent(s)}`).join('');
            const url = (0,client_url/* joinUrl */.we)(this.#baseUrl, path, { 'api-version': AUTHORIZATION_API_VERSION });
            const response = await this.#client.send({ method: 'GET', url, what: 'role definition' });
            return (0,http/* parseBody */.OG)(response, roleDefinition, 'role definition').properties.permissions ?? [];
        });
    }
}
/** Why a read a check needs failed, in one line. */
function why(error) {
    if (error instanceof errors/* ServiceError */._7) {
        return `${error.status === 403 ? 'the read was refused' : error.status === 429 ? 'the read was throttled past timeout' : 'the read failed'} (${error.said()})`;
    }
    return `the read failed (${(0,wording/* firstLine */.TM)(error)})`;
}
/** `caller-lacks`: the caller's permissions at the system's resource group lack an action the window sends. */
async function callerChecks(ref, w, reads) {
    const s = ref.label;
    try {
        const missing = lacking(await reads.permissions(ref.subscriptionId, ref.resourceGroup), callerNeeds(w));
        if (missing.length === 0)
            return [];
        return [
            finding('caller-lacks', 'caller', `${s}: the caller's permissions at resource group ${ref.resourceGroup} lack ${missing.join(', ')}, which the window sends; grant them to the caller or leave the system out.`),
        ];
    }
    catch (error) {
        return [
            finding('could-not-check', 'caller', `${s}: caller-lacks could not be checked: ${why(error)}; check the caller's roles at that resource group by hand before the window.`),
        ];
    }
}

;// CONCATENATED MODULE: ./src/operations/erp/check/facts.ts





const LISTS = [
    ['central services', 'centralInstances'],
    ['application', 'applicationInstances'],
    ['database', 'databaseInstances'],
];
/** The system (C0) and each of its children's lists (C3): four reads (or `kinds`'), more only where a list pages. */
async function readSystemFacts(client, where) {
    const { baseUrl, apiVersion, ref } = where;
    const url = (0,resource_id/* resourceUrl */.UI)(baseUrl, ref, resource_id/* ERP_VIRTUAL_INSTANCE */.c3, apiVersion);
    const response = await client.send({ method: 'GET', url, what: 'erp virtual instance' });
    const body = (0,http/* parseBody */.OG)(response, erp/* erpSystemFacts */.o0, 'erp virtual instance');
    const identities = Object.values(body.identity?.userAssignedIdentities ?? {});
    // A list that cannot be read leaves its parts unchecked (could-not-check): never the system's own failure.
    const parts = await readPartFacts(client, where).then((read) => ({ read, unread: undefined }), (error) => {
        if (where.signal?.aborted)
            throw error;
        return { read: [], unread: error instanceof Error ? error.message : String(error) };
    });
    const p = body.properties;
    return {
        name: ref.label,
        state: p?.state ?? undefined,
        provisioningState: p?.provisioningState ?? undefined,
        status: p?.status ?? undefined,
        health: p?.health ?? undefined,
        errors: faultOf(p?.errors),
        identity: identities.length > 0 ? { principalId: identities[0]?.principalId ?? undefined } : undefined,
        parts: parts.read,
        partsUnread: parts.unread,
        response,
    };
}
/** The children's lists (C3) of `kinds` (default every kind), more reads only where a list pages. */
async function readPartFacts(client, where) {
    const { baseUrl, apiVersion, ref } = where;
    // The health read after a start lists only the central and application instances (the database has no health).
    const lists = LISTS.filter(([kind]) => !where.kinds || where.kinds.includes(kind));
    const parts = [];
    for (const [kind, path] of lists) {
        const listUrl = (0,resource_id/* resourceUrl */.UI)(baseUrl, ref, resource_id/* ERP_VIRTUAL_INSTANCE */.c3, apiVersion, path);
        const listed = await (0,pages/* listAll */._w)(client, {
            method: 'GET',
            url: listUrl,
            schema: systemPartList,
            what: `${path} of ${ref.label}`,
            signal: where.signal,
        });
        parts.push(...listed.map((part) => partOf(kind, part)));
    }
    return parts;
}
function faultOf(errors) {
    const e = errors?.properties;
    return e && (e.code || e.message)
        ? { code: e.code ?? undefined, message: e.message ?? undefined }
        : undefined;
}
function partOf(kind, part) {
    const p = part.properties;
    const servers = [
        ['message server', p?.messageServerProperties],
        ['enqueue server', p?.enqueueServerProperties],
        ['enqueue replication server', p?.enqueueReplicationServerProperties],
    ];
    return {
        kind,
        name: part.name,
        status: p?.status ?? undefined,
        health: p?.health ?? undefined,
        provisioningState: p?.provisioningState ?? undefined,
        errors: faultOf(p?.errors),
        databaseType: p?.databaseType ?? undefined,
        dispatcherStatus: p?.dispatcherStatus ?? undefined,
        servers: servers.filter(([, s]) => s).map(([name, s]) => ({ name, health: s?.health ?? undefined })),
        machines: (p?.vmDetails ?? []).flatMap((vm) => (vm.virtualMachineId ? [vm.virtualMachineId] : [])),
    };
}

;// CONCATENATED MODULE: ./src/operations/erp/check/identity.ts



/** A machine's resource group, from its resource id; undefined where the id names none. */
function groupOf(machineId) {
    const m = /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\//i.exec(machineId);
    return m ? { sub: m[1], rg: m[2] } : undefined;
}
/**
 * `identity-lacks`: where the window moves machines (deallocate-vm, start-vm), the system's identity needs a role
 * over each machine's resource group that allows the machine action. Assignments are read once per resource group
 * and principal, each role once; an assignment with a condition, where the others do not grant all, cannot be
 * judged: `could-not-check`.
 */
async function identityChecks(system, ref, w, reads) {
    if (!movesMachines(w) || !system.identity)
        return [];
    const s = ref.label;
    const principal = system.identity.principalId;
    const unknown = (text) => finding('could-not-check', 'identity', `${s}: identity-lacks could not be checked: ${text}.`);
    if (!principal)
        return [unknown("the system's identity names no principal id")];
    const machines = system.parts.flatMap((p) => p.machines);
    const groups = new Map();
    for (const machine of machines) {
        const group = groupOf(machine);
        if (!group)
            return [unknown(`machine '${machine}' names no resource group`)];
        groups.set(`${group.sub}/${group.rg}`.toLowerCase(), group);
    }
    const found = [];
    for (const { sub, rg } of groups.values()) {
        try {
            const assignments = await reads.assignments(sub, rg, principal);
            const plain = assignments.filter((a) => !a.properties.condition);
            const entries = (await Promise.all(plain.map((a) => reads.role(a.properties.roleDefinitionId)))).flat();
            const missing = lacking(entries, identityNeeds(w));
            if (missing.length === 0)
                continue;
            if (plain.length < assignments.length) {
                found.push(unknown(`a role assignment over resource group ${rg} has a condition, which a read cannot judge, and the others lack ${missing.join(', ')}`));
            }
            else {
                found.push(finding('identity-lacks', 'identity', `${s}: the system's identity has no role over resource group ${rg} that allows ${missing.join(', ')}, which the window needs for its machines; assign it one (a virtual machine contributor) there.`));
            }
        }
        catch (error) {
            found.push(unknown(`reading its role assignments over resource group ${rg}: ${why(error)}`));
        }
    }
    return found;
}

;// CONCATENATED MODULE: ./src/operations/erp/check/preflight.ts






/** The codes that need reads of their own (the caller's permissions, the identity's roles): `full` only. */
const OWN_READS = ['caller-lacks', 'identity-lacks'];
/** The codes a level checks, in the contract's order: what a dry run's plan lists. */
function codesChecked(level) {
    if (level === 'off')
        return [];
    const codes = Object.keys(LEVELS).filter((c) => c !== 'could-not-check');
    return level === 'full' ? codes : codes.filter((c) => !OWN_READS.includes(c));
}
/**
 * Checks one system before its plan is sent: each finding logged (a warning for all but a pass), and a system with
 * a finding of level refuse refused by name, naming each code and what to do.
 */
async function preflight(ref, run, io) {
    if (run.level === 'off')
        return {};
    const { ctx, log } = io;
    const startedAt = ctx.clock.now();
    const where = { baseUrl: run.baseUrl, apiVersion: run.apiVersion, ref, signal: ctx.signal };
    let facts;
    try {
        facts = await readSystemFacts(io.client, where);
    }
    catch (error) {
        // The system's own read failed: it fails as the window's first read would, with nothing sent.
        return { refused: (0,read_failure/* readFailure */.f1)({ ref, error, durationMs: ctx.clock.now() - startedAt, log, ctx }) };
    }
    const findings = [...checksFor(facts, run.window)];
    if (run.level === 'full') {
        findings.push(...(await callerChecks(ref, run.window, run.reads)));
        findings.push(...(await identityChecks(facts, ref, run.window, run.reads)));
    }
    for (const f of findings)
        log.warning(`check ${f.level} ${f.code}: ${f.text}`);
    const refusing = findings.filter((f) => f.level === 'refuse');
    const line = checksLine(run.level, findings);
    if (refusing.length === 0) {
        log.info(line);
        return { line, known: knownOf(facts) };
    }
    const codes = [...new Set(refusing.map((f) => f.code))].join(', ');
    return {
        refused: (0,target_result/* unsent */.YX)({
            target: ref.label,
            kind: 'error',
            causeKind: 'other',
            durationMs: ctx.clock.now() - startedAt,
            failure: `'${ref.label}' refused by its checks before anything was sent: ${refusing.map((f) => `${f.code}: ${f.text}`).join(' ')} erp-check lists every finding.`,
            why: `refused by its checks (${codes})`,
        }),
    };
}
/** The checks as a plan shows them: `checks (basic: not-registered, …): ready`, with each warning's code and part. */
function checksLine(level, findings) {
    const others = findings.filter((f) => f.level !== 'refuse');
    const noted = others.map((f) => `${f.level} ${f.code} (${f.part})`).join(', ');
    return `checks (${level}: ${codesChecked(level).join(', ')}): ready${noted ? `; ${noted}` : ''}`;
}
function knownOf(facts) {
    const read = facts.response && { status: facts.status, health: facts.health, response: facts.response };
    if (facts.partsUnread !== undefined)
        return { read };
    const databases = facts.parts.filter((p) => p.kind === 'database');
    return {
        read,
        databases: databases.map((db) => ({ name: db.name, databaseType: db.databaseType, status: db.status })),
    };
}

// EXTERNAL MODULE: ./src/operations/format.ts
var format = __webpack_require__(9068);
;// CONCATENATED MODULE: ./src/operations/erp/health.ts




const SERVED = ['message server', 'enqueue server', 'enqueue replication server'];
/** The central services and application instances of a system read (C3, C6). */
function partsOf(facts) {
    return facts.parts.flatMap((p) => p.kind === 'database'
        ? []
        : [{ part: p.kind, name: p.name, health: p.health ?? null, dispatcher: p.dispatcherStatus ?? null }]);
}
/**
 * erp-status's parts of one system read: its central services and application instances (two list reads); none
 * (null, `not read`, and a line in the log) where a list could not be read, which the status read itself does not
 * fail.
 */
async function readParts(ref, where, io) {
    const kinds = ['central services', 'application'];
    try {
        const parts = await readPartFacts(io.client, { ...where, ref, signal: io.ctx.signal, kinds });
        const shown = partsOf({ name: ref.label, parts });
        io.log.info(`parts: ${shown.map((p) => `${p.name} ${p.health ?? '-'}${p.dispatcher ? `, dispatcher ${p.dispatcher}` : ''}`).join('; ') || 'none listed'}`);
        return { parts: shown, word: partsWord(shown) };
    }
    catch (error) {
        io.log.info(`its parts could not be read: ${why(error)}`);
        return { parts: null, word: 'not read' };
    }
}
/** `all healthy`, or each part that does not serve with what was read (`app0: health Unknown, dispatcher Stopped`). */
function partsWord(parts) {
    if (parts.length === 0)
        return 'none listed';
    const said = parts.flatMap((p) => {
        const dispatcher = p.part === 'application' && !(0,client_status/* sameStatus */.H5)(p.dispatcher, 'Running');
        if ((0,client_status/* sameStatus */.H5)(p.health, 'Healthy') && !dispatcher)
            return [];
        const health = `health ${p.health ?? 'none'}`;
        return [
            `${p.name}: ${p.part === 'application' ? `${health}, dispatcher ${p.dispatcher ?? 'none'}` : health}`,
        ];
    });
    return said.length === 0 ? 'all healthy' : said.join('; ');
}
/** Each part that does not yet serve, with its last value: `app02: dispatcher Stopped`; none when healthy. */
function notHealthy(facts) {
    const out = [];
    if (!(0,client_status/* sameStatus */.H5)(facts.health, 'Healthy'))
        out.push(`system: health ${facts.health ?? 'none'}`);
    for (const p of facts.parts) {
        if (p.kind === 'central services') {
            for (const s of p.servers.filter((v) => SERVED.includes(v.name))) {
                if (!(0,client_status/* sameStatus */.H5)(s.health, 'Healthy'))
                    out.push(`${p.name}: ${s.name} ${s.health ?? 'none'}`);
            }
        }
        if (p.kind === 'application' && !(0,client_status/* sameStatus */.H5)(p.dispatcherStatus, 'Running')) {
            out.push(`${p.name}: dispatcher ${p.dispatcherStatus ?? 'none'}`);
        }
    }
    return out;
}
/** The system read until it serves or health-timeout (inside timeout) passes: the parts not yet serving. */
async function readUntilHealthy(ref, o, io) {
    const { client, ctx } = io;
    const until = Math.min(ctx.clock.now() + o.healthTimeoutMs, ctx.deadline);
    for (;;) {
        let missing;
        try {
            const where = { ...o, ref, signal: ctx.signal };
            missing = notHealthy(await readSystemFacts(client, { ...where, kinds: ['central services', 'application'] }));
        }
        catch (error) {
            // The client already retried what may be retried: a read that still fails ends the health read, unjudged.
            return [`its health could not be read: ${why(error)}`];
        }
        if (missing.length === 0 || ctx.signal?.aborted)
            return missing;
        if (ctx.clock.now() + ctx.pollIntervalMs > until)
            return missing;
        await ctx.clock.sleep(ctx.pollIntervalMs, ctx.signal).catch(() => undefined);
    }
}
/**
 * What follows a start that ended `started` (the step's `then`): the health read, its word in what was done
 * (`started, healthy`; `started, not healthy: app02: dispatcher Stopped`), a warning, and with expect-healthy the
 * system failed naming each part. Any other end is handed back as it is.
 */
function afterStart(ref, o) {
    return async (ran, io) => {
        const instance = ran.instance;
        if (ran.failure !== undefined || instance?.outcome !== 'started')
            return ran;
        const { ctx, log } = io;
        const startedAt = ctx.clock.now();
        const missing = await readUntilHealthy(ref, o, io);
        const durationMs = ran.durationMs + (ctx.clock.now() - startedAt);
        const parts = missing.join(', ');
        const healthy = missing.length === 0;
        const up = healthy ? 'started, healthy' : `started, not healthy: ${parts}`;
        const within = `within health-timeout ${(0,format/* formatDuration */.a)(o.healthTimeoutMs)}`;
        if (healthy)
            log.info(`${up}: the system, its message and enqueue servers Healthy, every dispatcher Running`);
        else
            log.warning(`'${ref.label}' ${up} (${within})`);
        const done = `${instance.done}; ${up}`;
        if (healthy || !o.expectHealthy)
            return { ...ran, durationMs, instance: { ...instance, done, up } };
        return {
            ...ran,
            durationMs,
            causeKind: 'other',
            failure: `'${ref.label}' started, but is not healthy ${within} (expect-healthy: true): ${parts}.`,
            instance: { ...instance, outcome: 'failed', done, up },
        };
    };
}

;// CONCATENATED MODULE: ./src/operations/erp/plan-around.ts



/** The window a run's checks are made for: erp-check's, from the run's own inputs. */
function checkRun(o) {
    return {
        level: o.preflight ?? 'off',
        window: {
            for: o.run,
            wholeSystem: o.options.wholeSystem,
            ...machinesAsked(o),
            softStopTimeoutSeconds: o.softStopTimeoutSeconds,
            databaseSoftStopTimeoutSeconds: o.options.databaseSoftStopTimeoutSeconds,
        },
    };
}
/**
 * The steps of their own kind around a plan, so a dry run's plan shows them: the checks made (on its first step's
 * plan), and after the start that brings the system up (its last start on the system) the health read.
 */
function around(steps, ref, a) {
    const { o, line } = a;
    const health = o.health && o.options.verify && o.options.wait ? o.health : undefined;
    // The last step that ends the system Running (its own, not a database's) is the one that brings it up.
    const up = health
        ? steps.findLastIndex((s) => verbs/* VERBS */.hU[s.verb].end === 'Running' && s.target === ref.label)
        : -1;
    return steps.map((step, i) => {
        const plan = `${i === 0 && line ? `${line} → ` : ''}${step.plan}`;
        // The checks' reads of the system are its first step's where that step acts on the system.
        if (i === 0 && (a.read || a.databases) && step.target === ref.label)
            step = { ...step, read: new HandedRead({ state: a.read, databases: a.databases }) };
        if (i !== up || !health)
            return { ...step, plan };
        const read = { ...health, baseUrl: o.options.baseUrl, apiVersion: a.apiVersion };
        return {
            ...step,
            plan: `${plan} → health read until healthy (health-timeout ${health.healthTimeoutMs / 1000} s)`,
            then: afterStart(ref, read),
        };
    });
}
/** The machines' inputs as the window reads them: the run's verb with a step on the machines, where `machines`. */
function machinesAsked(o) {
    const asked = { deallocateVm: false, startVm: false };
    if (verbs/* RUNS */.pt[o.run].machines && o.machines)
        for (const v of verbs/* RUNS */.pt[o.run].verbs)
            asked[verbs/* VERBS */.hU[v].machines.field] = true;
    return asked;
}

;// CONCATENATED MODULE: ./src/operations/erp/step-plans.ts
/**
 * The pure planners (issue 53): the one system-level step and the whole-system window (stop and start), each verb's
 * steps in the safe order from its row in verbs.ts. No request: the dry run, the real run and the summary share them;
 * planners.ts reads what they need (the databases, the system) and says which each verb of a run takes.
 */




/** A step on the system itself, or with `db` on one of its database instances. */
function stepOn(ref, o) {
    return (facts, db) => ({
        ...facts,
        target: db === undefined ? ref.label : `${ref.label}/${db}`,
        ref: db === undefined ? ref : { ...ref, label: `${ref.label}/${db}` },
        verb: o.verb,
        readUrl: db === undefined
            ? (0,resource_id/* resourceUrl */.UI)(o.baseUrl, ref, resource_id/* ERP_VIRTUAL_INSTANCE */.c3, o.apiVersion)
            : (0,instance_ref/* databaseUrl */.FA)(o.baseUrl, ref, o.apiVersion, db),
        actionUrl: db === undefined
            ? (0,resource_id/* resourceUrl */.UI)(o.baseUrl, ref, resource_id/* ERP_VIRTUAL_INSTANCE */.c3, o.apiVersion, o.verb)
            : (0,instance_ref/* databaseUrl */.FA)(o.baseUrl, ref, o.apiVersion, db, o.verb),
        endStatus: verbs/* VERBS */.hU[o.verb].end,
    });
}
/** The body of the single system-level step: with deallocate-vm false the seed's, byte for byte. */
const SYSTEM_BODY = {
    stop: (o) => ({
        softStopTimeoutSeconds: o.softStopTimeoutSeconds,
        ...(o.machines && (0,vocabulary/* hasSnoozeFields */.s5)(o.apiVersion) ? { deallocateVm: true } : {}),
    }),
    start: (o) => (o.machines ? { startVm: true } : undefined),
};
/** The single system-level stop or start (C1/C2): one step; the deallocate-vm stop stays one POST. */
function planSystem(ref, o) {
    const row = verbs/* VERBS */.hU[o.verb];
    return [
        stepOn(ref, o)({
            step: o.verb,
            body: SYSTEM_BODY[o.verb](o),
            skippable: !o.machines || row.skipOnMachines,
            machines: o.machines,
            snoozed: false,
            preflight: o.machines ? row.machinesPreflight : undefined,
            describe: row.describe(o.softStopTimeoutSeconds, o.machines),
            plan: row.plan(o.softStopTimeoutSeconds, o.machines),
        }),
    ];
}
const windowStep = (step, describe, facts) => ({
    step,
    describe,
    plan: `${step}: ${describe}`,
    ...facts,
});
/** Two hands: what is read again, and run again where another job moved it, before a step is sent. */
const APP_FIRST = ['application stop'];
const DOWN_FIRST = ['application stop', 'database stop'];
const DATABASES_FIRST = ['database start'];
/**
 * The window of one system, in the safe order (C4), by verb. Stop: the application (never deallocating), each HANA
 * database, then with `machines` the application's machines and the databases' last. Start: each database (with
 * its machines when asked), then the application.
 */
const WINDOWS = {
    stop: (on, dbs, o) => {
        const snoozed = o.machines;
        const [app, db] = [o.softStopTimeoutSeconds, o.databaseSoftStopTimeoutSeconds];
        const soft = (seconds) => ({
            skippable: true,
            machines: false,
            snoozed,
            body: { softStopTimeoutSeconds: seconds },
        });
        const machines = {
            skippable: false,
            machines: true,
            snoozed,
            body: { softStopTimeoutSeconds: 0, deallocateVm: true },
            holds: DOWN_FIRST,
        };
        return [
            on(windowStep('application stop', verbs/* VERBS */.hU.stop.describe(app, false), soft(app))),
            ...dbs.map((name) => on(windowStep('database stop', verbs/* VERBS */.hU.stop.describe(db, false), { ...soft(db), holds: APP_FIRST }), name)),
            ...(o.machines
                ? [
                    on(windowStep('application machines', verbs/* DEALLOCATE */.VQ, { ...machines, preflight: 'databases down' })),
                    ...dbs.map((name) => on(windowStep('database machines', verbs/* DEALLOCATE */.VQ, machines), name)),
                ]
                : []),
        ];
    },
    start: (on, dbs, o) => {
        const facts = {
            skippable: true,
            machines: o.machines,
            snoozed: false,
            body: o.machines ? { startVm: true } : undefined,
        };
        const describe = verbs/* VERBS */.hU.start.describe(0, o.machines);
        return [
            ...dbs.map((name) => on(windowStep('database start', describe, facts), name)),
            on(windowStep('application start', describe, { ...facts, holds: DATABASES_FIRST })),
        ];
    },
};
function planWindow(ref, databases, o) {
    return WINDOWS[o.verb](stepOn(ref, o), databases, o);
}

;// CONCATENATED MODULE: ./src/operations/erp/planners.ts
/**
 * Which planner each verb of an operation's run takes (runErp), and the reads a plan needs first: a whole system's
 * window lists its databases, a start reads the system. The steps themselves: step-plans.ts (pure). A new run is a
 * branch here, beside the others.
 */














/**
 * A whole system's window, planned before anything is sent: its databases listed (C3) and refused where one is not
 * HANA; where its first step is not on the system (a start), the system read first; then the steps in the safe
 * order, each verb's window after the other's.
 */
async function planSystemWindow(ref, verbs, run, io) {
    const { client, ctx, log } = io;
    const { options, apiVersion } = run;
    const startedAt = ctx.clock.now();
    const elapsed = () => ctx.clock.now() - startedAt;
    // What the checks read just before is not read again: the databases' list and the system.
    let databases = io.known?.databases;
    if (!databases)
        try {
            const url = (0,instance_ref/* databaseUrl */.FA)(options.baseUrl, ref, apiVersion);
            databases = systemDatabases(await listDatabases(client, url, ctx.signal));
        }
        catch (error) {
            return (0,read_failure/* listFailure */.PH)({ ref, error, durationMs: elapsed(), log, ctx });
        }
    const names = databases.map((db) => db.name);
    const steps = verbs
        .map((verb) => planWindow(ref, names, {
        verb,
        baseUrl: options.baseUrl,
        apiVersion,
        softStopTimeoutSeconds: options.softStopTimeoutSeconds ?? 0,
        databaseSoftStopTimeoutSeconds: options.databaseSoftStopTimeoutSeconds ?? 0,
        machines: run.machines,
    }))
        .flatMap((steps, i) => bringsBack(steps, i));
    if (steps[0]?.target !== ref.label && (options.skipIfDone || options.verify)) {
        let read = io.known?.read;
        if (!read)
            try {
                read = await (0,instance_state/* readInstance */.oK)(client, steps.find((s) => s.target === ref.label).readUrl);
            }
            catch (error) {
                return (0,read_failure/* readFailure */.f1)({ ref, error, durationMs: elapsed(), log, ctx });
            }
        // Chosen by tag: the system's read re-checks the selection before any of its steps is sent.
        const alone = leftAlone(options, { name: ref.label, before: read, durationMs: elapsed() }, log);
        if (alone)
            return alone;
    }
    const refusal = windowRefusal(ref.label, databases);
    if (!refusal)
        return steps;
    log.info(refusal);
    return (0,target_result/* unsent */.YX)({
        target: ref.label,
        kind: 'error',
        durationMs: elapsed(),
        failure: refusal,
        why: 'a database is not HANA',
    });
}
/** The steps of a run's verb after its first: they bring the system back. */
const bringsBack = (steps, i) => i === 0 ? steps : steps.map((s) => ({ ...s, bringsBack: true }));
/**
 * The plan of one system for a run: its checks first (a system refused gets no plan), then each verb in turn, as
 * the one system-level step or with whole-system as its window; every verb after the first brings the system back
 * (a restart's start runs after its stop failed).
 */
function planRun(o, io) {
    const row = verbs/* RUNS */.pt[o.run];
    const reads = new AccessReads(io.client, o.options.baseUrl, io.ctx.signal);
    return async (ref, run, log) => {
        const checks = { ...checkRun(o), baseUrl: o.options.baseUrl, apiVersion: run.apiVersion, reads };
        const checked = await preflight(ref, checks, { ...io, log });
        if ('refused' in checked)
            return checked.refused;
        const { known } = checked;
        const read = known?.read;
        const verbs = row.lastOnlyFrom ? await lastOnly(ref, row, run, { ...io, log }, read) : row.verbs;
        if ('target' in verbs)
            return verbs;
        let planned;
        if (o.options.wholeSystem)
            planned = await planSystemWindow(ref, verbs, run, { ...io, log, known });
        else {
            const { softStopTimeoutSeconds, machines } = o;
            const one = { ...o.options, apiVersion: run.apiVersion, softStopTimeoutSeconds, machines };
            planned = verbs.flatMap((verb, i) => bringsBack(planSystem(ref, { ...one, verb }), i));
        }
        return Array.isArray(planned)
            ? around(planned, ref, {
                o,
                line: checked.line,
                read,
                databases: known?.databases,
                apiVersion: run.apiVersion,
            })
            : planned;
    };
}
/**
 * A run whose first verbs a system may already be past (a restart of a system read Offline): the system read before
 * anything is planned, and where it is there, only the last verb planned, named in the log.
 */
async function lastOnly(ref, row, run, io, checked) {
    const last = row.verbs[row.verbs.length - 1];
    const startedAt = io.ctx.clock.now();
    let read = checked;
    if (!read)
        try {
            read = await (0,instance_state/* readInstance */.oK)(io.client, (0,resource_id/* resourceUrl */.UI)(run.options.baseUrl, ref, resource_id/* ERP_VIRTUAL_INSTANCE */.c3, run.apiVersion));
        }
        catch (error) {
            return (0,read_failure/* readFailure */.f1)({
                ref,
                error,
                durationMs: io.ctx.clock.now() - startedAt,
                log: io.log,
                ctx: io.ctx,
            });
        }
    if (row.lastOnlyFrom === undefined || !(0,client_status/* sameStatus */.H5)(read.status, row.lastOnlyFrom))
        return row.verbs;
    io.log.info(`is ${read.status} before the ${row.word}: ${verbs/* VERBS */.hU[last].done} only`);
    return [last];
}
/** erp-stop, erp-start, erp-restart: which run, planned by planRun. */
function runErp(o, client, ctx) {
    const { options, machines } = o;
    const plan = planRun(o, { client, ctx });
    return runSteps({ run: o.run, options, machines, whole: options.wholeSystem, plan }, client, ctx);
}

// EXTERNAL MODULE: ./src/operations/pool.ts
var pool = __webpack_require__(1366);
;// CONCATENATED MODULE: ./src/operations/erp/parts/status.ts






/**
 * erp-status with whole-system: true: the systems read as erp-status reads them (`readSystems`), then each system's
 * database instances listed (C3); `expect-status` holds for every database too. Each `instances` entry gains
 * `databases`, and each system's row is followed by one row per database (its `steps`).
 */
async function statusWindow(options, client, ctx, readSystems) {
    const refs = (0,instance_ref/* resolveInstances */.JK)(options.erpVirtualInstances, options);
    const base = await readSystems();
    const entries = base.outputs.instances;
    const failures = [];
    // The failures of each system's databases, for its row.
    const ofSystem = refs.map(() => []);
    const listed = await (0,pool/* mapLimited */.b)(refs, options.maxParallel, async (ref, i) => {
        if (entries[i]?.outcome !== 'read')
            return [];
        try {
            const url = (0,instance_ref/* databaseUrl */.FA)(options.baseUrl, ref, options.apiVersion);
            const found = await listDatabases(client, url, ctx.signal);
            return found.map((db) => ({
                name: db.name,
                databaseType: db.properties?.databaseType ?? null,
                status: db.properties?.status ?? null,
            }));
        }
        catch (error) {
            failures.push(`Listing the database instances of '${ref.label}' failed: ${(0,wording/* inSentence */.BX)(error)}.`);
            ofSystem[i].push(failures[failures.length - 1]);
            return [];
        }
    });
    // Each database read is a row under its system's, as a window's steps are; one not as expected fails it.
    const databaseRows = refs.map((ref, i) => listed[i].map((db) => {
        ctx.logger.info(`${ref.label}: database ${db.name} (${db.databaseType ?? 'no type'}) is ${db.status ?? 'of no status'}`);
        const row = databaseRow(`${ref.label}/${db.name}`, db.status ?? undefined, options.expectStatus);
        if (row.cause) {
            failures.push(row.cause.text);
            ofSystem[i].push(row.cause.text);
        }
        return row;
    }));
    const failure = [base.failure, ...failures].filter(Boolean).join(' ') || undefined;
    return {
        outputs: {
            ...base.outputs,
            instances: entries.map((entry, i) => ({ ...entry, databases: listed[i] })),
        },
        summary: [{ ...base.summary[0], title: 'erp-status (whole system)' }, ...base.summary.slice(1)],
        failure,
        rows: base.rows?.map((row, i) => withDatabases({ ...row, steps: databaseRows[i] }, ofSystem[i] ?? [])),
    };
}
/** One database's read as a row under its system: its status (before and after, as `instances` says a read). */
function databaseRow(target, status, expectStatus) {
    const read = { step: 'database', target, before: status, after: status };
    if (!expectStatus || (0,vocabulary/* holds */.v9)(status, expectStatus))
        return { ...read, outcome: 'succeeded', word: 'read' };
    const text = `Database instance '${target}' is ${status ?? 'of no status'}, not ${expectStatus} (expect-status).`;
    return { ...read, outcome: 'failed', word: 'failed', cause: { text, kind: 'other' } };
}
/** A system's row failed where one of its databases is not as expected, or could not be listed. */
function withDatabases(row, failures) {
    if (failures.length === 0 || row.outcome === 'failed')
        return row;
    return { ...row, outcome: 'failed', word: 'failed', cause: { text: failures.join(' '), kind: 'other' } };
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/operations/erp/report/format.ts + 1 modules
var report_format = __webpack_require__(621);
;// CONCATENATED MODULE: ./src/operations/erp/report/gather.ts




/** Files larger than this are not a step's result (60 systems make about 40 KB): left out unread. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;
/**
 * Every file under `results`, read recursively, as download-artifact with `merge-multiple` leaves the legs' files.
 * Each entry's type and size are checked before it is read (a link is never followed, a FIFO never opened), and an
 * error on one file names that file and goes on: one bad file never loses the page.
 */
async function gatherResults(results) {
    const gathering = { files: [], skipped: [], lost: [], checks: [] };
    let entries;
    try {
        entries = await (0,promises_.readdir)(results, { recursive: true, withFileTypes: true });
    }
    catch (error) {
        if (error.code !== 'ENOENT')
            throw error;
        return { ...gathering, absent: true };
    }
    const paths = entries
        .filter((e) => !e.isDirectory())
        .map((e) => ({ path: (0,external_node_path_.join)(e.parentPath, e.name), plain: e.isFile(), link: e.isSymbolicLink() }))
        .sort((a, b) => (a.path < b.path ? -1 : 1));
    for (const { path, plain, link } of paths) {
        const shown = (0,external_node_path_.relative)(results, path) || path;
        const read = plain
            ? await readResult(path).catch((e) => ({
                why: `cannot be read (${e.code ?? e.message})`,
            }))
            : { why: link ? 'is a symbolic link, not followed' : 'is not a plain file' };
        if ('file' in read)
            gathering.files.push({ path: shown, file: read.file });
        else if ('checks' in read)
            gathering.checks.push({ path: shown, ...read.checks });
        else if ('lost' in read)
            gathering.lost.push({ path: shown, why: read.lost });
        else
            gathering.skipped.push({ path: shown, why: read.why });
    }
    return gathering;
}
async function readResult(path) {
    // Opened without following a link and sized on the open file, so what is measured is what is read.
    const handle = await (0,promises_.open)(path, 'r');
    try {
        const { size, isFile } = await handle.stat().then((s) => ({ size: s.size, isFile: s.isFile() }));
        if (!isFile)
            return { why: 'is not a plain file' };
        if (size > MAX_FILE_BYTES)
            return { why: `is too large for a result file (${size} bytes), not read` };
        return parseResult(await handle.readFile('utf8'), path);
    }
    finally {
        await handle.close();
    }
}
/**
 * A text that looks like a result file (a `.json` name, an object begun, the format named) but does not parse is lost
 * (torn, or empty); any other text is another kind of file, left out.
 */
function parseResult(text, path = 'result.json') {
    let json;
    try {
        json = JSON.parse(text);
    }
    catch {
        const ours = path.endsWith('.json') || text.trimStart().startsWith('{') || text.includes(report_format/* RESULT_FORMAT */.gw);
        return ours
            ? { lost: 'does not parse as JSON (torn or cut short)' }
            : { why: 'is not JSON: not a result file' };
    }
    const format = json?.format;
    // erp-check's systems are findings, never outcomes: the window's checks, so a check never passes or fails a window.
    if (format === report_format/* RESULT_FORMAT */.gw && json.operation === 'erp-check') {
        return checksOf(json);
    }
    const parsed = report_format/* resultFile */.Cp.safeParse(json);
    if (parsed.success)
        return { file: parsed.data };
    if (typeof format !== 'string')
        return { why: 'has no format: not a result file' };
    if (format !== report_format/* RESULT_FORMAT */.gw) {
        return { why: `is of an unknown format ('${format.slice(0, 60)}'; this version reads ${report_format/* RESULT_FORMAT */.gw})` };
    }
    const issue = parsed.error.issues[0];
    return { lost: `is not a valid ${format} file (${issue?.path.join('.') || 'file'}: ${issue?.message})` };
}
/** An erp-check file's systems, as the window's checks: how many, and each refused with its codes of level refuse. */
function checksOf(json) {
    const parsed = checkSystems.safeParse(json.systems);
    if (!parsed.success)
        return { lost: 'is an erp-check file whose systems do not parse (torn or cut short)' };
    const refused = parsed.data
        .filter((s) => !s.ready)
        .map((s) => ({
        name: s.name,
        codes: [...new Set(s.findings.filter((f) => f.level === 'refuse').map((f) => f.code))],
    }));
    return { checks: { systems: parsed.data.length, refused } };
}
const checkSystems = zod/* onFirstUse */.Vkw(() => zod/* array */.YOg(zod/* looseObject */._H3({
    name: zod/* string */.YjP(),
    ready: zod/* boolean */.zMY(),
    findings: zod/* array */.YOg(zod/* looseObject */._H3({ code: zod/* string */.YjP(), level: zod/* string */.YjP() })),
})));

// EXTERNAL MODULE: ./src/operations/erp-parsers.ts
var erp_parsers = __webpack_require__(5790);
;// CONCATENATED MODULE: ./src/operations/erp/report/history.ts
const ms = (iso) => (iso ? Date.parse(iso) : undefined);
const entryOf = ({ path, file }, system) => ({
    operation: operationOf(file),
    path,
    file,
    system: { ...system, word: resumedWord(file, system) },
    endedAt: ms(system.endedAt) ?? ms(file.endedAt) ?? 0,
    attempt: Number(file.run.attempt ?? 1),
});
/** A resumed operation that succeeded is said as the stop or start it was (`stopped`), not as an operation. */
const RESUMED = {
    'erp-stop': 'stopped',
    'erp-start': 'started',
    'erp-restart': 'restarted',
};
function resumedWord(file, system) {
    const said = file.operation === 'wait-for-operation' && file.resumes ? RESUMED[file.resumes] : undefined;
    return said && system.outcome === 'succeeded' && system.word === 'succeeded' ? said : system.word;
}
const operationOf = (file) => file.operation === 'wait-for-operation' ? (file.resumes ?? file.operation) : file.operation;
/** Reads show the last status; they are the outcome only where nothing acted, and fail only on a mismatch. */
const READS = new Set(['erp-status']);
/** Worst first: what stands over any later success of another operation. */
const BAD = ['failed', 'running', 'not sent'];
/** The words that belong to one outcome only: a file's word that says otherwise is not believed over its outcome. */
const OWN_WORD = {
    failed: 'failed',
    running: 'still running',
    'not sent': 'not sent',
    skipped: 'skipped',
    planned: 'planned',
};
/** The word shown and counted: the file's own where it agrees with the outcome, else the outcome's. */
function wordOf(s) {
    const own = OWN_WORD[s.outcome];
    if (own)
        return own;
    return Object.values(OWN_WORD).includes(s.word) || s.word === 'missing' ? 'succeeded' : s.word;
}
/** The later of two results of the same operation: the one that ended later, else the later attempt. */
const later = (a, b) => a.endedAt !== b.endedAt ? a.endedAt - b.endedAt : a.attempt - b.attempt;
/**
 * One system's window: every operation of the run on it, in order. The same operation twice: the later stands and
 * the earlier is noted as replaced. A failure, a step still running or not sent stands over any later success of
 * another operation; else the last operation that acted is the outcome, and the last read is shown beside it.
 */
function systemWindow(entries, replaced) {
    const standing = new Map();
    for (const e of [...entries].sort(later)) {
        const before = standing.get(e.operation);
        if (before)
            note(replaced, e.system.name, e.path, before.path);
        standing.set(e.operation, e);
    }
    const ordered = [...standing.values()].sort(later);
    const acts = ordered.filter((e) => !READS.has(e.operation));
    const reads = ordered.filter((e) => READS.has(e.operation));
    const worst = BAD.map((o) => ordered.find((e) => e.system.outcome === o)).find(Boolean);
    const chosen = worst ?? acts.at(-1) ?? reads.at(-1);
    const lastRead = reads.at(-1)?.system;
    const s = chosen.system;
    return {
        name: s.name,
        file: chosen.path,
        operation: chosen.operation,
        outcome: s.outcome,
        word: wordOf(s),
        before: s.before ?? undefined,
        after: (acts.length ? s.after : lastRead?.after) ?? s.after ?? undefined,
        cause: s.cause ?? undefined,
        startedAt: ms(s.startedAt),
        endedAt: ms(s.endedAt),
        stepStartedAt: ms(chosen.file.startedAt),
        stepEndedAt: ms(chosen.file.endedAt),
        steps: s.steps,
        ...(ordered.length > 1 ? { history: ordered.map((e) => `${e.operation} ${wordOf(e.system)}`) } : {}),
        ...(lastRead && acts.length ? { lastRead: lastRead.after ?? wordOf(lastRead) } : {}),
    };
}
function note(replaced, name, newer, older) {
    const same = replaced.find((r) => r.newer === newer && r.older === older);
    if (same)
        same.names.push(name);
    else
        replaced.push({ names: [name], newer, older });
}

;// CONCATENATED MODULE: ./src/operations/erp/report/verdict.ts
/** What fails the window: outcomes that need a person, a step that failed with no system to show it, a lost file. */
const FAILING_OUTCOMES = {
    failed: 'failed',
    missing: 'missing',
    'not sent': 'not sent',
    running: 'still running (the window did not end)',
};
/** `window: 58 stopped, 1 failed, 1 missing; 1 leg failed`: counted from the outcomes the verdict reads. */
function titleOf(w) {
    const counts = new Map();
    const rank = (o) => (o in FAILING_OUTCOMES ? 1 : 0);
    for (const s of [...w.systems].sort((a, b) => rank(a.outcome) - rank(b.outcome))) {
        counts.set(s.word, (counts.get(s.word) ?? 0) + 1);
    }
    const said = [...counts].map(([word, n]) => `${n} ${word}`).join(', ');
    const more = [
        ...(w.legFailures.length ? [`${w.legFailures.length} step(s) failed`] : []),
        ...(w.lost.length ? [`${w.lost.length} file(s) lost`] : []),
    ].join(', ');
    const none = w.files === 0 ? 'no result read' : 'no system';
    return `window: ${said || none}${more ? `; ${more}` : ''}`;
}
/** Why the window's verdict fails, one line each; empty when the window ended well. */
function failingOf(w) {
    const lines = [];
    for (const [outcome, said] of Object.entries(FAILING_OUTCOMES)) {
        const n = w.systems.filter((s) => s.outcome === outcome).length;
        if (n > 0)
            lines.push(`${n} system(s) ${said}`);
    }
    for (const f of w.legFailures)
        lines.push(`${f.operation} of ${f.leg} failed: ${f.cause.text}`);
    for (const l of w.lost)
        lines.push(`${l.path} ${l.why}: a leg's result is lost`);
    if (w.files === 0 && w.systems.length === 0)
        lines.push('no result was read');
    return lines;
}

;// CONCATENATED MODULE: ./src/operations/erp/report/merge.ts



const merge_ms = (iso) => Date.parse(iso);
const merge_BAD = new Set(['failed', 'running', 'not sent']);
/** The order in which systems that need a person are listed: failed, missing, not sent, still running. */
const ATTENTION = { failed: 0, missing: 1, 'not sent': 2, running: 3 };
/**
 * The window as one page: each system's operations merged in order (history.ts), the steps that failed with no
 * system to show it on (with their leg, and the systems they were given `failed` with their cause), the expected
 * systems without any result `missing` with their leg, and the verdict counted from the same outcomes as the title.
 */
function mergeWindow(w) {
    const expected = w.expected ?? [];
    const keyOf = keyer(expected, w.files.flatMap((g) => g.file.systems.map((s) => s.id ?? '').filter(Boolean)));
    const expectedKey = (e) => keyOf({ id: e.id, name: e.name });
    const byKey = new Map(expected.map((e) => [expectedKey(e), e]));
    const legOf = new Map(expected.map((e) => [expectedKey(e), e.leg]));
    const bySystem = new Map();
    for (const g of w.files) {
        for (const s of g.file.systems) {
            const key = keyOf(s);
            bySystem.set(key, [...(bySystem.get(key) ?? []), entryOf(g, s)]);
        }
    }
    // A step that failed with no row for a system it was given: a failed operation on that system, in its window.
    const legFailures = stepFailures(w.files, (s) => keyOf({ name: (0,erp_parsers/* nameOfId */.gu)(s), id: s.includes('/') ? s : null }));
    for (const f of legFailures) {
        for (const [key, item] of f.asked.map((k, i) => [k, f.items[i]])) {
            const e = byKey.get(key);
            const system = failedRow(e?.name ?? (0,erp_parsers/* nameOfId */.gu)(item), e?.id ?? (item.includes('/') ? item : null), f.cause);
            bySystem.set(key, [...(bySystem.get(key) ?? []), entryOf(f.gathered, system)]);
        }
    }
    const replaced = [];
    const chosen = new Map();
    for (const [key, entries] of bySystem) {
        const id = entries.find((e) => e.system.id)?.system.id ?? byKey.get(key)?.id;
        const leg = legOf.get(key) ?? entries.at(-1).path;
        chosen.set(key, { ...systemWindow(entries, replaced), id: id ?? undefined, leg });
    }
    const legsFound = new Set([...legFailures.flatMap((f) => f.asked), ...chosen.keys()].map((k) => legOf.get(k)));
    const systems = [...chosen.values()];
    for (const e of expected) {
        if (chosen.has(expectedKey(e)))
            continue;
        systems.push(missing(e, e.leg !== undefined && legsFound.has(e.leg)));
    }
    const place = new Map(expected.map((e, i) => [expectedKey(e), i]));
    const at = (s, i) => place.get(keyOf(s)) ?? place.size + i;
    const order = (s) => ATTENTION[s.outcome] ?? 9;
    const sorted = systems
        .map((s, i) => ({ s, i: at(s, i) }))
        .sort((a, b) => order(a.s) - order(b.s) || a.i - b.i)
        .map((x) => x.s);
    const times = w.files.flatMap(({ file }) => [merge_ms(file.startedAt), merge_ms(file.endedAt)]);
    const shownFailures = legFailures.map((f) => ({
        leg: [...new Set(f.asked.map((k) => legOf.get(k)).filter(Boolean))].join(', ') || f.path,
        path: f.path,
        operation: f.operation,
        cause: f.cause,
    }));
    const report = {
        systems: sorted,
        attention: systems.filter((s) => s.outcome in ATTENTION).length,
        replaced,
        skipped: w.skipped,
        lost: w.lost ?? [],
        legFailures: shownFailures,
        files: w.files.length,
        ...(w.run ? { run: w.run } : {}),
        startedAt: times.length ? Math.min(...times) : undefined,
        endedAt: times.length ? Math.max(...times) : undefined,
    };
    return { ...report, title: titleOf(report), failing: failingOf(report) };
}
/**
 * One key per system, without case: its resource id; a system named without its id (`X01` in `expected` or in a
 * step's items, a row of an older file) is the id of that name where one id read or expected has it, else its name.
 */
function keyer(expected, read) {
    const byName = new Map();
    const ids = [...expected.map((e) => e.id), ...read].filter((id) => id.includes('/'));
    for (const id of new Set(ids.map((i) => i.toLowerCase()))) {
        const name = (0,erp_parsers/* nameOfId */.gu)(id);
        byName.set(name, byName.has(name) ? null : id);
    }
    return (s) => {
        const id = s.id?.includes('/') ? s.id.toLowerCase() : undefined;
        return id ?? byName.get(s.name.toLowerCase()) ?? s.name.toLowerCase();
    };
}
/**
 * A step's own failure that no system of its file shows (it failed before acting, or as a whole), unless a later
 * file of the same operation was given the same systems (the leg run again).
 */
function stepFailures(files, keyOf) {
    const failures = [];
    for (const g of files) {
        const { file } = g;
        if (!file.failure)
            continue;
        const asked = (file.asked ?? []).map(keyOf);
        const rows = new Set(file.systems.map((s) => keyOf(s.id ?? s.name)));
        const unrowed = asked.filter((k) => !rows.has(k));
        const items = (file.asked ?? []).filter((_, i) => !rows.has(asked[i]));
        // Where its systems show the failure, and it was given none more, the rows say it all.
        if (unrowed.length === 0 && file.systems.some((s) => merge_BAD.has(s.outcome)))
            continue;
        const again = files.some((h) => h !== g &&
            operationOf(h.file) === operationOf(file) &&
            (merge_ms(h.file.endedAt) > merge_ms(file.endedAt) ||
                (merge_ms(h.file.endedAt) === merge_ms(file.endedAt) &&
                    Number(h.file.run.attempt) > Number(file.run.attempt))) &&
            (h.file.run.job ?? '') === (file.run.job ?? '') &&
            sameSet((h.file.asked ?? []).map(keyOf), asked));
        if (again)
            continue;
        failures.push({
            gathered: g,
            path: g.path,
            operation: file.operation,
            cause: { text: file.failure, kind: file.failureKind ?? 'other' },
            asked: unrowed,
            items,
        });
    }
    return failures;
}
const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
const failedRow = (name, id, cause) => ({
    name,
    id,
    outcome: 'failed',
    word: 'failed',
    cause,
});
function missing(e, legFound) {
    const leg = e.leg === undefined ? undefined : `leg ${e.leg}`;
    const text = leg
        ? `no result for it: ${leg} was to act on it, and ${legFound ? "that leg's file does not name it" : 'no file of that leg was found'}`
        : 'no result file for it';
    return {
        name: e.name,
        id: e.id,
        leg: e.leg ?? '-',
        outcome: 'missing',
        word: 'missing',
        cause: { text, kind: 'other' },
    };
}

;// CONCATENATED MODULE: ./src/operations/erp/report/window-run.ts

const ended = (g) => Date.parse(g.file.endedAt);
/**
 * One window, one run: the run given (`run-id`, or the runner's GITHUB_RUN_ID), else the run of the newest file.
 * A file of another run is never merged; a dry run's file is a plan, not a result.
 */
function filesOfRun(gathered, given) {
    const newest = [...gathered].sort((a, b) => ended(b) - ended(a))[0];
    const run = given ?? newest?.file.run.id ?? null;
    const kept = [];
    const skipped = [];
    for (const g of gathered) {
        const of = g.file.run.id ?? null;
        if (of !== run) {
            skipped.push({
                path: g.path,
                why: `is of run ${of ?? '(none)'}, not this window's run ${run ?? '(none)'}`,
            });
        }
        else if (g.file.dryRun) {
            skipped.push({ path: g.path, why: `is a dry run of ${g.file.operation}: a plan, not a result` });
        }
        else
            kept.push(g);
    }
    const listings = kept.filter((g) => g.file.operation === 'erp-list' && g.file.selection);
    const last = listings.sort((a, b) => ended(a) - ended(b)).pop();
    return {
        run,
        files: kept,
        skipped,
        ...(last ? { listing: { path: last.path, systems: last.file.selection.systems } } : {}),
    };
}
/** The window of what was gathered: one run's files, what the listing (else `expected`) says was to be acted on. */
function windowOf(gathering, o) {
    const runs = filesOfRun(gathering.files, o.runId);
    const window = mergeWindow({
        files: runs.files,
        expected: runs.listing?.systems ?? o.expected,
        skipped: [...gathering.skipped, ...runs.skipped],
        lost: gathering.lost,
        run: runs.run,
    });
    return { window: { ...window, checks: gathering.checks }, listing: runs.listing?.path };
}

;// CONCATENATED MODULE: ./src/operations/erp/check/run.ts








/** The window's inputs that cannot go together, refused before any request. */
function refuseCheckInputs(options) {
    refuseWindowInputs({ ...options, wait: true });
    for (const [input, on] of [
        ['deallocate-vm', options.deallocateVm],
        ['start-vm', options.startVm],
    ]) {
        if (on && options.for === 'restart') {
            throw new errors/* InputError */.dz(input, 'is not read with for: restart (a restart moves no machine); remove it');
        }
    }
}
/** Every system checked for the window, at most max-parallel at once, in input order. */
async function run_checkSystems(options, client, ctx) {
    refuseCheckInputs(options);
    const refs = (0,instance_ref/* resolveInstances */.JK)(options.erpVirtualInstances, options);
    const reads = new AccessReads(client, options.baseUrl, ctx.signal);
    return (0,pool/* mapLimited */.b)(refs, options.maxParallel, async (ref) => {
        const findings = await checkOne(ref, options, { client, reads, signal: ctx.signal });
        const ready = !findings.some((f) => f.level === 'refuse');
        const codes = findings.map((f) => f.code).join(', ');
        ctx.logger.info(`${ref.label}: ${ready ? 'ready' : 'refused'}${codes ? ` (${codes})` : ''}`);
        for (const f of findings)
            ctx.logger.info(`  ${f.level} ${f.code}: ${f.text}`);
        return { id: (0,instance_ref/* idOf */.TH)(ref), name: ref.label, ready, findings };
    });
}
async function checkOne(ref, options, io) {
    const caller = callerChecks(ref, options, io.reads);
    try {
        const facts = await readSystemFacts(io.client, { ...options, ref, signal: io.signal });
        return [
            ...checksFor(facts, options),
            ...(await caller),
            ...(await identityChecks(facts, ref, options, io.reads)),
        ];
    }
    catch (error) {
        const unread = finding('could-not-check', 'system', `${ref.label}: its read (or its instances' lists) failed, so no check of the system could be made: ${why(error)}.`);
        return [unread, ...(await caller)];
    }
}

// EXTERNAL MODULE: ./src/operations/erp/erp-list/chosen.ts
var erp_list_chosen = __webpack_require__(3403);
// EXTERNAL MODULE: ./src/operations/erp/erp-list/listing.ts + 2 modules
var listing = __webpack_require__(5909);
// EXTERNAL MODULE: ./src/operations/erp/erp-list/selection.ts
var erp_list_selection = __webpack_require__(6687);
;// CONCATENATED MODULE: ./src/operations/erp/erp-list/select-run.ts





/**
 * What `bySelection` (select.ts) runs when the step runs: with `tag` or `environment` it lists first (C5) and acts on
 * what was selected and offered stop and start; with ids as well, the tag and environment are their re-check; with
 * `from-result`, the systems of that file. Loaded with erp's chunk, so a step of another area parses none of it.
 */
async function runBySelection(s) {
    const { operation, run, options, client, ctx } = s;
    const chosen = await selectInstances(operation, options, client, ctx);
    if (chosen === undefined)
        return run({ ...options, ...oneScope(options) }, client, ctx);
    if (chosen.ids.length === 0)
        return (0,erp_list_chosen/* nothingSelected */.Pq)(operation, options.failIfEmpty === true, chosen);
    const where = { subscriptionId: undefined, resourceGroup: undefined };
    const result = await run({ ...options, ...where, erpVirtualInstances: chosen.ids }, client, ctx);
    return (0,erp_list_chosen/* withNearMisses */.tx)(result, chosen.notes);
}
/** Instances given by name live in one subscription and resource group: a list there is refused, naming it. */
function oneScope(options) {
    for (const [input, given] of [
        ['subscription-id', options.subscriptionId],
        ['resource-group', options.resourceGroup],
    ]) {
        if (given && given.length > 1) {
            throw new errors/* InputError */.dz(input, `names ${given.length} items; with erp-virtual-instance names give one (a selection by tag, or full resource ids, may span several)`);
        }
    }
    return { subscriptionId: options.subscriptionId?.[0], resourceGroup: options.resourceGroup?.[0] };
}
/**
 * The ids to act on where a selection chose them (with one warning for the ones left out); undefined where the
 * instances were given (with a tag or environment, re-checked by the read before each is acted on). erp-status
 * reads every system selected: a gate that left one out would pass unseen.
 */
async function selectInstances(operation, options, client, ctx) {
    const byTag = options.tags !== undefined || options.environment !== undefined;
    if (options.fromResult)
        return fromResult(options.fromResult, options, byTag, ctx);
    if (options.erpVirtualInstances) {
        if (byTag)
            ctx.logger.info(recheckLine(operation, refuseUnread(options)));
        return undefined;
    }
    if (!byTag) {
        throw new errors/* InputError */.dz('erp-virtual-instance', `is required for ${operation} (or select by tag and environment${operation === 'erp-status' ? '' : ', or from-result'})`);
    }
    if (!options.subscriptionId?.length) {
        throw new errors/* InputError */.dz('subscription-id', 'is required with tag or environment: the subscription whose systems are listed');
    }
    const { selected, nearMisses } = await (0,listing/* listFleet */.d9)({
        baseUrl: options.baseUrl,
        apiVersion: options.apiVersion ?? vocabulary/* ERP_API_VERSION */.QU,
        subscriptionIds: options.subscriptionId,
        resourceGroups: options.resourceGroup,
        tags: options.tags,
        environment: options.environment,
    }, client, ctx);
    // erp-status and erp-check read every system selected: erp-check names the unregistered (not-registered).
    const { offered } = ['erp-status', 'erp-check'].includes(operation)
        ? { offered: selected }
        : (0,listing/* offeredOf */.RU)(selected, ctx.logger, operation);
    ctx.logger.info(`Selected ${offered.length} system(s)${offered.length ? `: ${names(offered)}` : ''}.`);
    return { ids: offered.map((m) => m.id), notes: nearMisses, by: `by ${(0,erp_list_selection/* describeSelection */.e9)(options)}` };
}
/** Given ids with a tag or environment (a matrix leg): what the read before acting holds each one to. */
function recheckLine(operation, selection) {
    return operation === 'erp-status'
        ? `Reading each instance given, whatever its tags (a gate reads them all); the selection given: ${(0,erp_list_selection/* describeSelection */.e9)(selection)}.`
        : `The instances given are acted on only while each still matches ${(0,erp_list_selection/* describeSelection */.e9)(selection)}: the read before acting re-checks it (a system that no longer matches is left alone).`;
}
/**
 * The ids' re-check is made by the read before acting, which `skip-if-done: false` with `verify: false` leaves out:
 * given so, the tag and environment would be read as a check and never made.
 */
function refuseUnread(options) {
    const reads = options;
    if (reads.skipIfDone === false && reads.verify === false) {
        throw new errors/* InputError */.dz('tag', 'with erp-virtual-instance is the re-check made by the read before acting, which skip-if-done: false with verify: false leaves out: set one of them true, or drop tag and environment');
    }
    return options;
}
/** from-result: the systems an earlier stop acted on, whatever their tags now; never with another selection. */
function fromResult(file, options, byTag, ctx) {
    const other = options.erpVirtualInstances
        ? 'erp-virtual-instance'
        : byTag
            ? 'tag or environment'
            : undefined;
    if (other) {
        throw new errors/* InputError */.dz('from-result', `is given with ${other}; the result file is the selection: give one of them, not both`);
    }
    const passed = file.passed ? ` (${file.passed} it skipped or planned left out)` : '';
    ctx.logger.info(`Selected from ${file.path}, the result file of ${file.operation}: ${file.ids.length} system(s) it acted on${passed}, whatever their tags are now${file.ids.length ? `: ${namesOf(file.names)}` : ''}.`);
    const none = `The result file ${file.path} of ${file.operation} names no system it acted on${passed}.`;
    return { ids: file.ids, notes: file.ids.length ? [] : [none], by: `from ${file.path}` };
}
function names(members) {
    return namesOf(members.map((m) => m.name));
}
function namesOf(all) {
    return `${all.slice(0, 20).join(', ')}${all.length > 20 ? ` and ${all.length - 20} more` : ''}`;
}

// EXTERNAL MODULE: ./src/client/arm/lro.ts
var lro = __webpack_require__(1257);
;// CONCATENATED MODULE: ./src/operations/erp/resume.ts













/**
 * Resumes waiting on operations an earlier `erp-stop` or `erp-start` with `wait: false` started: same origin
 * rule, same polling, one verdict over all of them as a stop of several instances gives.
 */
async function waitForOperation(options, client, ctx) {
    // Every URL and target is checked before the first poll: a bad one fails the step with nothing sent.
    const entries = options.operationUrl.map((entry, i) => ({
        url: onOrigin(entry.url, client.origin),
        n: i + 1,
        system: systemOf(entry, i, options.baseUrl),
        window: { step: entry.step, database: entry.database, left: entry.left },
    }));
    if (entries.length === 0) {
        ctx.logger.info('operation-url is an empty list: no operation is still running, nothing to wait for');
        return {
            outputs: { 'operation-status': 'Succeeded', 'operation-urls': [], operations: [] },
            summary: [],
        };
    }
    if (entries.some((e) => !e.system)) {
        ctx.logger.info('operation-url holds bare polling URLs: the systems they act on are not named, so their end status cannot be verified (give it the operations output of erp-stop or erp-start to verify).');
    }
    const several = entries.length > 1;
    const outcomes = await (0,each/* forEachTarget */.M)(entries, options.maxParallel, ctx, {
        title: ({ url, system }) => `wait-for-operation ${system?.ref.label ?? (0,client_url/* redactQuery */.Ce)(url)}`,
        logName: ({ n, system }) => system?.ref.label ?? (several ? `operation ${n}` : 'operation'),
        work: async ({ url, n, system, window }, log) => ({
            ...(await resumeWindow({
                pollingUrl: url,
                label: system
                    ? `The ${system.verb} of erp virtual instance '${system.ref.label}'`
                    : several
                        ? `Operation ${n}`
                        : 'The operation',
                system,
                options,
                client,
                ctx,
                log,
            })),
            // A window's step still running names its step and the steps left again, for the next wait.
            entry: system && { ...(0,instance_ref/* entryFor */.cy)(system.ref, system), ...window },
        }),
    });
    return (0,erp_outcome/* report */.z8)(outcomes, {
        running: 'still running',
        title: 'wait-for-operation',
        targetHeader: entries.every((e) => e.system) ? 'erp virtual instance' : 'operation',
        severalFailed: 'operations did not end well',
        operations: true,
    });
}
/** The system an `operations` entry names, read at erp's own api-version; none for a bare URL. */
function systemOf(entry, i, baseUrl) {
    if (entry.target === undefined || !entry.verb)
        return undefined;
    const ref = (0,resource_id/* parseResourceId */.RQ)(entry.target, resource_id/* ERP_VIRTUAL_INSTANCE */.c3);
    if (typeof ref === 'string')
        throw new errors/* InputError */.dz('operation-url', `item ${i + 1}: target ${ref}`);
    // A window's database step is verified on its database (C3), named `X01/db0` as the window names it.
    const { database } = entry;
    const readUrl = database === undefined
        ? (0,resource_id/* resourceUrl */.UI)(baseUrl, ref, resource_id/* ERP_VIRTUAL_INSTANCE */.c3, vocabulary/* ERP_API_VERSION */.QU)
        : (0,instance_ref/* databaseUrl */.FA)(baseUrl, ref, vocabulary/* ERP_API_VERSION */.QU, database);
    const label = database === undefined ? ref.name : `${ref.name}/${database}`;
    const system = { ref: { ...ref, label }, readUrl, verb: entry.verb, machines: entry.snooze === true };
    return { ...system, left: entry.left ?? [] };
}
function onOrigin(url, origin) {
    try {
        return (0,client_url/* resolveOnOrigin */.wl)(url, origin, 'operation-url').href;
    }
    catch (error) {
        if (error instanceof errors/* OriginError */.NH)
            throw new errors/* InputError */.dz('operation-url', error.message);
        throw error;
    }
}
/**
 * A whole-system step's operation (its `operations` entry names the steps left): followed and verified as any, then
 * failed naming the window's steps never sent, since a window with steps left is not done.
 */
async function resumeWindow(o) {
    const followed = await resume(o);
    const left = o.system?.left ?? [];
    if (left.length === 0)
        return followed;
    const name = o.system.ref.name;
    const notDone = `The whole-system ${o.system.verb} of '${name}' is not done: ${left.join(', ')} never sent; run the same step that left it again, with the same inputs, to send them: what is done is skipped.`;
    o.log.info(notDone);
    if (followed.failure !== undefined)
        return { ...followed, failure: `${followed.failure} ${notDone}` };
    // Its operation ended: nothing of it is left to resume by URL; what is left is the window's steps never sent.
    return {
        ...followed,
        kind: 'error',
        causeKind: 'not sent',
        failure: notDone,
        operation: { ...followed.operation, url: undefined },
    };
}
async function resume(o) {
    const { pollingUrl, label, client, ctx, log, system } = o;
    const target = system?.ref.label ?? (0,client_url/* redactQuery */.Ce)(pollingUrl);
    const startedAt = ctx.clock.now();
    // An operation whose turn comes after a cancellation or the deadline is not polled; it is still to resume.
    if (ctx.signal?.aborted || startedAt >= ctx.deadline) {
        const kind = ctx.signal?.aborted ? 'cancelled' : 'timeout';
        log.info(`not polled: ${(0,wording/* whyCut */.$u)(kind)} before its turn`);
        return (0,conclude/* conclude */.Ep)({ label, target, followed: { kind }, operationUrl: pollingUrl, durationMs: 0, log });
    }
    // Nobody recorded which header gave the URL: the answers tell (see PollingMode).
    // wait: false is a peek: one poll (the deadline now), and a running operation is reported, not waited on.
    const terms = o.options.wait ? ctx : { ...ctx, deadline: startedAt };
    const polled = await (0,progress/* followInLog */.v8)(terms, log, startedAt, { client, pollingUrl, mode: 'unknown' });
    const peeked = !o.options.wait && polled.kind === 'timeout' && polled.error instanceof lro/* PollTimeoutError */.t5;
    if (peeked)
        log.info('still running; not waiting (wait: false): it stays in operation-urls');
    const followed = peeked ? { ...polled, kind: 'accepted', error: undefined } : polled;
    const ended = (0,conclude/* conclude */.Ep)({
        label,
        target,
        followed,
        operationUrl: followed.pollingUrl,
        durationMs: ctx.clock.now() - startedAt,
        log,
    });
    if (!system)
        return ended;
    // Named by the operations output: each system's end status is verified as erp-stop verifies it.
    const after = {
        step: system,
        ended,
        sent: { done: system.verb },
        client,
        ctx,
        log,
        startedAt,
    };
    if (followed.kind === 'succeeded' && o.options.verify)
        return verifyEnd(after);
    if (followed.kind === 'failed' || ended.operation?.gone)
        return readAfterEnd(after);
    return ended;
}

;// CONCATENATED MODULE: ./src/operations/erp/code.ts
/**
 * The code erp's operations load when one runs, not when the action starts: their modules import it with a dynamic
 * `import()`, which ncc bundles as a chunk of its own, so a step of another area parses none of it (issue 53).
 */












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
