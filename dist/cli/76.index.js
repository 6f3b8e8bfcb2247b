export const id = 76;
export const ids = [76];
export const modules = {

/***/ 76:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runEmulator: () => (/* binding */ runEmulator)
});

// UNUSED EXPORTS: FLEET_RESOURCE_GROUP, FLEET_SUBSCRIPTION

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
;// CONCATENATED MODULE: ./scenarios/demo.json
const demo_namespaceObject = /*#__PURE__*/JSON.parse('{"emulator":{"tokenLifetimeSeconds":3600},"erp":{"defaults":{"steps":[{"status":"Preparing System Configuration","percentComplete":10},{"status":"InProgress","percentComplete":60},{"status":"Succeeded","percentComplete":100}]},"instances":{"X02":{"softStopUnsupported":true,"identity":{"principalId":"demo-x02-identity"}},"X04":{"status":"Offline","health":"Unknown"},"X05":{"status":"Offline","health":"Unknown","start":{"endStatus":"PartiallyRunning","endHealth":"Degraded"},"identity":{"principalId":"demo-x05-identity"}},"X06":{"status":"Offline","health":"Unknown","settleReads":1},"X07":{"status":"Offline","health":"Unknown"},"X09":{"steps":[{"status":"InProgress","percentComplete":40},{"status":"Failed","percentComplete":40}],"error":{"code":"StopFailed","message":"The central services instance did not stop.","target":"X09","details":[{"code":"ASCSStopTimeout","message":"ASCS kept running after 600 s.","additionalInfo":[{"type":"Host","info":{"vm":"x09-ascs-0"}}]}]}},"X01":{"identity":{"principalId":"demo-x01-identity"}},"S01":{"identity":{"principalId":"demo-s01-identity"}},"X08":{"state":"RegistrationFailed"},"X10":{"status":"Offline","health":"Unknown"}},"parts":{"systems":{"S01":{"databases":[{"name":"db0","databaseType":"HANA"}]},"S02":{"databases":[{"name":"ora0","databaseType":"Oracle"}]},"X10":{"applicationInstances":["app01","app02"],"dispatcherStopped":["app02"]}}}},"dataShare":{"synchronizations":[{"synchronizationId":"0b7f3c9e-sync-1","synchronizationMode":"FullSync","status":"Succeeded","startTime":"2026-11-21T06:00:00Z","endTime":"2026-11-21T06:04:10Z","durationMs":250000,"message":"Synchronization completed"},{"synchronizationId":"4d21aa10-sync-2","synchronizationMode":"Incremental","statuses":["Queued","InProgress","InProgress","Succeeded"],"startTime":"2026-11-22T06:00:00Z","endTime":"2026-11-22T06:02:31Z","durationMs":151000,"message":"Synchronization completed"}],"settings":[{"kind":"ScheduleBased","properties":{"recurrenceInterval":"Day","synchronizationTime":"2026-01-01T06:00:00Z"}}],"starts":[{"statuses":["Queued","InProgress","Succeeded"],"message":"Synchronization completed","durationMs":95000},{"statuses":["InProgress","Failed"],"durationMs":41000,"details":[{"name":"sales-2026","dataSetType":"Blob","status":"Succeeded","message":""},{"name":"ledger","dataSetType":"SqlDBTable","status":"Failed","message":"Login failed for the source database user \'share-reader\'."},{"name":"invoices","dataSetType":"AdlsGen2File","status":"Failed","message":"The source path /invoices/2026/11 was not found."}]},{"statuses":["InProgress"]}]},"cachedImages":{"pageSize":100,"regions":{"westeurope":[{"image":"docker.io/library/nginx:latest","osType":"Linux"},{"generate":150,"prefix":"filler/linux"},{"image":"mcr.microsoft.com/dotnet/runtime:8.0","osType":"Linux"},{"image":"mcr.microsoft.com/windows/servercore:ltsc2022","osType":"Windows"}]}},"fleet":{"pageSize":2,"systems":[{"subscription":"00000000-0000-4000-8000-000000000001","resourceGroup":"rg-erp","name":"X01","tags":{"SnoozeSAPSystem":"True"}},{"subscription":"00000000-0000-4000-8000-000000000001","resourceGroup":"rg-erp","name":"X02","tags":{"SnoozeSAPSystem":"True"}},{"subscription":"00000000-0000-4000-8000-000000000001","resourceGroup":"rg-erp","name":"X03","environment":"Prod","tags":{"maintenance":"sunday"}},{"subscription":"00000000-0000-4000-8000-000000000001","resourceGroup":"rg-erp","name":"X08","tags":{"SnoozeSAPSystem":"True"},"state":"RegistrationFailed"}]}}');
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
;// CONCATENATED MODULE: ./src/emulator/faults.ts
/** Every endless page's token is new, across emulators too: a client cannot end the listing by a repeat. */
let endlessPages = 0;
/** The first rule with faults left that matches the request; a rule that skips lets it through, and counts it. */
function findFault(faults, request) {
    return faults.find((r) => r.times > 0 &&
        (!r.method || r.method === request.method) &&
        (!r.path || r.path.test(request.pathname)) &&
        (!r.query || r.query.test(request.query)) &&
        (!r.origin || r.origin === request.origin) &&
        !(r.skip && r.skip-- > 0));
}
/** Applies a fault; returns false where the request should go on to its route. */
async function applyFault(fault, req, res) {
    switch (fault.kind) {
        case 'status': {
            const headers = { 'content-type': fault.contentType ?? 'application/json' };
            if (fault.retryAfter !== undefined)
                headers['retry-after'] = fault.retryAfter;
            const body = fault.body ?? JSON.stringify({ error: { code: `Status${fault.status}`, message: 'Injected fault' } });
            res.writeHead(fault.status, { ...headers, 'x-vendor-request-id': 'emu-fault', ...fault.headers });
            res.end(body);
            return true;
        }
        case 'html':
            res.writeHead(fault.status, { 'content-type': 'text/html' });
            res.end('<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>upstream proxy error</p></body></html>');
            return true;
        case 'reset':
            req.socket.destroy();
            return true;
        case 'reset-mid-body':
            res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
            res.write('{"status":"Runn');
            setTimeout(() => req.socket.destroy(), 20);
            return true;
        case 'hang':
            return true;
        case 'delay':
            // Unref'd: a server that is closed, or a test whose client gave up, does not wait for it.
            await new Promise((resolve) => setTimeout(resolve, fault.ms).unref());
            return false;
        case 'stall-body':
            res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
            res.write('{"status":');
            return true;
        case 'truncated-json':
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end('{"status":"Succeeded","percentComp');
            return true;
        case 'empty-200':
            res.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' });
            res.end();
            return true;
        case 'endless-page': {
            const next = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
            next.searchParams.set('$skipToken', `endless-${++endlessPages}`);
            res.writeHead(200, { 'content-type': 'application/json', 'x-vendor-request-id': 'emu-fault' });
            // A millisecond a page, as a service takes at least: a fast machine read 10 000 pages in under 2 s, so the
            // step's page cap, not the timeout these faults are for, ended the listing.
            setTimeout(() => res.end(JSON.stringify({ value: [], nextLink: next.href })), 1);
            return true;
        }
        case 'page':
            res.writeHead(200, { 'content-type': 'application/json', 'x-vendor-request-id': 'emu-fault' });
            res.end(JSON.stringify({ value: [], nextLink: fault.nextLink }));
            return true;
        case 'shutdown':
            // The emulator stops the listener (it owns the servers); here only this connection breaks.
            req.socket.destroy();
            return true;
        case 'huge': {
            res.writeHead(200, { 'content-type': 'application/json' });
            const chunk = Buffer.alloc(64 * 1024, 0x20);
            for (let sent = 0; sent < fault.bytes && !res.destroyed; sent += chunk.length) {
                if (!res.write(chunk))
                    await drainOrClose(res);
            }
            res.end();
            return true;
        }
    }
}
function drainOrClose(res) {
    return new Promise((resolve) => {
        const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
        };
        res.on('drain', done);
        res.on('close', done);
    });
}

// EXTERNAL MODULE: external "node:https"
var external_node_https_ = __webpack_require__(4708);
;// CONCATENATED MODULE: ./src/emulator/origins.ts


/** The servers the emulator listens on, one per origin, and their connections; what they hear is handle()'s. */
class Origins {
    /** Connections accepted on every origin: a test sees a client open no more than it needs. */
    connectionsAccepted = 0;
    url = '';
    secondUrl = '';
    servers = [];
    serverOf = new Map();
    sockets = new Set();
    async close() {
        for (const socket of this.sockets)
            socket.destroy();
        await Promise.all(this.servers.map((s) => new Promise((resolve) => s.close(resolve))));
    }
    /** The origin stops accepting connections (they are refused from now on); open ones are dropped. */
    stopListening(origin) {
        const server = this.serverOf.get(origin);
        const port = server?.address()?.port;
        server?.close();
        for (const socket of this.sockets)
            if (socket.localPort === port)
                socket.destroy();
    }
    listen(host, port, origin, tls) {
        const handler = (req, res) => void this.handle(req, res, origin);
        const server = tls ? (0,external_node_https_.createServer)(tls, handler) : (0,external_node_http_.createServer)(handler);
        server.on('connection', (socket) => {
            this.connectionsAccepted++;
            this.sockets.add(socket);
            socket.on('close', () => this.sockets.delete(socket));
        });
        this.servers.push(server);
        this.serverOf.set(origin, server);
        return new Promise((resolve, reject) => {
            server.once('error', reject);
            server.listen(port, host, () => {
                const { port: actual } = server.address();
                resolve(`${tls ? 'https' : 'http'}://${host}:${actual}`);
            });
        });
    }
}

;// CONCATENATED MODULE: ./src/emulator/respond.ts
function shapeLink(href, form = 'absolute') {
    if (form === 'absolute')
        return href;
    const url = new URL(href);
    const rest = url.pathname + url.search;
    // An unclosed IPv6 bracket: no URL parser accepts it, relative or not.
    return form === 'relative' ? rest : `http://[malformed${rest}`;
}
let requestCounter = 0;
/** A JSON response with the headers the service's samples carry. */
function sendJson(ctx, status, body, headers = {}) {
    const text = body === undefined ? '' : JSON.stringify(body);
    const requestId = `emu-req-${++requestCounter}`;
    ctx.res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
        date: new Date().toUTCString(),
        'x-vendor-request-id': requestId,
        'x-vendor-correlation-request-id': `emu-corr-${requestCounter}`,
        'x-content-type-options': 'nosniff',
        // Where the read bucket set the remaining count already, that count (writeHead's headers win over set ones).
        ...(ctx.res.hasHeader('x-vendor-ratelimit-remaining-subscription-reads')
            ? {}
            : { 'x-vendor-ratelimit-remaining-subscription-reads': '11999' }),
        ...headers,
    });
    ctx.res.end(text);
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/emulator/sign-in.ts

/**
 * The sign-in side of the emulator beyond the happy path: the runner's ID token as a JWT with the claims a
 * federated credential is matched on, and the token endpoint's refusals in the directory's body shape
 * (`service-beyond-seed.md`, "Sign-in: the token endpoint's errors").
 */
/** The runner's issuer, exactly (no trailing `/`). */
const RUNNER_ISSUER = 'https://token.actions.githubusercontent.com';
/** The claims a token would carry for this scenario and audience, as the runner writes them. */
function idTokenClaims(scenario, audience, nowMs) {
    const repository = scenario.repository ?? 'octo-org/erp-ops';
    const eventName = scenario.eventName ?? 'workflow_dispatch';
    // A pull request's run is on its merge ref.
    const ref = scenario.ref ?? (eventName === 'pull_request' ? 'refs/pull/1/merge' : 'refs/heads/main');
    const [owner, name] = repository.split('/');
    const ownerId = scenario.ownerId ?? '1234567';
    const repositoryId = scenario.repositoryId ?? '89012345';
    const named = scenario.subjectForm === 'immutable' ? `${owner}@${ownerId}/${name}@${repositoryId}` : repository;
    const subject = scenario.subject ??
        (scenario.environment !== undefined
            ? `repo:${named}:environment:${scenario.environment}`
            : eventName === 'pull_request'
                ? `repo:${named}:pull_request`
                : `repo:${named}:ref:${ref}`);
    const iat = Math.floor(nowMs / 1000);
    return {
        jti: (0,external_node_crypto_.randomUUID)(),
        sub: subject,
        aud: audience,
        ref,
        repository,
        repository_owner: owner,
        repository_owner_id: ownerId,
        repository_id: repositoryId,
        event_name: eventName,
        ...(scenario.environment !== undefined ? { environment: scenario.environment } : {}),
        job_workflow_ref: `${repository}/.github/workflows/maintenance.yml@${ref}`,
        iss: scenario.issuer ?? RUNNER_ISSUER,
        nbf: iat - 5,
        iat,
        // The runner's ID token lives 5 minutes.
        exp: iat + 300,
    };
}
const base64url = (data) => Buffer.from(data).toString('base64url');
/** A JWT of these claims; its signature is random bytes (nothing verifies it but the emulator's own list). */
function encodeIdToken(claims) {
    const header = { alg: 'RS256', kid: 'emu-signing-key', typ: 'JWT' };
    return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}.${base64url((0,external_node_crypto_.randomBytes)(256))}`;
}
/** The claims of a token the emulator issued (it reads its own tokens only). */
function decodeIdToken(token) {
    try {
        return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    }
    catch {
        return undefined;
    }
}
/**
 * The error numbers the emulator can answer, with the OAuth `error` and status it answers them with and the text
 * after the number. The spec gives the numbers and causes; the `error`, the status and the wording of each are
 * the emulator's (the client reads the number only).
 */
const REFUSALS = {
    70021: {
        error: 'invalid_request',
        status: 400,
        text: (c) => `No matching federated identity record found for presented assertion. Assertion Issuer: '${c.claim('iss')}'. Assertion Subject: '${c.claim('sub')}'. Assertion Audience: '${c.claim('aud')}'.`,
    },
    700211: {
        error: 'invalid_client',
        status: 401,
        text: (c) => `No matching federated identity record found for presented assertion issuer '${c.claim('iss')}'.`,
    },
    700212: {
        error: 'invalid_client',
        status: 401,
        text: (c) => `No matching federated identity record found for presented assertion audience '${c.claim('aud')}'.`,
    },
    700213: {
        error: 'invalid_client',
        status: 401,
        text: (c) => `No matching federated identity record found for presented assertion subject '${c.claim('sub')}'.`,
    },
    7002138: {
        error: 'invalid_client',
        status: 401,
        text: (c) => `The presented assertion subject '${c.claim('sub')}' matches a federated identity record only without regard to case; subjects are compared with case.`,
    },
    70025: {
        error: 'invalid_client',
        status: 401,
        text: (c) => `The client '${c.clientId}' has no configured federated identity credentials.`,
    },
    700016: {
        error: 'unauthorized_client',
        status: 400,
        text: (c) => `Application with identifier '${c.clientId}' was not found in the directory '${c.tenant}'. This can happen if the application has not been installed by the administrator of the tenant.`,
    },
    7000215: {
        error: 'invalid_client',
        status: 401,
        text: () => 'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.',
    },
    90002: {
        error: 'invalid_request',
        status: 400,
        text: (c) => `Tenant '${c.tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
    },
    700024: {
        error: 'invalid_client',
        status: 401,
        text: () => 'Client assertion is not within its valid time range.',
    },
};
/** The error numbers the `tokenError` knob accepts. */
const TOKEN_ERROR_NUMBERS = Object.keys(REFUSALS).map(Number);
/** The directory's prefix before the number: the spec does not name it, so this one is the emulator's. */
const PREFIX = 'VADSTS';
/** A refusal's status and body, in the directory's shape; `assertion`: the presented ID token, if any. */
function refusalBody(number, context) {
    const refusal = REFUSALS[number];
    if (!refusal)
        throw new Error(`the emulator knows no token error ${number}`);
    const claims = context.assertion ? (decodeIdToken(context.assertion) ?? {}) : {};
    const claim = (name) => String(claims[name] ?? '');
    const traceId = (0,external_node_crypto_.randomUUID)();
    const correlationId = (0,external_node_crypto_.randomUUID)();
    const timestamp = new Date(context.nowMs)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, 'Z');
    return {
        status: refusal.status,
        body: {
            error: refusal.error,
            error_description: `${PREFIX}${number}: ${refusal.text({ ...context, claim })}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${correlationId}\r\nTimestamp: ${timestamp}`,
            error_codes: [number],
            timestamp,
            trace_id: traceId,
            correlation_id: correlationId,
            error_uri: `https://login.vendor.example/error?code=${number}`,
        },
    };
}
/**
 * The number a presented ID token is refused with by an app's federated credentials; undefined where one matches.
 * Matching is exact and with case (since 2025); a subject equal only without case has its own number.
 */
function federatedMismatch(credentials, claims) {
    if (credentials.length === 0)
        return 70025;
    const aud = Array.isArray(claims.aud) ? claims.aud.map(String) : [String(claims.aud)];
    const withIssuer = credentials.filter((c) => c.issuer === claims.iss);
    if (withIssuer.length === 0)
        return 700211;
    const withAudience = withIssuer.filter((c) => aud.includes(c.audience));
    if (withAudience.length === 0)
        return 700212;
    const sub = String(claims.sub);
    if (withAudience.some((c) => c.subject === sub))
        return undefined;
    return withAudience.some((c) => c.subject.toLowerCase() === sub.toLowerCase()) ? 7002138 : 700213;
}
/**
 * The number the token endpoint refuses a grant with, or undefined: the `tokenError` knob refuses every grant; an
 * app with `federated` credentials matches a presented ID token the emulator issued on them.
 */
function refusalFor(options) {
    if (options.tokenError !== undefined)
        return options.tokenError;
    if (!options.federated || options.assertion === null || !options.issued)
        return undefined;
    return federatedMismatch(options.federated, decodeIdToken(options.assertion) ?? {});
}

;// CONCATENATED MODULE: ./src/emulator/sign-in-routes.ts



/** The directory's token endpoint and the runner's OIDC endpoint, on every emulator. */
function signInRoutes(state) {
    return [
        {
            method: 'POST',
            path: /^\/([^/]+)\/oauth2\/v2\.0\/token$/,
            handle: (ctx) => {
                const form = new URLSearchParams(ctx.body);
                const client = state.clients.find((c) => c.clientId === form.get('client_id'));
                const secret = form.get('client_secret');
                const assertion = form.get('client_assertion');
                const refused = refusalFor({
                    tokenError: state.tokenError,
                    federated: client?.federated,
                    assertion,
                    issued: assertion !== null && state.issuedOidcTokens.has(assertion),
                });
                if (refused !== undefined) {
                    const context = { clientId: form.get('client_id') ?? '', tenant: ctx.params[0] ?? '' };
                    const { status, body } = refusalBody(refused, {
                        ...context,
                        assertion: assertion ?? undefined,
                        nowMs: state.now(),
                    });
                    sendJson(ctx, status, body);
                    return;
                }
                const ok = form.get('grant_type') === 'client_credentials' &&
                    client !== undefined &&
                    (secret !== null
                        ? client.clientSecret !== undefined && secret === client.clientSecret
                        : assertion !== null && state.issuedOidcTokens.has(assertion));
                if (!ok) {
                    sendJson(ctx, 401, {
                        error: 'invalid_client',
                        error_description: 'The client could not be authenticated.',
                    });
                    return;
                }
                const token = `emu-at-${(0,external_node_crypto_.randomUUID)()}`;
                state.issuedTokens.set(token, state.now() + state.tokenLifetimeSeconds * 1000);
                sendJson(ctx, 200, {
                    token_type: 'Bearer',
                    access_token: token,
                    expires_in: state.tokenLifetimeSeconds,
                });
            },
        },
        {
            // The runner's OIDC endpoint (ACTIONS_ID_TOKEN_REQUEST_URL), as @actions/core calls it.
            method: 'GET',
            path: /^\/_oidc\/token$/,
            handle: (ctx) => {
                if (ctx.req.headers.authorization !== `Bearer ${state.oidcRequestToken}`) {
                    sendJson(ctx, 401, { message: 'bad request token' });
                    return;
                }
                const audience = ctx.url.searchParams.get('audience') ?? '';
                const value = encodeIdToken(idTokenClaims(state.idToken, audience, state.now()));
                state.issuedOidcTokens.add(value);
                sendJson(ctx, 200, { value, audience });
            },
        },
    ];
}

