// ESM mode: TypeScript is stripped by Node's own type stripping (__tests__/helpers/strip-types.mjs); tsc checks the
// types in `npm run typecheck`.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': '<rootDir>/__tests__/helpers/strip-types.mjs' },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testTimeout: 60000,
  reporters: [
    'default',
    '<rootDir>/__tests__/helpers/slowest-reporter.mjs',
    '<rootDir>/__tests__/plain-summary-reporter.js',
  ],
  // Longest suite first, by the durations committed in __tests__/helpers/durations.json, so no worker takes a long
  // suite last; jest's own timings are in its cache, which a clean clone has not.
  testSequencer: '<rootDir>/__tests__/helpers/sequencer.mjs',
  // The faults suite's cells wait on timers and sockets, so many run at once (only `it.concurrent` uses this).
  maxConcurrency: 24,
  // The end-to-end suites mostly wait on the bundles they start and on the emulator, so more files run at once than
  // there are cores: jest's default (cores − 1) is one worker on a 2-core machine, every suite one after another.
  maxWorkers: 3,
  // A worker here holds 130–260 MB of heap by the end, and Node takes 0.75–0.94 s from its `exit` event to the
  // process gone (measured: no handle open when jest ends it, only stdio and the IPC channel, and `exit` fires at
  // once). jest's default 500 ms then kills it and prints "A worker process has failed to exit gracefully … leaking",
  // which is not so; a worker that really hangs on an open handle is still killed after this, with that message.
  workerGracefulExitTimeout: 3000,
  // The faults suite counts what it tried; the teardown prints its table when any of its files ran.
  globalSetup: '<rootDir>/__tests__/faults/global-setup.js',
  globalTeardown: '<rootDir>/__tests__/faults/global-teardown.js',
};
