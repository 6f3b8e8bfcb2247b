/** What the app-management operations load when one runs: a chunk of its own (src/operations/erp/code.ts says why). */
export { appCurrentUser } from './app-current-user-run.js';
export { appRemoveUser } from './app-remove-user-run.js';
