import type { ErpInstanceScenario } from '../src/emulator/areas/erp.js';
import { startEmulator, type Scenario, type ServiceEmulator } from '../src/emulator/index.js';
import type { EmulatorTls } from '../src/emulator/index.js';
import { runChild, type ChildRun, type ChildSetting } from './child.js';
import { FLEET_LIST_CASES } from './fleet-list.js';

/** What one run of a case measured; every case reports wall time and peak RSS, some more. */
export type Sample = Record<string, number>;

export interface Case {
  name: string;
  /** A start-up case: run for `--startup-runs` rounds (at least), the others for `--runs` (run.ts). */
  startup?: boolean;
  /** At most this many rounds: a case whose one run takes minutes, bounded by buckets rather than by noise. */
  maxRounds?: number;
  run(env: BenchEnv): Promise<Sample>;
}

export interface BenchEnv extends ChildSetting {
  /** The emulator's key and certificate; the children trust `caFile` (ChildSetting). */
  tls: EmulatorTls;
  /** The action's bundle (action.yml's runs.main) and the floor bundle. */
  actionMain: string;
  floorMain: string;
  floorRequestsMain: string;
  /** Floor + GETs with each page validated by the action's zod/mini schema (floor.ts). */
  floorZodMain: string;
  /** The least client for the fan-out (floor.ts). */
  fanOutFloorMain: string;
  /** The vendor's SDK doing the same step, without and with @azure/identity (sdk.ts). */
  sdkMain: string;
  sdkIdentityMain: string;
  /** The same bundles with the phase probes in (phases.ts), and the probe the child `--require`s. */
  phases: {
    probe: string;
    actionMain: string;
    floorMain: string;
    floorRequestsMain: string;
    floorZodMain: string;
    sdkMain: string;
    sdkIdentityMain: string;
  };
}

const SUBSCRIPTION = '00000000-0000-4000-8000-000000000001';
const IMAGE = 'docker.io/library/nginx:1.27';

/** The knobs the table's notes quote; chosen so one round of every case takes about 15 s. */
export const SETTINGS = {
  wait: { durationMs: 2_500, retryAfterSeconds: 1 },
  imagePages: { pages: 10, pageSize: 100, onPages: [1, 5, 10] },
  /** `shortCount`: the same read over fewer pages, to show peak RSS does not grow with the number of pages. */
  history: { count: 10_000, shortCount: 2_000, pageSize: 100 },
  fanOut: { instances: 200, maxParallel: 50, durationMs: 2_000, retryAfterSeconds: 1 },
  /** A fleet against a resource-manager write bucket far smaller than the vendor's (200, refilled at 10/s). */
  fleet: {
    instances: 60,
    maxParallel: 60,
    durationMs: 2_000,
    retryAfterSeconds: 1,
    bucket: { capacity: 10, refillPerSecond: 8 },
  },
  /** Whole-system stops with snooze (4 steps each) under the vendor's own write and read buckets. */
  window: {
    systems: 200,
    maxParallel: 20,
    durationMs: 3_000,
    retryAfterSeconds: 1,
    writeBucket: { capacity: 200, refillPerSecond: 10 },
    readBucket: { capacity: 250, refillPerSecond: 25 },
  },
};

/** Every case's emulator serves HTTPS with the bench's throw-away certificate (tls.ts), the SDK's and ours alike. */
async function withEmulator<T>(
  env: BenchEnv,
  scenario: Scenario,
  body: (emu: ServiceEmulator) => Promise<T>,
): Promise<T> {
  const emu = await startEmulator(scenario, { tls: env.tls });
  try {
    return await body(emu);
  } finally {
    await emu.close();
  }
}

function expectSuccess(name: string, run: ChildRun, ok = true): void {
  if (run.code === 0 && ok) return;
  const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error'));
  throw new Error(`${name}: the run did not succeed (exit ${run.code}): ${errors.join(' ') || run.stderr}`);
}

const resourceManager = (emu: ServiceEmulator) => ({
  'base-url': emu.url,
  'access-token': [...emu.accessTokens][0]!,
  'subscription-id': SUBSCRIPTION,
});

/** Cached images with ours as the `at`-th of `total` (1-based). */
function imagesScenario(at: number, total: number, pageSize: number): Scenario {
  return {
    cachedImages: {
      pageSize,
      regions: {
        westeurope: [
          { generate: at - 1, prefix: 'filler/before' },
          { image: IMAGE, osType: 'Linux' },
          { generate: total - at, prefix: 'filler/after' },
        ],
      },
    },
  };
}

