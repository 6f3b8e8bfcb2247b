import { setFlagsFromString } from 'node:v8';

/**
 * Keeps undici's WebAssembly HTTP parser on V8's baseline tier, so a short step does not wait at exit for a TurboFan
 * compile it has no use for; the budget is the flag's largest. Why and how much: docs/benchmark.md, "The start-up
 * levers"; __tests__/unit/wasm-tiering.test.ts checks the flag on the Node in use.
 */
export const WASM_TIERING_FLAG = '--wasm-tiering-budget=2147483647';

/** Call in an entry, before the first request: the budget is read when llhttp is instantiated. */
export function keepWasmOnBaselineTier(): void {
  setFlagsFromString(WASM_TIERING_FLAG);
}
