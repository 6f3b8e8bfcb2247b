// Longest first, by the durations measured and committed in durations.json: a worker that takes the longest suite
// last is what makes a run long, and jest's own timings live in its cache, empty on a clean clone (where it falls
// back to file size, a poor guess here: the slow suites wait on the bundle and the emulator, not on their length).
// A suite not yet measured goes first, as jest itself does with one it has no time for.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import Sequencer from '@jest/test-sequencer';

const ROOT = new URL('../../', import.meta.url).pathname;
const DURATIONS = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));

/** The measured seconds of a suite (its path from the root), or undefined. */
export const measured = (path) => DURATIONS[relative(ROOT, path)];

export default class ByMeasuredDuration extends (Sequencer.default ?? Sequencer) {
  sort(tests) {
    return [...tests].sort((a, b) => {
      const [ta, tb] = [measured(a.path), measured(b.path)];
      if ((ta === undefined) !== (tb === undefined)) return ta === undefined ? -1 : 1;
      if (ta !== tb && ta !== undefined && tb !== undefined) return tb - ta;
      return a.path < b.path ? -1 : 1;
    });
  }
}