;// CONCATENATED MODULE: ./src/emulator/write-bucket.ts
class WriteBuckets {
    /** 429s answered, for tests and the benchmark. */
    throttled = 0;
    buckets = new Map();
    options;
    now;
    constructor(options, now) {
        this.options = options;
        this.now = now;
    }
    /** The subscription a write goes to, or undefined for a request the bucket does not count. */
    static subscriptionOf(method, path) {
        return method === 'GET' ? undefined : WriteBuckets.readSubscriptionOf(path);
    }
    /** The subscription a read (a GET under `/subscriptions/{id}/`) goes to, for the read limit. */
    static readSubscriptionOf(path) {
        return /^\/subscriptions\/([^/]+)\//i.exec(path)?.[1]?.toLowerCase();
    }
    /** Takes a token; where none is left, the whole seconds until one is (the Retry-After), and nothing is taken. */
    take(subscription) {
        const { capacity, refillPerSecond } = this.options;
        const now = this.now();
        const bucket = this.buckets.get(subscription) ?? { tokens: capacity, at: now };
        bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * refillPerSecond);
        bucket.at = now;
        this.buckets.set(subscription, bucket);
        if (bucket.tokens >= 1) {
            bucket.tokens -= 1;
            return undefined;
        }
        this.throttled++;
        return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond));
    }
    /** Whole tokens left for the subscription now (the remaining-writes header). */
    remaining(subscription) {
        return Math.floor(this.buckets.get(subscription)?.tokens ?? this.options.capacity);
    }
}

;// CONCATENATED MODULE: ./src/emulator/throttle.ts


/** The write (and read) limit: a 429 with Retry-After where the subscription's bucket is empty (then true). */
function throttle(limits, ctx) {
    const read = ctx.record.method === 'GET';
    const buckets = read ? limits.readBuckets : limits.writeBuckets;
    const subscription = read
        ? WriteBuckets.readSubscriptionOf(ctx.url.pathname)
        : WriteBuckets.subscriptionOf(ctx.record.method, ctx.url.pathname);
    if (!buckets || subscription === undefined)
        return false;
    const kind = read ? 'reads' : 'writes';
    const retryAfter = buckets.take(subscription);
    const remaining = String(buckets.remaining(subscription));
    if (retryAfter === undefined) {
        ctx.res.setHeader(`x-vendor-ratelimit-remaining-subscription-${kind}`, remaining);
        return false;
    }
    // The code is the emulator's wording; the status and Retry-After are what matter to a client.
    sendJson(ctx, 429, {
        error: {
            code: 'TooManyRequests',
            message: `The subscription's ${read ? 'read' : 'write'} limit is reached; retry after ${retryAfter} s.`,
        },
    }, { 'retry-after': String(retryAfter), [`x-vendor-ratelimit-remaining-subscription-${kind}`]: remaining });
    return true;
}

;// CONCATENATED MODULE: ./src/emulator/emulator.ts







/**
 * A local emulator of the service: a real HTTP server on loopback, stateful, with fault knobs. It shares no
 * code with the client on purpose: it is the other side of the wire. This is its router and its state; the two
 * origins it listens on are origins.ts's.
 */

class Emulator extends Origins {
    requests = [];
    faults = [];
    /** Tokens accepted as `Authorization: Bearer …` for areas A to C. */
    accessTokens;
    clients;
    oidcRequestToken;
    tokenLifetimeSeconds;
    /** The `tokenError` knob; a test may set it. */
    tokenError;
    /** The `idToken` knob; a test may set it. */
    idToken;
    /** Added to the real time: lets a test make the emulator's clock jump. */
    clockOffsetMs = 0;
    issuedTokens = new Map();
    issuedOidcTokens = new Set();
    /** Set by the `writeBucket` option, or by a test: the write limit per subscription. */
    writeBuckets;
    /** Set by the `readBucket` option, or by a test: the read limit per subscription. */
    readBuckets;
    /**
     * Requests that reached the second origin carrying a credential header. The second origin stands for
     * "somewhere else": the client must never send it `Authorization` or `X-API-Token`, and tests assert this
     * list stays empty rather than each checking headers on its own.
     */
    secondOriginCredentialLeaks = [];
    /** Told of each request once it is answered, with its status (`vendor-ops emulator --log-requests`). */
    onRequest;
    routes = [];
    options;
    constructor(options = {}) {
        super();
        this.options = options;
        this.accessTokens = new Set(options.accessTokens ?? ['emu-access-token']);
        this.clients = options.clients ?? [{ clientId: 'emu-client', clientSecret: 'emu-client-secret' }];
        this.oidcRequestToken = options.oidcRequestToken ?? 'emu-oidc-request-token';
        this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
        this.tokenError = options.tokenError;
        this.idToken = options.idToken ?? {};
        this.routes.push(...signInRoutes(this));
        if (options.writeBucket)
            this.limitWrites(options.writeBucket);
        if (options.readBucket)
            this.limitReads(options.readBucket);
    }
    /** Turns the read limit on (a token bucket per subscription over GETs), replacing any before. */
    limitReads(options) {
        this.readBuckets = new WriteBuckets(options, () => this.now());
        return this.readBuckets;
    }
    /** Turns the write limit on (a token bucket per subscription), replacing any before. */
    limitWrites(options) {
        this.writeBuckets = new WriteBuckets(options, () => this.now());
        return this.writeBuckets;
    }
    now() {
        return Date.now() + this.clockOffsetMs;
    }
    use(area) {
        this.routes.push(...area.routes(this));
        return this;
    }
    addFault(rule) {
        this.faults.push(rule);
        return this;
    }
    async start({ tls } = {}) {
        const host = this.options.host ?? '127.0.0.1';
        this.url = await this.listen(host, this.options.port ?? 0, 'primary', tls);
        this.secondUrl = await this.listen(host, this.options.secondPort ?? 0, 'secondary', tls);
        return this;
    }
    requestsTo(pattern, origin = 'primary') {
        return this.requests.filter((r) => r.origin === origin && pattern.test(r.url.pathname));
    }
    /** Areas A–C: a valid bearer token, else 401 in the area's error shape. */
    checkBearer(ctx) {
        const header = ctx.req.headers.authorization ?? '';
        const token = header.startsWith('Bearer ') ? header.slice(7) : '';
        const expires = this.issuedTokens.get(token);
        if (this.accessTokens.has(token) || (expires !== undefined && expires > this.now()))
            return true;
        const code = expires !== undefined ? 'ExpiredAuthenticationToken' : 'InvalidAuthenticationToken';
        sendJson(ctx, 401, { error: { code, message: 'The access token is missing, invalid or expired.' } });
        return false;
    }
    async handle(req, res, origin) {
        const chunks = [];
        for await (const chunk of req)
            chunks.push(chunk);
        const target = req.url ?? '/';
        const url = new URL(target, 'http://emulator.invalid');
        const record = {
            method: req.method ?? 'GET',
            target,
            url,
            headers: req.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            origin,
            at: Date.now(),
        };
        this.requests.push(record);
        res.once('finish', () => this.onRequest?.(record, res.statusCode));
        if (origin === 'secondary' && (req.headers.authorization || req.headers['x-api-token'])) {
            this.secondOriginCredentialLeaks.push(record);
        }
        const ctxBase = { req, res, url, body: record.body, record, emulator: this };
        try {
            const query = target.includes('?') ? target.slice(target.indexOf('?') + 1) : '';
            const rule = findFault(this.faults, { method: record.method, pathname: url.pathname, query, origin });
            if (rule) {
                rule.times--;
                // "After the route": the service acts on the request, then its answer is lost on the way back.
                if (rule.after && rule.fault.kind !== 'delay') {
                    await this.route(target, { ...ctxBase, res: new external_node_http_.ServerResponse(req) });
                }
                if (rule.fault.kind === 'shutdown')
                    this.stopListening(origin);
                if (await applyFault(rule.fault, req, res))
                    return;
            }
            if (throttle(this, ctxBase))
                return;
            await this.route(target, ctxBase);
        }
        catch (error) {
            if (!res.headersSent) {
                sendJson({ res }, 500, { error: { code: 'EmulatorError', message: String(error) } });
            }
        }
    }
    /** The route that answers the request; an answer no client reads where `res` has no socket (see `after`). */
    async route(target, ctx) {
        const pathOnly = target.split('?')[0];
        for (const route of this.routes) {
            if (route.method !== ctx.record.method)
                continue;
            const match = route.path.exec(pathOnly);
            if (!match)
                continue;
            const params = match.slice(1).map((p) => decodeURIComponent(p ?? ''));
            await route.handle({ ...ctx, params });
            return;
        }
        sendJson(ctx, 404, {
            error: { code: 'NotFound', message: `No route for ${ctx.record.method} ${ctx.url.pathname}` },
        });
    }
}

;// CONCATENATED MODULE: ./src/emulator/areas/apps-scenario.ts
/** Area D's scenario: its users, apps and API tokens, and the defaults that stand where a key is not given. */
const DEFAULT_USERS = [
    {
        id: '5e1c0a2e-0000-4000-8000-000000000001',
        name: 'emu-user',
        email: 'emu-user@example.com',
        display_name: 'Emu User',
    },
    {
        id: '5e1c0a2e-0000-4000-8000-000000000002',
        name: 'dev',
        email: 'dev@contoso.com',
        display_name: 'Dee Developer',
    },
];
const DEFAULT_APPS = [
    {
        owner: 'emu-user',
        name: 'shop',
        ownerType: 'user',
        members: { 'emu-user@example.com': 'Manager', 'helper@example.com': 'Viewer' },
    },
    {
        owner: 'contoso',
        name: 'shop',
        ownerType: 'org',
        members: {
            'emu-user@example.com': 'Manager',
            'dev@contoso.com': 'Developer',
            'leaver@contoso.com': 'Developer',
            'a+b@x.org': 'Viewer',
            'tester@contoso.com': 'Viewer',
        },
    },
];
const DEFAULT_TOKENS = [
    { value: 'emu-user-token', type: 'user', access: 'full', user: 'emu-user' },
    { value: 'emu-user-readonly-token', type: 'user', access: 'read-only', user: 'emu-user' },
    { value: 'emu-developer-token', type: 'user', access: 'full', user: 'dev' },
    { value: 'emu-app-token', type: 'app', access: 'full', app: 'contoso/shop' },
    { value: 'emu-app-readonly-token', type: 'app', access: 'read-only', app: 'contoso/shop' },
];

;// CONCATENATED MODULE: ./src/emulator/areas/apps.ts


const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Area D's error body: a bare `{ code, message }`. */
function fail(ctx, status, code, message) {
    sendJson(ctx, status, { code, message });
}
/** Area D: the app-management routes and the state they change (its scenario and defaults: apps-scenario.ts). */
class AppsArea {
    name = 'apps';
    users;
    /** Keyed by `owner/app`. */
    apps = new Map();
    /** Keyed by the token's value. */
    tokens = new Map();
    retired;
    retiredStatus;
    scenario;
    constructor(scenario = {}) {
        this.scenario = scenario;
        // Copies, so a test's removals never touch the defaults or the scenario object.
        this.users = structuredClone(scenario.users ?? DEFAULT_USERS);
        for (const app of structuredClone(scenario.apps ?? DEFAULT_APPS))
            this.apps.set(`${app.owner}/${app.name}`, app);
        for (const token of scenario.tokens ?? DEFAULT_TOKENS)
            this.tokens.set(token.value, { ...token });
        this.retired = scenario.retired ?? false;
        this.retiredStatus = scenario.retiredStatus ?? 410;
    }
    /** Every token value: the secrets an end-to-end test scans for. */
    tokenValues() {
        return [...this.tokens.keys()];
    }
    members(owner, app) {
        return this.apps.get(`${owner}/${app}`)?.members;
    }
    routes() {
        return [
            { method: 'GET', path: /^\/v0\.1\/user$/, handle: (ctx) => this.guarded(ctx, () => this.profile(ctx)) },
            {
                method: 'GET',
                path: /^\/v0\.1\/apps\/([^/]+)\/([^/]+)\/users$/,
                handle: (ctx) => this.guarded(ctx, () => this.listUsers(ctx)),
            },
            {
                method: 'DELETE',
                path: /^\/v0\.1\/apps\/([^/]+)\/([^/]+)\/users\/([^/]+)$/,
                handle: (ctx) => this.guarded(ctx, () => this.removeUser(ctx)),
            },
            // Everything else under /v0.1 still obeys the retirement switch and the 411 rule, then is not found.
            ...['GET', ...BODY_METHODS].map((method) => ({
                method,
                path: /^\/v0\.1(?:\/.*)?$/,
                handle: (ctx) => this.guarded(ctx, () => fail(ctx, 404, 'NotFound', `No such resource: ${ctx.url.pathname}`)),
            })),
        ];
    }
    /** The checks every request meets first: retirement, then the body rule (a front-end check, before auth). */
    guarded(ctx, next) {
        if (this.retired) {
            const code = this.retiredStatus === 410 ? 'Gone' : 'NotFound';
            fail(ctx, this.retiredStatus, code, 'The app-management service has been retired.');
            return;
        }
        if (BODY_METHODS.has(ctx.record.method) && ctx.body === '') {
            fail(ctx, 411, 'LengthRequired', `A ${ctx.record.method} request must carry a body; send {} for none.`);
            return;
        }
        next();
    }
    authenticate(ctx) {
        const header = ctx.req.headers['x-api-token'];
        const token = typeof header === 'string' ? this.tokens.get(header) : undefined;
        if (!token) {
            fail(ctx, 401, 'Unauthorized', header ? 'The API token is not valid or has been revoked.' : 'The X-API-Token header is missing.');
        }
        return token;
    }
    profile(ctx) {
        const token = this.authenticate(ctx);
        if (!token)
            return;
        if (token.type === 'app') {
            fail(ctx, 403, 'Forbidden', 'An app API token cannot read a user profile.');
            return;
        }
        const user = this.users.find((u) => u.name === token.user);
        if (!user) {
            fail(ctx, 401, 'Unauthorized', 'The API token belongs to no user.');
            return;
        }
        sendJson(ctx, 200, {
            ...user,
            avatar_url: null,
            can_change_password: true,
            origin: 'appcenter',
        });
    }
    /** The app's users, as a token that can see the app reads them (404 AppNotFound where it cannot). */
    listUsers(ctx) {
        const token = this.authenticate(ctx);
        if (!token)
            return;
        const key = `${ctx.params[0]}/${ctx.params[1]}`;
        const app = this.apps.get(key);
        if (!app || this.roleOf(token, key) === undefined) {
            fail(ctx, 404, 'AppNotFound', `The app ${key} was not found.`);
            return;
        }
        const users = Object.entries(app.members).map(([email, role]) => ({
            email,
            name: email.split('@')[0],
            display_name: email.split('@')[0],
            permissions: [role],
        }));
        sendJson(ctx, 200, users);
    }
    removeUser(ctx) {
        const token = this.authenticate(ctx);
        if (!token)
            return;
        const [owner, name, email] = ctx.params;
        const key = `${owner}/${name}`;
        const app = this.apps.get(key);
        const role = this.roleOf(token, key);
        // A token that cannot see the app learns nothing of it, not even that it exists.
        if (!app || (token.type === 'user' && role === undefined)) {
            fail(ctx, 404, 'AppNotFound', `The app ${key} was not found.`);
            return;
        }
        if (token.type === 'app' && token.app !== key) {
            fail(ctx, 403, 'Forbidden', 'This app API token belongs to another app.');
            return;
        }
        if (token.access === 'read-only') {
            fail(ctx, 403, 'Forbidden', 'A read-only API token has Viewer rights: it cannot remove users.');
            return;
        }
        if (role !== 'Manager') {
            fail(ctx, 403, 'Forbidden', `Only a Manager of the app may remove users; this token's role is ${role}.`);
            return;
        }
        const member = Object.keys(app.members).find((m) => m.toLowerCase() === email.toLowerCase());
        if (!member) {
            fail(ctx, 404, 'UserNotFound', `The user ${email} was not found in the app ${key}.`);
            return;
        }
        delete app.members[member];
        sendJson(ctx, 204, undefined);
    }
    /** The rights a token carries in an app (spec, Area D authentication, rule 4). */
    roleOf(token, key) {
        if (token.type === 'app')
            return token.app === key ? (token.access === 'full' ? 'Manager' : 'Viewer') : undefined;
        const user = this.users.find((u) => u.name === token.user);
        const members = this.apps.get(key)?.members ?? {};
        const own = Object.entries(members).find(([m]) => m.toLowerCase() === user?.email.toLowerCase())?.[1];
        // A read-only user token has at most Viewer rights; a full one exactly the user's own.
        if (own === undefined)
            return undefined;
        return token.access === 'read-only' ? 'Viewer' : own;
    }
}

