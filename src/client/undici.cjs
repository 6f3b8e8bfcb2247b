'use strict';

/*
 * What the bundles take for `undici` (src/tsconfig.json's `paths`, which ncc resolves every `undici` import by, ours
 * and @actions/http-client's alike): the dispatchers the action uses and the request API on them, nothing else.
 *
 * undici's own entry (index.js) evaluates fetch, WebSocket, EventSource, the cache storage, the cookie and MIME
 * helpers and the mock agents at load, none of which a step uses; each start-up paid for them. Measured on this
 * project's 2-core machine, Node 24.21, a bundle that only imports ProxyAgent, EnvHttpProxyAgent and request: 236 ms
 * from undici's entry against 198 ms from these files (`node -e 0`: 100 ms), 40 interleaved rounds; the action
 * 0.865 × what it took before (docs/benchmark.md). The modules below are undici's
 * own files, unchanged, so it is the same undici: one copy in the bundle, the version package.json pins.
 *
 * Type checking and the tests import undici's own entry; __tests__/unit/undici-entry.test.ts checks that this one
 * exports, as the very same objects, every value the bundles import from `undici`.
 */
const Dispatcher = require('undici/lib/dispatcher/dispatcher.js');
const api = require('undici/lib/api/index.js');

// What undici's entry does first: `dispatcher.request(…)` and the other API methods on every dispatcher.
Object.assign(Dispatcher.prototype, api);

module.exports.Dispatcher = Dispatcher;
module.exports.Agent = require('undici/lib/dispatcher/agent.js');
module.exports.ProxyAgent = require('undici/lib/dispatcher/proxy-agent.js');
module.exports.EnvHttpProxyAgent = require('undici/lib/dispatcher/env-http-proxy-agent.js');
