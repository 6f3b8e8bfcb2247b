import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';

const CLI = new URL('../../dist/cli.mjs', import.meta.url).pathname;

/** The machine's own Node, outside node_modules (the tests themselves run on the Node 24 of node_modules). */
function systemNode(): { path: string; major: number } | undefined {
  const paths = (() => {
    try {
      return execFileSync('which', ['-a', 'node'], { encoding: 'utf8' }).split('\n');
    } catch {
      return [];
    }
  })().filter((p) => p && !p.includes('node_modules'));
  for (const path of paths) {
    const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim();
    const major = Number(/^v(\d+)\./.exec(version)?.[1]);
    if (Number.isInteger(major)) return { path, major };
  }
  return undefined;
}

describe('dist/cli.mjs on an older Node', () => {
  const older = systemNode();
  // This workplace's machines carry Node 20 beside the Node 24 of node_modules; elsewhere there may be none.
  (older && older.major < 24 ? it : it.skip)(
    'says in one line that it needs Node 24 and how to run it in the checkout, and exits 2',
    () => {
      const run = spawnSync(older!.path, [CLI, '--version'], { encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([
        `vendor-ops needs Node 24 or later (what runners use); this is v${spawnSync(older!.path, ['--version'], { encoding: 'utf8' }).stdout.trim().slice(1)}. In this checkout, after npm ci, run it as npx vendor-ops …, which uses the project's Node 24.`,
      ]);
    },
  );
});
