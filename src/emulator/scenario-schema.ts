import * as z from 'zod/mini';
import type { AppsScenario } from './areas/apps.js';
import type { CachedImagesScenario } from './areas/cached-images.js';
import type {
  DataShareScenario,
  EmulatedDatasetDetail,
  EmulatedStart,
  EmulatedSynchronization,
} from './areas/data-share.js';
import type { ErpErrorDetail, ErpInstanceScenario, ErpScenario } from './areas/erp.js';
import { fleetSchema } from './areas/erp-list-schema.js';
import type { ErpDatabaseScenario, ErpPartsScenario } from './areas/erp-parts.js';
import type { EmulatorOptions } from './emulator.js';
import { TOKEN_ERROR_NUMBERS } from './sign-in.js';
import type { Scenario } from './index.js';

/**
 * The scenario file's schema: every object strict, so a misspelt knob (`"stpes"`) is refused with its path
 * instead of being ignored while the scenario silently tests nothing. The areas' TypeScript types stay what the
 * code reads; the checks at the end of this file fail to compile when a knob is added to a type but not here.
 * Built with `zod/mini` (as the client's response schemas are), whose messages are its own issue codes: the
 * reasons a person reads are worded below.
 */

const linkForm = z.enum(['absolute', 'relative', 'malformed']);
const origin = z.enum(['primary', 'secondary']);
const text = z.optional(z.string());
const flag = z.optional(z.boolean());
const count = z.int().check(z.nonnegative());
const port = z.optional(z.int().check(z.minimum(0), z.maximum(65535)));
const positive = z.number().check(z.positive());

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
    }),
  ),
});

const errorDetail: z.ZodMiniType<ErpErrorDetail> = z.lazy(() =>
  z.strictObject({
    code: text,
    message: text,
    target: text,
    details: z.optional(z.array(errorDetail)),
    additionalInfo: z.optional(z.array(z.strictObject({ type: text, info: z.unknown() }))),
  }),
);

const erpKnobs = {
  respond: z.optional(z.literal([200, 202])),
  steps: z.optional(
    z.array(
      z.union([z.string(), z.strictObject({ status: z.string(), percentComplete: z.optional(z.number()) })]),
    ),
  ),
  durationMs: z.optional(z.number().check(z.nonnegative())),
  retryAfter: text,
  softStopUnsupported: flag,
  error: z.optional(errorDetail),
  pollingHeader: text,
  pollingOrigin: z.optional(origin),
  pollingUrlForm: z.optional(linkForm),
  rotatePollingUrl: flag,
  pollingMode: z.optional(z.enum(['async', 'location'])),
  locationFinal: z.optional(z.literal([200, 204])),
  status: text,
  health: text,
  missing: flag,
  readRefused: flag,
  endStatus: text,
  endHealth: text,
  settleReads: z.optional(count),
  statusLagReads: z.optional(count),
  movesAfterFailure: z.optional(
    z.strictObject({ status: z.string(), health: text, reads: z.optional(count) }),
  ),
};
const erpInstance = z.strictObject({ ...erpKnobs, start: z.optional(z.strictObject(erpKnobs)) });

const steps = erpKnobs.steps;
// The parts of a system (C3), see erp-parts.ts.
const erpDatabase = z.strictObject({
  name: z.string(),
  databaseType: text,
  status: text,
  startFails: flag,
  stopSteps: steps,
});
const erpParts = z.strictObject({
  databases: z.optional(z.array(erpDatabase)),
  applicationInstances: z.optional(z.array(z.string())),
  centralInstance: text,
  respond: z.optional(z.literal([200, 202])),
  steps,
  durationMs: z.optional(z.number().check(z.nonnegative())),
  retryAfter: text,
  pollingUrlForm: z.optional(z.enum(['absolute', 'relative', 'malformed', 'bare'])),
  pageSize: z.optional(z.int().check(z.positive())),
});

const erp = z.strictObject({
  location: text,
  defaults: z.optional(erpInstance),
  instances: z.optional(z.record(z.string(), erpInstance)),
  parts: z.optional(
    z.strictObject({
      defaults: z.optional(erpParts),
      systems: z.optional(z.record(z.string(), erpParts)),
    }),
  ),
});

const datasetDetail = z.strictObject({
  name: z.string(),
  dataSetId: text,
  dataSetType: text,
  status: text,
  message: text,
  startTime: text,
  endTime: text,
  durationMs: z.optional(z.number()),
});
const details = z.optional(z.array(datasetDetail));
const generatedDetails = z.optional(z.strictObject({ count, failed: z.optional(count) }));

const synchronization = z.strictObject({
  synchronizationId: z.string(),
  synchronizationMode: text,
  status: text,
  message: text,
  startTime: text,
  endTime: text,
  durationMs: z.optional(z.number()),
  appearAfterPolls: z.optional(count),
  statuses: z.optional(z.array(z.string())),
  startTimeAfterPolls: z.optional(count),
  details,
  generatedDetails,
});

