import { main } from './cli/main.js';
import { keepWasmOnBaselineTier } from './client/wasm-tiering.js';

keepWasmOnBaselineTier();
process.exitCode = await main(process.argv.slice(2));
