export const id = 341;
export const ids = [341];
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

/***/ 341:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  appCurrentUser: () => (/* reexport */ appCurrentUser),
  appRemoveUser: () => (/* reexport */ appRemoveUser)
});

// EXTERNAL MODULE: ./src/client/http.ts + 7 modules
var http = __webpack_require__(2838);
// EXTERNAL MODULE: ./src/client/schemas/zod.ts + 14 modules
var zod = __webpack_require__(1482);
;// CONCATENATED MODULE: ./src/client/schemas/apps.ts

/** An id may come as a string (the real API's UUID) or a number; outputs carry it as text. */
const idText = zod/* onFirstUse */.Vkw(() => zod/* pipe */.FsL(zod/* union */.KCZ([zod/* string */.YjP(), zod/* number */.aig()]), zod/* transform */.pdi(String)));
/**
 * Area D, `GET /v0.1/user`: the calling user's profile. The spec shows no fields; these are the ones the real
 * API sends (snake_case `display_name`), with camelCase `displayName` accepted too. Unknown fields pass through.
 */
const userProfile = zod/* onFirstUse */.Vkw(() => zod/* looseObject */._H3({
    id: zod/* optional */.lqM(idText),
    name: zod/* optional */.lqM(zod/* string */.YjP()),
    email: zod/* optional */.lqM(zod/* string */.YjP()),
    display_name: zod/* optional */.lqM(zod/* nullable */.mee(zod/* string */.YjP())),
    displayName: zod/* optional */.lqM(zod/* nullable */.mee(zod/* string */.YjP())),
}));
function displayNameOf(profile) {
    return profile.display_name ?? profile.displayName ?? undefined;
}
/**
 * Area D, `GET /v0.1/apps/{owner_name}/{app_name}/users`: the app's users (service-beyond-seed.md); only `email`
 * is read, the other fields pass through.
 */
const appUsers = zod/* onFirstUse */.Vkw(() => zod/* array */.YOg(zod/* looseObject */._H3({ email: zod/* optional */.lqM(zod/* nullable */.mee(zod/* string */.YjP())) })));
/** A removal's response: "not shown" in the spec (the real API answers 204); any JSON object is kept as is. */
const removalResponse = zod/* onFirstUse */.Vkw(() => zod/* looseObject */._H3({}));

// EXTERNAL MODULE: ./src/client/url.ts
var client_url = __webpack_require__(1098);
;// CONCATENATED MODULE: ./src/operations/apps/api-url.ts

/**
 * An area D address: `{api-url}/v0.1/…`. An api-url given with the `/v0.1` prefix already (as it appears in the
 * API's documentation) is taken as the same base, rather than asking for `/v0.1/v0.1/…`.
 */
function appApiUrl(apiUrl, path) {
    const base = new URL(apiUrl.href);
    base.pathname = base.pathname.replace(/\/+$/, '').replace(/\/v0\.1$/i, '');
    return (0,client_url/* joinUrl */.we)(base, `/v0.1${path}`);
}

// EXTERNAL MODULE: ./src/client/errors.ts
var errors = __webpack_require__(6468);
;// CONCATENATED MODULE: ./src/operations/apps/lifecycle.ts

