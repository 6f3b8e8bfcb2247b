import { run } from './action/main.js';
import { dontWaitForDispatcherClose } from './client/dispatcher.js';
import { setV8Flags } from './client/start-up/v8-flags.js';

/** How long the process may linger after the step is done before it is ended. */
const LINGER_MS = 1_000;

// First: undici's WebAssembly parser then stays on V8's baseline tier, and memory stays bounded (docs/benchmark.md).
setV8Flags();
// The process ends when run() returns: nothing gains from waiting for the keep-alive sockets to close.
dontWaitForDispatcherClose();
try {
  await run();
} finally {
  // The step is done, outputs and summary written: whatever still holds the process (a renewal of the token that
  // hangs, whose socket the runner's toolkit never times out) must not hold the job. Unref'd: an idle process ends
  // at once. Here, not in run(): the process is the entry's, and run() also runs inside the tests' process.
  setTimeout(() => process.exit(), LINGER_MS).unref();
}
