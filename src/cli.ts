import { main } from './cli/main.js';
import { setV8Flags } from './client/start-up/v8-flags.js';

// As in the action's entry (docs/benchmark.md, "The start-up levers").
setV8Flags();
process.exitCode = await main(process.argv.slice(2));
