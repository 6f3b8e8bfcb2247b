export { teardown as default } from './table.js';