const synchronizationStart = z.strictObject({
  statuses: z.optional(z.array(z.string())),
  appearAfterPolls: z.optional(count),
  message: text,
  durationMs: z.optional(z.number().check(z.nonnegative())),
  details,
  generatedDetails,
  answer: z.optional(z.literal([200, 202])),
  omitId: flag,
});

const dataShare = z.strictObject({
  shareSubscription: text,
  apiVersion: text,
  pageSize: z.optional(z.int().check(z.positive())),
  synchronizations: z.optional(z.array(synchronization)),
  generatedHistory: z.optional(z.strictObject({ count, newest: text, spacingMinutes: z.optional(positive) })),
  // The source share's settings as the service returns them: any shape, on purpose.
  settings: z.optional(z.array(z.unknown())),
  repeatNextLink: flag,
  nextLinkOrigin: z.optional(origin),
  nextLinkForm: z.optional(linkForm),
  retryAfter: text,
  ignoreOrderBy: flag,
  starts: z.optional(z.array(synchronizationStart)),
  conflictCode: text,
  cancelEnded: z.optional(z.strictObject({ status: z.number(), code: z.string(), message: z.string() })),
  cancel: z.optional(z.strictObject({ status: text, afterPolls: z.optional(count) })),
  detailsPageSize: z.optional(z.int().check(z.positive())),
  detailsError: z.optional(
    z.strictObject({
      status: z.int().check(z.minimum(400), z.maximum(599)),
      code: z.string(),
      message: z.string(),
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
  erp: z.optional(erp),
  dataShare: z.optional(dataShare),
  cachedImages: z.optional(cachedImages),
  apps: z.optional(apps),
  fleet: z.optional(fleetSchema),
});

/** `erp.instances.X01.stpes`, `cachedImages.regions.westeurope[2]`: where in the file an issue is. */
function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    '',
  );
}

/** What an issue says, in words of its own (zod/mini carries no messages). */
function reason(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    case 'invalid_union':
      return 'matches none of the accepted forms';
    default:
      return 'is not valid';
  }
}

/** One issue, the most specific: within a union, the branch that came closest (fewest issues). */
function firstIssue(issues: readonly z.core.$ZodIssue[], base: PropertyKey[] = []): string {
  const issue = issues[0];
  if (!issue) return 'is not valid';
  const path = [...base, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0]!;
    if (closest.length > 0) return firstIssue(closest, path);
  }
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => pathOf([...path, key]));
    return `unknown key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `'${k}'`).join(', ')}`;
  }
  return `${pathOf(path) || 'the file'}: ${reason(issue)}`;
}

/** The scenario, or one line that says what is wrong and where. */
export function parseScenario(value: unknown): { scenario: Scenario } | { error: string } {
  const parsed = z.safeParse(scenarioSchema, value);
  return parsed.success ? { scenario: parsed.data } : { error: firstIssue(parsed.error.issues) };
}

/** Compile-time: every key of each area's type has a place in the schema (a new knob must be added here). */
export type Covers<S, T> = [Exclude<keyof T, keyof S>] extends [never]
  ? true
  : { missing: Exclude<keyof T, keyof S> };
export type Out<S extends z.ZodMiniType> = NonNullable<z.output<S>>;
const covered: {
  scenario: Covers<Out<typeof scenarioSchema>, Scenario>;
  emulator: Covers<Out<typeof emulator>, EmulatorOptions>;
  erp: Covers<Out<typeof erp>, ErpScenario>;
  erpInstance: Covers<Out<typeof erpInstance>, ErpInstanceScenario>;
  erpParts: Covers<Out<typeof erpParts>, ErpPartsScenario>;
  erpDatabase: Covers<Out<typeof erpDatabase>, ErpDatabaseScenario>;
  dataShare: Covers<Out<typeof dataShare>, DataShareScenario>;
  synchronization: Covers<Out<typeof synchronization>, EmulatedSynchronization>;
  synchronizationStart: Covers<Out<typeof synchronizationStart>, EmulatedStart>;
  datasetDetail: Covers<Out<typeof datasetDetail>, EmulatedDatasetDetail>;
  cachedImages: Covers<Out<typeof cachedImages>, CachedImagesScenario>;
  apps: Covers<Out<typeof apps>, AppsScenario>;
} = {
  scenario: true,
  emulator: true,
  erp: true,
  erpInstance: true,
  erpParts: true,
  erpDatabase: true,
  dataShare: true,
  synchronization: true,
  synchronizationStart: true,
  datasetDetail: true,
  cachedImages: true,
  apps: true,
};
void covered;
// And the other way: what the schema yields is a Scenario the emulator takes.
const _fits: (s: z.output<typeof scenarioSchema>) => Scenario = (s) => s;
void _fits;