/** The app-management service's published lifecycle (spec, Versioning). */
const RETIRED_ON = Date.UTC(2025, 2, 31);
const ANALYTICS_UNTIL = Date.UTC(2026, 5, 30);
const day = (ms) => new Date(ms).toISOString().slice(0, 10);
/** The warning every area D run shows; phrased for the day it runs, so it never reads as if retirement were ahead. */
function lifecycleNotice(now) {
    const lead = 'The app-management API is at the end of its life: ';
    if (now < RETIRED_ON) {
        return (`${lead}the service is to be retired on 31 March 2025, apart from its analytics and diagnostics features, ` +
            'which stay supported until 30 June 2026. Plan a replacement for this step.');
    }
    if (now <= ANALYTICS_UNTIL) {
        return (`${lead}the service was retired on 31 March 2025; only its analytics and diagnostics features stay supported, ` +
            `until 30 June 2026 (today is ${day(now)}). User management is not among them: this step may stop ` +
            'working at any time. Plan a replacement.');
    }
    return (`${lead}the service was retired on 31 March 2025, and its analytics and diagnostics features were supported ` +
        `only until 30 June 2026; today (${day(now)}) is past both dates. This step may stop working at any time: ` +
        'plan a replacement.');
}
const RETIREMENT_HINT = 'The likely cause: the app-management service was retired on 31 March 2025 (analytics and diagnostics ' +
    'until 30 June 2026) and no longer answers here. If api-url points to a service that should still run, check ' +
    'the address (the base, without /v0.1) and the network.';
/** A network failure (DNS, refused, unreachable, timed out) of an area D call: retirement is the likely cause. */
function withRetirementHint(error) {
    if (error instanceof errors/* ServiceError */._7 && error.code === 'NetworkError' && !error.hint) {
        return error.withHint(`The service could not be reached. ${RETIREMENT_HINT}`);
    }
    return error;
}

;// CONCATENATED MODULE: ./src/operations/apps/error-hints.ts

/** Hints for area D failures: each says what to do, since the service's own messages rarely do. */
const UNAUTHORIZED = 'The API token was refused: it is missing, revoked or mistyped. Create a new API token in the portal ' +
    '(account settings for a user token, app settings for an app token; the value is shown only once) and store ' +
    'it as a secret for api-token.';
const GONE = `The service answered 410 Gone. ${RETIREMENT_HINT}`;
const LENGTH_REQUIRED = 'The service says the request carried no body (411 Length Required). This should never happen: the action ' +
    'always sends {} with a DELETE. A proxy between the runner and the service may have dropped it; if there is ' +
    'none, please report this as a bug.';
function common(error) {
    if (error.status === 401)
        return UNAUTHORIZED;
    if (error.status === 410)
        return GONE;
    if (error.status === 411)
        return LENGTH_REQUIRED;
    return undefined;
}
/** `GET /v0.1/user`. */
function profileHint(error) {
    if (error.status === 403) {
        return ('This token may not read a user profile: an app API token has no user behind it. Use a user API token ' +
            '(created under account settings) for app-current-user.');
    }
    // Every account has a profile, so a 404 here means the API itself is not there.
    if (error.status === 404)
        return `The service has no /v0.1/user. ${RETIREMENT_HINT}`;
    return common(error);
}
/** Which resource a 404 of a removal is about: from the error code, else the message, else unknown. */
function whichNotFound(error) {
    // Codes such as AppNotFound, app_not_found, UserNotFound.
    const code = (error.code ?? '').toLowerCase();
    if (/^app/.test(code))
        return 'app';
    if (/^user/.test(code))
        return 'user';
    // A message that names exactly one of the two; addresses are dropped first ("happy@x.org" is not an app).
    const message = (error.serviceMessage ?? '').toLowerCase().replace(/\S+@\S+/g, '');
    const app = /\bapp(?:lication)?\b/.test(message);
    const user = /\buser\b/.test(message);
    if (app !== user)
        return app ? 'app' : 'user';
    return 'unknown';
}
/** `DELETE /v0.1/apps/{owner}/{app}/users/{email}`. */
function removalHint(app, email) {
    return (error) => {
        if (error.status === 403) {
            return (`This token may not remove users from ${app}: a read-only token (user or app), an app token of another ` +
                'app, and a user token of someone who is not a Manager of the app cannot. Use a full-access user token ' +
                `of a Manager of ${app}, or a full-access app token created in ${app}'s settings.`);
        }
        if (error.status === 404) {
            switch (whichNotFound(error)) {
                case 'app':
                    return (`The app ${app} was not found: check the owner and app names (copy the app's portal address, or ` +
                        'owner/app as the command-line client lists it), and that the token can see the app (an app token ' +
                        'works only in its own app; a user token only in apps its user belongs to).');
                case 'user':
                    return `The user ${email} is not a user of ${app}: check the address; the user may already have been removed.`;
                case 'unknown':
                    return (`Either the app ${app} or the user ${email} was not found (the service did not say which): check ` +
                        'both, and that the token can see the app.');
            }
        }
        return common(error);
    };
}
/** The service says the user is not a member of the app (not that the app is missing, nor an unclear 404). */
function isAbsentUser(error) {
    return error.status === 404 && whichNotFound(error) === 'user';
}

