export const id = 136;
export const ids = [136];
export const modules = {

/***/ 8136:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runEmulator: () => (/* binding */ runEmulator)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
;// CONCATENATED MODULE: ./src/emulator/faults.ts
/** Applies a fault; returns false where the request should go on to its route. */
async function applyFault(fault, req, res) {
    switch (fault.kind) {
        case 'status': {
            const headers = { 'content-type': fault.contentType ?? 'application/json' };
            if (fault.retryAfter !== undefined)
                headers['retry-after'] = fault.retryAfter;
            const body = fault.body ?? JSON.stringify({ error: { code: `Status${fault.status}`, message: 'Injected fault' } });
            res.writeHead(fault.status, { ...headers, 'x-vendor-request-id': 'emu-fault' });
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

;// CONCATENATED MODULE: ./src/emulator/emulator.ts



class Emulator {
    options;
    requests = [];
    faults = [];
    /** Tokens accepted as `Authorization: Bearer …` for areas A to C. */
    accessTokens;
    clients;
    oidcRequestToken;
    tokenLifetimeSeconds;
    /** Added to the real time: lets a test make the emulator's clock jump. */
    clockOffsetMs = 0;
    issuedTokens = new Map();
    issuedOidcTokens = new Set();
    url = '';
    secondUrl = '';
    routes = [];
    servers = [];
    sockets = new Set();
    constructor(options = {}) {
        this.options = options;
        this.accessTokens = new Set(options.accessTokens ?? ['emu-access-token']);
        this.clients = options.clients ?? [{ clientId: 'emu-client', clientSecret: 'emu-client-secret' }];
        this.oidcRequestToken = options.oidcRequestToken ?? 'emu-oidc-request-token';
        this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
        this.routes.push(...this.signInRoutes());
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
    async start() {
        const host = this.options.host ?? '127.0.0.1';
        this.url = await this.listen(host, this.options.port ?? 0, 'primary');
        this.secondUrl = await this.listen(host, this.options.secondPort ?? 0, 'secondary');
        return this;
    }
    async close() {
        for (const socket of this.sockets)
            socket.destroy();
        await Promise.all(this.servers.map((s) => new Promise((resolve) => s.close(resolve))));
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
    listen(host, port, origin) {
        const server = (0,external_node_http_.createServer)((req, res) => void this.handle(req, res, origin));
        server.on('connection', (socket) => {
            this.sockets.add(socket);
            socket.on('close', () => this.sockets.delete(socket));
        });
        this.servers.push(server);
        return new Promise((resolve, reject) => {
            server.once('error', reject);
            server.listen(port, host, () => {
                const { port: actual } = server.address();
                resolve(`http://${host}:${actual}`);
            });
        });
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
        const ctxBase = { req, res, url, body: record.body, record, emulator: this };
        try {
            const ruleIndex = this.faults.findIndex((r) => r.times > 0 &&
                (!r.method || r.method === record.method) &&
                (!r.path || r.path.test(url.pathname)) &&
                (!r.origin || r.origin === origin));
            if (ruleIndex >= 0) {
                const rule = this.faults[ruleIndex];
                rule.times--;
                if (await applyFault(rule.fault, req, res))
                    return;
            }
            const pathOnly = target.split('?')[0];
            for (const route of this.routes) {
                if (route.method !== record.method)
                    continue;
                const match = route.path.exec(pathOnly);
                if (!match)
                    continue;
                const params = match.slice(1).map((p) => decodeURIComponent(p ?? ''));
                await route.handle({ ...ctxBase, params });
                return;
            }
            sendJson({ res }, 404, {
                error: { code: 'NotFound', message: `No route for ${record.method} ${url.pathname}` },
            });
        }
        catch (error) {
            if (!res.headersSent) {
                sendJson({ res }, 500, { error: { code: 'EmulatorError', message: String(error) } });
            }
        }
    }
    signInRoutes() {
        return [
            {
                method: 'POST',
                path: /^\/([^/]+)\/oauth2\/v2\.0\/token$/,
                handle: (ctx) => {
                    const form = new URLSearchParams(ctx.body);
                    const client = this.clients.find((c) => c.clientId === form.get('client_id'));
                    const secret = form.get('client_secret');
                    const assertion = form.get('client_assertion');
                    const ok = form.get('grant_type') === 'client_credentials' &&
                        client !== undefined &&
                        (secret !== null
                            ? client.clientSecret !== undefined && secret === client.clientSecret
                            : assertion !== null && this.issuedOidcTokens.has(assertion));
                    if (!ok) {
                        sendJson(ctx, 401, {
                            error: 'invalid_client',
                            error_description: 'The client could not be authenticated.',
                        });
                        return;
                    }
                    const token = `emu-at-${(0,external_node_crypto_.randomUUID)()}`;
                    this.issuedTokens.set(token, this.now() + this.tokenLifetimeSeconds * 1000);
                    sendJson(ctx, 200, {
                        token_type: 'Bearer',
                        access_token: token,
                        expires_in: this.tokenLifetimeSeconds,
                    });
                },
            },
            {
                // The runner's OIDC endpoint (ACTIONS_ID_TOKEN_REQUEST_URL), as @actions/core calls it.
                method: 'GET',
                path: /^\/_oidc\/token$/,
                handle: (ctx) => {
                    if (ctx.req.headers.authorization !== `Bearer ${this.oidcRequestToken}`) {
                        sendJson(ctx, 401, { message: 'bad request token' });
                        return;
                    }
                    const audience = ctx.url.searchParams.get('audience') ?? '';
                    const value = `emu-oidc-${(0,external_node_crypto_.randomUUID)()}`;
                    this.issuedOidcTokens.add(value);
                    sendJson(ctx, 200, { value, audience });
                },
            },
        ];
    }
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
        'x-vendor-ratelimit-remaining-subscription-reads': '11999',
        ...headers,
    });
    ctx.res.end(text);
}

;// CONCATENATED MODULE: ./src/emulator/areas/apps.ts
class AppsArea {
    scenario;
    name = 'apps';
    constructor(scenario = {}) {
        this.scenario = scenario;
    }
    routes() {
        return [];
    }
}

;// CONCATENATED MODULE: ./src/emulator/areas/cached-images.ts
class CachedImagesArea {
    scenario;
    name = 'cached-images';
    constructor(scenario = {}) {
        this.scenario = scenario;
    }
    routes() {
        return [];
    }
}

;// CONCATENATED MODULE: ./src/emulator/areas/data-share.ts
class DataShareArea {
    scenario;
    name = 'data-share';
    constructor(scenario = {}) {
        this.scenario = scenario;
    }
    routes() {
        return [];
    }
}

;// CONCATENATED MODULE: ./src/emulator/areas/erp.ts
class ErpArea {
    scenario;
    name = 'erp';
    constructor(scenario = {}) {
        this.scenario = scenario;
    }
    routes() {
        return [];
    }
}

;// CONCATENATED MODULE: ./src/emulator/index.ts






/** The whole service: all four areas on one server (and its second origin). */
class ServiceEmulator extends Emulator {
    erp;
    dataShare;
    cachedImages;
    apps;
    constructor(scenario = {}) {
        super(scenario.emulator);
        this.erp = new ErpArea(scenario.erp);
        this.dataShare = new DataShareArea(scenario.dataShare);
        this.cachedImages = new CachedImagesArea(scenario.cachedImages);
        this.apps = new AppsArea(scenario.apps);
        this.use(this.erp).use(this.dataShare).use(this.cachedImages).use(this.apps);
    }
}
async function startEmulator(scenario = {}) {
    return new ServiceEmulator(scenario).start();
}

;// CONCATENATED MODULE: ./src/cli/emulator.ts



/** `vendor-ops emulator [--port N] [--scenario FILE]`: the service's emulator, until Ctrl-C. */
async function runEmulator(args) {
    const { values } = (0,external_node_util_.parseArgs)({ args, options: { port: { type: 'string' }, scenario: { type: 'string' } } });
    const scenario = values.scenario ? JSON.parse(await (0,promises_.readFile)(values.scenario, 'utf8')) : {};
    if (values.port)
        scenario.emulator = { ...scenario.emulator, port: Number(values.port) };
    const emulator = await startEmulator(scenario);
    process.stdout.write([
        `emulator listening on ${emulator.url} (second origin ${emulator.secondUrl})`,
        `  base-url, auth-url, api-url: ${emulator.url}`,
        `  access-token: ${[...emulator.accessTokens][0]}`,
        `  client-id: ${emulator.clients[0]?.clientId}  client-secret: ${emulator.clients[0]?.clientSecret ?? '(federated only)'}`,
        '',
    ].join('\n'));
    await new Promise((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
    });
    await emulator.close();
    return 0;
}


/***/ })

};
