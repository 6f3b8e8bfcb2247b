import { it } from '@jest/globals';
import { faultsFor, runCell, TARGETS } from './matrix.js';
import { writeCountsAfterAll } from './tally.js';

/** Every fault of the issue on every request kind (first request, poll, page) of these operations, in-process. */
writeCountsAfterAll(import.meta.url);

const OPERATIONS = [
  'check-image-cached',
  'app-remove-user',
  'app-current-user',
  'erp-stop (dry run)',
  'erp-stop (whole system)',
  'erp-list',
];

// MATRIX_EXCLUDE (a regular expression on the cell's name) leaves cells out of a run: the erp cells that wait on
// another branch's recovery, say. Unset, every cell runs.
const exclude = process.env.MATRIX_EXCLUDE ? new RegExp(process.env.MATRIX_EXCLUDE) : undefined;

// One flat list: Jest runs `it.concurrent` cases together only within one describe block.
for (const target of TARGETS.filter((t) => OPERATIONS.includes(t.operation))) {
  for (const phase of target.phases) {
    for (const spec of faultsFor(phase)) {
      // Concurrent: most cells wait on sockets and timers, not on the CPU.
      const name = `${target.operation}, fault on the ${phase.name} request: ${spec.name}`;
      (exclude?.test(name) ? it.concurrent.skip : it.concurrent)(name, () => runCell(target, phase, spec));
    }
  }
}
