import { z } from 'zod';
import type { AppsScenario } from './areas/apps.js';
import type { CachedImagesScenario } from './areas/cached-images.js';
import type { DataShareScenario, EmulatedSynchronization } from './areas/data-share.js';
import type { ErpErrorDetail, ErpInstanceScenario, ErpScenario } from './areas/erp.js';
import type { EmulatorOptions } from './emulator.js';
import type { Scenario } from './index.js';

/**
 * The scenario file's schema: every object strict, so a misspelt knob (`"stpes"`) is refused with its path
 * instead of being ignored while the scenario silently tests nothing. The areas' TypeScript types stay what the
 * code reads; the checks at the end of this file fail to compile when a knob is added to a type but not here.
 */

const linkForm = z.enum(['absolute', 'relative', 'malformed']);
const origin = z.enum(['primary', 'secondary']);

const emulator = z.strictObject({
  host: z.string().optional(),
  port: z.number().int().min(0).max(65535).optional(),
  secondPort: z.number().int().min(0).max(65535).optional(),
  tokenLifetimeSeconds: z.number().positive().optional(),
  accessTokens: z.array(z.string()).optional(),
  clients: z.array(z.strictObject({ clientId: z.string(), clientSecret: z.string().optional() })).optional(),
  oidcRequestToken: z.string().optional(),
});

const errorDetail: z.ZodType<ErpErrorDetail> = z.lazy(() =>
  z.strictObject({
    code: z.string().optional(),
    message: z.string().optional(),
    target: z.string().optional(),
    details: z.array(errorDetail).optional(),
    additionalInfo: z.array(z.strictObject({ type: z.string().optional(), info: z.unknown() })).optional(),
  }),
);

const erpKnobs = z.strictObject({
  respond: z.literal([200, 202]).optional(),
  steps: z
    .array(
      z.union([z.string(), z.strictObject({ status: z.string(), percentComplete: z.number().optional() })]),
    )
    .optional(),
  durationMs: z.number().nonnegative().optional(),
  retryAfter: z.string().optional(),
  softStopUnsupported: z.boolean().optional(),
  error: errorDetail.optional(),
  pollingHeader: z.string().optional(),
  pollingOrigin: origin.optional(),
  pollingUrlForm: linkForm.optional(),
});
const erpInstance = erpKnobs.extend({ start: erpKnobs.optional() });

const erp = z.strictObject({
  location: z.string().optional(),
  defaults: erpInstance.optional(),
  instances: z.record(z.string(), erpInstance).optional(),
});

const synchronization = z.strictObject({
  synchronizationId: z.string(),
  synchronizationMode: z.string().optional(),
  status: z.string().optional(),
  message: z.string().optional(),
  startTime: z.string().optional(),
  endTime: z.string().optional(),
  durationMs: z.number().optional(),
  appearAfterPolls: z.number().int().nonnegative().optional(),
  statuses: z.array(z.string()).optional(),
});

const dataShare = z.strictObject({
  shareSubscription: z.string().optional(),
  apiVersion: z.string().optional(),
  pageSize: z.number().int().positive().optional(),
  synchronizations: z.array(synchronization).optional(),
  generatedHistory: z
    .strictObject({
      count: z.number().int().nonnegative(),
      newest: z.string().optional(),
      spacingMinutes: z.number().positive().optional(),
    })
    .optional(),
  // The source share's settings as the service returns them: any shape, on purpose.
  settings: z.array(z.unknown()).optional(),
  repeatNextLink: z.boolean().optional(),
  nextLinkOrigin: origin.optional(),
  nextLinkForm: linkForm.optional(),
  retryAfter: z.string().optional(),
});

