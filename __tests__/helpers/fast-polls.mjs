// Loaded with `node --import` by the helpers that run the bundles (run-action.ts, run-cli.ts), and imported by
// in-process.ts for the runs in the test's own process: the poll-interval a test gives is waited as given, down to
// 100 ms, instead of at the contract's 1 s floor (src/operations/parsers.ts, POLL_FLOOR_OVERRIDE). A Retry-After from
// the emulator is still clamped to 1 s, and the floor itself is tested by the unit tests
// (__tests__/unit/operations/parsers.test.ts), which do not load this file.
globalThis[Symbol.for('vendor-ops.tests.poll-floor-ms')] = 100;
// The settle window (30 s before a change the service did not act on is sent again; src/operations/erp/
// instance-state.ts) is 3 s here, so such a case waits 3 s, not 30; unit tests keep 30 s on a virtual clock.
globalThis[Symbol.for('vendor-ops.tests.settle-window-ms')] = 3000;
// The Retry-After waited between the polls of an operation (src/client/arm/lro.ts) is a tenth of what the service
// asked (1 s → 100 ms); the logs, the poll counts and the decisions read it as sent. Retries of a request and the
// gate after a 429 wait the Retry-After in full, and unit tests keep every wait on a virtual clock.
globalThis[Symbol.for('vendor-ops.tests.poll-retry-after-scale')] = 0.1;
