import type { Scenario, ServiceEmulator } from '../emulator/index.js';
import { FAILED } from '../emulator/areas/erp-scenario.js';

type Step = string | { status: string; percentComplete?: number };
const step = (s: Step) =>
  typeof s === 'string'
    ? s
    : `${s.status}${s.percentComplete === undefined ? '' : ` ${s.percentComplete} %`}`;

/**
 * What a started emulator holds and how to reach it, so that any operation can be tried against it at once:
 * its address, the credentials it accepts, and per area the instances, synchronizations, regions and images,
 * apps and API tokens of the scenario. The first line stays `emulator listening on URL` (CI waits for it).
 */
export function emulatorBanner(emulator: ServiceEmulator, scenario: Scenario, source: string): string {
  const url = emulator.url;
  const client = emulator.clients[0];
  const token = [...emulator.accessTokens][0];
  const lines = [
    `emulator listening on ${url} (second origin ${emulator.secondUrl})`,
    `scenario: ${source}`,
    '',
    `Sign in (--base-url ${url}; --auth-url ${url} for a client):`,
    ...(token ? [`  --access-token ${token}`] : []),
    ...(client?.clientSecret
      ? [`  --client-id ${client.clientId} --client-secret ${client.clientSecret} --tenant-id any-tenant`]
      : []),
    ...erpLines(scenario),
    ...fleetLines(scenario),
    ...dataShareLines(scenario),
    ...imageLines(scenario),
    ...appLines(emulator),
  ];
  const region = Object.entries(scenario.cachedImages?.regions ?? {})[0];
  const image = region?.[1].find((entry) => 'image' in entry);
  if (region && image && 'image' in image && token) {
    lines.push(
      '',
      'Try:',
      `  vendor-ops check-image-cached --base-url ${url} --access-token ${token} \\`,
      `    --subscription-id 00000000-0000-4000-8000-000000000001 --location ${region[0]} --image ${image.image}`,
    );
  }
  lines.push('', 'Ctrl-C stops it.');
  return lines.join('\n');
}

type Knobs = NonNullable<NonNullable<Scenario['erp']>['defaults']>;

/** What the emulator does when no step is configured (src/emulator/areas/erp.ts). */
const DEFAULT_STEPS = 'InProgress 50 % → Succeeded';

/** Whether the knobs' operation ends Failed (or Canceled) as the emulator plays it (erp-wire.ts). */
function endsFailed(knobs: Knobs): boolean {
  const last = knobs.steps?.[knobs.steps.length - 1];
  const status = typeof last === 'string' ? last : last?.status;
  return knobs.durationMs === undefined && status !== undefined && FAILED.has(status.toLowerCase());
}

/** What a stop or a start of these knobs does, in the order it happens: the answer, the steps, how it ends. */
function operation(knobs: Knobs): string {
  const parts: string[] = [];
  if (knobs.softStopUnsupported)
    parts.push('refuses a soft stop (--soft-stop-timeout-seconds above 0) with 400');
  if (knobs.respond === 200) parts.push('answers 200');
  if (knobs.pollingMode === 'location') parts.push('the Location pattern');
  if (knobs.pollingHeader) parts.push(`polling header ${knobs.pollingHeader}`);
  if (knobs.pollingOrigin === 'secondary') parts.push('a polling URL on the second origin (to be refused)');
  if (knobs.rotatePollingUrl) parts.push('a fresh polling URL on every answer');
  if (knobs.retryAfter) parts.push(`Retry-After ${knobs.retryAfter}`);
  if (knobs.durationMs !== undefined) parts.push(`runs ${Math.round(knobs.durationMs / 1000)} s`);
  else parts.push(knobs.steps ? knobs.steps.map(step).join(' → ') : DEFAULT_STEPS);
  // The error is what a Failed step answers: a start whose own steps succeed does not fail with the stop's error.
  if (knobs.error?.code && endsFailed(knobs)) parts.push(`fails with ${knobs.error.code}`);
  if (knobs.endStatus || knobs.endHealth) {
    const end = [knobs.endStatus, knobs.endHealth && `health ${knobs.endHealth}`].filter(Boolean).join(', ');
    parts.push(`then the instance is ${end}: a false success`);
  }
  if (knobs.settleReads) parts.push(`${knobs.settleReads} read(s) still moving after it ends`);
  return parts.join(', ');
}

/**
 * What an instance will do, as a person trying the emulator needs to know it: its state, then its stop and its
 * start (the start's own knobs over the instance's), a false success named as one.
 */
function instance(knobs: Knobs): string {
  if (knobs.missing) return 'does not exist: every call answers 404 (not found)';
  const state = `${knobs.status ?? 'Running'}, ${knobs.health ?? 'Healthy'}`;
  const read = knobs.readRefused ? '; its read is refused (403)' : '';
  const stop = operation(knobs);
  const start = knobs.start ? operation({ ...knobs, ...knobs.start }) : stop;
  const what = stop === start ? `stop and start: ${stop}` : `stop: ${stop}; start: ${start}`;
  return `${state}${read}; ${what}`;
}

