import { run } from './action/main.js';
import { dontWaitForDispatcherClose } from './client/dispatcher.js';
import { keepWasmOnBaselineTier } from './client/start-up/wasm-tiering.js';

// Before the first request: undici's WebAssembly parser then stays on V8's baseline tier (docs/benchmark.md).
keepWasmOnBaselineTier();
// The process ends when run() returns: nothing gains from waiting for the keep-alive sockets to close.
dontWaitForDispatcherClose();
await run();