;// CONCATENATED MODULE: ./src/emulator/areas/cached-images.ts

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
class CachedImagesArea {
    name = 'cached-images';
    regions = new Map();
    pageSize;
    nextLinkOnSecondOrigin;
    nextLinkForm;
    repeatNextLink;
    apiVersions;
    /** Pages answered with 200, on either origin: what a test of early stopping counts. */
    pagesServed = 0;
    /** The pages served, in order: region as asked and the index of the first image on the page. */
    servedPages = [];
    scenario;
    constructor(scenario = {}) {
        this.scenario = scenario;
        for (const [region, entries] of Object.entries(scenario.regions ?? {}))
            this.setImages(region, entries);
        this.pageSize = scenario.pageSize ?? 100;
        this.nextLinkOnSecondOrigin = scenario.nextLinkOnSecondOrigin ?? false;
        this.nextLinkForm = scenario.nextLinkForm ?? 'absolute';
        this.repeatNextLink = scenario.repeatNextLink ?? false;
        this.apiVersions = new Set(scenario.apiVersions ?? ['2025-09-01']);
    }
    /** Replaces a region's cached images (see the scenario's entry shapes). */
    setImages(region, entries) {
        this.regions.set(region.toLowerCase(), [...entries]);
        return this;
    }
    /** How many images a region lists, filler included. */
    imageCount(region) {
        return (this.regions.get(region.toLowerCase()) ?? []).reduce((n, e) => n + entrySize(e), 0);
    }
    routes() {
        return [
            {
                method: 'GET',
                path: /^\/subscriptions\/([^/]+)\/providers\/Vendor\.ContainerInstance\/locations\/([^/]+)\/cachedImages$/i,
                handle: (ctx) => this.list(ctx),
            },
        ];
    }
    list(ctx) {
        if (!ctx.emulator.checkBearer(ctx))
            return;
        const [subscriptionId = '', location = ''] = ctx.params;
        const query = ctx.url.searchParams;
        const apiVersion = query.get('api-version');
        if (!apiVersion) {
            return cloudError(ctx, 400, 'MissingApiVersionParameter', 'The api-version query parameter (?api-version=) is required for all requests.', 'api-version');
        }
        if (!this.apiVersions.has(apiVersion)) {
            return cloudError(ctx, 400, 'InvalidApiVersionParameter', `The api-version '${apiVersion}' is invalid. The supported versions are '${[...this.apiVersions].join(',')}'.`, 'api-version');
        }
        if (!UUID_RE.test(subscriptionId)) {
            return cloudError(ctx, 400, 'InvalidSubscriptionId', `The provided subscription identifier '${subscriptionId}' is malformed or invalid.`, 'subscriptionId');
        }
        const entries = this.regions.get(location.toLowerCase());
        if (!entries) {
            return cloudError(ctx, 404, 'LocationNotAvailableForResourceType', `The provided location '${location}' is not available for resource type 'Vendor.ContainerInstance/locations/cachedImages'.`, 'location');
        }
        const skipToken = query.get('$skipToken') ?? '0';
        const start = /^\d+$/.test(skipToken) ? Number(skipToken) : NaN;
        const total = entries.reduce((n, e) => n + entrySize(e), 0);
        if (!Number.isSafeInteger(start) || start > total) {
            return cloudError(ctx, 400, 'InvalidSkipToken', `The $skipToken '${skipToken}' is not valid.`, '$skipToken');
        }
        const end = Math.min(total, start + Math.max(1, this.pageSize));
        const body = { value: slice(entries, start, end) };
        if (end < total) {
            const origin = this.nextLinkOnSecondOrigin ? ctx.emulator.secondUrl : ctx.emulator.url;
            const next = new URL(ctx.record.target.split('?')[0], origin);
            next.searchParams.set('api-version', apiVersion);
            next.searchParams.set('$skipToken', String(this.repeatNextLink ? Math.min(total - 1, this.pageSize) : end));
            body.nextLink = shapeLink(next.href, this.nextLinkForm);
        }
        this.pagesServed++;
        this.servedPages.push({ location, start, origin: ctx.record.origin });
        sendJson(ctx, 200, body);
    }
}
/** Area B's error shape: the cloud error `{ error: { code, message, target, details } }`. */
function cloudError(ctx, status, code, message, target) {
    sendJson(ctx, status, { error: { code, message, target, details: [] } });
}
function isFiller(entry) {
    // A scenario may hold anything (null, a bare string) to see how a client copes with it.
    return typeof entry === 'object' && entry !== null && typeof entry.generate === 'number';
}
function entrySize(entry) {
    return isFiller(entry) ? Math.max(0, Math.floor(entry.generate)) : 1;
}
/** Images [start, end) of a region, filler computed only for the indices asked. */
function slice(entries, start, end) {
    const out = [];
    let offset = 0;
    for (const entry of entries) {
        const size = entrySize(entry);
        const from = Math.max(start, offset);
        const to = Math.min(end, offset + size);
        for (let i = from; i < to; i++) {
            if (!isFiller(entry))
                out.push(entry);
            else
                out.push({
                    image: `${entry.prefix ?? 'filler/image'}-${i - offset}:v1`,
                    osType: entry.osType ?? 'Linux',
                });
        }
        offset += size;
        if (offset >= end)
            break;
    }
    return out;
}

;// CONCATENATED MODULE: ./src/emulator/areas/data-share-scenario.ts
const SHARE_PATH = '^/subscriptions/([^/]+)/resourceGroups/([^/]+)/providers/Vendor\\.DataShare/accounts/([^/]+)/shareSubscriptions/([^/]+)';
const TERMINAL = new Set(['succeeded', 'completed', 'failed', 'canceled', 'cancelled']);
const DEFAULT_GENERATED_NEWEST = Date.UTC(2026, 0, 1);

;// CONCATENATED MODULE: ./src/emulator/areas/error-body.ts

/**
 * The resource manager's error shape, `{ error: { code, message, target?, details? } }`: area A's bodies carry
 * `details: []`, area C's none, as the vendor's recordings show them.
 */
function sendError(ctx, status, error) {
    const { code, message, target, details } = error;
    sendJson(ctx, status, {
        error: { code, message, ...(target ? { target } : {}), ...(details ? { details } : {}) },
    });
}
/** An area's refusal: `(ctx, status, code, message, target?)`, with `details` where the area's bodies carry it. */
function refusal(details) {
    return (ctx, status, code, message, target) => sendError(ctx, status, { code, message, target, details });
}

;// CONCATENATED MODULE: ./src/emulator/areas/data-share-wire.ts



