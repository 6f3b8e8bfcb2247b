import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The bundles a runner and a user execute; `npm run bundle` writes them to dist/. */
export const ENTRIES = [{ source: 'src/index.ts', name: 'index' }];

const root = fileURLToPath(new URL('..', import.meta.url));

export function bundle(outDir: string): void {
  for (const entry of ENTRIES) {
    execFileSync(
      'npx',
      ['ncc', 'build', entry.source, '-o', outDir, '--license', 'licenses.txt', '--quiet'],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) bundle(process.argv[2] ?? 'dist');