async function checkImage(
  env: BenchEnv,
  name: string,
  scenario: Scenario,
  { main = env.actionMain, phaseProbe }: { main?: string; phaseProbe?: string } = {},
): Promise<Sample> {
  return withEmulator(env, scenario, async (emu) => {
    const run = await runChild(
      [main],
      { operation: 'check-image-cached', ...resourceManager(emu), location: 'westeurope', image: IMAGE },
      env,
      { phaseProbe },
    );
    expectSuccess(name, run, run.outputs.cached === 'true');
    return { wallMs: run.wallMs, rssKiB: run.peakRssKiB, pages: emu.cachedImages.pagesServed, ...run.phases };
  });
}

const nodeE0: Case = {
  name: 'node -e 0',
  startup: true,
  async run(env) {
    const run = await runChild(['-e', '0'], {}, env);
    expectSuccess(this.name, run);
    return { wallMs: run.wallMs, rssKiB: run.peakRssKiB };
  },
};

function runFloor(env: BenchEnv, name: string, main: string, phaseProbe?: string): Promise<Sample> {
  return runChild([main], { operation: 'check-image-cached' }, env, { phaseProbe }).then((run) => {
    expectSuccess(name, run);
    return { wallMs: run.wallMs, rssKiB: run.peakRssKiB, ...run.phases };
  });
}

function runFloorRequests(env: BenchEnv, name: string, main: string, phaseProbe?: string): Promise<Sample> {
  return withEmulator(env, imagesScenario(300, 300, 100), async (emu) => {
    const inputs = { ...resourceManager(emu), location: 'westeurope', image: IMAGE };
    const run = await runChild([main], inputs, env, { phaseProbe });
    expectSuccess(name, run, run.outputs.cached === 'true');
    // A reference that stopped early would be measured doing less than the action: fail the bench instead.
    if (emu.cachedImages.pagesServed !== 3)
      throw new Error(`${name}: read ${emu.cachedImages.pagesServed} of the 3 pages, not every page`);
    return { wallMs: run.wallMs, rssKiB: run.peakRssKiB, ...run.phases };
  });
}

const floor: Case = { name: 'floor', startup: true, run: (env) => runFloor(env, 'floor', env.floorMain) };

/**
 * A start-up case of a reference that reads the same 3 pages as the action (floor + GETs, the SDK), run and
 * checked by runFloorRequests: every page served. `main`: the bundle, from the bench's environment or given.
 */
export function referenceCase(name: string, main: string | ((env: BenchEnv) => string)): Case {
  return {
    name,
    startup: true,
    run: (env) => runFloorRequests(env, name, typeof main === 'string' ? main : main(env)),
  };
}

const floorRequests = referenceCase('floor + requests', (env) => env.floorRequestsMain);
const floorZod = referenceCase('floor + zod', (env) => env.floorZodMain);

/** The last of 300 images, so all 3 pages of 100 are read. */
const startup: Case = {
  name: 'check-image-cached',
  startup: true,
  run: (env) => runStartup(env, 'check-image-cached', env.actionMain),
};

/** The start-up case with a given bundle of the action (the bench's levers build others: levers.ts). */
export function runStartup(env: BenchEnv, name: string, main: string): Promise<Sample> {
  return checkImage(env, name, imagesScenario(300, 300, 100), { main }).then((sample) => {
    if (sample.pages !== 3) throw new Error(`${name}: read ${sample.pages} of the 3 pages`);
    return sample;
  });
}

/** The vendor's SDK over the same 3 pages (sdk.ts). */
const sdk = referenceCase('sdk', (env) => env.sdkMain);
const sdkIdentity = referenceCase('sdk + identity', (env) => env.sdkIdentityMain);

/** The same processes again, from the bundles with the phase probes in: time only, no peak RSS. */
const phaseCases: Case[] = [
  {
    name: 'phases: floor',
    run: (env) => runFloor(env, 'phases: floor', env.phases.floorMain, env.phases.probe),
  },
  {
    name: 'phases: floor + requests',
    run: (env) =>
      runFloorRequests(env, 'phases: floor + requests', env.phases.floorRequestsMain, env.phases.probe),
  },
  {
    name: 'phases: floor + zod',
    run: (env) => runFloorRequests(env, 'phases: floor + zod', env.phases.floorZodMain, env.phases.probe),
  },
  {
    name: 'phases: sdk',
    run: (env) => runFloorRequests(env, 'phases: sdk', env.phases.sdkMain, env.phases.probe),
  },
  {
    name: 'phases: sdk + identity',
    run: (env) =>
      runFloorRequests(env, 'phases: sdk + identity', env.phases.sdkIdentityMain, env.phases.probe),
  },
  {
    name: 'phases: check-image-cached',
    run: (env) =>
      checkImage(env, 'phases: check-image-cached', imagesScenario(300, 300, 100), {
        main: env.phases.actionMain,
        phaseProbe: env.phases.probe,
      }),
  },
];

