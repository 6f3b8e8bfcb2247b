import { median, x, x3 } from './figures.js';
import type { Sample } from './harness.js';

/**
 * `--instructions N`: the start-up cases counted in instructions (valgrind's callgrind), which count the same work
 * the same way whatever else the machine runs, where the wall-time rows move with its load (docs/benchmark.md).
 * valgrind is some 40 times slower than the process it runs: N rounds of a few cases, not 41.
 */

const LABELS: [string, string][] = [
  ['node -e 0', '`node -e 0`'],
  ['floor', 'floor (`@actions/core` + one input)'],
  ['floor + requests', 'floor + GETs'],
  ['floor + zod', 'floor + GETs + zod'],
  ['check-image-cached', 'the action: check-image-cached, 3 pages'],
  ['sdk', 'vendor SDK'],
  ['sdk + identity', 'vendor SDK + identity'],
];

/** The counted cases, each's median and its ratio to the floor; the action's beside the start-up row's limit. */
export function instructionTable(samples: Map<string, Sample[]>, rounds: number): string {
  const med = (name: string) => median((samples.get(name) ?? []).map((s) => s.instructions!));
  const floor = med('floor');
  const names = [...samples.keys()].filter((name) => (samples.get(name) ?? []).length > 0);
  const label = (name: string) => LABELS.find(([n]) => n === name)?.[1] ?? name;
  const spread = (name: string) => {
    const list = samples.get(name)!.map((s) => s.instructions! / 1e6);
    return `${Math.min(...list).toFixed(1)}–${Math.max(...list).toFixed(1)}`;
  };
  const action = med('check-image-cached') / floor;
  return [
    '| case | instructions, M: median (least–most) | ÷ floor |',
    '|---|---|---|',
    ...names.map(
      (n) => `| ${label(n)} | ${(med(n) / 1e6).toFixed(1)} (${spread(n)}) | ${x(med(n) / floor)} |`,
    ),
    '',
    `The action ÷ floor in instructions: ${x3(action)} (reported: the start-up row's limit, 1.50 ×, is on wall time)` +
      (samples.has('floor + zod')
        ? `; ÷ floor + GETs + zod ${x3(med('check-image-cached') / med('floor + zod'))}.`
        : '.'),
    `Medians of ${rounds} interleaved rounds, each process whole under valgrind --tool=callgrind (instructions executed, every thread).`,
  ].join('\n');
}
