import { figuresOf, median, quantile, type ReportInfo, type Row } from './figures.js';
import { fleetCheckRows } from './fleet-check.js';
import { fleetListRows } from './fleet-list.js';
import type { Sample } from './harness.js';
import { PHASE_LABELS, PHASES } from './phases.js';
import { fleetRows } from './rows/fleets.js';
import { pageRows } from './rows/pages.js';
import { startupRows } from './rows/startup.js';
import { waitRows } from './rows/waits.js';

export type { ReportInfo };

/** One markdown table: figure, measured, target, verdict; the notes say how it was measured. */
export function report(samples: Map<string, Sample[]>, info: ReportInfo): string {
  const f = figuresOf(samples);
  const s = info.settings;
  const rows: Row[] = [
    ...startupRows(f, info),
    ...waitRows(f, s),
    ...pageRows(f, s),
    ...fleetRows(f, s),
    ...fleetListRows(f.m),
    ...fleetCheckRows(f.m),
  ];
  const table = [
    '| # | figure | measured (median) | target | result |',
    '|---|---|---|---|---|',
    // Sections in order (a stable sort keeps each section's rows as made); rows of left-out cases dropped.
    ...rows
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .filter((r) => !/NaN|Infinity/.test(r[2]))
      .map((r) => `| ${r.join(' | ')} |`),
  ];
  const { durationMs: T, retryAfterSeconds: r } = s.wait;
  const notes = [
    '',
    `${info.date}, ${info.machine}. Medians of ${info.runs} interleaved rounds (every case once per round, each round starting at the next case), the start-up cases (\`node -e 0\`, the references, the action and the SDK) ${info.startupRuns} rounds; whole processes, spawned as a runner spawns the action, against the loopback emulator in the bench process, over HTTPS with a throw-away certificate every child trusts alike (NODE_EXTRA_CA_CERTS); the whole run took ${info.seconds.toFixed(0)} s.`,
    `Wall time is spawn to exit as the bench sees it; peak RSS by ${info.rssMethod}. The floor is built at bench time with the same ncc settings as dist/. Waits are short to keep the run to a few minutes: T = ${T / 1000} s with Retry-After ${r} s (the client's minimum), fan-out operations of ${s.fanOut.durationMs / 1000} s with Retry-After ${s.fanOut.retryAfterSeconds} s.`,
  ];
  return [...table, ...notes, ...phaseTable(samples)].join('\n');
}

/** Where the start-up goes: each phase's median (and the middle half of the runs) for the action and references. */
function phaseTable(samples: Map<string, Sample[]>): string[] {
  const columns = [
    ['floor', 'phases: floor'],
    ['floor + GETs', 'phases: floor + requests'],
    ['floor + GETs + zod', 'phases: floor + zod'],
    ['check-image-cached', 'phases: check-image-cached'],
    ['vendor SDK', 'phases: sdk'],
    ['vendor SDK + identity', 'phases: sdk + identity'],
  ].filter(([, name]) => (samples.get(name!) ?? []).length > 0);
  if (columns.length === 0) return [];
  const cell = (name: string, key: string) => {
    const values = samples.get(name)!.map((s) => s[key]!);
    return `${median(values).toFixed(1)} (${quantile(values, 0.25).toFixed(1)}–${quantile(values, 0.75).toFixed(1)})`;
  };
  return [
    '',
    '| phase, ms: median (middle half) | ' + columns.map(([label]) => label).join(' | ') + ' |',
    '|---|' + columns.map(() => '---|').join(''),
    ...PHASES.map((p) => `| ${PHASE_LABELS[p]} | ${columns.map(([, name]) => cell(name!, p)).join(' | ')} |`),
    `| spawn → gone | ${columns.map(([, name]) => cell(name!, 'wallMs')).join(' | ')} |`,
    '',
    'Phases come from separate runs of copies of the bundles with two one-line probes in, and a `--require`d ' +
      'probe (bench/phases.ts): bootstrap = spawn → first user code; bundle compile → the bundle’s first statement; ' +
      'module evaluation → the entry’s own code; run → `exit` event, requests being its part from the first request ' +
      'created to the last response read (for the SDK, whose client is node:https: to the last response’s headers); ' +
      'teardown = `exit` event → the process gone.',
  ];
}
