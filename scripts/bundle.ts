import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// The same floor as package.json's engines: Node 24 is what runners use and what the tests run on. On an older
// Node the bundle would die with a cryptic error at load (undici 8 itself needs 22.19).
const CLI_SHIM = `#!/usr/bin/env node
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  // The README's examples run dist/cli.mjs with whatever \`node\` is first on PATH; in a checkout, npx puts the
  // project's own Node 24 (node_modules) first, so say so.
  console.error(
    \`vendor-ops needs Node 24 or later (what runners use); this is \${process.version}. In this checkout, after npm ci, run it as npx vendor-ops …, which uses the project's Node 24.\`,
  );
  process.exit(2);
}
await import('./cli/index.js');
`;

/**
 * The bundles: the action (dist/index.js, what action.yml's runs.main names) and the command line
 * (dist/cli/, started by the dist/cli.mjs shim that package.json's bin names). Each gets its own folder because
 * ncc names every output index.js.
 */
export function bundle(outDir: string): void {
  // ncc names a chunk by a hash of module ids: a chunk of an earlier build would otherwise stay beside the new one.
  rmSync(outDir, { recursive: true, force: true });
  ncc('src/index.ts', outDir);
  ncc('src/cli.ts', join(outDir, 'cli'));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'cli.mjs'), CLI_SHIM, { mode: 0o755 });
}

/**
 * Our ncc settings, one place: the benchmark builds its references with them too. undici's experimental Milo
 * parser (its two WebAssembly builds, 166 KB of base64 in the entry) stays out: undici requires them only once Milo
 * is chosen, which the bundles' undici entry turns off (src/client/start-up/undici.cjs); llhttp parses, as in Node.
 */
export const NCC_FLAGS: readonly string[] = [
  '--external',
  '../milo/simd.js',
  '--external',
  '../milo/no-simd.js',
];

/**
 * ncc with our settings; `flags` replaces them (the benchmark measures other settings with it). Always
 * `--transpile-only`: the types are checked by `npm run typecheck`, and ncc checking them again doubled the
 * processor time of every build and of the dist check, for byte-identical output (src/tsconfig.json gives the
 * per-file transpile its module setting).
 */
export function ncc(source: string, outDir: string, flags: readonly string[] = NCC_FLAGS): void {
  // ncc's transpile reads the tsconfig.json nearest the entry, but its resolver's `paths` come from the one in the
  // folder it runs in (ours has none), unless TS_NODE_PROJECT names one by absolute path: src/tsconfig.json's
  // `paths` must reach the resolver (the bundles' undici entry). Running from src/ instead changes licenses.txt.
  const tsconfig = join(dirname(resolve(root, source)), 'tsconfig.json');
  const env = existsSync(tsconfig) ? { ...process.env, TS_NODE_PROJECT: tsconfig } : process.env;
  execFileSync(
    'npx',
    [
      'ncc',
      'build',
      source,
      '-o',
      outDir,
      '--license',
      'licenses.txt',
      '--quiet',
      '--transpile-only',
      ...flags,
    ],
    { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) bundle(process.argv[2] ?? 'dist');
