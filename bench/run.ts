import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CASES } from './cases.js';
import type { BenchEnv, Case, Sample } from './harness.js';
import { SETTINGS } from './settings.js';
import { chooseRssProbe } from './child.js';
import {
  buildFloor,
  buildFloorWithRequests,
  buildFloorWithZod,
  buildFanOutFloor,
  bundleBytes,
  countInBundle,
} from './floor.js';
import { needValgrind } from './callgrind.js';
import { instructionTable } from './instructions.js';
import { buildLevers } from './levers.js';
import { instrumentBundle, writePhaseProbe } from './phases.js';
import { buildSdks } from './sdk.js';
import { report } from './table.js';
import { makeCertificate } from './tls.js';

/**
 * `npm run bench [-- --runs N --startup-runs M --rss preload --only REGEX --levers minify,compile-cache]`: whole processes on this Node against
 * the loopback emulator, every case once per round, rounds interleaved (each round starts at the next case),
 * medians printed as one table with each figure's target. The start-up cases (a few hundred ms each) go on for
 * `--startup-runs` rounds among themselves, still interleaved, after the `--runs` rounds of every case: their
 * ratios need many rounds (issue 27: at least 41), the long cases do not. `--levers` adds other builds of the action
 * to the start-up rounds (levers.ts). Not part of `npm test`: timings belong
 * here, never in tests.
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    'startup-runs': { type: 'string', default: '41' },
    rss: { type: 'string' },
    only: { type: 'string' },
    levers: { type: 'string' },
    instructions: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(
    'npm run bench [-- --runs N --startup-runs M --rss preload --only REGEX --levers minify,compile-cache]\n' +
      'npm run bench -- --instructions N [--only REGEX --levers …]: the start-up cases counted in instructions (callgrind)\n' +
      `cases (--only matches their names):\n${CASES.map((c) => `  ${c.name}`).join('\n')}`,
  );
  process.exit(0);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
const counted = values.instructions === undefined ? undefined : Number(values.instructions);
if (counted !== undefined && !(Number.isInteger(counted) && counted >= 1))
  throw new Error('--instructions must be a positive integer');
if (counted !== undefined) needValgrind();
const startupRuns = Number(values['startup-runs']);
if (!Number.isInteger(startupRuns) || startupRuns < 1)
  throw new Error('--startup-runs must be a positive integer');

const ROOT = new URL('../', import.meta.url).pathname;
/** The version installed, as the table states it (package.json pins it exactly). */
const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
const actionMain = join(
  ROOT,
  /^\s+main:\s*'?([^'\n]+)'?\s*$/m.exec(readFileSync(join(ROOT, 'action.yml'), 'utf8'))![1]!,
);
const scratch = mkdtempSync(join(tmpdir(), 'vendor-ops-bench-'));
const started = Date.now();
try {
  if (!process.version.startsWith('v24.')) console.warn(`note: running on Node ${process.version}, not 24`);
  console.error(`building the floor bundles (ncc) in ${scratch} …`);
  const floor = buildFloor(scratch);
  const floorRequests = buildFloorWithRequests(scratch);
  const floorZod = buildFloorWithZod(scratch);
  const fanOutFloor = buildFanOutFloor(scratch);
  console.error('building the vendor SDK references (ncc) …');
  const { sdk, sdkIdentity } = buildSdks(scratch);
  const { caFile, ...tls } = makeCertificate(scratch);
  const levers = values.levers ? buildLevers(scratch, values.levers.split(',')) : [];
  const probe = await chooseRssProbe(scratch, values.rss === 'preload' ? 'preload' : undefined);
  const phases = {
    probe: writePhaseProbe(scratch),
    actionMain: instrumentBundle(actionMain, join(scratch, 'action-phases')),
    floorMain: instrumentBundle(floor.main, join(scratch, 'floor-phases')),
    floorRequestsMain: instrumentBundle(floorRequests.main, join(scratch, 'floor-requests-phases')),
    floorZodMain: instrumentBundle(floorZod.main, join(scratch, 'floor-zod-phases')),
    sdkMain: instrumentBundle(sdk.main, join(scratch, 'sdk-phases')),
    sdkIdentityMain: instrumentBundle(sdkIdentity.main, join(scratch, 'sdk-identity-phases')),
  };
  const env: BenchEnv = {
    probe,
    caFile,
    tls,
    actionMain,
    floorMain: floor.main,
    floorRequestsMain: floorRequests.main,
    floorZodMain: floorZod.main,
    fanOutFloorMain: fanOutFloor.main,
    sdkMain: sdk.main,
    sdkIdentityMain: sdkIdentity.main,
    phases,
  };
  // --only narrows the cases while working on one figure (the table then shows only theirs).
  const only = values.only ? new RegExp(values.only) : undefined;
  const cases = [...CASES.filter((c) => !only || only.test(c.name)), ...levers.flatMap((l) => l.cases)];
  for (const lever of levers) await lever.warm?.(env);
  if (counted !== undefined) {
    // Counted, not timed: the start-up cases (their phase runs are not start-up cases: a probe's marks mean nothing
    // under valgrind).
    const startup = cases.filter((c) => c.startup);
    const samples = await playRounds(startup, startup, counted, counted, { ...env, instructions: true });
    console.log(instructionTable(samples, counted));
  } else {
    const startupCases = cases.filter((c) => c.startup);
    const rounds = Math.max(runs, startupCases.length > 0 ? startupRuns : 0);
    const samples = await playRounds(cases, startupCases, runs, rounds, env);
    // Every sample on stderr, so a run on a shared machine can state its spread beside the medians.
    for (const [name, list] of samples) {
      const of = (key: keyof Sample) => list.map((s) => Math.round(Number(s[key]))).join(' ');
      console.error(`samples: ${name}: wall ms [${of('wallMs')}], peak RSS KiB [${of('rssKiB')}]`);
    }
    console.log(
      report(samples, {
        runs,
        actionBytes: bundleBytes(actionMain),
        actionEntryBytes: statSync(actionMain).size,
        floorBytes: floor.bytes,
        floorRequestsBytes: floorRequests.bytes,
        floorZodBytes: floorZod.bytes,
        sdkBytes: sdk.bytes,
        sdkIdentityBytes: sdkIdentity.bytes,
        startupRuns: rounds,
        levers: levers.map(({ name, label, cases, against, of }) => ({
          case: cases[0]?.name,
          name,
          label,
          against,
          of,
        })),
        sdkVersions: {
          sdk: versionOf('@azure/arm-containerinstance'),
          identity: versionOf('@azure/identity'),
        },
        undiciCopies: countInBundle(actionMain, 'class Agent extends DispatcherBase'),
        rssMethod: probe.kind === 'time' ? 'GNU time %M' : 'process.resourceUsage().maxRSS at exit',
        machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
        date: new Date().toISOString().slice(0, 10),
        seconds: (Date.now() - started) / 1000,
        settings: SETTINGS,
      }),
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/** Every case once per round, each round starting at the next case; after `runs` rounds the start-up cases alone. */
async function playRounds(
  cases: Case[],
  startupCases: Case[],
  runs: number,
  rounds: number,
  env: BenchEnv,
): Promise<Map<string, Sample[]>> {
  const samples = new Map<string, Sample[]>(cases.map((c) => [c.name, []]));
  for (let round = 0; round < rounds; round++) {
    const inRound = round < runs ? cases : startupCases;
    for (let i = 0; i < inRound.length; i++) {
      const c = inRound[(round + i) % inRound.length]!;
      const taken = samples.get(c.name)!;
      if (c.maxRounds !== undefined && taken.length >= c.maxRounds) continue;
      taken.push(await c.run(env));
    }
    console.error(`round ${round + 1}/${rounds} done (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  return samples;
}
