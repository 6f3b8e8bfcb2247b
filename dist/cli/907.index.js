export const id = 907;
export const ids = [907];
export const modules = {

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

/***/ 9081:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Dn: () => (/* binding */ followOperation),
  Fg: () => (/* binding */ pollingLinkOf),
  oz: () => (/* binding */ progressLine),
  rk: () => (/* binding */ readStatus)
});

// EXTERNAL MODULE: ./src/client/http.ts
var http = __webpack_require__(7915);
// EXTERNAL MODULE: ./src/client/errors.ts
var errors = __webpack_require__(6468);
// EXTERNAL MODULE: ./src/client/status.ts
var client_status = __webpack_require__(8997);
;// CONCATENATED MODULE: ./src/client/lro.ts


/** Raised when the deadline passes first; `last` is what was seen, so the caller can name it. */
class PollTimeoutError extends errors/* TimeoutError */.MU {
    last;
    waitedMs;
    constructor(last, waitedMs) {
        super('The operation did not end in time');
        this.last = last;
        this.waitedMs = waitedMs;
        this.name = 'PollTimeoutError';
    }
}
/**
 * A long-running operation as a small state machine: initial state → (wait, poll)* → terminal. The wait is
 * the service's Retry-After, else the poll interval, and never runs past the deadline.
 */
async function pollUntilDone(options) {
    const { clock, signal, deadline } = options;
    const started = clock.now();
    const changed = options.changed ?? ((a, b) => options.statusOf(a) !== options.statusOf(b));
    let polls = 0;
    let state = options.initial ?? (polls++, await options.poll());
    options.onProgress?.(state.value, clock.now() - started);
    for (;;) {
        const outcome = (0,client_status/* classifyStatus */.x)(options.statusOf(state.value));
        if (outcome !== 'running')
            return { value: state.value, outcome, polls };
        const now = clock.now();
        if (now >= deadline)
            throw new PollTimeoutError(state.value, now - started);
        await clock.sleep(Math.min(state.retryAfterMs ?? options.pollIntervalMs, deadline - now), signal);
        const next = await options.poll();
        polls++;
        if (changed(state.value, next.value))
            options.onProgress?.(next.value, clock.now() - started);
        state = next;
    }
}

// EXTERNAL MODULE: ./src/client/retry.ts
var retry = __webpack_require__(7785);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./src/client/error-body.ts
var error_body = __webpack_require__(4962);
;// CONCATENATED MODULE: ./src/client/schemas/erp.ts


/**
 * The operation status result (C1's 200 body and the polling URL's body). The spec says no field is always
 * present, and the success sample carries `error: null`, so every field is optional and nullable.
 */
const operationStatusResult = schemas/* looseObject */._H3({
    id: schemas/* string */.YjP().nullish(),
    name: schemas/* string */.YjP().nullish(),
    status: schemas/* string */.YjP().nullish(),
    startTime: schemas/* string */.YjP().nullish(),
    endTime: schemas/* string */.YjP().nullish(),
    percentComplete: schemas/* number */.aig().min(0).max(100).nullish(),
    error: error_body/* errorDetail */.m2.nullish(),
    operations: schemas/* array */.YOg(schemas/* unknown */.L5J()).nullish(),
});

// EXTERNAL MODULE: ./src/operations/erp/progress.ts
var progress = __webpack_require__(9301);
;// CONCATENATED MODULE: ./src/operations/erp/follow.ts





/** The polling URL of a long-running operation: `vendor-AsyncOperation`, else `Location` (names in any case). */
function pollingLinkOf(response) {
    return response.headers['vendor-asyncoperation'] || response.headers['location'] || undefined;
}
/**
 * An operation status result from a response. A 202 may come without a body (the spec does not show one), so
 * an empty or unreadable 202 body is "no status yet"; any other response must carry the shape.
 */
