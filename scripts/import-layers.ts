import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { importsOf } from './imports-of.js';

// The layers of the erp wing: a file's layer is 1 + the highest layer of the erp files it imports (type-only and
// dynamic imports included), 0 for none. Fails when the wing stacks more layers than MAX_LAYERS, or when a file of
// the shared floor (directly in src/operations/, registry.ts apart: it is the top) imports from an area folder.
// Run by `npm run lint`, after import-cycles (a circle has no layer).
// 11 since erp/load.ts: one home for the chunk's loader above code.ts (it was a const copied into seven modules).
const MAX_LAYERS = 11;
const root = resolve(new URL('..', import.meta.url).pathname);
const operations = join(root, 'src', 'operations');
const wing = join(operations, 'erp');
const TOP = new Set(['registry.ts']);

const within = (folder: string, file: string): boolean => file.startsWith(folder + sep);
const name = (file: string): string => relative(wing, file).replace(/\.ts$/, '');

const files = readdirSync(wing, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => join(wing, file));
const graph = new Map(files.map((file) => [file, importsOf(file).filter((to) => within(wing, to))]));
const layers = new Map<string, { layer: number; chain: string[] }>();

/** Depth first, memoised: the chain is the longest way down from the file. */
function layerOf(file: string): { layer: number; chain: string[] } {
  const known = layers.get(file);
  if (known) return known;
  layers.set(file, { layer: 0, chain: [file] }); // a circle, which import-cycles reports, stops here
  let best = { layer: 0, chain: [file] };
  for (const next of graph.get(file) ?? []) {
    const below = layerOf(next);
    if (below.layer + 1 > best.layer) best = { layer: below.layer + 1, chain: [file, ...below.chain] };
  }
  layers.set(file, best);
  return best;
}

const problems: string[] = [];
const byLayer = new Map<number, string[]>();
for (const file of files) {
  const { layer } = layerOf(file);
  byLayer.set(layer, [...(byLayer.get(layer) ?? []), name(file)]);
}
const count = byLayer.size;
for (const layer of [...byLayer.keys()].sort((a, b) => b - a))
  console.log(`${String(layer).padStart(2)}: ${(byLayer.get(layer) ?? []).sort().join(' ')}`);
const top = files.map(layerOf).reduce((a, b) => (b.layer > a.layer ? b : a));
console.log(`src/operations/erp: ${files.length} files, ${count} layers; the longest chain:`);
console.log(`  ${top.chain.map(name).join(' -> ')}`);
if (count > MAX_LAYERS) problems.push(`src/operations/erp has ${count} layers, more than ${MAX_LAYERS}`);

// The shared floor imports nothing from an area folder: no arrow runs back up.
for (const entry of readdirSync(operations, { withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.ts') || TOP.has(entry.name)) continue;
  const file = join(operations, entry.name);
  for (const to of importsOf(file))
    if (within(operations, to) && dirname(to) !== operations)
      problems.push(`${relative(root, file)} imports ${relative(root, to)}, an area's file above it`);
}

for (const problem of problems) console.error(`import layers: ${problem}`);
if (problems.length > 0) process.exit(1);
