import * as z from './zod.js';

/** An id may come as a string (the real API's UUID) or a number; outputs carry it as text. */
const idText = z.onFirstUse(() => z.pipe(z.union([z.string(), z.number()]), z.transform(String)));

/**
 * Area D, `GET /v0.1/user`: the calling user's profile. The spec shows no fields; these are the ones the real
 * API sends (snake_case `display_name`), with camelCase `displayName` accepted too. Unknown fields pass through.
 */
export const userProfile = z.onFirstUse(() =>
  z.looseObject({
    id: z.optional(idText),
    name: z.optional(z.string()),
    email: z.optional(z.string()),
    display_name: z.optional(z.nullable(z.string())),
    displayName: z.optional(z.nullable(z.string())),
  }),
);
export type UserProfile = z.output<typeof userProfile>;

export function displayNameOf(profile: UserProfile): string | undefined {
  return profile.display_name ?? profile.displayName ?? undefined;
}

/**
 * Area D, `GET /v0.1/apps/{owner_name}/{app_name}/users`: the app's users (service-beyond-seed.md); only `email`
 * is read, the other fields pass through.
 */
export const appUsers = z.onFirstUse(() =>
  z.array(z.looseObject({ email: z.optional(z.nullable(z.string())) })),
);

/** A removal's response: "not shown" in the spec (the real API answers 204); any JSON object is kept as is. */
export const removalResponse = z.onFirstUse(() => z.looseObject({}));
