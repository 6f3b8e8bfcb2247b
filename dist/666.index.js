export const id = 666;
export const ids = [666];
export const modules = {

/***/ 666:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  appCurrentUser: () => (/* binding */ appCurrentUser),
  appRemoveUser: () => (/* binding */ appRemoveUser)
});

// EXTERNAL MODULE: ./src/client/errors.ts
var errors = __webpack_require__(6468);
// EXTERNAL MODULE: ./src/client/http.ts
var http = __webpack_require__(7915);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
;// CONCATENATED MODULE: ./src/client/schemas/apps.ts

/** An id may come as a string (the real API's UUID) or a number; outputs carry it as text. */
const idText = schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* number */.aig()]).transform(String);
/**
 * Area D, `GET /v0.1/user`: the calling user's profile. The spec shows no fields; these are the ones the real
 * API sends (snake_case `display_name`), with camelCase `displayName` accepted too. Unknown fields pass through.
 */
const userProfile = schemas/* looseObject */._H3({
    id: idText.optional(),
    name: schemas/* string */.YjP().optional(),
    email: schemas/* string */.YjP().optional(),
    display_name: schemas/* string */.YjP().nullable().optional(),
    displayName: schemas/* string */.YjP().nullable().optional(),
});
function displayNameOf(profile) {
    return profile.display_name ?? profile.displayName ?? undefined;
}
/** A removal's response: "not shown" in the spec (the real API answers 204); any JSON object is kept as is. */
const removalResponse = schemas/* looseObject */._H3({});

// EXTERNAL MODULE: ./src/client/url.ts
var url = __webpack_require__(1098);
;// CONCATENATED MODULE: ./src/operations/apps/api-url.ts

/**
 * An area D address: `{api-url}/v0.1/…`. An api-url given with the `/v0.1` prefix already (as it appears in the
 * API's documentation) is taken as the same base, rather than asking for `/v0.1/v0.1/…`.
 */
function appApiUrl(apiUrl, path) {
    const base = new URL(apiUrl.href);
    base.pathname = base.pathname.replace(/\/+$/, '').replace(/\/v0\.1$/i, '');
    return (0,url/* joinUrl */.we)(base, `/v0.1${path}`);
}

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
        throw new errors/* InputError */.dz('app', `${why} (got '${value.slice(0, 200)}'); accepted forms: ${ACCEPTED_APP_FORMS}`);
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

;// CONCATENATED MODULE: ./src/operations/app-users.ts









async function appRemoveUser(options, client, ctx) {
    // First, so that even a run stopped by an input error learns of the service's end of life.
    const notice = lifecycleNotice(ctx.clock.now());
    ctx.logger.warning(notice);
    const locator = parseAppLocator(options.app);
    const emails = checkUserEmails(options.userEmails);
    const app = describeApp(locator);
    const outcomes = [];
    const failures = [];
    for (const [index, email] of emails.entries()) {
        ctx.signal?.throwIfAborted();
        try {
            const response = await client.send({
                method: 'DELETE',
                url: appApiUrl(options.apiUrl, (0,url/* servicePath */.VF) `/apps/${locator.owner}/${locator.app}/users/${email}`),
                // The API answers 411 to a DELETE without a body; {} is its empty payload.
                json: {},
                hint: removalHint(app, email),
            });
            const body = response.text.trim() ? removalResponse.safeParse(safeJson(response.text)).data : undefined;
            outcomes.push({ user_email: email, removed: true, status: response.status, response: body });
            ctx.logger.info(`Removed ${email} from ${app} (HTTP ${response.status}).`);
        }
        catch (caught) {
            const error = withRetirementHint(caught);
            if (!(error instanceof errors/* ServiceError */._7))
                throw error;
            outcomes.push({
                user_email: email,
                removed: false,
                status: error.status,
                code: error.code,
                message: error.serviceMessage,
            });
            failures.push({ email, error });
            ctx.logger.info(`Could not remove ${email} from ${app}: ${error.message}`);
            for (const line of error.detailLines())
                ctx.logger.info(line);
            if (!onlyThisUser(error)) {
                // The token, the app or the service is the problem: every other address would fail the same way.
                for (const rest of emails.slice(index + 1)) {
                    outcomes.push({ user_email: rest, removed: false, notAttempted: true });
                }
                break;
            }
        }
    }
    const removed = outcomes.filter((o) => o.removed).map((o) => o.user_email);
    return {
        outputs: {
            'removed-users': removed,
            result: outcomes.length === 1 ? outcomes[0] : outcomes,
        },
        summary: [
            {
                title: `Users removed from ${app}`,
                header: ['User', 'Outcome'],
                rows: outcomes.map((o) => [o.user_email, describeOutcome(o)]),
                notes: [notice],
            },
        ],
        failure: failures.length
            ? describeFailure(app, emails.length, removed.length, failures, outcomes)
            : undefined,
    };
}
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
    };
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
function describeOutcome(o) {
    if (o.removed)
        return `Removed (HTTP ${o.status})`;
    if (o.notAttempted)
        return 'Not attempted';
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
    // One line: the annotation's first line names the cause.
    return parts.join('; ').replace(/\s*\n\s*/g, ' ');
}
function safeJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}


/***/ })

};