/** The checks every area A request passes: bearer, the share subscription, api-version, an empty POST. */
function accept(ctx, emulator, share) {
    if (!acceptShare(ctx, emulator, share))
        return false;
    // The list operations take no body; a POST without a length is refused as a strict front end would.
    const length = ctx.req.headers['content-length'];
    if (length === undefined) {
        error(ctx, 411, 'LengthRequired', 'A POST request needs Content-Length (0 for no body).');
        return false;
    }
    if (length !== '0' || ctx.body !== '') {
        error(ctx, 400, 'UnexpectedRequestBody', 'This operation takes no request body.');
        return false;
    }
    return true;
}
/** A3–A5: the checks of `accept`, then a JSON object body with its one required field. */
function acceptJson(ctx, emulator, share, field) {
    if (!acceptShare(ctx, emulator, share))
        return undefined;
    let body;
    try {
        body = JSON.parse(ctx.body);
    }
    catch {
        body = undefined;
    }
    const type = ctx.req.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type) || typeof body !== 'object' || body === null) {
        error(ctx, 400, 'InvalidRequestBody', 'The request body must be a JSON object.');
        return undefined;
    }
    const fields = body;
    if (typeof fields[field] !== 'string' || fields[field] === '') {
        error(ctx, 400, 'InvalidRequestBody', `The request body needs '${field}'.`, field);
        return undefined;
    }
    return fields;
}
/** The bearer, the share subscription and api-version, which every area A request must pass. */
function acceptShare(ctx, emulator, share) {
    if (!emulator.checkBearer(ctx))
        return false;
    const name = ctx.params[3];
    if (share.shareSubscription !== undefined && name !== share.shareSubscription) {
        error(ctx, 404, 'ResourceNotFound', `The share subscription '${name}' was not found.`);
        return false;
    }
    const version = ctx.url.searchParams.get('api-version');
    if (!version) {
        error(ctx, 400, 'MissingApiVersionParameter', 'The api-version query parameter is required.', 'api-version');
        return false;
    }
    if (version !== share.apiVersion) {
        error(ctx, 400, 'InvalidApiVersionParameter', `The api-version '${version}' is not supported.`, 'api-version');
        return false;
    }
    return true;
}
/** `count` finished synchronizations, cheaply: one small object each, older than all of `given`. */
function generatedHistory(given, { count, newest, spacingMinutes = 60 }) {
    const out = [];
    const oldestGiven = Math.min(...given.map((s) => Date.parse(s.startTime ?? '')).filter((t) => !Number.isNaN(t)));
    const top = newest
        ? Date.parse(newest)
        : Number.isFinite(oldestGiven)
            ? oldestGiven - spacingMinutes * 60_000
            : DEFAULT_GENERATED_NEWEST;
    for (let i = 0; i < count; i++) {
        const start = top - i * spacingMinutes * 60_000;
        const durationMs = 60_000 + (i % 7) * 1_000;
        out.push({
            synchronizationId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
            synchronizationMode: i % 10 === 0 ? 'FullSync' : 'Incremental',
            status: i % 13 === 5 ? 'Failed' : 'Succeeded',
            startTime: new Date(start).toISOString(),
            endTime: new Date(start + durationMs).toISOString(),
            durationMs,
        });
    }
    return out;
}
/** The service's view of a record: knobs dropped, an end only once it has ended, no start while queued. */
function present(s, status, queued = false) {
    const ended = TERMINAL.has((status ?? '').toLowerCase());
    return {
        synchronizationId: s.synchronizationId,
        synchronizationMode: s.synchronizationMode,
        status,
        message: s.message,
        ...(queued ? {} : { startTime: s.startTime }),
        ...(ended ? { endTime: s.endTime, durationMs: s.durationMs } : {}),
    };
}
/** Without a start time an item sorts as the newest (nulls first in a descending order, as PostgreSQL does). */
function sortBy(items, key, desc) {
    const value = (s) => key === 'startTime' ? Date.parse(s.startTime ?? '') || Infinity : (s.durationMs ?? 0);
    return [...items].sort((a, b) => {
        const [x, y] = desc ? [value(b), value(a)] : [value(a), value(b)];
        return x === y ? 0 : x < y ? -1 : 1;
    });
}
/** The datasets A5 lists: the given ones, or `count` generated, the first `failed` of them Failed. */
function detailsOf(s) {
    if (s.details)
        return s.details;
    const { count = 0, failed = 0 } = s.generatedDetails ?? {};
    return Array.from({ length: count }, (_, i) => ({
        name: `dataset-${String(i + 1).padStart(4, '0')}`,
        dataSetId: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
        dataSetType: i % 2 ? 'AdlsGen2File' : 'Blob',
        status: i < failed ? 'Failed' : 'Succeeded',
        message: i < failed ? `The source path of dataset-${String(i + 1).padStart(4, '0')} was not found.` : '',
    }));
}
function notFound(ctx, id) {
    error(ctx, 404, 'ResourceNotFound', `The synchronization '${String(id)}' was not found.`);
}
function parseFilter(raw) {
    if (raw === null)
        return undefined;
    const m = /^\s*status\s+eq\s+'([^']*)'\s*$/i.exec(raw);
    return m ? m[1] : 'invalid';
}
function parseOrderBy(raw) {
    if (raw === null)
        return undefined;
    const m = /^\s*(startTime|durationMs)(?:\s+(asc|desc))?\s*$/i.exec(raw);
    if (!m)
        return 'invalid';
    return {
        key: m[1].toLowerCase() === 'starttime' ? 'startTime' : 'durationMs',
        desc: m[2]?.toLowerCase() === 'desc',
    };
}
function makeToken(snapshot, offset) {
    return Buffer.from(`${snapshot}:${offset}`).toString('base64url');
}
function parseToken(token) {
    const m = /^(\d+):(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
    return m ? { snapshot: Number(m[1]), offset: Number(m[2]) } : undefined;
}
/** Area A's error shape: `{ error: { code, message, target, details } }`. */
const error = refusal([]);
/** The synchronization one synchronize (A3) starts from its template, listed from poll `polls` on. */
function startedFrom(template, mode, polls) {
    const now = Date.now();
    const durationMs = template.durationMs ?? 60_000;
    return {
        synchronizationId: (0,external_node_crypto_.randomUUID)(),
        synchronizationMode: mode,
        startTime: new Date(now).toISOString(),
        endTime: new Date(now + durationMs).toISOString(),
        durationMs,
        message: template.message,
        statuses: template.statuses ?? ['Queued', 'InProgress', 'Succeeded'],
        appearAfterPolls: polls + (template.appearAfterPolls ?? 0),
        details: template.details,
        generatedDetails: template.generatedDetails,
    };
}
/** A1's `$filter` and `$orderby`, or undefined where one is not supported (the 400 already sent). */
function listingQuery(ctx) {
    const query = ctx.url.searchParams;
    const filter = parseFilter(query.get('$filter'));
    if (filter === 'invalid') {
        return error(ctx, 400, 'InvalidFilter', "Only $filter=status eq '<status>' is supported.", '$filter');
    }
    const order = parseOrderBy(query.get('$orderby'));
    if (order === 'invalid') {
        const message = 'Only $orderby=startTime [asc|desc] or durationMs [asc|desc] is supported.';
        return error(ctx, 400, 'InvalidOrderBy', message, '$orderby');
    }
    return { filter, order };
}
/** The synchronization of this id (ids compare case-insensitively). */
function byId(list, id) {
    const wanted = String(id).toLowerCase();
    return list.find((s) => s.synchronizationId.toLowerCase() === wanted);
}

;// CONCATENATED MODULE: ./src/emulator/areas/data-share-state.ts


/** Area A's state: its knobs, its synchronizations and how the listings (the polls) and the cancels move them. */
class DataShareState {
    pageSize;
    apiVersion;
    shareSubscription;
    /** Newest last or in any order: the listing orders them only when asked to. */
    synchronizations;
    settings;
    repeatNextLink;
    nextLinkOrigin;
    nextLinkForm;
    retryAfter;
    /** listSynchronizations requests without `$skipToken` so far: what makes synchronizations appear and move. */
    polls = 0;
    ignoreOrderBy;
    starts;
    conflictCode;
    cancelStatus;
    cancelAfterPolls;
    detailsPageSize;
    detailsError;
    /** What each synchronize asked for, in order: the modes recorded. */
    synchronizeRequests = [];
    /** The ids each cancelSynchronization named, in order. */
    cancelRequests = [];
    /** The synchronizations A3 started: they run from their start, listed or not. */
    started = new WeakSet();
    /** The poll count at which each cancelled synchronization was cancelled. */
    cancelledAt = new WeakMap();
    /** When each cancel was asked for (ms): a cancelled synchronization ends about then, not at its planned end. */
    cancelAskedAt = new WeakMap();
    scenario;
    constructor(scenario = {}) {
        this.scenario = scenario;
        this.pageSize = scenario.pageSize ?? 50;
        this.apiVersion = scenario.apiVersion ?? '2021-08-01';
        this.shareSubscription = scenario.shareSubscription;
        this.synchronizations = [...(scenario.synchronizations ?? [])];
        this.settings = scenario.settings ?? [];
        this.repeatNextLink = scenario.repeatNextLink ?? false;
        this.nextLinkOrigin = scenario.nextLinkOrigin ?? 'primary';
        this.nextLinkForm = scenario.nextLinkForm ?? 'absolute';
        this.retryAfter = scenario.retryAfter;
        this.ignoreOrderBy = scenario.ignoreOrderBy ?? false;
        this.starts = scenario.starts ?? [];
        this.conflictCode = scenario.conflictCode ?? 'Conflict';
        this.cancelStatus = scenario.cancel?.status ?? 'Cancelled';
        this.cancelAfterPolls = scenario.cancel?.afterPolls ?? 1;
        this.detailsPageSize = scenario.detailsPageSize;
        this.detailsError = scenario.detailsError;
        if (scenario.generatedHistory)
            this.generateHistory(scenario.generatedHistory);
    }
    /** Adds `count` finished synchronizations, older than all others (the benchmark's long history). */
    generateHistory(spec) {
        this.synchronizations.push(...generatedHistory(this.synchronizations, spec));
    }
    /** Runs now: as the latest listing shows it, or started by A3 and not listed yet. */
    runs(s) {
        const listed = this.polls > (s.appearAfterPolls ?? 0);
        if (!listed && !this.started.has(s))
            return false;
        return !TERMINAL.has((this.statusAt(s, Math.max(this.polls, (s.appearAfterPolls ?? 0) + 1)) ?? '').toLowerCase());
    }
    /** Its status in the listing of poll `snapshot` (where it is present there), a cancel included. */
    statusAt(s, snapshot) {
        const own = (n) => s.statuses?.length
            ? s.statuses[Math.max(0, Math.min(n - (s.appearAfterPolls ?? 0) - 1, s.statuses.length - 1))]
            : s.status;
        const cancelled = this.cancelledAt.get(s);
        if (cancelled === undefined)
            return own(snapshot);
        const effect = cancelled + this.cancelAfterPolls;
        if (snapshot < effect || TERMINAL.has((own(effect) ?? '').toLowerCase()))
            return own(snapshot);
        return this.cancelStatus;
    }
    /** The synchronizations as the listing of poll `snapshot` shows them. */
    visible(snapshot) {
        const out = [];
        for (const s of this.synchronizations) {
            const appear = s.appearAfterPolls ?? 0;
            if (snapshot <= appear)
                continue;
            const moves = s.statuses?.length ||
                s.appearAfterPolls !== undefined ||
                s.startTimeAfterPolls !== undefined ||
                this.cancelledAt.has(s);
            if (!moves) {
                out.push(s);
                continue;
            }
            const queued = snapshot - appear <= (s.startTimeAfterPolls ?? 0);
            const status = this.statusAt(s, snapshot);
            const shown = present(s, status, queued);
            const asked = this.cancelAskedAt.get(s);
            if (asked !== undefined && status === this.cancelStatus && shown.endTime) {
                shown.endTime = new Date(asked).toISOString();
                shown.durationMs = Math.max(0, asked - (Date.parse(s.startTime ?? '') || asked));
            }
            out.push(shown);
        }
        return out;
    }
}

;// CONCATENATED MODULE: ./src/emulator/areas/data-share.ts





/**
 * Area A: synchronizations of a share subscription and its source share's synchronization settings, its five routes
 * (its state, and how the polls move it: data-share-state.ts).
 */
class DataShareArea extends DataShareState {
    name = 'data-share';
    routes(emulator) {
        const post = (action, handle) => ({
            method: 'POST',
            path: new RegExp(`${SHARE_PATH}/${action}$`),
            handle: (ctx) => handle.call(this, ctx, emulator),
        });
        return [
            post('listSynchronizations', this.listSynchronizations),
            post('listSourceShareSynchronizationSettings', this.listSettings),
            post('synchronize', this.synchronize),
            post('cancelSynchronization', this.cancelSynchronization),
            post('listSynchronizationDetails', this.listSynchronizationDetails),
        ];
    }
    /** A3: starts the next of `starts`, unless one runs (409). */
    synchronize(ctx, emulator) {
        const body = acceptJson(ctx, emulator, this, 'synchronizationMode');
        if (!body)
            return;
        const mode = body.synchronizationMode;
        if (mode !== 'Incremental' && mode !== 'FullSync') {
            return error(ctx, 400, 'InvalidSynchronizationMode', `'${String(mode)}' is not a synchronization mode.`);
        }
        const running = this.synchronizations.find((s) => this.runs(s));
        if (running) {
            return error(ctx, 409, this.conflictCode, `Synchronization ${running.synchronizationId} is in progress for share subscription '${ctx.params[3]}'.`);
        }
        const template = this.starts[Math.min(this.synchronizeRequests.length, this.starts.length - 1)] ?? {};
        const sync = startedFrom(template, mode, this.polls);
        this.started.add(sync);
        this.synchronizations.push(sync);
        this.synchronizeRequests.push({ synchronizationId: sync.synchronizationId, synchronizationMode: mode });
        const answer = {
            ...(template.omitId ? {} : { synchronizationId: sync.synchronizationId }),
            status: template.answer === 200 ? sync.statuses[0] : 'Accepted',
            startTime: sync.startTime,
        };
        if (template.answer === 200)
            return sendJson(ctx, 200, answer);
        const operation = new URL(`${ctx.url.pathname.replace(/\/synchronize$/, '')}/operationResults/${sync.synchronizationId}?api-version=${this.apiVersion}`, emulator.url);
        sendJson(ctx, 202, answer, { 'vendor-asyncoperation': operation.href });
    }
    /** A4: a running one ends with `cancelStatus` `cancelAfterPolls` listings later; an ended one stays as it is. */
    cancelSynchronization(ctx, emulator) {
        const body = acceptJson(ctx, emulator, this, 'synchronizationId');
        if (!body)
            return;
        const sync = byId(this.synchronizations, body.synchronizationId);
        if (!sync)
            return notFound(ctx, body.synchronizationId);
        this.cancelRequests.push(sync.synchronizationId);
        const status = this.statusAt(sync, this.polls + 1);
        const refused = this.scenario.cancelEnded;
        if (!this.runs(sync) && refused)
            return error(ctx, refused.status, refused.code, refused.message);
        if (!this.runs(sync))
            return sendJson(ctx, 200, present(sync, status));
        if (!this.cancelledAt.has(sync)) {
            this.cancelledAt.set(sync, this.polls);
            this.cancelAskedAt.set(sync, Date.now());
        }
        // The vendor's sample: 202 with status Queued while the cancel is under way.
        sendJson(ctx, 202, { ...present(sync, status), status: 'Queued' });
    }
    /** A5: the datasets of one synchronization, paged by `$skipToken`. */
    listSynchronizationDetails(ctx, emulator) {
        const body = acceptJson(ctx, emulator, this, 'synchronizationId');
        if (!body)
            return;
        if (this.detailsError) {
            const { status, code, message } = this.detailsError;
            return error(ctx, status, code, message);
        }
        const sync = byId(this.synchronizations, body.synchronizationId);
        if (!sync)
            return notFound(ctx, body.synchronizationId);
        const token = ctx.url.searchParams.get('$skipToken');
        const offset = token === null ? 0 : parseToken(token)?.offset;
        if (offset === undefined) {
            return error(ctx, 400, 'InvalidSkipToken', 'The $skipToken is not valid.', '$skipToken');
        }
        const all = detailsOf(sync);
        const size = this.detailsPageSize ?? this.pageSize;
        const next = offset + size < all.length;
        sendJson(ctx, 200, {
            value: all.slice(offset, offset + size),
            ...(next ? { nextLink: this.nextLink(ctx, emulator, makeToken(0, offset + size)) } : {}),
        });
    }
    listSynchronizations(ctx, emulator) {
        if (!accept(ctx, emulator, this))
            return;
        const query = ctx.url.searchParams;
        const token = query.get('$skipToken');
        let snapshot;
        let offset = 0;
        if (token === null) {
            snapshot = ++this.polls;
        }
        else {
            const parsed = parseToken(token);
            if (!parsed)
                return error(ctx, 400, 'InvalidSkipToken', 'The $skipToken is not valid.', '$skipToken');
            ({ snapshot, offset } = parsed);
        }
        const shape = listingQuery(ctx);
        if (!shape)
            return;
        const { filter, order } = shape;
        // A listing's pages all show the state of the poll that began it, as a snapshot token would.
        let items = this.visible(snapshot);
        if (filter)
            items = items.filter((s) => (s.status ?? '').toLowerCase() === filter.toLowerCase());
        if (order && !this.ignoreOrderBy)
            items = sortBy(items, order.key, order.desc);
        const value = items.slice(offset, offset + this.pageSize);
        const next = offset + this.pageSize < items.length;
        const nextToken = makeToken(snapshot, this.repeatNextLink && token !== null ? offset : offset + this.pageSize);
        const headers = this.retryAfter ? { 'retry-after': this.retryAfter } : {};
        sendJson(ctx, 200, { value, ...(next ? { nextLink: this.nextLink(ctx, emulator, nextToken) } : {}) }, headers);
    }
    listSettings(ctx, emulator) {
        if (!accept(ctx, emulator, this))
            return;
        const token = ctx.url.searchParams.get('$skipToken');
        const offset = token === null ? 0 : parseToken(token)?.offset;
        if (offset === undefined) {
            return error(ctx, 400, 'InvalidSkipToken', 'The $skipToken is not valid.', '$skipToken');
        }
        const value = this.settings.slice(offset, offset + this.pageSize);
        const next = offset + this.pageSize < this.settings.length;
        sendJson(ctx, 200, {
            value,
            ...(next ? { nextLink: this.nextLink(ctx, emulator, makeToken(0, offset + this.pageSize)) } : {}),
        });
    }
    nextLink(ctx, emulator, token) {
        const origin = this.nextLinkOrigin === 'secondary' ? emulator.secondUrl : emulator.url;
        const url = new URL(ctx.url.pathname + ctx.url.search, origin);
        url.searchParams.set('$skipToken', token);
        return shapeLink(url.href, this.nextLinkForm);
    }
}

;// CONCATENATED MODULE: ./src/emulator/areas/erp-scenario.ts
const OPERATION_STATUS_API_VERSION = '2021-12-01-preview';
const DEFAULT_STEPS = [
    { status: 'InProgress', percentComplete: 50 },
    { status: 'Succeeded', percentComplete: 100 },
];
const DEFAULT_ERROR = {
    code: 'StopFailed',
    message: 'The application server instance could not be stopped.',
    target: 'appServerInstances/app0',
    details: [
        {
            code: 'KernelShutdownTimeout',
            message: 'The kernel did not reach the next shutdown state.',
            target: 'app0',
            additionalInfo: [{ type: 'ErpDiagnostic', info: { workProcess: 'DIA 3', state: 'stopping' } }],
        },
    ],
    additionalInfo: [{ type: 'PolicyViolation', info: { rule: 'maintenance-window' } }],
};
const erp_scenario_TERMINAL = new Set(['succeeded', 'completed', 'failed', 'canceled', 'cancelled']);
const FAILED = new Set(['failed', 'canceled', 'cancelled']);
/** The first api-version whose C1/C2 bodies have deallocateVm and startVm. */
const FIRST_SNOOZE_API_VERSION = '2023-10-01-preview';
const INSTANCE_PATH = /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Vendor\.Workloads\/erpVirtualInstances\/([^/]+)$/i;
const ACTION_PATH = /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Vendor\.Workloads\/erpVirtualInstances\/([^/]+)\/(stop|start)$/i;
const STATUS_PATH = /^\/subscriptions\/([^/]+)\/providers\/Vendor\.Workloads\/locations\/([^/]+)\/operationStatuses\/([^/]+)$/i;
const RESULTS_PATH = /^\/subscriptions\/([^/]+)\/providers\/Vendor\.Workloads\/locations\/([^/]+)\/operationResults\/([^/]+)$/i;

;// CONCATENATED MODULE: ./src/emulator/areas/erp-step.ts
/** The state an operation's next answer gives at `now`, for the system's operations and its parts' alike. */
function stepOf(script, now) {
    if (script.durationMs !== undefined) {
        const elapsed = now - script.startedAt;
        if (elapsed >= script.durationMs)
            return { status: 'Succeeded', percentComplete: 100 };
        return { status: 'InProgress', percentComplete: Math.floor((elapsed / script.durationMs) * 100) };
    }
    const step = script.steps[Math.min(script.served, script.steps.length - 1)];
    return typeof step === 'string' ? { status: step } : step;
}

;// CONCATENATED MODULE: ./src/emulator/areas/erp-facts.ts
/**
 * What a read shows before and after a window (C6): the system's registration, provisioning, errors and identity,
 * and its parts' provisioning, errors, machines, central services' parts and dispatchers, with health that comes
 * some reads after a start. Every knob is optional; without them the bodies say registered, Succeeded, healthy.
 */
/** The system's facts in C0's body: only what the knobs set beyond the defaults, so old bodies stay as they were. */
function systemFacts(id, facts, state) {
    const properties = {
        state: facts.state ?? state,
        provisioningState: facts.provisioningState ?? 'Succeeded',
        ...(facts.errors ? { errors: errorsOf(facts.errors) } : {}),
    };
    const own = facts.identity === undefined ? { principalId: `${id.split('/').pop()}-identity` } : facts.identity;
    const identity = own && {
        type: 'UserAssigned',
        userAssignedIdentities: {
            [`${id.split('/providers/')[0]}/providers/Vendor.ManagedIdentity/userAssignedIdentities/${id.split('/').pop()}-identity`]: { principalId: own.principalId, clientId: `${own.principalId}-client` },
        },
    };
    return { properties, identity };
}
const errorsOf = (e) => ({ properties: { code: e.code, message: e.message, details: [] } });
/** A machine's resource id: the child's machine (`machines`), in `machineResourceGroup` or the system's. */
function machineId(where, child, facts) {
    const rg = facts.machineResourceGroup ?? where.resourceGroup;
    const vm = facts.machines?.[child] ?? `${child}-vm`;
    return `/subscriptions/${where.subscriptionId}/resourceGroups/${rg}/providers/Vendor.Compute/virtualMachines/${vm}`;
}
/** A child's own provisioning state and errors, as its body carries them. */
function childFacts(child, facts) {
    const own = facts.children?.[child];
    return {
        provisioningState: own?.provisioningState ?? 'Succeeded',
        ...(own?.errors ? { errors: errorsOf(own.errors) } : {}),
    };
}
/** An application or central instance's health now: `Healthy` when Running, unless a start is still settling. */
function healthOf(status, facts, readsSinceStart) {
    if (status !== 'Running')
        return 'Unknown';
    const after = facts.healthAfterStart;
    if (readsSinceStart === undefined || after === undefined)
        return 'Healthy';
    if (after === 'never')
        return 'Unhealthy';
    return readsSinceStart > after ? 'Healthy' : 'Unknown';
}
/** The properties of an application or central instance (C3, C6) beyond its status. */
function serviceProperties(kind, child, status, where, seen) {
    const { facts } = seen;
    const health = healthOf(status, facts, seen.readsSinceStart);
    const vm = (type, name = child) => ({ type, virtualMachineId: machineId(where, name, facts) });
    if (kind === 'applicationInstances') {
        const stopped = status !== 'Running' || facts.dispatcherStopped?.includes(child);
        return {
            health: facts.dispatcherStopped?.includes(child) && status === 'Running' ? 'Unhealthy' : health,
            dispatcherStatus: stopped ? 'Stopped' : health === 'Unknown' ? 'Starting' : 'Running',
            vmDetails: [vm('Active')],
        };
    }
    const parts = facts.centralParts ?? {};
    const ha = parts.enqueueReplicationServer !== undefined;
    return {
        health,
        messageServerProperties: { health: parts.messageServer ?? health },
        enqueueServerProperties: { health: parts.enqueueServer ?? health },
        gatewayServerProperties: { health: parts.gatewayServer ?? health },
        ...(ha ? { enqueueReplicationServerProperties: { health: parts.enqueueReplicationServer } } : {}),
        vmDetails: ha ? [vm('ASCS'), vm('ERS', `${child}-ers`)] : [vm('Primary')],
    };
}
/** The system's own status and health as C0 shows them: its health waits for its parts' after a start. */
function settledHealth(shown, parts) {
    if (parts.knobs.healthAfterStart === undefined || shown.status !== 'Running')
        return shown;
    const health = healthOf(shown.status, parts.knobs, parts.readsSinceStart);
    return { ...shown, health: health === 'Healthy' ? shown.health : health };
}

;// CONCATENATED MODULE: ./src/emulator/areas/erp-wire.ts






/** Area C's answers as the wire carries them: bodies, headers and the checks every request passes. */
function isTerminal(status) {
    return erp_scenario_TERMINAL.has((status ?? '').toLowerCase());
}
/** Areas A–C: every request carries api-version. */
function requireApiVersion(ctx) {
    if (ctx.url.searchParams.get('api-version'))
        return true;
    sendJson(ctx, 400, {
        error: {
            code: 'MissingApiVersionParameter',
            message: 'The api-version query parameter (?api-version=) is required for all requests.',
        },
    });
    return false;
}
/** What C1's and C2's bodies said, or why they are not acceptable under the request's api-version. */
function parseActionBody(action, text, apiVersion) {
    const snooze = versionKey(apiVersion) >= versionKey(FIRST_SNOOZE_API_VERSION);
    if (text.trim() === '')
        return { softStopTimeoutSeconds: 0 };
    if (action === 'start' && !snooze)
        return 'C2 takes no request body.';
    let body;
    try {
        body = JSON.parse(text);
    }
    catch {
        return 'The request body is not JSON.';
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
        return 'The request body is not an object.';
    const fields = body;
    const allowed = action === 'start'
        ? ['startVm']
        : snooze
            ? ['softStopTimeoutSeconds', 'deallocateVm']
            : ['softStopTimeoutSeconds'];
    const unknown = Object.keys(fields).find((key) => !allowed.includes(key));
    if (unknown)
        return `'${unknown}' is not a parameter of ${action} in api-version ${apiVersion}.`;
    const soft = fields.softStopTimeoutSeconds ?? 0;
    if (typeof soft !== 'number' || !Number.isInteger(soft) || soft < 0) {
        return 'softStopTimeoutSeconds must be an integer of 0 or more.';
    }
    for (const flag of ['deallocateVm', 'startVm']) {
        if (fields[flag] !== undefined && typeof fields[flag] !== 'boolean')
            return `${flag} must be true or false.`;
    }
    return {
        softStopTimeoutSeconds: soft,
        deallocateVm: fields.deallocateVm,
        startVm: fields.startVm,
    };
}
/** `2023-10-01-preview` sorts before `2023-10-01`, and both after `2023-04-01`. */
function versionKey(apiVersion) {
    const m = /^(\d{4}-\d{2}-\d{2})(-.+)?$/.exec(apiVersion);
    return m ? `${m[1]}${m[2] ? '0' : '1'}` : '';
}
function sendNotFound(ctx, name, resourceGroup) {
    sendJson(ctx, 404, {
        error: {
            code: 'ResourceNotFound',
            message: `The Resource 'Vendor.Workloads/erpVirtualInstances/${name}' under resource group '${resourceGroup}' was not found.`,
        },
    });
}
function stepAt(op, now) {
    const { durationMs, steps } = op.knobs;
    const script = { durationMs, startedAt: op.stop.startedAt, served: op.served };
    return stepOf({ ...script, steps: steps?.length ? steps : DEFAULT_STEPS }, now);
}
/** The polling header (a fresh signed URL where the operation rotates them) and Retry-After while it runs. */
function pollingHeaders(op, emulator, terminal = false) {
    const headers = {};
    const location = op.knobs.pollingMode === 'location';
    const name = location ? 'Location' : (op.knobs.pollingHeader ?? 'vendor-AsyncOperation');
    if (name.toLowerCase() !== 'none') {
        const origin = op.knobs.pollingOrigin === 'secondary' ? emulator.secondUrl : emulator.url;
        if (op.knobs.rotatePollingUrl)
            op.signature = `s${++op.signatures}-${(0,external_node_crypto_.randomUUID)().slice(0, 8)}`;
        const sig = op.signature === undefined ? '' : `&sig=${op.signature}`;
        headers[name] = shapeLink(`${origin}/subscriptions/${encodeURIComponent(op.subscriptionId)}/providers/Vendor.Workloads/locations/` +
            `${op.location}/${location ? 'operationResults' : 'operationStatuses'}/${op.id}` +
            `?api-version=${OPERATION_STATUS_API_VERSION}${sig}`, op.knobs.pollingUrlForm);
    }
    if (op.knobs.retryAfter !== undefined && !terminal)
        headers['retry-after'] = op.knobs.retryAfter;
    return headers;
}
/** The operation status result of one step, as the status endpoint (and a 200 to the POST) gives it. */
function statusResult(op, step, now) {
    const terminal = isTerminal(step.status);
    const failed = FAILED.has(step.status.toLowerCase());
    return {
        id: `/subscriptions/${op.subscriptionId}/providers/Vendor.Workloads/locations/${op.location}/operationStatuses/${op.id}`,
        name: op.id,
        status: step.status,
        startTime: new Date(op.stop.startedAt).toISOString(),
        endTime: terminal ? new Date(op.stop.endedAt ?? now).toISOString() : null,
        percentComplete: step.percentComplete ?? (terminal && !failed ? 100 : undefined),
        error: failed ? (op.knobs.error ?? DEFAULT_ERROR) : null,
        operations: [],
    };
}
/** C0's body: the instance with its status and health (those before a stop while the status lags). */
function instanceBody(id, name, location, shown, listed, facts = {}) {
    const { properties, identity } = systemFacts(id, facts, listed?.state ?? 'RegistrationComplete');
    return {
        id,
        name,
        type: 'Vendor.Workloads/erpVirtualInstances',
        location: location ?? 'westeurope',
        tags: { ...listed?.tags },
        ...(identity ? { identity } : {}),
        properties: {
            ...(listed ? { environment: listed.environment ?? 'NonProd' } : {}),
            status: shown.status,
            health: shown.health,
            ...properties,
        },
    };
}
/** A refusal in area C's error shape (no details). */
const refuse = refusal();
/** A `location` operation's final 200: the instance as a resource, no top-level status. */
function resourceBody(op) {
    return {
        id: op.resourceId,
        name: op.stop.instance,
        type: 'Vendor.Workloads/erpVirtualInstances',
        location: op.location,
        properties: {
            provisioningState: 'Succeeded',
            state: op.stop.action === 'stop' ? 'Stopped' : 'Running',
        },
    };
}
/** The record of one stop or start as received (C1/C2), not yet accepted. */
function recordOf(ctx, action, parsed) {
    const [subscriptionId = '', resourceGroup = '', instance = ''] = ctx.params;
    return {
        action,
        instance,
        subscriptionId,
        resourceGroup,
        apiVersion: ctx.url.searchParams.get('api-version'),
        body: ctx.body,
        contentLength: ctx.req.headers['content-length'],
        softStopTimeoutSeconds: parsed.softStopTimeoutSeconds,
        deallocateVm: parsed.deallocateVm,
        startVm: parsed.startVm,
        accepted: false,
        startedAt: ctx.emulator.now(),
    };
}
/** Whether an operation has ended, by the state it would report now (without serving it). */
function hasEnded(op, now) {
    if (op.knobs.durationMs !== undefined)
        return isTerminal(stepAt(op, now).status);
    return op.served > 0 && isTerminal(stepAt({ ...op, served: op.served - 1 }, now).status);
}
/** The instance reaches the end its operation left pending (at once, or after its settle reads). */
function applyEnd(state) {
    if (!state.pendingEnd)
        return;
    state.status = state.pendingEnd.status;
    state.health = state.pendingEnd.health;
    state.pendingEnd = undefined;
}
/** Where an operation that ended Succeeded leaves the instance: its knobs' end (a false success), else the verb's. */
function successEnd(op) {
    const stop = op.stop.action === 'stop';
    const status = op.knobs.endStatus ?? (stop ? 'Offline' : 'Running');
    const falseSuccess = op.knobs.endStatus !== undefined && !['offline', 'running'].includes(status.toLowerCase());
    return { status, health: op.knobs.endHealth ?? (falseSuccess ? 'Degraded' : stop ? 'Unknown' : 'Healthy') };
}

;// CONCATENATED MODULE: ./src/emulator/areas/erp-parts-state.ts
/** The state the emulator keeps of every system's parts, and how the system's own stop and start move it (C3). */
class ErpPartsState {
    operations = new Map();
    systems = new Map();
    section;
    source;
    constructor(section, source) {
        this.section = section;
        this.source = source;
    }
    /** Sets (replaces) one system's parts knobs; its state is made afresh from them. */
    setParts(system, knobs) {
        this.section.systems = { ...this.section.systems, [system]: knobs };
        for (const key of [...this.systems.keys()])
            if (key.endsWith(`/${system.toLowerCase()}`))
                this.systems.delete(key);
        return this;
    }
    /** The system's parts (made from its knobs on first use). */
    of(subscriptionId, resourceGroup, system) {
        const key = [subscriptionId, resourceGroup, system].join('/').toLowerCase();
        const found = this.systems.get(key);
        if (found)
            return found;
        const knobs = { ...this.section.defaults, ...this.section.systems?.[system] };
        const made = {
            knobs,
            children: {
                applicationInstances: (knobs.applicationInstances ?? ['app0']).map((name) => ({
                    name,
                    status: knobs.children?.[name]?.status,
                })),
                centralInstances: [knobs.centralInstance ?? 'cs0'].map((name) => ({
                    name,
                    status: knobs.children?.[name]?.status,
                })),
                databaseInstances: (knobs.databases ?? [{ name: 'db0' }]).map((db) => ({
                    name: db.name,
                    status: db.status ?? 'Running',
                    databaseType: db.databaseType ?? 'hdb',
                    knobs: db,
                })),
            },
        };
        this.systems.set(key, made);
        return made;
    }
    /** Test helper: every child operation still running ends Succeeded at its next answer (the service caught up). */
    finishRunning() {
        for (const op of this.operations.values())
            if (!op.ended)
                [op.steps, op.durationMs] = [['Succeeded'], 0];
        this.caughtUp = true;
    }
    /** After finishRunning: later stops run as by default, whatever `stopSteps` says. */
    caughtUp = false;
    /**
     * The hook of the system's own stop and start (C1/C2): a deallocating stop takes the machines down, a start with
     * startVm brings them up, and a start while a database is not Running is made to fail (the error's code is the
     * emulator's wording: the service's is not documented).
     */
    onSystemAction(where, action, body) {
        const parts = this.of(where.subscriptionId, where.resourceGroup, where.system);
        if (action === 'stop' && body.deallocateVm) {
            for (const db of parts.children.databaseInstances)
                if (db.status !== 'Offline')
                    db.unreachable = true;
        }
        if (action === 'start' && body.startVm) {
            for (const db of parts.children.databaseInstances)
                db.unreachable = false;
        }
        if (action !== 'start')
            return undefined;
        parts.readsSinceStart = 0;
        const down = parts.children.databaseInstances.find((db) => this.statusOf(parts, 'databaseInstances', db, where) !== 'Running');
        return (down && {
            code: 'DatabaseNotRunning',
            message: `The application of ${where.system} cannot start while its database instance '${down.name}' is ${this.statusOf(parts, 'databaseInstances', down, where)}.`,
        });
    }
    /** A child's status now: a running operation's, its own, or (application, central) the system's. */
    statusOf(parts, kind, child, where) {
        if ((child.op && !child.op.ended) || child.pending)
            return child.op?.action === 'start' ? 'Starting' : 'Stopping';
        if (kind !== 'databaseInstances') {
            return (child.status ?? this.source.systemStatus(where.subscriptionId, where.resourceGroup, where.system));
        }
        // With the central services' machines gone, the service cannot reach a database it did not stop first.
        return child.unreachable ? 'Unavailable' : (child.status ?? 'Running');
    }
}

;// CONCATENATED MODULE: ./src/emulator/areas/erp-part-ops.ts




const DEFAULT_PART_STEPS = [
    { status: 'InProgress', percentComplete: 50 },
    'Succeeded',
];
/** The operation's next state, as an operation status result; its end moves the child. */
function advancePart(op, emulator) {
    const step = stepOf(op, emulator.now());
    op.served++;
    const failed = FAILED.has(step.status.toLowerCase());
    if (erp_scenario_TERMINAL.has(step.status.toLowerCase()) && !op.ended) {
        op.ended = true;
        op.end(failed);
    }
    return {
        id: op.id,
        name: op.id,
        status: step.status,
        percentComplete: step.percentComplete,
        startTime: new Date(emulator.now()).toISOString(),
        error: failed ? (op.fail ?? { code: 'OperationFailed', message: 'The operation failed.' }) : null,
    };
}
/** The polling header of a child operation, in the form the knobs ask for (`bare`: as the live answer had it). */
function partPollingHeaders(op, where, knobs, emulator) {
    const href = `${emulator.url}/subscriptions/${where.subscriptionId}/providers/Vendor.Workloads/locations/${where.location.toUpperCase()}/operationStatuses/${op.id}?api-version=2023-04-01`;
    const form = knobs.pollingUrlForm;
    const link = form === 'bare' ? shapeLink(href, 'relative').replace(/^\//, '') : shapeLink(href, form);
    return {
        'vendor-AsyncOperation': link,
        ...(knobs.retryAfter ? { 'retry-after': knobs.retryAfter } : {}),
    };
}
function isHana(type) {
    return /^(hdb|hana)$/i.test(type ?? '');
}
/** Why the service refuses a child's stop or start outright (400), as C3 lists the limits; else undefined. */
function refusalOf(kind, child, action, soft) {
    if (kind === 'centralInstances' && action === 'stop' && soft > 0) {
        return {
            code: 'SoftStopUnsupported',
            message: `The central services instance '${child.name}' cannot be soft stopped; stop it with softStopTimeoutSeconds 0.`,
        };
    }
    // The code is the emulator's wording: the service's is not documented.
    if (kind === 'databaseInstances' && !isHana(child.databaseType)) {
        return {
            code: 'OperationNotSupported',
            message: `Stop and start are offered only for HANA databases; '${child.name}' is ${child.databaseType}.`,
        };
    }
    const limit = kind === 'databaseInstances' ? 1800 : 82800;
    if (soft < 0 || soft >= limit) {
        return {
            code: 'InvalidParameter',
            message: `softStopTimeoutSeconds must be from 0 to ${limit - 1} for ${kind}.`,
        };
    }
    return undefined;
}
/** A child as C3's read and list show it: the database instance has no health (C6's facts: erp-facts.ts). */
function partBody(kind, child, where, status, seen) {
    const id = `/subscriptions/${where.subscriptionId}/resourceGroups/${where.resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${where.system}/${kind}/${child.name}`;
    const own = childFacts(child.name, seen.facts);
    const properties = kind === 'databaseInstances'
        ? {
            databaseSid: where.system.toUpperCase(),
            databaseType: child.databaseType,
            status,
            vmDetails: [{ virtualMachineId: machineId(where, child.name, seen.facts), status }],
            ...own,
        }
        : {
            instanceNo: '00',
            hostname: `${child.name}-host`,
            status,
            ...serviceProperties(kind, child.name, status, where, seen),
            ...own,
        };
    return { id, name: child.name, type: `Vendor.Workloads/erpVirtualInstances/${kind}`, properties };
}
/** How a child's stop or start is made to fail, as the service would: the wrong order (C4), a knob; else none. */
function failureOf(action, child, db, deallocating) {
    if (action === 'stop' && db && child.unreachable) {
        return {
            code: 'SapDbOpsNotInExpected State',
            message: `The database instance '${child.name}' is Unavailable: its system's machines were deallocated before the database was stopped.`,
        };
    }
    if (action === 'stop' && deallocating && db?.deallocateFails)
        return db.deallocateFails;
    if (action === 'start' && db?.startFails) {
        return { code: 'DatabaseStartFailed', message: `The database instance '${child.name}' did not start.` };
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/emulator/areas/erp-parts.ts





const KINDS = '(applicationInstances|centralInstances|databaseInstances)';
const SYSTEM = '^/subscriptions/([^/]+)/resourceGroups/([^/]+)/providers/Vendor\\.Workloads/erpVirtualInstances/([^/]+)';
const LIST = new RegExp(`${SYSTEM}/${KINDS}$`, 'i');
const READ = new RegExp(`${SYSTEM}/${KINDS}/([^/]+)$`, 'i');
const ACT = new RegExp(`${SYSTEM}/${KINDS}/([^/]+)/(stop|start)$`, 'i');
/** The parts' operation ids carry `*` as the live ones do; the system's (plain UUIDs) never match this. */
const STATUS = /^\/subscriptions\/([^/]+)\/providers\/Vendor\.Workloads\/locations\/([^/]+)\/operationStatuses\/([0-9a-f-]{36}\*[0-9A-F]{8})$/i;
/** C3: the children of every system, listed, read, stopped and started (their state: erp-parts-state.ts). */
class ErpParts extends ErpPartsState {
    actions = [];
    routes() {
        return [
            { method: 'GET', path: LIST, handle: (ctx) => this.list(ctx) },
            { method: 'GET', path: READ, handle: (ctx) => this.read(ctx) },
            { method: 'POST', path: ACT, handle: (ctx) => this.act(ctx) },
            { method: 'GET', path: STATUS, handle: (ctx) => this.status(ctx) },
        ];
    }
    where(ctx) {
        const [subscriptionId = '', resourceGroup = '', system = '', kindText = '', child = '', verb = ''] = ctx.params;
        const kind = ['applicationInstances', 'centralInstances', 'databaseInstances'].find((k) => k.toLowerCase() === kindText.toLowerCase());
        return { subscriptionId, resourceGroup, system, kind, child, verb: verb.toLowerCase() };
    }
    /** The system's parts, this read of its application or central instances counted after a start. */
    counted(where) {
        const parts = this.of(where.subscriptionId, where.resourceGroup, where.system);
        if (where.kind !== 'databaseInstances' && parts.readsSinceStart !== undefined)
            parts.readsSinceStart++;
        return parts;
    }
    guard(ctx) {
        return ctx.emulator.checkBearer(ctx) && requireApiVersion(ctx);
    }
    body(parts, kind, child, where) {
        const seen = { facts: parts.knobs, readsSinceStart: parts.readsSinceStart };
        return partBody(kind, child, where, this.statusOf(parts, kind, child, where), seen);
    }
    list(ctx) {
        if (!this.guard(ctx))
            return;
        const where = this.where(ctx);
        const parts = this.counted(where);
        const all = parts.children[where.kind];
        const size = Math.max(1, parts.knobs.pageSize ?? 2);
        const from = Number(ctx.url.searchParams.get('$skipToken') ?? '0') || 0;
        const value = all.slice(from, from + size).map((c) => this.body(parts, where.kind, c, where));
        const next = new URL(ctx.url.pathname, ctx.emulator.url);
        next.searchParams.set('api-version', ctx.url.searchParams.get('api-version'));
        next.searchParams.set('$skipToken', String(from + size));
        sendJson(ctx, 200, { value, ...(from + size < all.length ? { nextLink: next.href } : {}) });
    }
    read(ctx) {
        if (!this.guard(ctx))
            return;
        const where = this.where(ctx);
        const parts = this.counted(where);
        const child = parts.children[where.kind].find((c) => c.name.toLowerCase() === where.child.toLowerCase());
        if (!child)
            return erp_parts_notFound(ctx, where.kind, where.child);
        // A read of a child whose operation runs moves it one step, as the system's reads do.
        if (child.op && !child.op.ended)
            advancePart(child.op, ctx.emulator);
        else if (child.pending && --child.pending.left <= 0)
            [child.status, child.pending] = [child.pending.status, undefined];
        sendJson(ctx, 200, this.body(parts, where.kind, child, where));
    }
    act(ctx) {
        if (!this.guard(ctx))
            return;
        const where = this.where(ctx);
        const action = where.verb === 'start' ? 'start' : 'stop';
        const parts = this.of(where.subscriptionId, where.resourceGroup, where.system);
        const child = parts.children[where.kind].find((c) => c.name.toLowerCase() === where.child.toLowerCase());
        const record = {
            system: where.system,
            kind: where.kind,
            child: where.child,
            action,
            body: ctx.body,
            accepted: false,
            at: ctx.emulator.now(),
        };
        this.actions.push(record);
        if (!child)
            return erp_parts_notFound(ctx, where.kind, where.child);
        let body = {};
        try {
            body = ctx.body.trim() === '' ? {} : JSON.parse(ctx.body);
        }
        catch {
            return sendJson(ctx, 400, {
                error: { code: 'InvalidRequestContent', message: 'The request body is not JSON.' },
            });
        }
        const soft = typeof body.softStopTimeoutSeconds === 'number' ? body.softStopTimeoutSeconds : 0;
        if (child.op && !child.op.ended) {
            return sendJson(ctx, 409, {
                error: { code: 'Conflict', message: `An operation is already in progress on '${child.name}'.` },
            });
        }
        const refusal = refusalOf(where.kind, child, action, soft);
        if (refusal)
            return sendJson(ctx, 400, { error: refusal });
        record.accepted = true;
        const db = where.kind === 'databaseInstances' ? child.knobs : undefined;
        const fail = failureOf(action, child, db, body.deallocateVm === true);
        const op = {
            id: `${(0,external_node_crypto_.randomUUID)()}*${(0,external_node_crypto_.randomUUID)().slice(0, 8).toUpperCase()}`,
            action,
            steps: fail
                ? ['InProgress', 'Failed']
                : ((action === 'stop' && !this.caughtUp ? db?.stopSteps : undefined) ??
                    parts.knobs.steps ??
                    DEFAULT_PART_STEPS),
            durationMs: fail ? undefined : parts.knobs.durationMs,
            startedAt: ctx.emulator.now(),
            retryAfter: parts.knobs.retryAfter,
            served: 0,
            ended: false,
            fail,
            // A failed operation leaves the child where it was.
            end: (failed) => {
                if (failed)
                    return;
                const settle = action === 'stop' && !body.deallocateVm ? db?.settleReads : undefined;
                if (settle)
                    return void (child.pending = { status: 'Offline', left: settle });
                child.status = action === 'stop' ? 'Offline' : 'Running';
                if (action === 'start')
                    child.unreachable = false;
            },
        };
        child.op = op;
        this.operations.set(op.id, op);
        const headers = partPollingHeaders(op, { subscriptionId: where.subscriptionId, location: this.source.location() }, parts.knobs, ctx.emulator);
        if (parts.knobs.respond === 200) {
            const answer = advancePart(op, ctx.emulator);
            return sendJson(ctx, 200, answer, op.ended ? {} : headers);
        }
        sendJson(ctx, 202, undefined, headers);
    }
    status(ctx) {
        if (!this.guard(ctx))
            return;
        const op = this.operations.get(ctx.params[2] ?? '');
        if (!op)
            return sendJson(ctx, 404, { error: { code: 'OperationNotFound', message: 'No such operation.' } });
        const answer = advancePart(op, ctx.emulator);
        sendJson(ctx, 200, answer, !op.ended && op.retryAfter ? { 'retry-after': op.retryAfter } : {});
    }
}
function erp_parts_notFound(ctx, kind, child) {
    sendJson(ctx, 404, {
        error: { code: 'ResourceNotFound', message: `The Resource '${kind}/${child}' was not found.` },
    });
}

;// CONCATENATED MODULE: ./src/emulator/areas/erp-authorization.ts


const BUILT_IN = {
    Owner: [{ actions: ['*'] }],
    Reader: [{ actions: ['*/read'] }],
    VirtualMachineContributor: [
        { actions: ['Vendor.Compute/virtualMachines/*', 'Vendor.Network/*/join/action'] },
    ],
};
const GROUP = '^/subscriptions/([^/]+)/resourceGroups/([^/]+)';
const PERMISSIONS = new RegExp(`${GROUP}(?:/providers/Vendor\\.Workloads/erpVirtualInstances/([^/]+))?/providers/Vendor\\.Authorization/permissions$`, 'i');
const ASSIGNMENTS = new RegExp(`${GROUP}/providers/Vendor\\.Authorization/roleAssignments$`, 'i');
const DEFINITION = /^\/subscriptions\/([^/]+)\/providers\/Vendor\.Authorization\/roleDefinitions\/([^/]+)$/i;
/** C7's reads, each counted by kind so a test can hold the step to one read per scope. */
class ErpAuthorization {
    reads = { permissions: 0, roleAssignments: 0, roleDefinitions: 0 };
    scenario;
    constructor(scenario) {
        this.scenario = scenario;
    }
    routes() {
        return [
            { method: 'GET', path: PERMISSIONS, handle: (ctx) => this.permissions(ctx) },
            { method: 'GET', path: ASSIGNMENTS, handle: (ctx) => this.assignments(ctx) },
            { method: 'GET', path: DEFINITION, handle: (ctx) => this.definition(ctx) },
        ];
    }
    guard(ctx) {
        return ctx.emulator.checkBearer(ctx) && requireApiVersion(ctx);
    }
    /** The knob's value for a scope: `rg/system`, else `rg`, else `*` (names without case). */
    byScope(table, rg, system) {
        const keys = [system && `${rg}/${system}`, rg, '*'].filter(Boolean).map((k) => k.toLowerCase());
        const entries = Object.entries(table ?? {});
        for (const key of keys) {
            const found = entries.find(([k]) => k.toLowerCase() === key);
            if (found)
                return found[1];
        }
        return undefined;
    }
    permissions(ctx) {
        if (!this.guard(ctx))
            return;
        this.reads.permissions++;
        const [sub = '', rg = '', system] = ctx.params;
        const refused = Object.fromEntries((this.scenario.permissionsRefused ?? []).map((s) => [s, true]));
        if (this.byScope(refused, rg, system)) {
            const scope = `/subscriptions/${sub}/resourceGroups/${rg}${system ? `/providers/Vendor.Workloads/erpVirtualInstances/${system}` : ''}`;
            const message = `The client does not have authorization to perform action 'Vendor.Authorization/permissions/read' over scope '${scope}'.`;
            return sendJson(ctx, 403, { error: { code: 'AuthorizationFailed', message } });
        }
        const value = this.byScope(this.scenario.permissions, rg, system) ?? [{ actions: ['*'] }];
        sendJson(ctx, 200, { value: value.map(withEmptyLists) });
    }
    assignments(ctx) {
        if (!this.guard(ctx))
            return;
        this.reads.roleAssignments++;
        const [sub = '', rg = ''] = ctx.params;
        const filter = /^assignedTo\('([^']*)'\)$/.exec(ctx.url.searchParams.get('$filter') ?? '');
        if (!filter) {
            const message = "Only $filter=assignedTo('{principalId}') is served here.";
            return sendJson(ctx, 400, { error: { code: 'UnsupportedQuery', message } });
        }
        const value = (this.scenario.roleAssignments ?? [])
            .filter((a) => a.principalId === filter[1])
            .filter((a) => a.resourceGroup === undefined || a.resourceGroup.toLowerCase() === rg.toLowerCase())
            .map((a, i) => {
            const scope = `/subscriptions/${sub}${a.resourceGroup ? `/resourceGroups/${a.resourceGroup}` : ''}`;
            return {
                id: `${scope}/providers/Vendor.Authorization/roleAssignments/ra-${i}`,
                name: `ra-${i}`,
                properties: {
                    scope,
                    roleDefinitionId: `/subscriptions/${sub}/providers/Vendor.Authorization/roleDefinitions/${a.roleDefinition}`,
                    principalId: a.principalId,
                    principalType: 'ServicePrincipal',
                    condition: a.condition ?? null,
                },
            };
        });
        sendJson(ctx, 200, { value });
    }
    definition(ctx) {
        if (!this.guard(ctx))
            return;
        this.reads.roleDefinitions++;
        const [sub = '', name = ''] = ctx.params;
        const own = this.scenario.roleDefinitions?.[name];
        const permissions = own?.permissions ?? BUILT_IN[name];
        if (!permissions) {
            const message = `The role definition '${name}' does not exist.`;
            return sendJson(ctx, 404, { error: { code: 'RoleDefinitionDoesNotExist', message } });
        }
        sendJson(ctx, 200, {
            id: `/subscriptions/${sub}/providers/Vendor.Authorization/roleDefinitions/${name}`,
            name,
            properties: { roleName: own?.roleName ?? name, permissions: permissions.map(withEmptyLists) },
        });
    }
}
const withEmptyLists = (p) => ({
    actions: p.actions ?? [],
    notActions: p.notActions ?? [],
    dataActions: p.dataActions ?? [],
    notDataActions: p.notDataActions ?? [],
});

;// CONCATENATED MODULE: ./src/emulator/areas/erp-operation-status.ts



function operationStatus(area, ctx) {
    const op = polled(area, ctx, 'async');
    if (!op)
        return;
    const body = advance(area, op, ctx.emulator);
    const terminal = isTerminal(body.status);
    // A rotating operation hands out a fresh URL on every answer; otherwise the polls only repeat Retry-After.
    const headers = op.knobs.rotatePollingUrl
        ? pollingHeaders(op, ctx.emulator, terminal)
        : op.knobs.retryAfter !== undefined && !terminal
            ? { 'retry-after': op.knobs.retryAfter }
            : {};
    sendJson(ctx, 200, body, headers);
}
/** A `location` operation's URL: 202 and no body while it runs, then its end (see `pollingMode`). */
function operationResult(area, ctx) {
    const op = polled(area, ctx, 'location');
    if (!op)
        return;
    const body = advance(area, op, ctx.emulator);
    if (!isTerminal(body.status)) {
        sendJson(ctx, 202, undefined, pollingHeaders(op, ctx.emulator));
    }
    else if (FAILED.has(body.status.toLowerCase())) {
        sendJson(ctx, 200, body);
    }
    else if (op.knobs.locationFinal === 204) {
        sendJson(ctx, 204, undefined);
    }
    else {
        sendJson(ctx, 200, resourceBody(op));
    }
}
/**
 * The operation a poll names, counted; else a 404 `OperationNotFound` answered: unknown, polled on the other
 * mode's endpoint, or under a signature that a newer URL superseded.
 */
function polled(area, ctx, mode) {
    if (!area.authorized(ctx) || !requireApiVersion(ctx))
        return undefined;
    const [subscriptionId, location, id = ''] = ctx.params;
    const op = area.operations.get(id);
    const found = op &&
        op.subscriptionId === subscriptionId &&
        op.location.toLowerCase() === location?.toLowerCase() &&
        (op.knobs.pollingMode ?? 'async') === mode;
    if (!found) {
        refuse(ctx, 404, 'OperationNotFound', `No operation ${id} here.`);
        return undefined;
    }
    if (op.signature !== undefined && ctx.url.searchParams.get('sig') !== op.signature) {
        area.supersededPolls++;
        refuse(ctx, 404, 'OperationNotFound', `The polling URL of operation ${id} has expired.`);
        return undefined;
    }
    op.polls++;
    return op;
}
/** The operation's next state, as an operation status result; records when it first reports an end. */
function advance(area, op, emulator) {
    const now = emulator.now();
    const step = stepAt(op, now);
    op.served++;
    const terminal = isTerminal(step.status);
    const failed = FAILED.has(step.status.toLowerCase());
    if (terminal && op.stop.endedAt === undefined) {
        op.stop.endedAt = now;
        settle(area, op, failed);
    }
    return statusResult(op, step, now);
}
/** The operation ended: the instance goes back where it was (a failure) or on to its end, perhaps slowly. */
function settle(area, op, failed) {
    const state = area.instance(op.stop.instance, op.subscriptionId, op.stop.resourceGroup);
    if (state.op !== op)
        return;
    const moves = op.knobs.movesAfterFailure;
    if (failed && !moves)
        return void Object.assign(state, state.prior);
    const end = failed && moves ? { status: moves.status, health: moves.health ?? 'Unknown' } : successEnd(op);
    state.pendingEnd = { status: end.status, health: end.health };
    state.settleLeft = (failed ? moves?.reads : op.knobs.settleReads) ?? 0;
    if (state.settleLeft === 0)
        applyEnd(state);
}

;// CONCATENATED MODULE: ./src/emulator/areas/erp.ts








/**
 * Area C: stop (C1) and start (C2) an erp virtual instance's application, and read it (C0); the operation-status
 * endpoint they hand out is erp-operation-status.ts's.
 */
class ErpArea {
    name = 'erp';
    stops = [];
    starts = [];
    operations = new Map();
    /** 401s served by this area: a test of token refresh asserts none. */
    unauthorized = 0;
    /** The fleet's system of that name (set by ServiceEmulator): C0 shows its tags. */
    listed;
    /** Polls of a polling URL that a newer one had superseded (`rotatePollingUrl`): a client should send none. */
    supersededPolls = 0;
    /** The instances by `subscription/resourceGroup/name`, lower-cased: what C0 shows. */
    instances = new Map();
    scenario;
    /** The systems' children (C3), whose states move with the systems'; the permission reads (C7). */
    parts;
    authorization;
    constructor(scenario = {}) {
        this.scenario = scenario;
        this.authorization = new ErpAuthorization((scenario.authorization ??= {}));
        this.parts = new ErpParts(scenario.parts ?? {}, {
            systemStatus: (sub, rg, name) => this.instance(name, sub, rg).status,
            location: () => this.scenario.location ?? 'westeurope',
        });
    }
    /** Sets (replaces) one instance's knobs. */
    setInstance(name, knobs) {
        this.scenario.instances = { ...this.scenario.instances, [name]: knobs };
        return this;
    }
    knobsFor(instance, action = 'stop') {
        const { start, ...knobs } = { ...this.scenario.defaults, ...this.scenario.instances?.[instance] };
        return action === 'start' ? { ...knobs, ...start } : knobs;
    }
    /** The instance as C0 shows it (created from its knobs on first use); names compare case-insensitively. */
    instance(name, subscriptionId = '', resourceGroup = '') {
        const key = [subscriptionId, resourceGroup, name].join('/').toLowerCase();
        // A test may ask by name alone: the one instance of that name, wherever it lives.
        const found = this.instances.get(key) ??
            (subscriptionId === ''
                ? [...this.instances.values()].find((i) => i.name.toLowerCase() === name.toLowerCase())
                : undefined);
        if (found)
            return found;
        const knobs = this.knobsFor(name);
        const created = {
            name,
            status: knobs.status ?? this.listed?.(subscriptionId, resourceGroup, name)?.status ?? 'Running',
            health: knobs.health ?? this.listed?.(subscriptionId, resourceGroup, name)?.health ?? 'Healthy',
            settleLeft: 0,
            reads: 0,
        };
        this.instances.set(key, created);
        return created;
    }
    /** The accepted stops of an instance, in arrival order. */
    stopsOf(instance) {
        return this.stops.filter((s) => s.instance === instance && s.accepted);
    }
    /** The accepted starts of an instance, in arrival order. */
    startsOf(instance) {
        return this.starts.filter((s) => s.instance === instance && s.accepted);
    }
    routes() {
        return [
            // First: the parts' operation-status URLs would match STATUS_PATH too.
            ...this.parts.routes(),
            ...this.authorization.routes(),
            { method: 'GET', path: INSTANCE_PATH, handle: (ctx) => this.read(ctx) },
            { method: 'POST', path: ACTION_PATH, handle: (ctx) => this.act(ctx) },
            { method: 'GET', path: STATUS_PATH, handle: (ctx) => operationStatus(this, ctx) },
            { method: 'GET', path: RESULTS_PATH, handle: (ctx) => operationResult(this, ctx) },
        ];
    }
    /** A valid bearer token, else the 401 counted (the operation-status endpoint asks too). */
    authorized(ctx) {
        if (ctx.emulator.checkBearer(ctx))
            return true;
        this.unauthorized++;
        return false;
    }
    act(ctx) {
        if (!this.authorized(ctx) || !requireApiVersion(ctx))
            return;
        const [subscriptionId = '', resourceGroup = '', instance = '', verb = ''] = ctx.params;
        const action = verb.toLowerCase() === 'start' ? 'start' : 'stop';
        const apiVersion = ctx.url.searchParams.get('api-version') ?? '';
        // The seed's C2 takes no body and its C1 only softStopTimeoutSeconds; from 2023-10-01-preview on, C1 may
        // carry deallocateVm and C2 a body with startVm. Anything else is refused, so a test sees what was sent.
        const parsed = parseActionBody(action, ctx.body, apiVersion);
        if (typeof parsed === 'string') {
            return refuse(ctx, 400, 'InvalidRequestContent', parsed);
        }
        const soft = parsed.softStopTimeoutSeconds;
        const knobs = this.knobsFor(instance, action);
        const state = this.instance(instance, subscriptionId, resourceGroup);
        const record = recordOf(ctx, action, parsed);
        (action === 'start' ? this.starts : this.stops).push(record);
        if (knobs.missing)
            return sendNotFound(ctx, instance, resourceGroup);
        if (state.op && state.op.stop.endedAt === undefined && !hasEnded(state.op, ctx.emulator.now())) {
            record.conflict = true;
            const message = `An operation is already in progress on erp virtual instance '${instance}'; try again once it has ended.`;
            return refuse(ctx, 409, 'Conflict', message);
        }
        if (knobs.softStopUnsupported && soft > 0) {
            const message = `A soft stop is not supported for ${instance}; stop with softStopTimeoutSeconds 0.`;
            return refuse(ctx, 400, 'SoftStopUnsupported', message, 'softStopTimeoutSeconds');
        }
        record.accepted = true;
        // The machines follow a deallocating stop; a start while a database is down ends Failed (erp-parts.ts).
        const where = { subscriptionId, resourceGroup, system: instance };
        const punished = this.parts.onSystemAction(where, action, parsed);
        const failing = punished ?? (parsed.deallocateVm ? knobs.deallocateFails : undefined);
        const op = {
            id: (0,external_node_crypto_.randomUUID)(),
            subscriptionId,
            location: this.scenario.location ?? 'westeurope',
            knobs: failing ? { ...knobs, steps: ['InProgress', 'Failed'], error: failing } : knobs,
            stop: record,
            served: 0,
            polls: 0,
            signatures: 0,
            resourceId: `/subscriptions/${subscriptionId}/resourceGroups/${resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${instance}`,
        };
        record.operationId = op.id;
        this.operations.set(op.id, op);
        state.prior = { status: state.status, health: state.health };
        state.op = op;
        state.pendingEnd = undefined;
        state.lagLeft = knobs.statusLagReads;
        state.status = action === 'start' ? 'Starting' : soft > 0 ? 'SoftShutdown' : 'Stopping';
        if (knobs.pollingMode === 'location') {
            sendJson(ctx, 202, undefined, pollingHeaders(op, ctx.emulator));
            return;
        }
        if (knobs.respond === 200) {
            const body = advance(this, op, ctx.emulator);
            const headers = isTerminal(body.status) ? {} : pollingHeaders(op, ctx.emulator);
            sendJson(ctx, 200, body, headers);
            return;
        }
        sendJson(ctx, 202, undefined, pollingHeaders(op, ctx.emulator));
    }
    /** C0: the instance; a read of one whose operation runs moves that operation one step. */
    read(ctx) {
        if (!this.authorized(ctx) || !requireApiVersion(ctx))
            return;
        const [subscriptionId = '', resourceGroup = '', name = ''] = ctx.params;
        const knobs = this.knobsFor(name);
        if (knobs.missing)
            return sendNotFound(ctx, name, resourceGroup);
        if (knobs.readRefused) {
            const message = `The client does not have authorization to perform action 'Vendor.Workloads/erpVirtualInstances/read' over scope '/subscriptions/${subscriptionId}/resourceGroups/${resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${name}'.`;
            return refuse(ctx, 403, 'AuthorizationFailed', message);
        }
        const state = this.instance(name, subscriptionId, resourceGroup);
        state.reads++;
        const lagging = state.lagLeft !== undefined && state.lagLeft > 0 && state.prior;
        if (lagging)
            state.lagLeft = (state.lagLeft ?? 1) - 1;
        else if (state.op && state.op.stop.endedAt === undefined)
            advance(this, state.op, ctx.emulator);
        else if (state.pendingEnd) {
            if (state.settleLeft > 0)
                state.settleLeft--;
            else
                applyEnd(state);
        }
        // After a start, the system's health comes with its parts' (healthAfterStart, erp-facts.ts).
        const shown = settledHealth(lagging || state, this.parts.of(subscriptionId, resourceGroup, name));
        const id = `/subscriptions/${subscriptionId}/resourceGroups/${resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${name}`;
        const listed = this.listed?.(subscriptionId, resourceGroup, name);
        sendJson(ctx, 200, instanceBody(id, name, this.scenario.location, shown, listed, knobs));
    }
}

;// CONCATENATED MODULE: ./src/emulator/areas/erp-list.ts

/** A nextLink in one of the relative forms only a listing is written in, else as `shapeLink` writes it. */
function listLink(href, form) {
    const url = new URL(href);
    if (form === 'resource')
        return url.pathname.slice(1) + url.search;
    if (form === 'query')
        return url.search;
    if (form === 'segment')
        return url.pathname.split('/').pop() + url.search;
    return shapeLink(href, form);
}
const LIST_PATH = /^\/subscriptions\/([^/]+)(?:\/resourceGroups\/([^/]+))?\/providers\/Vendor\.Workloads\/erpVirtualInstances$/i;
/** Area C5: the erp virtual instances listed in pages (the fleet's scenario: erp-list-scenario.ts). */
class ErpListArea {
    name = 'erp-list';
    systems;
    pageSize;
    itemBytes;
    nextLinkOrigin;
    nextLinkForm;
    wrongPage;
    holdsOnly;
    /** Other systems the emulator holds (the erp scenario's named instances), where holdsOnly is on. */
    alsoHeld = () => false;
    /** Pages answered with 200: what a test of paging counts. */
    pagesServed = 0;
    /** Called once a listing's last page is served: a test changes a system there, after the listing saw it. */
    afterListing;
    filler = { bytes: -1, text: '' };
    constructor(scenario = {}) {
        this.systems = [...(scenario.systems ?? [])];
        this.pageSize = scenario.pageSize ?? 100;
        this.itemBytes = scenario.itemBytes ?? 2048;
        this.nextLinkOrigin = scenario.nextLinkOrigin ?? 'primary';
        this.nextLinkForm = scenario.nextLinkForm ?? 'absolute';
        this.wrongPage = scenario.wrongPage;
        this.holdsOnly = scenario.holdsOnly ?? false;
    }
    routes() {
        return [{ method: 'GET', path: LIST_PATH, handle: (ctx) => this.list(ctx) }];
    }
    /**
     * Where holdsOnly is on, the route that answers 404 for a system the emulator does not hold, whatever the call
     * (read, stop, start, its parts): served before the erp area's routes, it matches only such a path.
     */
    notHeldRoutes() {
        const held = (sub, rg, name) => !this.holdsOnly || this.find(sub, rg, name) !== undefined || this.alsoHeld(name);
        return ['GET', 'POST'].map((method) => ({
            method,
            path: new NotHeld(held),
            handle: (ctx) => {
                if (!ctx.emulator.checkBearer(ctx))
                    return;
                const [, resourceGroup = '', name = ''] = ctx.params;
                sendJson(ctx, 404, {
                    error: {
                        code: 'ResourceNotFound',
                        message: `The Resource 'Vendor.Workloads/erpVirtualInstances/${name}' under resource group '${resourceGroup}' was not found.`,
                    },
                });
            },
        }));
    }
    list(ctx) {
        if (!ctx.emulator.checkBearer(ctx))
            return;
        const [subscription = '', resourceGroup = ''] = ctx.params;
        const query = ctx.url.searchParams;
        const apiVersion = query.get('api-version');
        if (!apiVersion) {
            sendJson(ctx, 400, {
                error: {
                    code: 'MissingApiVersionParameter',
                    message: 'The api-version query parameter is required.',
                },
            });
            return;
        }
        if (this.holdsOnly && !this.systems.some((s) => same(s.subscription, subscription))) {
            const message = `The subscription '${subscription}' could not be found.`;
            return sendJson(ctx, 404, { error: { code: 'SubscriptionNotFound', message } });
        }
        const entries = this.systems.filter((s) => same(s.subscription, subscription) && (resourceGroup === '' || same(s.resourceGroup, resourceGroup)));
        const total = entries.reduce((n, e) => n + sizeOf(e), 0);
        const skipToken = query.get('$skipToken') ?? '0';
        const start = /^\d+$/.test(skipToken) ? Number(skipToken) : NaN;
        if (!Number.isSafeInteger(start) || start > total) {
            sendJson(ctx, 400, {
                error: { code: 'InvalidSkipToken', message: `The $skipToken '${skipToken}' is not valid.` },
            });
            return;
        }
        const end = Math.min(total, start + Math.max(1, this.pageSize));
        if (this.wrongPage && Math.floor(start / Math.max(1, this.pageSize)) + 1 === this.wrongPage.page) {
            sendJson(ctx, 200, this.wrongPage.body === 'empty object' ? {} : { value: null });
            return;
        }
        const body = {
            value: systemsIn(entries, start, end).map((s) => this.item(s)),
        };
        if (end < total) {
            const origin = this.nextLinkOrigin === 'secondary' ? ctx.emulator.secondUrl : ctx.emulator.url;
            const next = new URL(ctx.record.target.split('?')[0], origin);
            next.searchParams.set('api-version', apiVersion);
            next.searchParams.set('$skipToken', String(end));
            body.nextLink = listLink(next.href, this.nextLinkForm);
        }
        this.pagesServed++;
        sendJson(ctx, 200, body);
        if (end >= total)
            this.afterListing?.();
    }
    /** The listed system of that name, where the fleet holds one (C0 shows its tags and environment). */
    find(subscription, resourceGroup, name) {
        for (const entry of this.systems) {
            if (!same(entry.subscription, subscription) || !same(entry.resourceGroup, resourceGroup))
                continue;
            if (!isGenerated(entry)) {
                if (same(entry.name, name))
                    return entry;
                continue;
            }
            const prefix = entry.prefix ?? 'S';
            const index = name.startsWith(prefix) ? Number(name.slice(prefix.length)) : NaN;
            const padded = String(index).padStart(4, '0');
            if (Number.isInteger(index) && index >= 1 && index <= sizeOf(entry) && name === `${prefix}${padded}`) {
                return { ...entry, name };
            }
        }
        return undefined;
    }
    /** The whole resource, as C0 shows it: the fields a listing reports, and a heavy configuration. */
    item(s) {
        const location = s.location ?? 'westeurope';
        return {
            id: `/subscriptions/${s.subscription}/resourceGroups/${s.resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${s.name}`,
            name: s.name,
            type: 'Vendor.Workloads/erpVirtualInstances',
            location,
            tags: s.tags ?? {},
            systemData: { createdBy: 'deploy@example.com', createdAt: '2026-01-05T08:00:00Z' },
            properties: {
                environment: s.environment ?? 'NonProd',
                erpProduct: 'S/4HANA',
                state: s.state ?? 'RegistrationComplete',
                status: s.status ?? 'Running',
                health: s.health ?? 'Healthy',
                provisioningState: 'Succeeded',
                managedResourceGroupConfiguration: { name: `mrg-${s.name.toLowerCase()}` },
                configuration: {
                    configurationType: 'DeploymentWithOSConfig',
                    appLocation: location,
                    infrastructureConfiguration: { deploymentType: 'ThreeTier', notes: this.fillerText() },
                },
            },
        };
    }
    /** One shared string of `itemBytes` characters: the emulator's memory does not grow with the fleet. */
    fillerText() {
        if (this.filler.bytes !== this.itemBytes) {
            this.filler = { bytes: this.itemBytes, text: 'x'.repeat(Math.max(0, this.itemBytes)) };
        }
        return this.filler.text;
    }
}
const same = (a, b) => a.toLowerCase() === b.toLowerCase();
function isGenerated(entry) {
    return typeof entry.generate === 'number';
}
function sizeOf(entry) {
    return isGenerated(entry) ? Math.max(0, Math.floor(entry.generate)) : 1;
}
/** Systems [start, end) of a listing, generated ones made only for the indices asked. */
function systemsIn(entries, start, end) {
    const out = [];
    let offset = 0;
    for (const entry of entries) {
        const size = sizeOf(entry);
        for (let i = Math.max(start, offset); i < Math.min(end, offset + size); i++) {
            if (!isGenerated(entry))
                out.push(entry);
            else {
                const name = `${entry.prefix ?? 'S'}${String(i - offset + 1).padStart(4, '0')}`;
                out.push({ ...entry, name });
            }
        }
        offset += size;
        if (offset >= end)
            break;
    }
    return out;
}
const SYSTEM_PATH = /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Vendor\.Workloads\/erpVirtualInstances\/([^/]+)(?:\/.*)?$/i;
/** A system's path (and its parts') that matches only where the emulator does not hold the system. */
class NotHeld extends RegExp {
    held;
    constructor(held) {
        super(SYSTEM_PATH.source, SYSTEM_PATH.flags);
        this.held = held;
    }
    exec(path) {
        const match = super.exec(path);
        if (!match)
            return null;
        const [sub, rg, name] = match.slice(1).map((p) => decodeURIComponent(p ?? ''));
        return this.held(sub, rg, name) ? null : match;
    }
}

;// CONCATENATED MODULE: ./src/emulator/index.ts







/** The whole service: all four areas on one server (and its second origin). */
class ServiceEmulator extends Emulator {
    erp;
    dataShare;
    cachedImages;
    apps;
    fleet;
    constructor(scenario = {}) {
        super(scenario.emulator);
        this.fleet = new ErpListArea(scenario.fleet);
        // First: with holdsOnly, a system the emulator does not hold answers 404 to every call, as the service does.
        this.use({ name: 'held', routes: () => this.fleet.notHeldRoutes() });
        this.fleet.alsoHeld = (name) => Object.hasOwn(scenario.erp?.instances ?? {}, name);
        this.erp = new ErpArea(scenario.erp);
        this.dataShare = new DataShareArea(scenario.dataShare);
        this.cachedImages = new CachedImagesArea(scenario.cachedImages);
        this.apps = new AppsArea(scenario.apps);
        this.use(this.erp).use(this.dataShare).use(this.cachedImages).use(this.apps);
        this.use(this.fleet);
        // C0 of a listed system shows its tags and environment, as the service's one resource does.
        this.erp.listed = (sub, rg, name) => this.fleet.find(sub, rg, name);
    }
}
/** `tls`: serve HTTPS with this key and certificate (the benchmark's); without it, plain HTTP as always. */
async function startEmulator(scenario = {}, listen = {}) {
    return new ServiceEmulator(scenario).start(listen);
}

// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js
var schemas = __webpack_require__(4343);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __webpack_require__(3305);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/parse.js + 1 modules
var parse = __webpack_require__(3945);
;// CONCATENATED MODULE: ./src/emulator/scenario-parts.ts

/**
 * The scenario schema's building blocks, shared by scenario-schema.ts and the areas' sections
 * (areas/*-schema.ts), and the compile-time check that a section covers every key of its area's type.
 */
const linkForm = schemas/* enum */.k5n(['absolute', 'relative', 'malformed']);
const origin = schemas/* enum */.k5n(['primary', 'secondary']);
const scenario_parts_text = schemas/* optional */.lqM(schemas/* string */.YjP());
const flag = schemas/* optional */.lqM(schemas/* boolean */.zMY());
const count = schemas/* int */.Whr().check(api/* _nonnegative */.UI());
const port = schemas/* optional */.lqM(schemas/* int */.Whr().check(api/* _gte */.qm(0), api/* _lte */.Zm(65535)));
const positive = schemas/* number */.aig().check(api/* _positive */.NC());

;// CONCATENATED MODULE: ./src/emulator/areas/data-share-schema.ts


/**
 * The `dataShare` section of the scenario file (areas/data-share.ts), strict as every section of
 * scenario-schema.ts; the checks at the end fail to compile when a knob is added to the area's types but not here.
 */
const datasetDetail = schemas/* strictObject */.rej({
    name: schemas/* string */.YjP(),
    dataSetId: scenario_parts_text,
    dataSetType: scenario_parts_text,
    status: scenario_parts_text,
    message: scenario_parts_text,
    startTime: scenario_parts_text,
    endTime: scenario_parts_text,
    durationMs: schemas/* optional */.lqM(schemas/* number */.aig()),
});
const details = schemas/* optional */.lqM(schemas/* array */.YOg(datasetDetail));
const generatedDetails = schemas/* optional */.lqM(schemas/* strictObject */.rej({ count: count, failed: schemas/* optional */.lqM(count) }));
const synchronization = schemas/* strictObject */.rej({
    synchronizationId: schemas/* string */.YjP(),
    synchronizationMode: scenario_parts_text,
    status: scenario_parts_text,
    message: scenario_parts_text,
    startTime: scenario_parts_text,
    endTime: scenario_parts_text,
    durationMs: schemas/* optional */.lqM(schemas/* number */.aig()),
    appearAfterPolls: schemas/* optional */.lqM(count),
    statuses: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* string */.YjP())),
    startTimeAfterPolls: schemas/* optional */.lqM(count),
    details,
    generatedDetails,
});
const synchronizationStart = schemas/* strictObject */.rej({
    statuses: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* string */.YjP())),
    appearAfterPolls: schemas/* optional */.lqM(count),
    message: scenario_parts_text,
    durationMs: schemas/* optional */.lqM(schemas/* number */.aig().check(api/* _nonnegative */.UI())),
    details,
    generatedDetails,
    answer: schemas/* optional */.lqM(schemas/* literal */.euz([200, 202])),
    omitId: flag,
});
const dataShareSchema = schemas/* strictObject */.rej({
    shareSubscription: scenario_parts_text,
    apiVersion: scenario_parts_text,
    pageSize: schemas/* optional */.lqM(schemas/* int */.Whr().check(api/* _positive */.NC())),
    synchronizations: schemas/* optional */.lqM(schemas/* array */.YOg(synchronization)),
    generatedHistory: schemas/* optional */.lqM(schemas/* strictObject */.rej({ count: count, newest: scenario_parts_text, spacingMinutes: schemas/* optional */.lqM(positive) })),
    // The source share's settings as the service returns them: any shape, on purpose.
    settings: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* unknown */.L5J())),
    repeatNextLink: flag,
    nextLinkOrigin: schemas/* optional */.lqM(origin),
    nextLinkForm: schemas/* optional */.lqM(linkForm),
    retryAfter: scenario_parts_text,
    ignoreOrderBy: flag,
    starts: schemas/* optional */.lqM(schemas/* array */.YOg(synchronizationStart)),
    conflictCode: scenario_parts_text,
    cancelEnded: schemas/* optional */.lqM(schemas/* strictObject */.rej({ status: schemas/* number */.aig(), code: schemas/* string */.YjP(), message: schemas/* string */.YjP() })),
    cancel: schemas/* optional */.lqM(schemas/* strictObject */.rej({ status: scenario_parts_text, afterPolls: schemas/* optional */.lqM(count) })),
    detailsPageSize: schemas/* optional */.lqM(schemas/* int */.Whr().check(api/* _positive */.NC())),
    detailsError: schemas/* optional */.lqM(schemas/* strictObject */.rej({
        status: schemas/* int */.Whr().check(api/* _gte */.qm(400), api/* _lte */.Zm(599)),
        code: schemas/* string */.YjP(),
        message: schemas/* string */.YjP(),
    })),
});
const covered = { dataShare: true, synchronization: true, synchronizationStart: true, datasetDetail: true };
void covered;

