import { run } from './action/main.js';
import { dontWaitForDispatcherClose } from './client/dispatcher.js';
import { setV8Flags } from './client/start-up/v8-flags.js';

// First: undici's WebAssembly parser then stays on V8's baseline tier, and memory stays bounded (docs/benchmark.md).
setV8Flags();
// The process ends when run() returns: nothing gains from waiting for the keep-alive sockets to close.
dontWaitForDispatcherClose();
await run();
