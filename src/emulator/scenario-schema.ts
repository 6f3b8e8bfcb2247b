import * as z from 'zod/mini';
import type { AppsScenario } from './areas/apps.js';
import type { CachedImagesScenario } from './areas/cached-images.js';
import { dataShareSchema } from './areas/data-share-schema.js';
import { erpSchema } from './areas/erp-schema.js';
import { fleetSchema } from './areas/erp-list-schema.js';
import type { EmulatorOptions } from './emulator.js';
import { TOKEN_ERROR_NUMBERS } from './sign-in.js';
import type { Scenario } from './index.js';
import { flag, linkForm, port, positive, text, count, type Covers, type Out } from './scenario-parts.js';
import { firstIssue } from './scenario-issues.js';

export type { Covers, Out } from './scenario-parts.js';

/**
 * The scenario file's schema: every object strict, so a misspelt knob (`"stpes"`) is refused with its path
 * instead of being ignored while the scenario silently tests nothing. The areas' TypeScript types stay what the
 * code reads; the checks at the end of this file fail to compile when a knob is added to a type but not here.
 * Built with `zod/mini` (as the client's response schemas are), whose messages are its own issue codes: the
 * reasons a person reads are worded in scenario-issues.ts. The erp, dataShare and fleet sections live beside
 * their areas (areas/*-schema.ts).
 */

const emulator = z.strictObject({
  host: text,
  port,
  secondPort: port,
  tokenLifetimeSeconds: z.optional(positive),
  accessTokens: z.optional(z.array(z.string())),
  clients: z.optional(
    z.array(
      z.strictObject({
        clientId: z.string(),
        clientSecret: text,
        // The app's federated credentials a presented ID token is matched on (sign-in.ts).
        federated: z.optional(
          z.array(z.strictObject({ issuer: z.string(), subject: z.string(), audience: z.string() })),
        ),
      }),
    ),
  ),
  oidcRequestToken: text,
  // The resource manager's write limit per subscription (the vendor's: 200 tokens, 10 per second).
  writeBucket: z.optional(z.strictObject({ capacity: positive, refillPerSecond: positive })),
  // Its read limit (the vendor's: 250 tokens, 25 per second).
  readBucket: z.optional(z.strictObject({ capacity: positive, refillPerSecond: positive })),
  // The token endpoint refuses every grant with this number, in the directory's body shape (sign-in.ts).
  tokenError: z.optional(z.literal(TOKEN_ERROR_NUMBERS)),
  // The claims of the runner's ID tokens (sign-in.ts).
  idToken: z.optional(
    z.strictObject({
      repository: text,
      ref: text,
      environment: text,
      eventName: text,
      issuer: text,
      subject: text,
      subjectForm: z.optional(z.enum(['name', 'immutable'])),
      ownerId: text,
      repositoryId: text,
    }),
  ),
});

const cachedImages = z.strictObject({
  regions: z.optional(
    z.record(
      z.string(),
      z.array(
        z.union([
          z.strictObject({ image: z.string(), osType: text }),
          z.strictObject({ generate: count, osType: text, prefix: text }),
        ]),
      ),
    ),
  ),
  pageSize: z.optional(z.int().check(z.positive())),
  nextLinkOnSecondOrigin: flag,
  nextLinkForm: z.optional(linkForm),
  repeatNextLink: flag,
  apiVersions: z.optional(z.array(z.string())),
});

const access = z.enum(['full', 'read-only']);
const apps = z.strictObject({
  users: z.optional(
    z.array(
      z.strictObject({ id: z.string(), name: z.string(), email: z.string(), display_name: z.string() }),
    ),
  ),
  apps: z.optional(
    z.array(
      z.strictObject({
        owner: z.string(),
        name: z.string(),
        ownerType: z.enum(['user', 'org']),
        members: z.record(z.string(), z.enum(['Manager', 'Developer', 'Viewer'])),
      }),
    ),
  ),
  tokens: z.optional(
    z.array(
      z.discriminatedUnion('type', [
        z.strictObject({ value: z.string(), type: z.literal('user'), access, user: z.string() }),
        z.strictObject({ value: z.string(), type: z.literal('app'), access, app: z.string() }),
      ]),
    ),
  ),
  retired: flag,
  retiredStatus: z.optional(z.int().check(z.minimum(400), z.maximum(599))),
});

export const scenarioSchema = z.strictObject({
  emulator: z.optional(emulator),
  erp: z.optional(erpSchema),
  dataShare: z.optional(dataShareSchema),
  cachedImages: z.optional(cachedImages),
  apps: z.optional(apps),
  fleet: z.optional(fleetSchema),
});

/** The scenario, or one line that says what is wrong and where. */
export function parseScenario(value: unknown): { scenario: Scenario } | { error: string } {
  const parsed = z.safeParse(scenarioSchema, value);
  return parsed.success ? { scenario: parsed.data } : { error: firstIssue(parsed.error.issues) };
}

const covered: {
  scenario: Covers<Out<typeof scenarioSchema>, Scenario>;
  emulator: Covers<Out<typeof emulator>, EmulatorOptions>;
  cachedImages: Covers<Out<typeof cachedImages>, CachedImagesScenario>;
  apps: Covers<Out<typeof apps>, AppsScenario>;
} = {
  scenario: true,
  emulator: true,
  cachedImages: true,
  apps: true,
};
void covered;
// And the other way: what the schema yields is a Scenario the emulator takes.
const _fits: (s: z.output<typeof scenarioSchema>) => Scenario = (s) => s;
void _fits;