;// CONCATENATED MODULE: ./src/emulator/areas/erp-schema.ts


/**
 * The `erp` section of the scenario file (areas/erp.ts, areas/erp-parts.ts), strict as every section of
 * scenario-schema.ts; the checks at the end fail to compile when a knob is added to the area's types but not here.
 */
/** A deallocation's error: its code and message. */
const deallocateError = schemas/* object */.Ikc({ code: schemas/* string */.YjP(), message: schemas/* string */.YjP() });
const errorDetail = schemas/* lazy */.RZV(() => schemas/* strictObject */.rej({
    code: scenario_parts_text,
    message: scenario_parts_text,
    target: scenario_parts_text,
    details: schemas/* optional */.lqM(schemas/* array */.YOg(errorDetail)),
    additionalInfo: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* strictObject */.rej({ type: scenario_parts_text, info: schemas/* unknown */.L5J() }))),
}));
// C6's facts and C7's permissions (erp-facts.ts, erp-authorization.ts).
const serviceError = schemas/* strictObject */.rej({ code: schemas/* string */.YjP(), message: schemas/* string */.YjP() });
const erp_schema_systemFacts = {
    state: scenario_parts_text,
    provisioningState: scenario_parts_text,
    errors: schemas/* optional */.lqM(serviceError),
    identity: schemas/* optional */.lqM(schemas/* nullable */.mee(schemas/* strictObject */.rej({ principalId: schemas/* string */.YjP() }))),
};
const partsFacts = {
    children: schemas/* optional */.lqM(schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* strictObject */.rej({ provisioningState: scenario_parts_text, errors: schemas/* optional */.lqM(serviceError), status: scenario_parts_text }))),
    machines: schemas/* optional */.lqM(schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* string */.YjP())),
    machineResourceGroup: scenario_parts_text,
    centralParts: schemas/* optional */.lqM(schemas/* strictObject */.rej({
        messageServer: scenario_parts_text,
        enqueueServer: scenario_parts_text,
        gatewayServer: scenario_parts_text,
        enqueueReplicationServer: scenario_parts_text,
    })),
    healthAfterStart: schemas/* optional */.lqM(schemas/* union */.KCZ([count, schemas/* literal */.euz('never')])),
    dispatcherStopped: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* string */.YjP())),
};
const strings = schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* string */.YjP()));
const permission = schemas/* strictObject */.rej({
    actions: strings,
    notActions: strings,
    dataActions: strings,
    notDataActions: strings,
});
const authorization = schemas/* strictObject */.rej({
    permissions: schemas/* optional */.lqM(schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* array */.YOg(permission))),
    permissionsRefused: strings,
    roleAssignments: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* strictObject */.rej({
        principalId: schemas/* string */.YjP(),
        resourceGroup: scenario_parts_text,
        roleDefinition: schemas/* string */.YjP(),
        condition: scenario_parts_text,
    }))),
    roleDefinitions: schemas/* optional */.lqM(schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* strictObject */.rej({ roleName: scenario_parts_text, permissions: schemas/* array */.YOg(permission) }))),
});
const erpKnobs = {
    ...erp_schema_systemFacts,
    respond: schemas/* optional */.lqM(schemas/* literal */.euz([200, 202])),
    steps: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* strictObject */.rej({ status: schemas/* string */.YjP(), percentComplete: schemas/* optional */.lqM(schemas/* number */.aig()) })]))),
    durationMs: schemas/* optional */.lqM(schemas/* number */.aig().check(api/* _nonnegative */.UI())),
    retryAfter: scenario_parts_text,
    softStopUnsupported: flag,
    error: schemas/* optional */.lqM(errorDetail),
    pollingHeader: scenario_parts_text,
    pollingOrigin: schemas/* optional */.lqM(origin),
    pollingUrlForm: schemas/* optional */.lqM(linkForm),
    rotatePollingUrl: flag,
    pollingMode: schemas/* optional */.lqM(schemas/* enum */.k5n(['async', 'location'])),
    locationFinal: schemas/* optional */.lqM(schemas/* literal */.euz([200, 204])),
    status: scenario_parts_text,
    health: scenario_parts_text,
    missing: flag,
    readRefused: flag,
    endStatus: scenario_parts_text,
    endHealth: scenario_parts_text,
    settleReads: schemas/* optional */.lqM(count),
    statusLagReads: schemas/* optional */.lqM(count),
    deallocateFails: schemas/* optional */.lqM(deallocateError),
    movesAfterFailure: schemas/* optional */.lqM(schemas/* strictObject */.rej({ status: schemas/* string */.YjP(), health: scenario_parts_text, reads: schemas/* optional */.lqM(count) })),
};
const erpInstance = schemas/* strictObject */.rej({ ...erpKnobs, start: schemas/* optional */.lqM(schemas/* strictObject */.rej(erpKnobs)) });
const steps = erpKnobs.steps;
// The parts of a system (C3), see erp-parts.ts.
const erpDatabase = schemas/* strictObject */.rej({
    name: schemas/* string */.YjP(),
    databaseType: scenario_parts_text,
    status: scenario_parts_text,
    startFails: flag,
    settleReads: schemas/* optional */.lqM(count),
    deallocateFails: schemas/* optional */.lqM(deallocateError),
    stopSteps: steps,
});
const erpParts = schemas/* strictObject */.rej({
    databases: schemas/* optional */.lqM(schemas/* array */.YOg(erpDatabase)),
    applicationInstances: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* string */.YjP())),
    centralInstance: scenario_parts_text,
    respond: schemas/* optional */.lqM(schemas/* literal */.euz([200, 202])),
    steps,
    durationMs: schemas/* optional */.lqM(schemas/* number */.aig().check(api/* _nonnegative */.UI())),
    retryAfter: scenario_parts_text,
    pollingUrlForm: schemas/* optional */.lqM(schemas/* enum */.k5n(['absolute', 'relative', 'malformed', 'bare'])),
    pageSize: schemas/* optional */.lqM(schemas/* int */.Whr().check(api/* _positive */.NC())),
    ...partsFacts,
});
const erpSchema = schemas/* strictObject */.rej({
    location: scenario_parts_text,
    defaults: schemas/* optional */.lqM(erpInstance),
    instances: schemas/* optional */.lqM(schemas/* record */.g1P(schemas/* string */.YjP(), erpInstance)),
    parts: schemas/* optional */.lqM(schemas/* strictObject */.rej({
        defaults: schemas/* optional */.lqM(erpParts),
        systems: schemas/* optional */.lqM(schemas/* record */.g1P(schemas/* string */.YjP(), erpParts)),
    })),
    authorization: schemas/* optional */.lqM(authorization),
});
const erp_schema_covered = { erp: true, erpInstance: true, erpParts: true, erpDatabase: true, authorization: true };
void erp_schema_covered;

