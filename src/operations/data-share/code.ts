/** What data-share's operations load when one runs: a chunk of its own (src/operations/erp/code.ts says why). */
export { syncCancel } from './sync-cancel-run.js';
export { syncStart } from './sync-start-run.js';
export { waitForSync } from './wait-for-sync-run.js';
