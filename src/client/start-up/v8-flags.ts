import { setFlagsFromString } from 'node:v8';

/**
 * Keeps undici's WebAssembly HTTP parser on V8's baseline tier, so a short step does not wait at exit for a TurboFan
 * compile it has no use for; the budget is the flag's largest. Why and how much: docs/benchmark.md, "The start-up
 * levers".
 */
export const WASM_TIERING_FLAG = '--wasm-tiering-budget=2147483647';

/**
 * A step waits on the service far more than it computes, so V8 is told to spend memory as a short script would:
 * the young generation keeps its first size, and no function is compiled by TurboFan (Ignition, Sparkplug and
 * Maglev still run), so reading every page peaks near the first page's memory; figures and cost in
 * docs/benchmark.md, "The start-up levers".
 */
export const MEMORY_FLAGS: readonly string[] = ['--semi-space-growth-factor=1', '--no-turbofan'];

/** Every flag the entries set, in order; the bench's references set the same. */
export const V8_FLAGS: readonly string[] = [WASM_TIERING_FLAG, ...MEMORY_FLAGS];

/**
 * Call first in an entry: llhttp reads the tiering budget when it is instantiated, and the memory flags act on what
 * is allocated and compiled after them. An unknown flag only prints "unrecognized flag", so
 * __tests__/unit/client/start-up/v8-flags.test.ts checks each on the Node in use.
 */
export function setV8Flags(): void {
  for (const flag of V8_FLAGS) setFlagsFromString(flag);
}