;// CONCATENATED MODULE: ./src/emulator/areas/erp-list-schema.ts


/**
 * The `fleet` section of the scenario file (areas/erp-list.ts), strict as every section of scenario-schema.ts; the
 * checks at the end fail to compile when a knob is added to the area's types but not here.
 */
const fleetFields = {
    location: scenario_parts_text,
    environment: scenario_parts_text,
    state: scenario_parts_text,
    status: scenario_parts_text,
    health: scenario_parts_text,
    tags: schemas/* optional */.lqM(schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* string */.YjP())),
    subscription: schemas/* string */.YjP(),
    resourceGroup: schemas/* string */.YjP(),
};
const fleetSystem = schemas/* strictObject */.rej({ ...fleetFields, name: schemas/* string */.YjP() });
const fleetSystems = schemas/* strictObject */.rej({ ...fleetFields, generate: count, prefix: scenario_parts_text });
const fleetSchema = schemas/* strictObject */.rej({
    systems: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* union */.KCZ([fleetSystem, fleetSystems]))),
    pageSize: schemas/* optional */.lqM(schemas/* int */.Whr().check(api/* _positive */.NC())),
    itemBytes: schemas/* optional */.lqM(count),
    nextLinkOrigin: schemas/* optional */.lqM(schemas/* enum */.k5n(['primary', 'secondary'])),
    nextLinkForm: schemas/* optional */.lqM(schemas/* enum */.k5n(['absolute', 'relative', 'malformed', 'resource', 'query', 'segment'])),
    wrongPage: schemas/* optional */.lqM(schemas/* strictObject */.rej({ page: schemas/* int */.Whr().check(api/* _positive */.NC()), body: schemas/* enum */.k5n(['empty object', 'null value']) })),
    holdsOnly: schemas/* optional */.lqM(schemas/* boolean */.zMY()),
});
const erp_list_schema_covered = { fleet: true, fleetSystem: true, fleetSystems: true };
void erp_list_schema_covered;

