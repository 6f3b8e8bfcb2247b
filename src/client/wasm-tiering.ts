import { setFlagsFromString } from 'node:v8';

/**
 * undici parses HTTP with llhttp compiled to WebAssembly. After a few responses V8 tiers its hot functions up to
 * TurboFan on a background thread, and a process that ends right then waits at exit for that compile. A step sends
 * a handful of requests; the baseline tier (Liftoff) parses them just as well, and a budget no short run reaches
 * keeps llhttp there. Measured on this project's 2-core machine, Node 24.21, check-image-cached over 3 pages, 100
 * interleaved rounds, per-round medians as ratios to the floor bundle (bench/): wall 2.16 × → 1.67 ×, peak RSS
 * 1.32 × → 1.16 ×; teardown after the `exit` event 60 → 11 ms (the floor's: 9 ms). The command line: 2.10 × → 1.60 ×.
 *
 * The budget is the largest the flag takes (a 32-bit int; one more wraps to a negative budget, silently). 1e9 was
 * reached by wait-for-sync reading 100 pages of history, whose peak RSS then went from 87 MiB (20 pages) to 109 MiB;
 * with this budget it stays at 89 MiB. A run that parses still more gets the TurboFan code it then pays off.
 *
 * An unknown V8 flag only prints "Error: unrecognized flag" and the process carries on, so a later Node that drops
 * this one would silently lose the gain: __tests__/unit/wasm-tiering.test.ts checks the flag on the Node in use.
 */
export const WASM_TIERING_FLAG = '--wasm-tiering-budget=2147483647';

/** Call in an entry, before the first request: the budget is read when llhttp is instantiated. */
export function keepWasmOnBaselineTier(): void {
  setFlagsFromString(WASM_TIERING_FLAG);
}
