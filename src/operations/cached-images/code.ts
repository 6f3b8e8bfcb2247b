/** What check-image-cached loads when it runs: a chunk of its own (src/operations/erp/code.ts says why). */
export { checkImageCached } from './check-image-cached-run.js';