;// CONCATENATED MODULE: ./src/operations/apps/app-current-user-run.ts





async function appCurrentUser(options, client, ctx) {
    const notice = lifecycleNotice(ctx.clock.now());
    ctx.logger.warning(notice);
    let response;
    try {
        response = await client.send({
            method: 'GET',
            url: appApiUrl(options.apiUrl, '/user'),
            hint: profileHint,
        });
    }
    catch (error) {
        throw withRetirementHint(error);
    }
    const profile = (0,http/* parseBody */.OG)(response, userProfile, 'GET /v0.1/user');
    const displayName = displayNameOf(profile);
    ctx.logger.info(`The API token belongs to ${profile.name ?? '(no name)'} (${profile.email ?? 'no e-mail'}).`);
    return {
        outputs: {
            'user-id': profile.id,
            'user-name': profile.name,
            'user-email': profile.email,
            'user-display-name': displayName,
            result: profile,
        },
        summary: [
            {
                title: 'Owner of the API token',
                header: ['Field', 'Value'],
                rows: [
                    ['id', profile.id ?? ''],
                    ['name', profile.name ?? ''],
                    ['email', profile.email ?? ''],
                    ['display name', displayName ?? ''],
                ],
                notes: [notice],
            },
        ],
        // The one target: the owner of the token, read.
        rows: [
            {
                target: profile.name ?? profile.email ?? profile.id ?? 'the token',
                outcome: 'succeeded',
                word: 'read',
            },
        ],
    };
}

// EXTERNAL MODULE: ./src/client/change-safely.ts
var change_safely = __webpack_require__(210);
// EXTERNAL MODULE: ./src/client/response.ts
var client_response = __webpack_require__(4404);
;// CONCATENATED MODULE: ./src/operations/apps/app-locator.ts


const ACCEPTED_APP_FORMS = 'owner/app (e.g. contoso/shop, as the command-line client lists apps), or the app portal address ' +
    '{portal}/users/{owner}/apps/{app} for a user-owned app or {portal}/orgs/{owner}/apps/{app} for an organization app';
/** Names as the portal and the command-line client show them: letters, digits, `-`, `_`, `.`, `~`. */
const NAME = /^[\w.~-]+$/;
/**
 * Reads the `app` input: `owner/app`, or a portal address (any host, any path prefix before `/users/` or
 * `/orgs/`; a trailing slash, a deeper portal page of the app, a query or a fragment are tolerated).
 */