;// CONCATENATED MODULE: ./src/emulator/scenario-issues.ts
/** How a scenario file's first issue is worded: where in the file, and why, in words of its own. */
/** `erp.instances.X01.stpes`, `cachedImages.regions.westeurope[2]`: where in the file an issue is. */
function pathOf(path) {
    return path.reduce((text, key) => typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key), '');
}
/** What an issue says, in words of its own (zod/mini carries no messages). */
function reason(issue) {
    switch (issue.code) {
        case 'invalid_type':
            return `expected ${issue.expected}`;
        case 'invalid_value':
            return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
        case 'too_small':
            return `must be at least ${String(issue.minimum)}`;
        case 'too_big':
            return `must be at most ${String(issue.maximum)}`;
        case 'invalid_union':
            return 'matches none of the accepted forms';
        default:
            return 'is not valid';
    }
}
/** One issue, the most specific: within a union, the branch that came closest (fewest issues). */
function firstIssue(issues, base = []) {
    const issue = issues[0];
    if (!issue)
        return 'is not valid';
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
        const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0];
        if (closest.length > 0)
            return firstIssue(closest, path);
    }
    if (issue.code === 'unrecognized_keys') {
        const keys = issue.keys.map((key) => pathOf([...path, key]));
        return `unknown key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `'${k}'`).join(', ')}`;
    }
    return `${pathOf(path) || 'the file'}: ${reason(issue)}`;
}

;// CONCATENATED MODULE: ./src/emulator/scenario-schema.ts







/**
 * The scenario file's schema: every object strict, so a misspelt knob (`"stpes"`) is refused with its path
 * instead of being ignored while the scenario silently tests nothing. The areas' TypeScript types stay what the
 * code reads; the checks at the end of this file fail to compile when a knob is added to a type but not here.
 * Built with `zod/mini` (as the client's response schemas are), whose messages are its own issue codes: the
 * reasons a person reads are worded in scenario-issues.ts. The erp, dataShare and fleet sections live beside
 * their areas (areas/*-schema.ts).
 */
