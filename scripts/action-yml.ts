import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { REGISTRY } from '../src/operations/registry.js';
import { renderActionYml } from '../src/runtime/action-yml.js';
import { pagePath, withOperationTables } from '../src/runtime/operation-pages.js';
import { withReadmeOperations, withReadmeTables } from '../src/runtime/readme-tables.js';

// `npm run action-yml`: rewrites action.yml, the README's table of operations, docs/inputs.md's tables, and those
// of every operation's page (docs/operations/<name>.md, begun where missing) from the registry (src/operations/registry.ts).
const root = new URL('../', import.meta.url);
const readIfThere = (url: URL) => readFile(url, 'utf8').catch(() => undefined);
await writeFile(new URL('action.yml', root), renderActionYml('dist/index.js'));
const readme = new URL('README.md', root);
await writeFile(readme, withReadmeOperations(await readFile(readme, 'utf8')));
const inputs = new URL('docs/inputs.md', root);
await writeFile(inputs, withReadmeTables(await readFile(inputs, 'utf8')));
await mkdir(new URL('docs/operations/', root), { recursive: true });
for (const module of REGISTRY) {
  const page = new URL(pagePath(module), root);
  await writeFile(page, withOperationTables(await readIfThere(page), module));
}
