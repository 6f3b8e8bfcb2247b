import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CASES, SETTINGS, type BenchEnv, type Sample } from './cases.js';
import { chooseRssProbe } from './child.js';
import {
  buildFloor,
  buildFloorWithRequests,
  buildFloorWithZod,
  bundleBytes,
  countInBundle,
} from './floor.js';
import { instrumentBundle, writePhaseProbe } from './phases.js';
import { report } from './table.js';

/**
 * `npm run bench [-- --runs N --rss preload --only REGEX]`: whole processes on this Node against the loopback emulator,
 * every case once per round, rounds interleaved (each round starts at the next case), medians printed as one
 * table with each figure's target. Not part of `npm test`: timings belong here, never in tests.
 */
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '10' }, rss: { type: 'string' }, only: { type: 'string' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');

const ROOT = new URL('../', import.meta.url).pathname;
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
  const probe = await chooseRssProbe(scratch, values.rss === 'preload' ? 'preload' : undefined);
  const phases = {
    probe: writePhaseProbe(scratch),
    actionMain: instrumentBundle(actionMain, join(scratch, 'action-phases')),
    floorMain: instrumentBundle(floor.main, join(scratch, 'floor-phases')),
    floorRequestsMain: instrumentBundle(floorRequests.main, join(scratch, 'floor-requests-phases')),
    floorZodMain: instrumentBundle(floorZod.main, join(scratch, 'floor-zod-phases')),
  };
  const env: BenchEnv = {
    probe,
    actionMain,
    floorMain: floor.main,
    floorRequestsMain: floorRequests.main,
    floorZodMain: floorZod.main,
    phases,
  };
  // --only narrows the cases while working on one figure (the table then shows only theirs).
  const only = values.only ? new RegExp(values.only) : undefined;
  const cases = CASES.filter((c) => !only || only.test(c.name));
  const samples = new Map<string, Sample[]>(cases.map((c) => [c.name, []]));
  for (let round = 0; round < runs; round++) {
    for (let i = 0; i < cases.length; i++) {
      const c = cases[(round + i) % cases.length]!;
      samples.get(c.name)!.push(await c.run(env));
    }
    console.error(`round ${round + 1}/${runs} done (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  console.log(
    report(samples, {
      runs,
      actionBytes: bundleBytes(actionMain),
      floorBytes: floor.bytes,
      floorRequestsBytes: floorRequests.bytes,
      floorZodBytes: floorZod.bytes,
      undiciCopies: countInBundle(actionMain, 'class Agent extends DispatcherBase'),
      rssMethod: probe.kind === 'time' ? 'GNU time %M' : 'process.resourceUsage().maxRSS at exit',
      machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
      date: new Date().toISOString().slice(0, 10),
      seconds: (Date.now() - started) / 1000,
      settings: SETTINGS,
    }),
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
