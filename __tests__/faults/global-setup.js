export { setup as default } from './table.js';
