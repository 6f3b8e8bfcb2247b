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
 * of methods, and cheaper to load and build (docs/benchmark.md, "Start-up, before and after issue 16").
 *
 * Unlike classic zod, mini loads no messages of its own ("Invalid input" for everything); parseBody quotes the
 * message in its error, so the English ones are set here, whichever zod loads first. Import as
 * `import * as z from './zod.js'`: a namespace the bundler can see through, so only what is used is bundled.
 */
config(en());

export * from 'zod/mini';

/**
 * A schema built when it is first used, not when its module loads: a step builds only the schemas of the operation
 * it runs, where it built every operation's at load (docs/benchmark.md, "The action's own start-up"). Every
 * module-level schema is declared through this.
 */
export function onFirstUse<T extends ZodMiniType>(build: () => T): ZodMiniLazy<T> {
  return lazy(build);
}

/** One page of a vendor list, `{ value, nextLink }` with each item read by `item`, built on first use. */
export function pageOf<T extends ZodMiniType>(item: T) {
  return onFirstUse(() => looseObject({ value: nullish(array(item)), nextLink: nullish(string()) }));
}
