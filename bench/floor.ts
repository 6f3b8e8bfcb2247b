import { mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ncc } from '../scripts/bundle.js';

const ROOT = new URL('../', import.meta.url).pathname;

/**
 * The floor no action can go below: a script that only imports @actions/core and reads one input, bundled with
 * the very ncc settings of our own bundle. Built into the scratch folder (with the project's node_modules
 * linked in, so it resolves the same packages), never committed.
 */
export function buildFloor(scratch: string): { main: string; bytes: number } {
  const src = join(scratch, 'floor-src');
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(join(ROOT, 'node_modules'), join(src, 'node_modules'));
  writeFileSync(
    join(src, 'floor.js'),
    "import * as core from '@actions/core';\ncore.getInput('operation');\n",
  );
  const out = join(scratch, 'floor');
  ncc(join(src, 'floor.js'), out);
  const main = join(out, 'index.js');
  return { main, bytes: statSync(main).size };
}