function parseAppLocator(raw) {
    const value = raw.trim();
    const fail = (why) => {
        throw new errors/* InputError */.dz('app', `${why} (got '${(0,client_url/* redactUrls */.sK)(value).slice(0, 200)}'); accepted forms: ${ACCEPTED_APP_FORMS}`);
    };
    if (!value)
        fail('is empty');
    const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
    const plain = value.replace(/\/+$/, '').split('/');
    if (!hasScheme && plain.length === 2)
        return checked({ owner: plain[0], app: plain[1] }, fail);
    // A portal address, possibly pasted without its scheme (portal.example/orgs/contoso/apps/shop).
    let url;
    try {
        url = new URL(hasScheme ? value : `https://${value}`);
    }
    catch {
        return fail('is neither owner/app nor a portal address');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        fail(`has the unsupported scheme ${url.protocol}`);
    // Not echoed: the value holds a password, perhaps without a scheme that would show where it starts.
    if (url.username || url.password)
        throw new errors/* InputError */.dz('app', client_url/* USERINFO_REFUSED */.hS);
    const segments = url.pathname.split('/').filter(Boolean);
    for (let i = 0; i + 3 < segments.length; i++) {
        const kind = segments[i];
        if ((kind === 'users' || kind === 'orgs') && segments[i + 2] === 'apps') {
            const decode = (s) => {
                try {
                    return decodeURIComponent(s);
                }
                catch {
                    return fail(`has a malformed percent-encoding in '${s}'`);
                }
            };
            return checked({ owner: decode(segments[i + 1]), app: decode(segments[i + 3]), ownerKind: kind }, fail);
        }
    }
    return fail(hasScheme
        ? 'is a web address, but not an app portal address (…/users/{owner}/apps/{app} or …/orgs/{owner}/apps/{app})'
        : 'is neither owner/app nor a portal address');
}
function checked(locator, fail) {
    for (const [what, name] of [
        ['owner name', locator.owner],
        ['app name', locator.app],
    ]) {
        if (!name)
            fail(`has an empty ${what}`);
        if (!NAME.test(name) || name === '.' || name === '..') {
            fail(`has an ${what} '${name}' with characters a name cannot have (letters, digits, - _ . ~)`);
        }
    }
    return locator;
}
function describeApp(locator) {
    return `${locator.owner}/${locator.app}`;
}

// EXTERNAL MODULE: ./src/operations/plan.ts
var operations_plan = __webpack_require__(8543);
;// CONCATENATED MODULE: ./src/operations/apps/removal-plan.ts








/** The DELETE of one removal, the same for the real run and its plan. */
function removalRequest(apiUrl, locator, email, app, clientRequestId) {
    return {
        // Sent again, it is the same removal: the service (and its owner) can tell.
        clientRequestId,
        method: 'DELETE',
        url: appApiUrl(apiUrl, (0,client_url/* servicePath */.VF) `/apps/${locator.owner}/${locator.app}/users/${email}`),
        // The API answers 411 to a DELETE without a body; {} is its empty payload.
        json: {},
        hint: removalHint(app, email),
    };
}
/**
 * app-remove-user with dry-run: proves the token with the one read the API offers (`GET /v0.1/user`), reads the
 * app's users (`GET /v0.1/apps/{owner}/{app}/users`: an app that does not exist fails here, as the real run
 * would), then plans a DELETE per member; an address that is no member is planned as no change. The client
 * refuses each DELETE (PlannedChange), so nothing is removed.
 */
async function planRemoval(o) {
    const { apiUrl, locator, emails, app, client, ctx } = o;
    try {
        await client.send({ method: 'GET', url: appApiUrl(apiUrl, '/user') });
        ctx.logger.info('dry run: the API token is accepted (GET /v0.1/user).');
    }
    catch (error) {
        // 403: the token was recognised but may not read a profile (an app's token): it is valid, which is what a
        // dry run needs to know; 401 and every other failure end the dry run where the real run would end.
        if (!(error instanceof errors/* ServiceError */._7) || error.status !== 403)
            throw withRetirementHint(error);
        ctx.logger.info('dry run: the API token is accepted (GET /v0.1/user answers 403: a token without a profile).');
    }
    const members = await membersOf(o);
    const targets = [];
    for (const email of emails) {
        if (!members.has(email.toLowerCase())) {
            targets.push({ target: email, effect: `not a user of ${app}: nothing to remove` });
            continue;
        }
        const request = await (0,operations_plan/* wouldSend */.gx)(() => client.send(removalRequest(apiUrl, locator, email, app)), `the removal of ${email}`);
        targets.push({ target: email, effect: `remove from ${app}`, request });
    }
    (0,operations_plan/* logPlan */.uH)(ctx.logger, targets);
    const { plan, changes } = (0,operations_plan/* planOutputs */.iS)(targets);
    return {
        outputs: { 'removed-users': [], 'absent-users': [], changes, plan, result: plan },
        summary: [(0,operations_plan/* planTable */.k0)('app-remove-user', 'User', targets)],
        rows: (0,operations_plan/* planRows */.Lq)(targets),
    };
}
/** The app's members' addresses (lower-cased); a 404 (the app is not there, or not visible) fails the dry run. */
async function membersOf(o) {
    const { owner, app: name } = o.locator;
    try {
        const response = await o.client.send({
            method: 'GET',
            url: appApiUrl(o.apiUrl, (0,client_url/* servicePath */.VF) `/apps/${owner}/${name}/users`),
        });
        const users = (0,http/* parseBody */.OG)(response, appUsers, `the users of ${o.app}`);
        o.ctx.logger.info(`dry run: ${o.app} has ${users.length} user(s).`);
        return new Set(users.flatMap((u) => (u.email ? [u.email.toLowerCase()] : [])));
    }
    catch (error) {
        if (error instanceof errors/* ServiceError */._7 && error.status === 404) {
            throw error.withHint(`${o.app} was not found, or the API token cannot see it: check the app's owner and name.`);
        }
        throw withRetirementHint(error);
    }
}

;// CONCATENATED MODULE: ./src/operations/apps/user-email.ts

/**
 * A plausible e-mail address: one `@`, a local part without spaces or brackets, a domain of dotted labels.
 * Not RFC 5322 in full: the point is to catch a name, a display form (`Jane <jane@x.org>`) or a typo before
 * any user is removed. The address travels as one percent-encoded path segment, so `+` and `/` are safe.
 */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}\p{N}-]{2,}$/u;
