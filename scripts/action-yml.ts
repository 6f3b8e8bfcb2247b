import { readFile, writeFile } from 'node:fs/promises';
import { renderActionYml } from '../src/runtime/action-yml.js';
import { withReadmeTables } from '../src/runtime/readme-tables.js';

// `npm run action-yml`: rewrites action.yml and the README's input and output tables from the operation registry (src/operations/registry.ts).
await writeFile(new URL('../action.yml', import.meta.url), renderActionYml('dist/index.js'));
const readme = new URL('../README.md', import.meta.url);
await writeFile(readme, withReadmeTables(await readFile(readme, 'utf8')));
