import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Where a start-up goes, phase by phase, in one whole process:
 *
 * - bootstrap: spawn → Node runs the first user code (a `--require`d probe);
 * - bundle compile: → the bundle's first statement (reading, parsing and linking the file);
 * - module evaluation: → the entry's own code (every bundled module it imports evaluated);
 * - run: → the `exit` event; requests (first request created → last response body read, seen through undici's
 *   diagnostics channels, which the bundled undici publishes to; node:https's own channels for the vendor's SDK,
 *   whose last mark is the last response's headers) is the part of it spent on the network;
 * - teardown: `exit` event → the process is gone as the parent sees it (V8 shutting down, background compiles).
 *
 * The marks come from a copy of the bundle with two one-line probes put in; the bundle itself is not changed.
 */
export const PHASES = ['bootstrap', 'compile', 'evaluation', 'run', 'requests', 'teardown'] as const;
export type Phase = (typeof PHASES)[number];

export const PHASE_LABELS: Record<Phase, string> = {
  bootstrap: 'bootstrap',
  compile: 'bundle compile',
  evaluation: 'module evaluation',
  run: 'run',
  requests: '(of which requests)',
  teardown: 'teardown after `exit`',
};

/** Marks the probe records, on the wall clock (performance.timeOrigin + now) shared with the parent. */
interface Marks {
  probe: number;
  evaluating?: number;
  entry?: number;
  firstRequest?: number;
  lastResponse?: number;
  exit: number;
}

const PROBE = `const { performance } = require('node:perf_hooks');
const dc = require('node:diagnostics_channel');
const now = () => performance.timeOrigin + performance.now();
const marks = { probe: now() };
globalThis.__benchMark = (name) => { marks[name] ??= now(); };
dc.subscribe('undici:request:create', () => { marks.firstRequest ??= now(); });
dc.subscribe('undici:request:trailers', () => { marks.lastResponse = now(); });
dc.subscribe('http.client.request.start', () => { marks.firstRequest ??= now(); });
dc.subscribe('http.client.response.finish', () => { marks.lastResponse = now(); });
process.on('exit', () => {
  marks.exit = now();
  require('node:fs').writeFileSync(process.env.BENCH_PHASE_FILE, JSON.stringify(marks));
});
`;

/** Writes the probe, to be `--require`d by the child; BENCH_PHASE_FILE names where it writes its marks. */
export function writePhaseProbe(scratch: string): string {
  const file = join(scratch, 'phase-probe.cjs');
  writeFileSync(file, PROBE);
  return file;
}

const mark = (name: string) => `globalThis.__benchMark?.(${JSON.stringify(name)});\n`;

/**
 * A copy of an ncc bundle (main file and its chunks) with the two probes: first line (imports are hoisted, so it
 * runs first once the file is compiled and linked) and the entry's first own statement. ncc writes the entry
 * either as a module of its own (`__nccwpck_require__(id)` at startup; its imports are its first lines) or
 * concatenated last (`// CONCATENATED MODULE:`); anything else is an error, not a guess.
 */
export function instrumentBundle(main: string, outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  const dir = dirname(main);
  for (const f of readdirSync(dir)) {
    if (f === 'package.json' || /^\d+\.index\.js$/.test(f)) copyFileSync(join(dir, f), join(outDir, f));
  }
  const text = readFileSync(main, 'utf8');
  const out = join(outDir, basename(main));
  writeFileSync(out, mark('evaluating') + insertEntryMark(text));
  return out;
}

function insertEntryMark(text: string): string {
  const entryId = /__webpack_exports__ = __nccwpck_require__\((\d+)\);/.exec(text)?.[1];
  if (entryId) {
    const start = text.indexOf(`\n/***/ ${entryId}:\n`);
    const end = text.indexOf('\n/***/ })', start);
    const body = text.slice(start, end);
    const imports = [...body.matchAll(/^\/\* harmony import \*\/ .*$/gm)];
    const last = imports.at(-1);
    if (start >= 0 && last?.index !== undefined) {
      const at = start + last.index + last[0].length + 1;
      return text.slice(0, at) + mark('entry') + text.slice(at);
    }
  }
  const concatenated = text.lastIndexOf(';// CONCATENATED MODULE: ');
  if (concatenated >= 0) {
    const at = text.indexOf('\n', concatenated) + 1;
    return text.slice(0, at) + mark('entry') + text.slice(at);
  }
  throw new Error('bench: cannot find the entry module in the bundle to put the phase probe in');
}

/** The phases of one run in ms, from the probe's marks, the spawn time and the close time (both wall clock). */
export function phasesOf(marksJson: string, spawnedAt: number, closedAt: number): Record<Phase, number> {
  const m = JSON.parse(marksJson) as Marks;
  if (m.evaluating === undefined || m.entry === undefined)
    throw new Error('bench: a phase probe did not run');
  return {
    bootstrap: m.probe - spawnedAt,
    compile: m.evaluating - m.probe,
    evaluation: m.entry - m.evaluating,
    run: m.exit - m.entry,
    requests:
      m.firstRequest !== undefined && m.lastResponse !== undefined ? m.lastResponse - m.firstRequest : 0,
    teardown: closedAt - m.exit,
  };
}
