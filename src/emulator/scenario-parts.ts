import * as z from 'zod/mini';

/**
 * The scenario schema's building blocks, shared by scenario-schema.ts and the areas' sections
 * (areas/*-schema.ts), and the compile-time check that a section covers every key of its area's type.
 */

export const linkForm = z.enum(['absolute', 'relative', 'malformed']);
export const origin = z.enum(['primary', 'secondary']);
export const text = z.optional(z.string());
export const flag = z.optional(z.boolean());
export const count = z.int().check(z.nonnegative());
export const port = z.optional(z.int().check(z.minimum(0), z.maximum(65535)));
export const positive = z.number().check(z.positive());

/** Compile-time: every key of each area's type has a place in the schema (a new knob must be added here). */
export type Covers<S, T> = [Exclude<keyof T, keyof S>] extends [never]
  ? true
  : { missing: Exclude<keyof T, keyof S> };
export type Out<S extends z.ZodMiniType> = NonNullable<z.output<S>>;