function readStatus(response, what) {
    if (response.status === 202) {
        if (response.text.trim() === '')
            return {};
        try {
            return (0,http/* parseBody */.OG)(response, operationStatusResult, what);
        }
        catch {
            return {};
        }
    }
    return (0,http/* parseBody */.OG)(response, operationStatusResult, what);
}
/**
 * Polls one operation until it ends, the deadline passes or the job is cancelled: one log line per status
 * change, never an extra poll (1 + ceil(T / r) requests for an operation of T seconds with Retry-After r).
 */
async function followOperation(options) {
    const { client, ctx, log } = options;
    let last = options.initial;
    const retryAfterOf = (response) => (0,retry/* parseRetryAfter */.mu)(response.headers['retry-after'], ctx.clock.now());
    try {
        const result = await pollUntilDone({
            clock: ctx.clock,
            signal: ctx.signal,
            deadline: ctx.deadline,
            pollIntervalMs: ctx.pollIntervalMs,
            initial: last && { value: last.body, retryAfterMs: retryAfterOf(last.response) },
            poll: async () => {
                const response = await client.send({ method: 'GET', url: options.pollingUrl, what: 'polling URL' });
                const body = readStatus(response, 'operation status');
                last = { body, response };
                return { value: body, retryAfterMs: retryAfterOf(response) };
            },
            statusOf: (body) => body.status,
            // A 202 without a body says nothing yet: the "stop accepted" line already told it.
            onProgress: (body) => {
                if (body.status != null || body.percentComplete != null) {
                    log.info(progressLine(body, ctx.clock.now() - options.startedAt));
                }
            },
        });
        return { kind: result.outcome, last };
    }
    catch (error) {
        // The adapter aborts the signal on SIGTERM: whatever then breaks (a sleep, a request) is the cancellation.
        if (ctx.signal?.aborted)
            return { kind: 'cancelled', last, error };
        if (error instanceof PollTimeoutError)
            return { kind: 'timeout', last, error };
        return { kind: 'error', last, error };
    }
}
function progressLine(body, elapsedMs) {
    const percent = typeof body.percentComplete === 'number' ? `, ${body.percentComplete}% complete` : '';
    return `${body.status ?? 'no status yet'}${percent} (elapsed ${(0,progress/* formatDuration */.a3)(elapsedMs)})`;
}


/***/ }),

/***/ 8832:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ep: () => (/* binding */ conclude),
/* harmony export */   c2: () => (/* binding */ statusOf),
/* harmony export */   z8: () => (/* binding */ report)
/* harmony export */ });
/* harmony import */ var _client_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6468);
/* harmony import */ var _client_url_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1098);
/* harmony import */ var _progress_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9301);



/**
 * Turns how a wait ended into an outcome: the failure sentence names the status, the service's error code and
 * message and the request id; a timeout or a cancellation names the last status, the percent complete and
 * how to resume. Error details go to the instance's log.
 */
