// Ends a run with its ten slowest suites, so a suite that grows slower is seen where it happens. With
// VENDOR_OPS_WRITE_DURATIONS=1 it also writes every suite's time into durations.json, which the sequencer reads
// (run that with --maxWorkers=1 on a quiet machine: the times of suites run side by side include their neighbours').
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
const DURATIONS = new URL('./durations.json', import.meta.url);

/** `{ path, seconds }` of each suite, slowest first. */
export function suiteTimes(results) {
  return results.testResults
    .map((r) => ({
      path: relative(ROOT, r.testFilePath),
      seconds: (r.perfStats.end - r.perfStats.start) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds);
}

export default class SlowestReporter {
  onRunComplete(_contexts, results) {
    const times = suiteTimes(results);
    if (times.length > 1) {
      const lines = times.slice(0, 10).map((t) => `  ${t.seconds.toFixed(1).padStart(6)} s  ${t.path}`);
      process.stdout.write(`\nslowest suites:\n${lines.join('\n')}\n`);
    }
    if (process.env.VENDOR_OPS_WRITE_DURATIONS === '1') {
      const durations = JSON.parse(readFileSync(DURATIONS, 'utf8'));
      for (const t of times) durations[t.path] = Math.round(t.seconds * 10) / 10;
      // A suite renamed or removed leaves its old name behind, and the sequencer would never see the new one.
      for (const path of Object.keys(durations)) if (!existsSync(join(ROOT, path))) delete durations[path];
      const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
      writeFileSync(DURATIONS, `${JSON.stringify(sorted, null, 2)}\n`);
    }
  }
}
