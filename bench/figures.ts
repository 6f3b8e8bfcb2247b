import type { Sample } from './harness.js';
import type { SETTINGS } from './settings.js';

/** The pieces every figure's rows are made of: the samples' medians, the units, the verdict. */

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo]! + (sorted[Math.ceil(at)]! - sorted[lo]!) * (at - lo);
}

export const ms = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(0)} ms`);
export const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
export const bytes = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
export const x = (v: number) => `${v.toFixed(2)} ×`;
/** Three places where two would show a failing ratio as its limit (8820 ms / 8000 ms = 1.1025 ×, not 1.10 ×). */
export const x3 = (v: number) => `${v.toFixed(3)} ×`;
export const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**');

/** A row of the table: section (the figure), figure, measured, target, result. */
export type Row = [string, string, string, string, string];

/** A run's samples, read as the rows need them. */
export interface Figures {
  /** Every sample of a case's figure (none for a case left out by --only). */
  all(name: string, key: string): number[];
  /** Their median: NaN for a case left out, whose rows are then dropped. */
  m(name: string, key: string): number;
  /** Ratios of `of` to `name` per round (both ran in the same round, so a busy moment weighs on both). */
  perRound(name: string, of?: string): number[];
  /** Their median and middle half. */
  spread(values: number[]): string;
}

export function figuresOf(samples: Map<string, Sample[]>): Figures {
  const all = (name: string, key: string) => (samples.get(name) ?? []).map((s) => s[key]!);
  return {
    all,
    m: (name, key) => median(all(name, key)),
    perRound(name, of = 'check-image-cached') {
      const a = all(of, 'wallMs');
      const b = all(name, 'wallMs');
      return a.length === b.length ? a.map((v, i) => v / b[i]!) : [];
    },
    spread: (values) =>
      `${x(median(values))} (${quantile(values, 0.25).toFixed(2)}–${quantile(values, 0.75).toFixed(2)})`,
  };
}

/** What the run knows beside the samples: bundle sizes, versions, the machine, the settings. */
export interface ReportInfo {
  runs: number;
  actionBytes: number;
  /** The action's entry (dist/index.js) alone: what every step parses; the chunks load when their operation runs. */
  actionEntryBytes: number;
  floorBytes: number;
  floorRequestsBytes: number;
  floorZodBytes: number;
  sdkBytes: number;
  sdkIdentityBytes: number;
  /** Rounds of the start-up cases (at least `runs`). */
  startupRuns: number;
  sdkVersions: { sdk: string; identity: string };
  /** Other builds of the action measured beside it (--levers): their case, and the cases they are divided by. */
  levers: { case: string | undefined; name: string; label: string; against: string[]; of?: string }[];
  /** Copies of undici's Agent class in the action's bundle files. */
  undiciCopies: number;
  rssMethod: string;
  machine: string;
  date: string;
  seconds: number;
  settings: typeof SETTINGS;
}