function conclude(label, target, followed, operationUrl, durationMs, log) {
    const { kind, last } = followed;
    const body = last?.body;
    const base = { target, kind, body, operationUrl, requestId: last?.response.requestId, durationMs };
    const resume = operationUrl
        ? `; resume with wait-for-operation and the operation-url output (${(0,_client_url_js__WEBPACK_IMPORTED_MODULE_1__/* .redactQuery */ .Ce)(operationUrl)})`
        : '';
    const lastSeen = `last status ${body?.status ?? 'none'}, ${(0,_progress_js__WEBPACK_IMPORTED_MODULE_2__/* .formatPercent */ .l9)(body?.percentComplete)}`;
    switch (kind) {
        case 'succeeded':
            log.info(`ended ${body?.status} after ${(0,_progress_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(durationMs)}`);
            return base;
        case 'failed': {
            const { code, message, target: where, details, additionalInfo } = body?.error ?? {};
            const error = new _client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7({
                code,
                message,
                target: where,
                details,
                additionalInfo,
                requestId: base.requestId,
            });
            log.detail(`${label} ended with status ${body?.status}: ${error.message.trim()}`);
            for (const line of error.detailLines())
                log.detail(line);
            const what = [body?.error?.code, body?.error?.message].filter(Boolean).join(': ');
            return {
                ...base,
                failure: `${label} ended with status ${body?.status}${what ? `: ${what}` : ''} (request-id: ${base.requestId ?? 'none'}).`,
            };
        }
        case 'timeout':
            return { ...base, failure: `${label} did not end within the timeout: ${lastSeen}${resume}.` };
        case 'cancelled':
            return {
                ...base,
                failure: `The job was cancelled while waiting on ${lowerFirst(label)}: ${lastSeen}${resume}.`,
            };
        case 'accepted':
            return base;
        case 'error': {
            const error = followed.error;
            if (error instanceof _client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7)
                for (const line of error.detailLines())
                    log.detail(line);
            const message = (error instanceof Error ? error.message : String(error))
                .split('\n')[0]
                .replace(/\.$/, '');
            const seen = body ? `; ${lastSeen}` : '';
            return { ...base, failure: `${label} failed: ${message}${seen}${operationUrl ? resume : ''}.` };
        }
    }
}
function lowerFirst(text) {
    return text.charAt(0).toLowerCase() + text.slice(1);
}
/** The status a workflow sees: the service's own word, `Accepted` for a stop not waited on without one. */
function statusOf(outcome) {
    return outcome.body?.status ?? (outcome.kind === 'accepted' ? 'Accepted' : undefined);
}
/** Outputs (the contract's), the summary table and the step's failure, from the outcomes in input order. */
function report(outcomes, options) {
    const last = outcomes[outcomes.length - 1];
    const failed = outcomes.filter((o) => o.failure);
    const allSucceeded = outcomes.every((o) => o.kind === 'succeeded');
    const firstOther = outcomes.find((o) => o.kind !== 'succeeded');
    const operationStatus = options.several
        ? allSucceeded
            ? 'Succeeded'
            : (statusOf(firstOther) ?? 'Failed')
        : statusOf(last);
    const result = options.several
        ? outcomes.map((o) => ({
            erpVirtualInstance: o.target,
            ...o.body,
            operationUrl: o.operationUrl,
            failure: o.failure,
        }))
        : last.body;
    const table = {
        title: options.title,
        header: [options.targetHeader, 'status', 'duration', 'percent complete', 'operation id'],
        rows: outcomes.map((o) => [
            o.target,
            statusOf(o) ?? (o.kind === 'error' ? 'request failed' : 'none'),
            (0,_progress_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(o.durationMs),
            // An empty cell renders badly in the job summary: a dash says "not known".
            typeof o.body?.percentComplete === 'number' ? `${o.body.percentComplete}%` : '-',
            o.body?.id ?? o.body?.name ?? '-',
        ]),
        notes: failed.map((o) => o.failure),
    };
    let failure;
    if (failed.length === 1 && !options.several)
        failure = failed[0].failure;
    else if (failed.length > 0) {
        failure = `${failed.length} of ${outcomes.length} ${options.severalFailed}: ${failed.map((o) => o.failure).join(' ')}`;
    }
    return {
        outputs: {
            result,
            'operation-status': operationStatus,
            'operation-id': last.body?.id ?? last.body?.name ?? undefined,
            'operation-url': last.operationUrl,
            'percent-complete': last.body?.percentComplete ?? undefined,
            'start-time': last.body?.startTime ?? undefined,
            'end-time': last.body?.endTime ?? undefined,
        },
        summary: [table],
        failure,
    };
}


/***/ }),

/***/ 9301:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   g7: () => (/* binding */ InstanceLog),
/* harmony export */   l9: () => (/* binding */ formatPercent),
/* harmony export */   wY: () => (/* binding */ ConcurrentLog)
/* harmony export */ });
/** `12.3s`, `4m 05s`, `1h 02m`: durations as a reader of a job log wants them. */
function formatDuration(ms) {
    const s = Math.max(0, ms) / 1000;
    if (s < 60)
        return `${s.toFixed(1)}s`;
    const m = Math.floor(s / 60);
    if (m < 60)
        return `${m}m ${String(Math.floor(s % 60)).padStart(2, '0')}s`;
    return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}