const emulator = schemas/* strictObject */.rej({
    host: scenario_parts_text,
    port: port,
    secondPort: port,
    tokenLifetimeSeconds: schemas/* optional */.lqM(positive),
    accessTokens: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* string */.YjP())),
    clients: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* strictObject */.rej({
        clientId: schemas/* string */.YjP(),
        clientSecret: scenario_parts_text,
        // The app's federated credentials a presented ID token is matched on (sign-in.ts).
        federated: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* strictObject */.rej({ issuer: schemas/* string */.YjP(), subject: schemas/* string */.YjP(), audience: schemas/* string */.YjP() }))),
    }))),
    oidcRequestToken: scenario_parts_text,
    // The resource manager's write limit per subscription (the vendor's: 200 tokens, 10 per second).
    writeBucket: schemas/* optional */.lqM(schemas/* strictObject */.rej({ capacity: positive, refillPerSecond: positive })),
    // Its read limit (the vendor's: 250 tokens, 25 per second).
    readBucket: schemas/* optional */.lqM(schemas/* strictObject */.rej({ capacity: positive, refillPerSecond: positive })),
    // The token endpoint refuses every grant with this number, in the directory's body shape (sign-in.ts).
    tokenError: schemas/* optional */.lqM(schemas/* literal */.euz(TOKEN_ERROR_NUMBERS)),
    // The claims of the runner's ID tokens (sign-in.ts).
    idToken: schemas/* optional */.lqM(schemas/* strictObject */.rej({
        repository: scenario_parts_text,
        ref: scenario_parts_text,
        environment: scenario_parts_text,
        eventName: scenario_parts_text,
        issuer: scenario_parts_text,
        subject: scenario_parts_text,
        subjectForm: schemas/* optional */.lqM(schemas/* enum */.k5n(['name', 'immutable'])),
        ownerId: scenario_parts_text,
        repositoryId: scenario_parts_text,
    })),
});
const cachedImages = schemas/* strictObject */.rej({
    regions: schemas/* optional */.lqM(schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* array */.YOg(schemas/* union */.KCZ([
        schemas/* strictObject */.rej({ image: schemas/* string */.YjP(), osType: scenario_parts_text }),
        schemas/* strictObject */.rej({ generate: count, osType: scenario_parts_text, prefix: scenario_parts_text }),
    ])))),
    pageSize: schemas/* optional */.lqM(schemas/* int */.Whr().check(api/* _positive */.NC())),
    nextLinkOnSecondOrigin: flag,
    nextLinkForm: schemas/* optional */.lqM(linkForm),
    repeatNextLink: flag,
    apiVersions: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* string */.YjP())),
});
const access = schemas/* enum */.k5n(['full', 'read-only']);
const apps = schemas/* strictObject */.rej({
    users: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* strictObject */.rej({ id: schemas/* string */.YjP(), name: schemas/* string */.YjP(), email: schemas/* string */.YjP(), display_name: schemas/* string */.YjP() }))),
    apps: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* strictObject */.rej({
        owner: schemas/* string */.YjP(),
        name: schemas/* string */.YjP(),
        ownerType: schemas/* enum */.k5n(['user', 'org']),
        members: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* enum */.k5n(['Manager', 'Developer', 'Viewer'])),
    }))),
    tokens: schemas/* optional */.lqM(schemas/* array */.YOg(schemas/* discriminatedUnion */.gMt('type', [
        schemas/* strictObject */.rej({ value: schemas/* string */.YjP(), type: schemas/* literal */.euz('user'), access, user: schemas/* string */.YjP() }),
        schemas/* strictObject */.rej({ value: schemas/* string */.YjP(), type: schemas/* literal */.euz('app'), access, app: schemas/* string */.YjP() }),
    ]))),
    retired: flag,
    retiredStatus: schemas/* optional */.lqM(schemas/* int */.Whr().check(api/* _gte */.qm(400), api/* _lte */.Zm(599))),
});
const scenarioSchema = schemas/* strictObject */.rej({
    emulator: schemas/* optional */.lqM(emulator),
    erp: schemas/* optional */.lqM(erpSchema),
    dataShare: schemas/* optional */.lqM(dataShareSchema),
    cachedImages: schemas/* optional */.lqM(cachedImages),
    apps: schemas/* optional */.lqM(apps),
    fleet: schemas/* optional */.lqM(fleetSchema),
});
/** The scenario, or one line that says what is wrong and where. */
function parseScenario(value) {
    const parsed = parse/* safeParse */.xL(scenarioSchema, value);
    return parsed.success ? { scenario: parsed.data } : { error: firstIssue(parsed.error.issues) };
}
const scenario_schema_covered = {
    scenario: true,
    emulator: true,
    cachedImages: true,
    apps: true,
};
void scenario_schema_covered;
// And the other way: what the schema yields is a Scenario the emulator takes.
const _fits = (s) => s;
void _fits;

// EXTERNAL MODULE: ./src/cli/args.ts
var cli_args = __webpack_require__(7593);
;// CONCATENATED MODULE: ./src/emulator/request-log.ts
/** Names whose values are credentials, in a query, a form or a JSON body: shown as `***`. */
const SECRET = /secret|token|assertion|password|sig$|^sig|signature|code_verifier/i;
/** A form or query name that holds a credential; one that does not decode is hidden too (it cannot be told apart). */
function secretName(encoded) {
    try {
        return SECRET.test(decodeURIComponent(encoded));
    }
    catch {
        return true;
    }
}
function redactForm(text) {
    return text
        .split('&')
        .map((pair) => {
        const eq = pair.indexOf('=');
        return eq > 0 && secretName(pair.slice(0, eq)) ? `${pair.slice(0, eq)}=***` : pair;
    })
        .join('&');
}
function redactJson(value) {
    if (Array.isArray(value))
        return value.map(redactJson);
    if (value && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [
            k,
            SECRET.test(k) && typeof v === 'string' ? '***' : redactJson(v),
        ]));
    }
    return value;
}
/** A body as the log shows it: JSON compact with its secrets out, a form likewise, anything else cut short. */
function bodyText(record) {
    const body = record.body.trim();
    if (!body)
        return '';
    try {
        return JSON.stringify(redactJson(JSON.parse(body)));
    }
    catch {
        if (/^[\w.%+-]+=/.test(body))
            return redactForm(body);
        return body.length > 200 ? `${body.slice(0, 200)}… (${body.length} bytes)` : body;
    }
}
/**
 * One line per request the emulator answered (`vendor-ops emulator --log-requests`), so a user sees what arrived:
 * a cancel, a `deallocateVm`, a retry. No header is shown (they carry the credentials), and a credential in the
 * query or the body is shown as `***`.
 */
function requestLine(record, status) {
    const q = record.target.indexOf('?');
    const target = q < 0 ? record.target : `${record.target.slice(0, q)}?${redactForm(record.target.slice(q + 1))}`;
    const body = bodyText(record);
    const origin = record.origin === 'secondary' ? ' (second origin)' : '';
    return `${record.method} ${target}${origin} → ${status}${body ? ` ${body}` : ''}`;
}

;// CONCATENATED MODULE: ./src/cli/emulator-banner.ts

const step = (s) => typeof s === 'string'
    ? s
    : `${s.status}${s.percentComplete === undefined ? '' : ` ${s.percentComplete} %`}`;
/**
 * What a started emulator holds and how to reach it, so that any operation can be tried against it at once:
 * its address, the credentials it accepts, and per area the instances, synchronizations, regions and images,
 * apps and API tokens of the scenario. The first line stays `emulator listening on URL` (CI waits for it).
 */
function emulatorBanner(emulator, scenario, source) {
    const url = emulator.url;
    const client = emulator.clients[0];
    const token = [...emulator.accessTokens][0];
    const lines = [
        `emulator listening on ${url} (second origin ${emulator.secondUrl})`,
        `scenario: ${source}`,
        '',
        `Sign in (--base-url ${url}; --auth-url ${url} for a client):`,
        ...(token ? [`  --access-token ${token}`] : []),
        ...(client?.clientSecret
            ? [`  --client-id ${client.clientId} --client-secret ${client.clientSecret} --tenant-id any-tenant`]
            : []),
        ...erpLines(scenario),
        ...fleetLines(scenario),
        ...dataShareLines(scenario),
        ...imageLines(scenario),
        ...appLines(emulator),
    ];
    const region = Object.entries(scenario.cachedImages?.regions ?? {})[0];
    const image = region?.[1].find((entry) => 'image' in entry);
    if (region && image && 'image' in image && token) {
        lines.push('', 'Try:', `  vendor-ops check-image-cached --base-url ${url} --access-token ${token} \\`, `    --subscription-id 00000000-0000-4000-8000-000000000001 --location ${region[0]} --image ${image.image}`);
    }
    lines.push('', 'Ctrl-C stops it.');
    return lines.join('\n');
}
/** What the emulator does when no step is configured (src/emulator/areas/erp.ts). */
const emulator_banner_DEFAULT_STEPS = 'InProgress 50 % → Succeeded';
/** Whether the knobs' operation ends Failed (or Canceled) as the emulator plays it (erp-wire.ts). */
function endsFailed(knobs) {
    const last = knobs.steps?.[knobs.steps.length - 1];
    const status = typeof last === 'string' ? last : last?.status;
    return knobs.durationMs === undefined && status !== undefined && FAILED.has(status.toLowerCase());
}
/** What a stop or a start of these knobs does, in the order it happens: the answer, the steps, how it ends. */
function operation(knobs) {
    const parts = [];
    if (knobs.softStopUnsupported)
        parts.push('refuses a soft stop (--soft-stop-timeout-seconds above 0) with 400');
    if (knobs.respond === 200)
        parts.push('answers 200');
    if (knobs.pollingMode === 'location')
        parts.push('the Location pattern');
    if (knobs.pollingHeader)
        parts.push(`polling header ${knobs.pollingHeader}`);
    if (knobs.pollingOrigin === 'secondary')
        parts.push('a polling URL on the second origin (to be refused)');
    if (knobs.rotatePollingUrl)
        parts.push('a fresh polling URL on every answer');
    if (knobs.retryAfter)
        parts.push(`Retry-After ${knobs.retryAfter}`);
    if (knobs.durationMs !== undefined)
        parts.push(`runs ${Math.round(knobs.durationMs / 1000)} s`);
    else
        parts.push(knobs.steps ? knobs.steps.map(step).join(' → ') : emulator_banner_DEFAULT_STEPS);
    // The error is what a Failed step answers: a start whose own steps succeed does not fail with the stop's error.
    if (knobs.error?.code && endsFailed(knobs))
        parts.push(`fails with ${knobs.error.code}`);
    if (knobs.endStatus || knobs.endHealth) {
        const end = [knobs.endStatus, knobs.endHealth && `health ${knobs.endHealth}`].filter(Boolean).join(', ');
        parts.push(`then the instance is ${end}: a false success`);
    }
    if (knobs.settleReads)
        parts.push(`${knobs.settleReads} read(s) still moving after it ends`);
    return parts.join(', ');
}
/**
 * What an instance will do, as a person trying the emulator needs to know it: its state, then its stop and its
 * start (the start's own knobs over the instance's), a false success named as one.
 */
function instance(knobs) {
    if (knobs.missing)
        return 'does not exist: every call answers 404 (not found)';
    const state = `${knobs.status ?? 'Running'}, ${knobs.health ?? 'Healthy'}`;
    const read = knobs.readRefused ? '; its read is refused (403)' : '';
    const stop = operation(knobs);
    const start = knobs.start ? operation({ ...knobs, ...knobs.start }) : stop;
    const what = stop === start ? `stop and start: ${stop}` : `stop: ${stop}; start: ${start}`;
    return `${state}${read}; ${what}`;
}
function erpLines(scenario) {
    const erp = scenario.erp ?? {};
    return [
        `erp-stop, erp-start, wait-for-operation (any --subscription-id and --resource-group; location ${erp.location ?? 'westeurope'}):`,
        scenario.fleet?.holdsOnly
            ? '  any other --erp-virtual-instance: only the fleet below and these are held; any other answers 404'
            : `  any other --erp-virtual-instance: ${instance(erp.defaults ?? {})}`,
        ...Object.entries(erp.instances ?? {}).map(([name, knobs]) => `  ${name}: ${instance({ ...erp.defaults, ...knobs })}`),
    ];
}
function dataShareLines(scenario) {
    const share = scenario.dataShare ?? {};
    const syncs = share.synchronizations ?? [];
    const schedule = share.settings
        ?.map((s) => s.properties)
        .find((p) => p?.recurrenceInterval);
    return [
        `wait-for-sync (any --resource-group and --account-name; --share-subscription ${share.shareSubscription ?? 'any'}):`,
        ...(syncs.length === 0 ? ['  no synchronizations: wait-for-sync waits for one until its --timeout'] : []),
        ...syncs.map((s) => `  ${s.synchronizationId}: ${s.synchronizationMode ?? 'mode not set'}, ${(s.statuses ?? [s.status ?? 'no status']).join(' → ')}${s.startTime ? `, started ${s.startTime}` : ''}${s.appearAfterPolls ? `, appears after ${s.appearAfterPolls} polls` : ''}`),
        ...(share.generatedHistory
            ? [`  and ${share.generatedHistory.count} older finished synchronizations`]
            : []),
        ...(schedule
            ? [
                `  schedule: every ${schedule.recurrenceInterval} from ${schedule.synchronizationTime ?? 'an unset time'}`,
            ]
            : []),
    ];
}
function imageLines(scenario) {
    const regions = Object.entries(scenario.cachedImages?.regions ?? {});
    return [
        'check-image-cached (--subscription-id any UUID):',
        ...(regions.length === 0 ? ['  no regions: every --location answers 404'] : []),
        ...regions.map(([region, entries]) => {
            const named = entries.flatMap((e) => 'image' in e ? [`${String(e.image)}${e.osType ? ` (${String(e.osType)})` : ''}`] : []);
            const generated = entries.reduce((n, e) => n + ('generate' in e ? Number(e.generate) : 0), 0);
            const filler = generated > 0 ? `, and ${generated} filler images` : '';
            return `  --location ${region}: ${named.join(', ') || 'no named images'}${filler}`;
        }),
    ];
}
function appLines(emulator) {
    const apps = emulator.apps;
    return [
        `app-remove-user, app-current-user (--api-url ${emulator.url}${apps.retired ? `; retired: every call answers ${apps.retiredStatus}` : ''}):`,
        ...[...apps.apps.entries()].map(([name, app]) => `  --app ${name}: ${Object.entries(app.members)
            .map(([email, role]) => `${email} (${role})`)
            .join(', ')}`),
        ...[...apps.tokens.values()].map((t) => `  --api-token ${t.value}: ${t.type} token of ${t.type === 'user' ? t.user : t.app}, ${t.access === 'full' ? 'full access' : 'read-only'}`),
    ];
}
/**
 * The fleet erp-list selects from: its systems by subscription and resource group, the tags they carry (to select
 * by), and which have database instances (what a `whole-system: true` window acts on).
 */
function fleetLines(scenario) {
    const systems = scenario.fleet?.systems ?? [];
    if (systems.length === 0)
        return ['erp-list: no fleet (every listing is empty)'];
    const parts = scenario.erp?.parts;
    const defaults = parts?.defaults?.databases ?? [{ name: 'db0', databaseType: 'hdb' }];
    const databasesOf = (name) => parts?.systems?.[name]?.databases ?? defaults;
    const lines = [
        `erp-list, and erp-stop, erp-start, erp-status by --tag (${scenario.fleet?.holdsOnly ? 'a subscription or system not held answers 404' : 'any other system answers too'}):`,
    ];
    for (const s of systems) {
        const count = 'generate' in s ? `${s.generate} systems ${s.prefix ?? 'S'}0001…` : s.name;
        const tags = Object.entries(s.tags ?? {}).map(([n, v]) => `${n}=${v}`);
        const dbs = 'generate' in s ? defaults : databasesOf(s.name);
        const databases = dbs.length ? `databases ${dbs.map((d) => d.name).join(', ')}` : 'no database';
        lines.push(`  ${count} (--subscription-id ${s.subscription} --resource-group ${s.resourceGroup}): ${s.environment ?? 'NonProd'}, ${tags.length ? `tags ${tags.join(', ')}` : 'no tags'}, ${s.state ?? 'RegistrationComplete'}; ${databases}`);
    }
    return lines;
}

;// CONCATENATED MODULE: ./src/cli/emulator.ts







/**
 * `vendor-ops emulator [--port N] [--scenario FILE] [--fleet N] [--log-requests]` (and `npm run emulator`): the service's emulator, until
 * Ctrl-C. Without --scenario it serves the demo scenario (bundled, so it works from any directory) and prints
 * what the scenario holds and the emulator's made-up credentials, so any operation can be tried at once.
 * Everything a person can get wrong (a flag, the port, the file) is one line and exit 2.
 */
async function runEmulator(args) {
    const flags = (0,cli_args/* readFlags */.uW)(args.flags, {
        command: 'emulator',
        accepts: new Map([
            ['port', { list: false }],
            ['scenario', { list: false }],
            ['log-requests', { list: false, switch: true }],
            ['fleet', { list: false }],
        ]),
    });
    (0,cli_args/* refuseStray */.uH)(args.positionals, 1, 'emulator');
    const file = flags.get('scenario')?.[0];
    const scenario = file === undefined ? checked(demo_namespaceObject, 'the demo scenario') : await readScenario(file);
    const fleet = flags.get('fleet')?.[0];
    if (fleet !== undefined)
        scenario.fleet = fleetOf(fleetSize(fleet));
    const port = flags.get('port')?.[0];
    if (port !== undefined)
        scenario.emulator = { ...scenario.emulator, port: portNumber(port) };
    // Listening for Ctrl-C (and a test's SIGTERM) before anything can tell a user it is up.
    let stop = () => { };
    const stopped = new Promise((resolve) => (stop = resolve));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    let emulator;
    try {
        emulator = await startEmulator(scenario);
    }
    catch (error) {
        // Not up: the process keeps its own answer to a signal (the command line may run inside another process).
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        const code = error.code;
        if (code === 'EADDRINUSE' || code === 'EACCES') {
            const wanted = scenario.emulator?.port;
            throw new cli_args/* UsageError */.eb(`port ${wanted} is ${code === 'EADDRINUSE' ? 'in use' : 'not allowed'}; choose another with --port N, or --port 0 for any free port`);
        }
        throw error;
    }
    // --log-requests: one line per request on stderr (the banner is on stdout), so a user sees what arrived.
    if (flags.get('log-requests')?.[0] === 'true') {
        emulator.onRequest = (record, status) => process.stderr.write(`${requestLine(record, status)}\n`);
    }
    process.stdout.write(`${emulatorBanner(emulator, scenario, file ?? 'the demo scenario (built in)')}\n`);
    await stopped;
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await emulator.close();
    return 0;
}
/** The subscription and resource group of `--fleet N`'s systems (the demo's subscription). */
const FLEET_SUBSCRIPTION = '00000000-0000-4000-8000-000000000001';
const FLEET_RESOURCE_GROUP = 'rg-fleet';
/**
 * `--fleet N`: N systems `F0001`… tagged for a window and a snooze, each with its HANA database (the parts'
 * default), NonProd; only what it holds answers (404 otherwise), so a window recipe runs on it as on the service.
 */
function fleetOf(size) {
    return {
        holdsOnly: true,
        pageSize: 100,
        systems: [
            {
                generate: size,
                subscription: FLEET_SUBSCRIPTION,
                resourceGroup: FLEET_RESOURCE_GROUP,
                prefix: 'F',
                environment: 'NonProd',
                tags: { maintenance: 'sunday', SnoozeSAPSystem: 'True' },
            },
        ],
    };
}
function fleetSize(text) {
    const size = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
    if (!(size >= 1 && size <= 10000)) {
        throw new cli_args/* UsageError */.eb(`--fleet must be a number of systems from 1 to 10000; got '${text}'`);
    }
    return size;
}
function portNumber(text) {
    const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
    if (!(port >= 0 && port <= 65535)) {
        throw new cli_args/* UsageError */.eb(`--port must be a port number from 0 to 65535 (0: any free port); got '${text}'`);
    }
    return port;
}
async function readScenario(file) {
    let text;
    try {
        text = await (0,promises_.readFile)(file, 'utf8');
    }
    catch (error) {
        const code = error.code;
        const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? 'unreadable');
        throw new cli_args/* UsageError */.eb(`cannot read the scenario file ${file}: ${why}`);
    }
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        throw new cli_args/* UsageError */.eb(`the scenario file ${file} is not valid JSON: ${error.message}`);
    }
    return checked(value, `the scenario file ${file}`);
}
function checked(value, what) {
    const result = parseScenario(value);
    if ('error' in result)
        throw new cli_args/* UsageError */.eb(`${what}: ${result.error}`);
    return result.scenario;
}


/***/ })

};