const imageOnPage = (k: number): Case => {
  const { pages, pageSize } = SETTINGS.imagePages;
  return {
    name: `image on page ${k} of ${pages}`,
    run: (env) =>
      checkImage(
        env,
        `image on page ${k}`,
        imagesScenario((k - 1) * pageSize + 50, pages * pageSize, pageSize),
      ),
  };
};

interface ErpStopRun {
  name: string;
  names: string[];
  timing: { durationMs: number; retryAfterSeconds: number };
  measure: (emu: ServiceEmulator, run: ChildRun) => Sample;
  inputs?: Record<string, string>;
  knobs?: ErpInstanceScenario;
  emulator?: Scenario['emulator'];
  /** The bundle run: the action's by default. */
  main?: string;
}

/**
 * erp-stop of `names` as a runner runs it, each operation taking `durationMs` on the server with Retry-After on every
 * answer that is not the end; `measure` reads the figures off the emulator once the step has succeeded.
 */
function erpStopCase(
  env: BenchEnv,
  { name, names, timing, measure, inputs = {}, knobs = {}, emulator, main = env.actionMain }: ErpStopRun,
): Promise<Sample> {
  const scenario: Scenario = {
    emulator,
    erp: {
      defaults: { durationMs: timing.durationMs, retryAfter: String(timing.retryAfterSeconds), ...knobs },
    },
  };
  return withEmulator(env, scenario, async (emu) => {
    const run = await runChild(
      [main],
      {
        operation: 'erp-stop',
        ...resourceManager(emu),
        'resource-group': 'rg',
        'erp-virtual-instance': names.join('\n'),
        ...inputs,
      },
      env,
    );
    expectSuccess(name, run, emu.erp.stops.length === names.length);
    return measure(emu, run);
  });
}

/**
 * One instance whose stop takes T on the server, with Retry-After r on every answer that is not the end;
 * `rotating`: each answer hands out a fresh polling URL and the older ones expire, as the vendor's recording shows.
 */
const wait = (rotating: boolean): Case => ({
  name: rotating ? 'erp-stop wait, rotating URLs' : 'erp-stop wait',
  run(env) {
    const knobs = rotating ? { rotatePollingUrl: true } : {};
    return erpStopCase(env, {
      name: this.name,
      names: ['E01'],
      timing: SETTINGS.wait,
      knobs,
      measure: (emu, run) => {
        const serverEnd = emu.erp.stops[0]!.startedAt + SETTINGS.wait.durationMs;
        const stepEnd = run.closedAt + (emu.now() - Date.now());
        // A poll of a superseded URL fails the step (404), so a success means none was sent.
        return {
          wallMs: run.wallMs,
          rssKiB: run.peakRssKiB,
          requests: emu.requests.length,
          endDelayMs: stepEnd - serverEnd,
          supersededPolls: emu.erp.supersededPolls,
        };
      },
    });
  },
});

/**
 * A long synchronization history, all finished. Newest first (our default order) the first page decides; in
 * `startTime asc` the newest is on the last page, so every page is read: the same wait, 100 times the pages.
 */
const history = (allPages: boolean, short = false): Case => ({
  name: allPages ? `history, every page${short ? ' (short)' : ''}` : 'history, first page',
  async run(env) {
    const { pageSize } = SETTINGS.history;
    const count = short ? SETTINGS.history.shortCount : SETTINGS.history.count;
    const scenario: Scenario = { dataShare: { pageSize, generatedHistory: { count } } };
    return withEmulator(env, scenario, async (emu) => {
      const run = await runChild(
        [env.actionMain],
        {
          operation: 'wait-for-sync',
          ...resourceManager(emu),
          'resource-group': 'rg',
          'account-name': 'account',
          'share-subscription': 'share-sub',
          ...(allPages ? { orderby: 'startTime asc' } : {}),
        },
        env,
      );
      expectSuccess(this.name, run);
      return {
        wallMs: run.wallMs,
        rssKiB: run.peakRssKiB,
        requestsPerPoll: emu.requestsTo(/\/listSynchronizations$/).length / emu.dataShare.polls,
      };
    });
  },
});

/**
 * sync-start over the same long history: the synchronization it starts shows up in the list a poll late, then
 * runs for three polls. The ideal: the POST, then one page of the newest-first list per poll.
 */
const syncStart: Case = {
  name: 'sync-start, long history',
  async run(env) {
    const { pageSize, count } = SETTINGS.history;
    const scenario: Scenario = {
      dataShare: {
        pageSize,
        generatedHistory: { count },
        retryAfter: '1',
        starts: [{ appearAfterPolls: 1, statuses: ['Queued', 'InProgress', 'Succeeded'] }],
      },
    };
    return withEmulator(env, scenario, async (emu) => {
      const run = await runChild(
        [env.actionMain],
        {
          operation: 'sync-start',
          ...resourceManager(emu),
          'resource-group': 'rg',
          'account-name': 'account',
          'share-subscription': 'share-sub',
          'synchronization-mode': 'FullSync',
        },
        env,
      );
      expectSuccess(this.name, run, run.outputs['synchronization-status'] === 'Succeeded');
      return {
        wallMs: run.wallMs,
        rssKiB: run.peakRssKiB,
        requests: emu.requests.length,
        ideal: emu.requestsTo(/\/synchronize$/).length + emu.dataShare.polls,
      };
    });
  },
};