function formatPercent(percent) {
    return typeof percent === 'number' ? `${percent}% complete` : 'percent complete unknown';
}
/**
 * Where the lines of the instances go. GitHub log groups cannot nest or interleave, so with several instances
 * at once the live progress lines go out un-grouped, each prefixed with its instance, and each instance gets
 * a group of its own when it ends (its history and details, in one piece). Lines arriving while such a group
 * is open are held back until it closes, so no line lands in another instance's group.
 */
class ConcurrentLog {
    logger;
    open = false;
    held = [];
    groups = Promise.resolve();
    constructor(logger) {
        this.logger = logger;
    }
    info(line) {
        this.emit(() => this.logger.info(line));
    }
    warning(line) {
        this.emit(() => this.logger.warning(line));
    }
    /** One group with these lines, after any group already queued. */
    group(title, lines) {
        this.groups = this.groups.then(async () => {
            this.open = true;
            try {
                await this.logger.group(title, async () => {
                    for (const line of lines)
                        this.logger.info(line);
                });
            }
            finally {
                this.open = false;
                for (const write of this.held.splice(0))
                    write();
            }
        });
        return this.groups;
    }
    emit(write) {
        if (this.open)
            this.held.push(write);
        else
            write();
    }
}
/** One instance's log: its lines go out live (prefixed with its name) and are kept for its closing group. */
class InstanceLog {
    name;
    sink;
    history = [];
    details = [];
    constructor(name, sink) {
        this.name = name;
        this.sink = sink;
    }
    info(line) {
        this.history.push(line);
        this.sink.info(`${this.name}: ${line}`);
    }
    warning(line) {
        this.history.push(`warning: ${line}`);
        this.sink.warning(`${this.name}: ${line}`);
    }
    /** Lines for the closing group only (error details), not live. */
    detail(line) {
        this.details.push(line);
    }
}


/***/ }),

/***/ 3907:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   waitForOperation: () => (/* binding */ waitForOperation)
/* harmony export */ });
/* harmony import */ var _client_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6468);
/* harmony import */ var _client_url_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1098);
/* harmony import */ var _erp_follow_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9081);
/* harmony import */ var _erp_outcome_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8832);
/* harmony import */ var _erp_progress_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9301);





/** Resumes waiting on an operation an earlier `erp-stop` with `wait: false` started: same origin rule, same polling. */
async function waitForOperation(options, client, ctx) {
    let pollingUrl;
    try {
        pollingUrl = (0,_client_url_js__WEBPACK_IMPORTED_MODULE_1__/* .resolveOnOrigin */ .wl)(options.operationUrl, client.origin, 'operation-url').href;
    }
    catch (error) {
        if (error instanceof _client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .OriginError */ .NH)
            throw new _client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('operation-url', error.message);
        throw error;
    }
    const target = (0,_client_url_js__WEBPACK_IMPORTED_MODULE_1__/* .redactQuery */ .Ce)(pollingUrl);
    const outcome = await ctx.logger.group(`wait-for-operation ${target}`, async () => {
        const log = new _erp_progress_js__WEBPACK_IMPORTED_MODULE_4__/* .InstanceLog */ .g7('operation', ctx.logger);
        const startedAt = ctx.clock.now();
        const followed = await (0,_erp_follow_js__WEBPACK_IMPORTED_MODULE_2__/* .followOperation */ .Dn)({ client, ctx, log, pollingUrl, startedAt });
        const result = (0,_erp_outcome_js__WEBPACK_IMPORTED_MODULE_3__/* .conclude */ .Ep)('The operation', target, followed, pollingUrl, ctx.clock.now() - startedAt, log);
        for (const line of log.details)
            ctx.logger.info(line);
        return result;
    });
    return (0,_erp_outcome_js__WEBPACK_IMPORTED_MODULE_3__/* .report */ .z8)([outcome], {
        title: 'wait-for-operation',
        targetHeader: 'operation',
        several: false,
        severalFailed: 'operations did not end well',
    });
}


/***/ })

};
