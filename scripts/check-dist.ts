import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle } from './bundle.js';

// Rebuilds the bundles into a scratch folder and fails if dist/ differs: dist/ must be what src/ produces.
const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'check-dist-'));
const files = (dir: string) => new Set(readdirSync(dir, { recursive: true, encoding: 'utf8' }));
try {
  bundle(scratch);
  const built = files(scratch);
  const committed = files(join(root, 'dist'));
  const differing = [...new Set([...built, ...committed])].filter((name) => {
    try {
      const a = readFileSync(join(scratch, name));
      return !a.equals(readFileSync(join(root, 'dist', name)));
    } catch (error) {
      // A folder on both sides is no difference; a file on one side only is.
      return !(built.has(name) && committed.has(name) && (error as NodeJS.ErrnoException).code === 'EISDIR');
    }
  });
  if (differing.length) {
    console.error(
      `dist/ is not what \`npm run bundle\` builds from src/ (differs: ${differing.join(', ')}).`,
    );
    console.error('Run `npm run bundle` and commit dist/.');
    process.exit(1);
  }
  console.log('dist/ is in step with src/.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