/**
 * 200 stops, 50 at a time, by the action; `least`: the same by the least client (floor.ts), what this machine makes
 * of the ideal with no action at all.
 */
const fanOut = (least: boolean): Case => ({
  name: least ? 'erp-stop fan-out, the least client' : 'erp-stop fan-out',
  run(env) {
    const { instances, maxParallel } = SETTINGS.fanOut;
    return erpStopCase(env, {
      name: this.name,
      names: Array.from({ length: instances }, (_, i) => `E${String(i + 1).padStart(3, '0')}`),
      timing: SETTINGS.fanOut,
      inputs: { 'max-parallel': String(maxParallel) },
      ...(least ? { main: env.fanOutFloorMain } : {}),
      measure: (emu, run) => ({ wallMs: run.wallMs, rssKiB: run.peakRssKiB, requests: emu.requests.length }),
    });
  },
});

const fleet: Case = {
  name: 'erp-stop fleet under throttling',
  run(env) {
    const { instances, maxParallel, bucket } = SETTINGS.fleet;
    const names = Array.from({ length: instances }, (_, i) => `T${String(i + 1).padStart(3, '0')}`);
    return erpStopCase(env, {
      name: this.name,
      names,
      timing: SETTINGS.fleet,
      inputs: { 'max-parallel': String(maxParallel) },
      emulator: { writeBucket: bucket },
      measure: (emu, run) => ({
        wallMs: run.wallMs,
        requests: emu.requests.length,
        throttled: emu.writeBuckets?.throttled ?? 0,
      }),
    });
  },
};

/**
 * 200 systems' whole-system stop with deallocate-vm, 20 at once, each step an operation of 3 s, under the vendor's
 * write bucket (200, 10 a second) and read bucket (250, 25 a second); fails unless every system's four steps were
 * accepted in the safe order (application, database, application machines, database machines).
 */
const window: Case = {
  name: 'erp-stop whole-system window under throttling',
  // 143 s a run (the read bucket's 142 s bound it); ten of them made a full bench take over half an hour.
  maxRounds: 2,
  run(env) {
    const w = SETTINGS.window;
    const names = Array.from({ length: w.systems }, (_, i) => `S${String(i + 1).padStart(3, '0')}`);
    const timing = { durationMs: w.durationMs, retryAfter: String(w.retryAfterSeconds) };
    const scenario: Scenario = {
      emulator: { writeBucket: w.writeBucket, readBucket: w.readBucket },
      erp: { defaults: timing, parts: { defaults: timing } },
    };
    return withEmulator(env, scenario, async (emu) => {
      const run = await runChild(
        [env.actionMain],
        {
          operation: 'erp-stop',
          ...resourceManager(emu),
          'resource-group': 'rg',
          'erp-virtual-instance': names.join('\n'),
          'whole-system': 'true',
          'deallocate-vm': 'true',
          'max-parallel': String(w.maxParallel),
        },
        env,
        { timeoutMs: 900_000 },
      );
      // Accepted requests only (a 429 never reaches the route), in the order they arrived.
      const inOrder = names.every((name) => {
        const system = emu.erp
          .stopsOf(name)
          .map((s) => [s.startedAt, s.deallocateVm ? 'app vm' : 'app'] as const);
        const db = emu.erp.parts.actions
          .filter((a) => a.system === name && a.accepted)
          .map((a) => [a.at, a.body.includes('deallocateVm') ? 'db vm' : 'db'] as const);
        const order = [...system, ...db].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
        return order.join(',') === 'app,db,app vm,db vm';
      });
      expectSuccess(this.name, run, inOrder);
      const reads = emu.requests.filter((r) => r.method === 'GET').length;
      return {
        wallMs: run.wallMs,
        rssKiB: run.peakRssKiB,
        requests: emu.requests.length,
        reads,
        throttled: (emu.writeBuckets?.throttled ?? 0) + (emu.readBuckets?.throttled ?? 0),
      };
    });
  },
};

export const CASES: Case[] = [
  nodeE0,
  floor,
  floorRequests,
  floorZod,
  startup,
  sdk,
  sdkIdentity,
  ...phaseCases,
  wait(false),
  wait(true),
  ...SETTINGS.imagePages.onPages.map(imageOnPage),
  history(true),
  history(true, true),
  history(false),
  syncStart,
  fanOut(false),
  fanOut(true),
  fleet,
  ...FLEET_LIST_CASES,
  window,
];
