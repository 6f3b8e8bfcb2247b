import {
  array,
  config,
  lazy,
  looseObject,
  nullish,
  string,
  type ZodMiniLazy,
  type ZodMiniType,
} from 'zod/mini';
// The one locale by its own path: `z.locales` would bundle all of them (+450 KiB).
import en from 'zod/v4/locales/en.js';

/**
 * The zod every response schema is built with: `zod/mini`, the same checks as classic zod with functions in place
 * of methods, and cheaper to build. Loading and building the response schemas takes 6.9 ms instead of 10.1 ms
 * (medians of 80 runs, classic zod already loaded by the inputs); with no classic zod loaded at all, zod and these
 * schemas take 12.0 ms instead of 22.6 ms.
 *
 * Unlike classic zod, mini loads no messages of its own ("Invalid input" for everything); parseBody quotes the
 * message in its error, so the English ones are set here, whichever zod loads first. Import as
 * `import * as z from './zod.js'`: a namespace the bundler can see through, so only what is used is bundled.
 */
config(en());

export * from 'zod/mini';

/**
 * A schema built when it is first used, not when its module loads: a step builds only the schemas of the operation
 * it runs. Each zod schema costs about 28 µs to build, and the action held 377 of them at load whatever it ran
 * (docs/benchmark.md, "The action's own start-up"). Every module-level schema is declared through this.
 */
export function onFirstUse<T extends ZodMiniType>(build: () => T): ZodMiniLazy<T> {
  return lazy(build);
}

/** One page of a vendor list, `{ value, nextLink }` with each item read by `item`, built on first use. */
export function pageOf<T extends ZodMiniType>(item: T) {
  return onFirstUse(() => looseObject({ value: nullish(array(item)), nextLink: nullish(string()) }));
}
