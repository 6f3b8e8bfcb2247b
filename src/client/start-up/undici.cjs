'use strict';

/*
 * What the bundles take for `undici` (src/tsconfig.json's `paths`, ours and @actions/http-client's imports alike):
 * the dispatchers the action uses and the request API on them, from undici's own files, without the fetch,
 * WebSocket and cache code its entry evaluates at every start-up. Same undici, one copy. Why and how much:
 * docs/benchmark.md, "The start-up levers"; __tests__/unit/client/start-up/undici.test.ts holds it to undici's entry.
 */
const Dispatcher = require('undici/lib/dispatcher/dispatcher.js');
const api = require('undici/lib/api/index.js');

// What undici's entry does first: `dispatcher.request(…)` and the other API methods on every dispatcher.
Object.assign(Dispatcher.prototype, api);

// llhttp always, whatever UNDICI_USE_MILO says: the bundles leave Milo's WebAssembly out (scripts/bundle.ts,
// NCC_FLAGS), so undici choosing it would fail at the first connection. No dispatcher of ours sets `useMilo`.
require('undici/lib/dispatcher/parser-h1.js').setMiloEnabled(false);

module.exports.Dispatcher = Dispatcher;
module.exports.Agent = require('undici/lib/dispatcher/agent.js');
module.exports.ProxyAgent = require('undici/lib/dispatcher/proxy-agent.js');
module.exports.EnvHttpProxyAgent = require('undici/lib/dispatcher/env-http-proxy-agent.js');
