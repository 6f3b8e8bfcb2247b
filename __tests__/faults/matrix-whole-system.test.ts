import { it } from '@jest/globals';
import { faultsFor, runCell, TARGETS } from './matrix.js';
import { writeCountsAfterAll } from './tally.js';

/** Every fault of the matrix on the requests a whole-system stop adds (issue 33), in-process. */
writeCountsAfterAll(import.meta.url);

/**
 * The cells no run reaches: the database's stop comes after the application's stop and its polls, past this
 * fault's 1 s timeout on a real clock. A database stop that hangs is the 'no answer within the request timeout' cell.
 */
const UNREACHED = new Set(['change: a request that hangs past the timeout']);

for (const target of TARGETS.filter((t) => t.operation === 'erp-stop (whole system)')) {
  for (const phase of target.phases) {
    for (const spec of faultsFor(phase)) {
      if (UNREACHED.has(`${phase.name}: ${spec.name}`)) continue;
      const name = `${target.operation}, fault on the ${phase.name} request: ${spec.name}`;
      it.concurrent(name, () => runCell(target, phase, spec));
    }
  }
}