function checkUserEmails(emails) {
    for (const email of emails) {
        if (email.length > 254 || !EMAIL.test(email)) {
            throw new errors/* InputError */.dz('user-email', `'${email.slice(0, 100)}' is not an e-mail address; give addresses like jane@contoso.com, one per line or comma-separated`);
        }
    }
    return emails;
}

;// CONCATENATED MODULE: ./src/operations/apps/removal-report.ts

/**
 * What app-remove-user returns: the addresses removed and absent, `result`, one row per address (its mark, what
 * was done, the cause of a failure and its kind) and the table that shows them.
 */
function removalResult(o) {
    const { app, outcomes, failures, failIfAbsent } = o;
    const removed = outcomes.filter((r) => r.removed).map((r) => r.user_email);
    const absent = outcomes.filter((r) => r.absent).map((r) => r.user_email);
    const rows = outcomes.map((r) => rowOf(r, failures, failIfAbsent));
    return {
        outputs: {
            'removed-users': removed,
            'absent-users': absent,
            changes: removed.length > 0,
            plan: [],
            result: outcomes.length === 1 ? outcomes[0] : outcomes,
        },
        summary: [
            {
                title: `Users removed from ${app}`,
                header: ['User', 'Details'],
                rows: outcomes.map((r) => [r.user_email, describeOutcome(r, failIfAbsent)]),
                marks: rows.map(({ outcome, word }) => ({ outcome, word })),
                notes: [o.notice],
            },
        ],
        rows,
        failure: failures.length
            ? describeFailure(app, o.emails.length, removed.length, failures, outcomes)
            : undefined,
    };
}
/** The kind of a refusal, by its status: what the "What to do" line fits. */
function kindOf(error) {
    if (error.status === 401)
        return 'sign-in';
    if (error.status === 403)
        return 'permission';
    if (error.status === 404)
        return 'not found';
    if (error.status === 409)
        return 'conflict';
    return 'other';
}
function rowOf(r, failures, failIfAbsent = false) {
    const failure = failures.find((f) => f.email === r.user_email);
    const cause = failure
        ? { text: failure.error.message, kind: kindOf(failure.error), requestId: failure.error.requestId }
        : r.notAttempted
            ? { text: 'not attempted: the step stopped at the refusal before it', kind: 'not sent' }
            : undefined;
    return {
        target: r.user_email,
        ...markOf(r, failIfAbsent),
        done: describeOutcome(r, failIfAbsent),
        ...(cause ? { cause } : {}),
    };
}
/** The row's mark: removed, nothing to remove (a failure only with fail-if-absent), not sent, or failed. */
function markOf(o, failIfAbsent = false) {
    if (o.removed)
        return { outcome: 'succeeded', word: 'removed' };
    if (o.notAttempted)
        return { outcome: 'not sent', word: 'not sent' };
    if (o.absent)
        return { outcome: failIfAbsent ? 'failed' : 'skipped', word: 'not a user' };
    return { outcome: 'failed', word: 'failed' };
}
function describeOutcome(o, failIfAbsent = false) {
    if (o.answerLost)
        return `Removed (the answer was lost; sent again, HTTP 404 ${o.code ?? 'not found'})`;
    if (o.removed)
        return `Removed (HTTP ${o.status})`;
    if (o.notAttempted)
        return 'Not attempted';
    const what404 = `HTTP 404 ${o.code ?? 'not found'}`;
    if (o.absent)
        return failIfAbsent ? `Failed: not a user (${what404})` : `Not a user: nothing to remove (${what404})`;
    const what = [o.status !== undefined ? `HTTP ${o.status}` : undefined, o.code].filter(Boolean).join(' ');
    return `Failed: ${what || 'no answer'}`;
}
function describeFailure(app, total, removedCount, failures, outcomes) {
    const [first, ...others] = failures;
    const parts = [`Removed ${removedCount} of ${total} user(s) from ${app}`];
    parts.push(`could not remove ${first.email}: ${first.error.message}`);
    if (others.length)
        parts.push(`could not remove either: ${others.map((f) => f.email).join(', ')}`);
    const skipped = outcomes.filter((o) => o.notAttempted).map((o) => o.user_email);
    if (skipped.length)
        parts.push(`not attempted: ${skipped.join(', ')}`);
    if (failures.some((f) => isAbsentUser(f.error)))
        parts.push('fail-if-absent is true, so a user who is not a member fails the step');
    // One line: the annotation's first line names the cause.
    // A part that ends a sentence (an error's message) would leave `.;` at the join: its full stop goes.
    return parts
        .map((part) => part.replace(/\.$/, ''))
        .join('; ')
        .replace(/\s*\n\s*/g, ' ');
}