const cachedImages = z.strictObject({
  regions: z
    .record(
      z.string(),
      z.array(
        z.union([
          z.strictObject({ image: z.string(), osType: z.string().optional() }),
          z.strictObject({
            generate: z.number().int().nonnegative(),
            osType: z.string().optional(),
            prefix: z.string().optional(),
          }),
        ]),
      ),
    )
    .optional(),
  pageSize: z.number().int().positive().optional(),
  nextLinkOnSecondOrigin: z.boolean().optional(),
  nextLinkForm: linkForm.optional(),
  repeatNextLink: z.boolean().optional(),
  apiVersions: z.array(z.string()).optional(),
});

const role = z.enum(['Manager', 'Developer', 'Viewer']);
const access = z.enum(['full', 'read-only']);
const apps = z.strictObject({
  users: z
    .array(z.strictObject({ id: z.string(), name: z.string(), email: z.string(), display_name: z.string() }))
    .optional(),
  apps: z
    .array(
      z.strictObject({
        owner: z.string(),
        name: z.string(),
        ownerType: z.enum(['user', 'org']),
        members: z.record(z.string(), role),
      }),
    )
    .optional(),
  tokens: z
    .array(
      z.discriminatedUnion('type', [
        z.strictObject({ value: z.string(), type: z.literal('user'), access, user: z.string() }),
        z.strictObject({ value: z.string(), type: z.literal('app'), access, app: z.string() }),
      ]),
    )
    .optional(),
  retired: z.boolean().optional(),
  retiredStatus: z.number().int().min(400).max(599).optional(),
});

export const scenarioSchema = z.strictObject({
  emulator: emulator.optional(),
  erp: erp.optional(),
  dataShare: dataShare.optional(),
  cachedImages: cachedImages.optional(),
  apps: apps.optional(),
});

/** `erp.instances.X01.stpes`, `cachedImages.regions.westeurope[2]`: where in the file an issue is. */
function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    '',
  );
}

/** One issue, the most specific: within a union, the branch that came closest (fewest issues). */
function firstIssue(issues: readonly z.core.$ZodIssue[], base: PropertyKey[] = []): string {
  const issue = issues[0];
  if (!issue) return 'is not valid';
  const path = [...base, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0]!;
    return firstIssue(closest, path);
  }
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => pathOf([...path, key]));
    return `unknown key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `'${k}'`).join(', ')}`;
  }
  return `${pathOf(path) || 'the file'}: ${issue.message}`;
}

/** The scenario, or one line that says what is wrong and where. */
export function parseScenario(value: unknown): { scenario: Scenario } | { error: string } {
  const parsed = scenarioSchema.safeParse(value);
  return parsed.success ? { scenario: parsed.data } : { error: firstIssue(parsed.error.issues) };
}

/** Compile-time: every key of each area's type has a place in the schema (a new knob must be added here). */
type Covers<S, T> = [Exclude<keyof T, keyof S>] extends [never]
  ? true
  : { missing: Exclude<keyof T, keyof S> };
type Out<S extends z.ZodType> = NonNullable<z.output<S>>;
const covered: {
  scenario: Covers<Out<typeof scenarioSchema>, Scenario>;
  emulator: Covers<Out<typeof emulator>, EmulatorOptions>;
  erp: Covers<Out<typeof erp>, ErpScenario>;
  erpInstance: Covers<Out<typeof erpInstance>, ErpInstanceScenario>;
  dataShare: Covers<Out<typeof dataShare>, DataShareScenario>;
  synchronization: Covers<Out<typeof synchronization>, EmulatedSynchronization>;
  cachedImages: Covers<Out<typeof cachedImages>, CachedImagesScenario>;
  apps: Covers<Out<typeof apps>, AppsScenario>;
} = {
  scenario: true,
  emulator: true,
  erp: true,
  erpInstance: true,
  dataShare: true,
  synchronization: true,
  cachedImages: true,
  apps: true,
};
void covered;
// And the other way: what the schema yields is a Scenario the emulator takes.
const _fits: (s: z.output<typeof scenarioSchema>) => Scenario = (s) => s;
void _fits;
