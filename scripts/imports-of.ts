import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The files a file imports or re-exports from (relative specifiers; `./x.js` is `./x.ts`), type-only and dynamic
 * imports included: what import-cycles and import-layers read.
 */
export function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name.replace(/\.js$/, '.ts')))
    .filter((target) => existsSync(target));
}
