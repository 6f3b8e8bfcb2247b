import type { ErpInstanceScenario } from '../src/emulator/areas/erp-scenario.js';
import { startEmulator, type Scenario, type ServiceEmulator } from '../src/emulator/index.js';
import type { EmulatorTls } from '../src/emulator/index.js';
import { runChild, startupSample, type ChildRun, type ChildSetting } from './child.js';

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
export const IMAGE = 'docker.io/library/nginx:1.27';

/** Every case's emulator serves HTTPS with the bench's throw-away certificate (tls.ts), the SDK's and ours alike. */
export async function withEmulator<T>(
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

export function expectSuccess(name: string, run: ChildRun, ok = true): void {
  if (run.code === 0 && ok) return;
  const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error'));
  throw new Error(`${name}: the run did not succeed (exit ${run.code}): ${errors.join(' ') || run.stderr}`);
}

export const resourceManager = (emu: ServiceEmulator) => ({
  'base-url': emu.url,
  'access-token': [...emu.accessTokens][0]!,
  'subscription-id': SUBSCRIPTION,
});

/** Cached images with ours as the `at`-th of `total` (1-based). */
export function imagesScenario(at: number, total: number, pageSize: number): Scenario {
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

export async function checkImage(
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
    return { ...startupSample(run), pages: emu.cachedImages.pagesServed };
  });
}

export interface ErpStopRun {
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
export function erpStopCase(
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

/** `count` instance or system names: `E001`, `E002`, … */
export const numbered = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(3, '0')}`);
