import { it } from '@jest/globals';
import { writeCountsAfterAll } from './tally.js';
import { conflictCells, runWindowCell, WAITED_CELLS } from './window-cells.js';
import { MACHINE_CELLS, VERIFY_OFF_CELLS } from './machine-cells.js';

/** Issue 42: a window cut short comes back; what the status cannot show, it cannot prove. In-process. */
writeCountsAfterAll(import.meta.url);

// One flat list: Jest runs `it.concurrent` cases together only within one describe block.
for (const cell of [...conflictCells(), ...WAITED_CELLS, ...MACHINE_CELLS, ...VERIFY_OFF_CELLS]) {
  it.concurrent(cell.name, () => runWindowCell(cell));
}