;// CONCATENATED MODULE: ./src/operations/apps/app-remove-user-run.ts










async function appRemoveUser(options, client, ctx) {
    const locator = parseAppLocator(options.app);
    const emails = checkUserEmails(options.userEmails);
    // After validation, so that a usage error stays one line; every run that sends a request is told.
    const notice = lifecycleNotice(ctx.clock.now());
    ctx.logger.warning(notice);
    const app = describeApp(locator);
    if (ctx.dryRun)
        return planRemoval({ apiUrl: options.apiUrl, locator, emails, app, client, ctx });
    const { outcomes, failures } = await removeEach({ ...options, client, ctx, locator, emails, app });
    return removalResult({ app, emails, outcomes, failures, notice, failIfAbsent: options.failIfAbsent });
}
/**
 * Each address in turn. A failure that concerns that address only lets the others go on; any other (the token,
 * the app, the service) would fail every other address the same way: they are not attempted.
 */
async function removeEach(o) {
    const outcomes = [];
    const failures = [];
    for (const [index, email] of o.emails.entries()) {
        o.ctx.signal?.throwIfAborted();
        const { outcome, error } = await removeUser(o, email);
        outcomes.push(outcome);
        if (!error)
            continue;
        failures.push({ email, error });
        if (!onlyThisUser(error)) {
            for (const rest of o.emails.slice(index + 1)) {
                outcomes.push({ user_email: rest, removed: false, notAttempted: true });
            }
            break;
        }
    }
    return { outcomes, failures };
}
/** One address: removed, not a user, or refused (with the error where it fails the step). */
async function removeUser(o, email) {
    const { ctx, app } = o;
    // Set once an attempt's effect is unknown: a 404 UserNotFound after it is this run's own removal.
    let lostAnswer;
    try {
        const response = await removeOnce({ ...o, email, onLostAnswer: (error) => (lostAnswer = error) });
        // An empty or non-JSON body (the real API answers 204) is no object: no body to report.
        const body = removalResponse.safeParse((0,client_response/* jsonOf */.o)(response)).data;
        ctx.logger.info(`Removed ${email} from ${app} (HTTP ${response.status}).`);
        return { outcome: { user_email: email, removed: true, status: response.status, response: body } };
    }
    catch (caught) {
        const error = withRetirementHint(caught);
        if (!(error instanceof errors/* ServiceError */._7))
            throw error;
        const absent = isAbsentUser(error);
        if (absent && lostAnswer) {
            // The attempt whose answer was lost removed the user: this run removed it, whatever fail-if-absent says.
            ctx.logger.info(`Removed ${email} from ${app}: the answer to the removal was lost (${lostAnswer.status !== undefined ? `HTTP ${lostAnswer.status}` : (lostAnswer.code ?? 'no answer')}), ` +
                `and the removal sent again found no such user (HTTP 404 ${error.code ?? 'not found'}), so the first one removed it.`);
            const { status, code } = error;
            return { outcome: { user_email: email, removed: true, answerLost: true, status, code } };
        }
        const outcome = {
            user_email: email,
            removed: false,
            ...(absent ? { absent: true } : {}),
            status: error.status,
            code: error.code,
            message: error.serviceMessage,
        };
        if (absent && !o.failIfAbsent) {
            ctx.logger.info(`${email} is not a user of ${app} (HTTP 404 ${error.code ?? 'not found'}): nothing to remove, ` +
                'perhaps an earlier run removed it; listed in absent-users (fail-if-absent: true fails instead).');
            return { outcome };
        }
        ctx.logger.info(`Could not remove ${email} from ${app}: ${error.message}`);
        for (const line of error.detailLines())
            ctx.logger.info(line);
        return { outcome, error };
    }
}
/**
 * One removal through the client's change-safely rule. A DELETE is idempotent, so after an attempt of unknown
 * effect (a 500, a 504, a reset, no answer in time) it is sent again; `onLostAnswer` is told, so a 404
 * UserNotFound that follows counts as removed.
 */
async function removeOnce({ client, ctx, apiUrl, locator, email, app, onLostAnswer, }) {
    const sent = await (0,change_safely/* changeSafely */.x)({
        what: `DELETE ${email}`,
        findingOutBy: 'Sending it again',
        send: (clientRequestId) => client.send(removalRequest(apiUrl, locator, email, app, clientRequestId)),
        findOut: async ({ error }) => {
            onLostAnswer(error);
            return { unknown: 'a removal is idempotent, so it is sent again although its effect is unknown' };
        },
        clock: ctx.clock,
        deadline: ctx.deadline,
        signal: ctx.signal,
        log: ctx.logger,
    });
    if ('acted' in sent)
        throw sent.cause;
    return sent.response;
}
/** A failure that concerns this address only (it is not a user of the app, or the service refused it alone). */
function onlyThisUser(error) {
    const status = error.status;
    if (status === undefined)
        return false;
    if (status === 404)
        return whichNotFound(error) === 'user';
    return status >= 400 && status < 500 && ![401, 403, 408, 410, 411, 429].includes(status);
}

;// CONCATENATED MODULE: ./src/operations/apps/code.ts
/** What the app-management operations load when one runs: a chunk of its own (src/operations/erp/code.ts says why). */




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
