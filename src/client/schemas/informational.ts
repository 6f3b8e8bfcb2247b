import * as z from './zod.js';

/**
 * A field the action only reports (a percentage, a duration, a time, a message), never decides by: a value out
 * of range or malformed reads as unknown instead of failing an operation that otherwise succeeded, and
 * `parseBody` names it in a debug line. Fields that decide the outcome (`status`, the ids followed) stay strict.
 */
export const informational = <T extends z.ZodMiniType>(schema: T) => z.catch(z.nullish(schema), undefined);

/** A time the service reports: a string `Date` can read. */
export const reportedTime = z.onFirstUse(() =>
  informational(z.string().check(z.refine((v) => !Number.isNaN(Date.parse(v))))),
);
