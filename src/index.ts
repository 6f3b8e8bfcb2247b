import { run } from './action/main.js';
import { dontWaitForDispatcherClose } from './client/dispatcher.js';
import { keepWasmOnBaselineTier } from './client/wasm-tiering.js';

keepWasmOnBaselineTier();
// The process ends when run() returns: nothing gains from waiting for the keep-alive sockets to close.
dontWaitForDispatcherClose();
await run();
