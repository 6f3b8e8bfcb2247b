import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle } from './bundle.js';

// Rebuilds the bundle into a scratch folder and fails if dist/ differs: dist/ must be what src/ produces.
const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'check-dist-'));
try {
  bundle(scratch);
  const built = readdirSync(scratch).sort();
  const committed = readdirSync(join(root, 'dist')).sort();
  const differing = [...new Set([...built, ...committed])].filter((name) => {
    try {
      return !readFileSync(join(scratch, name)).equals(readFileSync(join(root, 'dist', name)));
    } catch {
      return true;
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