function erpLines(scenario: Scenario): string[] {
  const erp = scenario.erp ?? {};
  return [
    `erp-stop, erp-start, wait-for-operation (any --subscription-id and --resource-group; location ${erp.location ?? 'westeurope'}):`,
    scenario.fleet?.holdsOnly
      ? '  any other --erp-virtual-instance: only the fleet below and these are held; any other answers 404'
      : `  any other --erp-virtual-instance: ${instance(erp.defaults ?? {})}`,
    ...Object.entries(erp.instances ?? {}).map(
      ([name, knobs]) => `  ${name}: ${instance({ ...erp.defaults, ...knobs })}`,
    ),
  ];
}

function dataShareLines(scenario: Scenario): string[] {
  const share = scenario.dataShare ?? {};
  const syncs = share.synchronizations ?? [];
  const schedule = share.settings
    ?.map(
      (s) => (s as { properties?: { recurrenceInterval?: string; synchronizationTime?: string } }).properties,
    )
    .find((p) => p?.recurrenceInterval);
  return [
    `wait-for-sync (any --resource-group and --account-name; --share-subscription ${share.shareSubscription ?? 'any'}):`,
    ...(syncs.length === 0 ? ['  no synchronizations: wait-for-sync waits for one until its --timeout'] : []),
    ...syncs.map(
      (s) =>
        `  ${s.synchronizationId}: ${s.synchronizationMode ?? 'mode not set'}, ${(s.statuses ?? [s.status ?? 'no status']).join(' → ')}${s.startTime ? `, started ${s.startTime}` : ''}${s.appearAfterPolls ? `, appears after ${s.appearAfterPolls} polls` : ''}`,
    ),
    ...(share.generatedHistory
      ? [`  and ${share.generatedHistory.count} older finished synchronizations`]
      : []),
    ...(schedule
      ? [
          `  schedule: every ${schedule.recurrenceInterval} from ${schedule.synchronizationTime ?? 'an unset time'}`,
        ]
      : []),
  ];
}

function imageLines(scenario: Scenario): string[] {
  const regions = Object.entries(scenario.cachedImages?.regions ?? {});
  return [
    'check-image-cached (--subscription-id any UUID):',
    ...(regions.length === 0 ? ['  no regions: every --location answers 404'] : []),
    ...regions.map(([region, entries]) => {
      const named = entries.flatMap((e) =>
        'image' in e ? [`${String(e.image)}${e.osType ? ` (${String(e.osType)})` : ''}`] : [],
      );
      const generated = entries.reduce((n, e) => n + ('generate' in e ? Number(e.generate) : 0), 0);
      const filler = generated > 0 ? `, and ${generated} filler images` : '';
      return `  --location ${region}: ${named.join(', ') || 'no named images'}${filler}`;
    }),
  ];
}

function appLines(emulator: ServiceEmulator): string[] {
  const apps = emulator.apps;
  return [
    `app-remove-user, app-current-user (--api-url ${emulator.url}${apps.retired ? `; retired: every call answers ${apps.retiredStatus}` : ''}):`,
    ...[...apps.apps.entries()].map(
      ([name, app]) =>
        `  --app ${name}: ${Object.entries(app.members)
          .map(([email, role]) => `${email} (${role})`)
          .join(', ')}`,
    ),
    ...[...apps.tokens.values()].map(
      (t) =>
        `  --api-token ${t.value}: ${t.type} token of ${t.type === 'user' ? t.user : t.app}, ${t.access === 'full' ? 'full access' : 'read-only'}`,
    ),
  ];
}

/**
 * The fleet erp-list selects from: its systems by subscription and resource group, the tags they carry (to select
 * by), and which have database instances (what a `whole-system: true` window acts on).
 */
function fleetLines(scenario: Scenario): string[] {
  const systems = scenario.fleet?.systems ?? [];
  if (systems.length === 0) return ['erp-list: no fleet (every listing is empty)'];
  const parts = scenario.erp?.parts;
  const defaults = parts?.defaults?.databases ?? [{ name: 'db0', databaseType: 'hdb' }];
  const databasesOf = (name: string) => parts?.systems?.[name]?.databases ?? defaults;
  const lines = [
    `erp-list, and erp-stop, erp-start, erp-status by --tag (${scenario.fleet?.holdsOnly ? 'a subscription or system not held answers 404' : 'any other system answers too'}):`,
  ];
  for (const s of systems) {
    const count = 'generate' in s ? `${s.generate} systems ${s.prefix ?? 'S'}0001…` : s.name;
    const tags = Object.entries(s.tags ?? {}).map(([n, v]) => `${n}=${v}`);
    const dbs = 'generate' in s ? defaults : databasesOf(s.name);
    const databases = dbs.length ? `databases ${dbs.map((d) => d.name).join(', ')}` : 'no database';
    lines.push(
      `  ${count} (--subscription-id ${s.subscription} --resource-group ${s.resourceGroup}): ${s.environment ?? 'NonProd'}, ${tags.length ? `tags ${tags.join(', ')}` : 'no tags'}, ${s.state ?? 'RegistrationComplete'}; ${databases}`,
    );
  }
  return lines;
}
