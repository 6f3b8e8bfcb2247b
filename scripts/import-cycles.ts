import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { importsOf } from './imports-of.js';

// No circle of imports in the repository's code (src/, bench/, scripts/), type-only imports included (a loop of
// types is one job cut in two too), re-exports and import() as well. Run by `npm run lint`; the only cycle check.
const root = resolve(new URL('..', import.meta.url).pathname);
const files = ['src', 'bench', 'scripts'].flatMap((folder) =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(root, folder, name)),
);

const graph = new Map(files.map((file) => [file, importsOf(file)]));
const done = new Set<string>();
const cycles: string[][] = [];

/** Depth first; a file met again while still on the path closes a circle. */
function visit(file: string, path: string[]): void {
  const at = path.indexOf(file);
  if (at >= 0) {
    cycles.push([...path.slice(at), file]);
    return;
  }
  if (done.has(file)) return;
  for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
  done.add(file);
}
for (const file of files) visit(file, []);

for (const cycle of cycles)
  console.error(`import cycle: ${cycle.map((f) => relative(root, f)).join(' -> ')}`);
if (cycles.length > 0) process.exit(1);
