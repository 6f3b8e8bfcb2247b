/**
 * The code erp's operations load when one runs, not when the action starts: their modules import it with a dynamic
 * `import()`, which ncc bundles as a chunk of its own, so a step of another area parses none of it (issue 53).
 */
export { runErp } from './planners.js';
export { refuseWindowInputs } from './parts/preflight.js';
export { statusWindow } from './parts/status.js';
export { gatherResults } from './report/gather.js';
export { mergeWindow } from './report/merge.js';
export { windowOf } from './report/window-run.js';
export { checkSystems } from './check/run.js';
export { readParts } from './health.js';
export { runBySelection } from './erp-list/select-run.js';
export { waitForOperation } from './resume.js';
