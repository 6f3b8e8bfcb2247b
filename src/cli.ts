import { main } from './cli/main.js';
import { keepWasmOnBaselineTier } from './client/start-up/wasm-tiering.js';

// As in the action's entry: no TurboFan compile of undici's parser to wait for at exit (docs/benchmark.md).
keepWasmOnBaselineTier();
process.exitCode = await main(process.argv.slice(2));
