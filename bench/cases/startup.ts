import { runChild, startupSample } from '../child.js';
import {
  checkImage,
  expectSuccess,
  IMAGE,
  imagesScenario,
  resourceManager,
  withEmulator,
  type BenchEnv,
  type Case,
  type Sample,
} from '../harness.js';

/** Figure 1, start-up: the action's check-image-cached beside the floor, the references and the vendor's SDK. */

const nodeE0: Case = {
  name: 'node -e 0',
  startup: true,
  async run(env) {
    const run = await runChild(['-e', '0'], {}, env);
    expectSuccess(this.name, run);
    return startupSample(run);
  },
};

function runFloor(env: BenchEnv, name: string, main: string, phaseProbe?: string): Promise<Sample> {
  return runChild([main], { operation: 'check-image-cached' }, env, { phaseProbe }).then((run) => {
    expectSuccess(name, run);
    return startupSample(run);
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
    return startupSample(run);
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

/** A reference's phases: its bundle with the probes in, reading the same 3 pages. */
const referencePhases = (label: string, main: (env: BenchEnv) => string): Case => ({
  name: `phases: ${label}`,
  run: (env) => runFloorRequests(env, `phases: ${label}`, main(env), env.phases.probe),
});

/** The same processes again, from the bundles with the phase probes in: time only, no peak RSS. */
const phaseCases: Case[] = [
  {
    name: 'phases: floor',
    run: (env) => runFloor(env, 'phases: floor', env.phases.floorMain, env.phases.probe),
  },
  referencePhases('floor + requests', (env) => env.phases.floorRequestsMain),
  referencePhases('floor + zod', (env) => env.phases.floorZodMain),
  referencePhases('sdk', (env) => env.phases.sdkMain),
  referencePhases('sdk + identity', (env) => env.phases.sdkIdentityMain),
  {
    name: 'phases: check-image-cached',
    run: (env) =>
      checkImage(env, 'phases: check-image-cached', imagesScenario(300, 300, 100), {
        main: env.phases.actionMain,
        phaseProbe: env.phases.probe,
      }),
  },
];

export const STARTUP_CASES: Case[] = [
  nodeE0,
  floor,
  floorRequests,
  floorZod,
  startup,
  sdk,
  sdkIdentity,
  ...phaseCases,
];
