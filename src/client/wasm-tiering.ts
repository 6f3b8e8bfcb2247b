import { setFlagsFromString } from 'node:v8';

/**
 * undici parses HTTP with llhttp compiled to WebAssembly. After a few responses V8 tiers its hot functions up to
 * TurboFan on a background thread, and a process that ends right then waits at exit for that compile: measured on
 * Node 24 (check-image-cached, 3 pages) as 73–87 ms from the `exit` event to the process being gone, against
 * 16–19 ms for the floor, plus 13–15 MiB of peak RSS. A step sends a handful of requests; the baseline tier
 * (Liftoff) parses them just as well. A budget no short run reaches keeps llhttp there.
 *
 * An unknown V8 flag only prints "Error: unrecognized flag" and the process carries on, so a later Node that drops
 * this one would silently lose the gain: __tests__/unit/wasm-tiering.test.ts checks the flag on the Node in use.
 */
export const WASM_TIERING_FLAG = '--wasm-tiering-budget=1000000000';

/** Call in an entry, before the first request: the budget is read when llhttp is instantiated. */
export function keepWasmOnBaselineTier(): void {
  setFlagsFromString(WASM_TIERING_FLAG);
}
