import { it } from '@jest/globals';
import { faultsFor, runCell, TARGETS } from './matrix.js';
import { writeCountsAfterAll } from './tally.js';

/** Every fault on every request kind of the synchronization operations that change something, in-process. */
writeCountsAfterAll(import.meta.url);

const OPERATIONS = ['sync-start', 'sync-cancel'];

// One flat list: Jest runs `it.concurrent` cases together only within one describe block.
for (const target of TARGETS.filter((t) => OPERATIONS.includes(t.operation))) {
  for (const phase of target.phases) {
    for (const spec of faultsFor(phase)) {
      // Concurrent: most cells wait on sockets and timers, not on the CPU.
      it.concurrent(`${target.operation}, fault on the ${phase.name} request: ${spec.name}`, () =>
        runCell(target, phase, spec),
      );
    }
  }
}
