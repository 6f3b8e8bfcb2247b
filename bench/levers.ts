import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ncc } from '../scripts/bundle.js';
import { referenceCase, runStartup } from './cases/startup.js';
import type { BenchEnv, Case } from './harness.js';
import { bundleFiles, replaceOnce } from './floor.js';
import { buildSdks } from './sdk.js';

/**
 * `--levers minify,compile-cache,dist-at:DIR,…`: other builds of the action, measured in the same interleaved start-up rounds
 * as the action as it is, the references and the vendor's SDK, so that a change to how dist/ is built is kept only
 * for a measured gain. Each lever adds start-up cases; `against` names the cases its ratios are taken to, per round.
 */
export interface Lever {
  name: string;
  label: string;
  cases: Case[];
  /** Case names the lever's own case (or `of`) is divided by, per round (its own references first). */
  against: string[];
  /** The case divided by `against`, when not the lever's own: a lever that rebuilds the references. */
  of?: string;
  /** Run once before the rounds (a cache to write, say); not measured. */
  warm?(env: BenchEnv): Promise<void>;
}

export const LEVERS = [
  'minify',
  'compile-cache',
  'minify+compile-cache',
  'one-connection',
  'sdk-undici-entry',
] as const;

const DIST = new URL('../dist/', import.meta.url).pathname;
const UNDICI_ENTRY = new URL('../src/client/start-up/undici.cjs', import.meta.url).pathname;

/** ncc's minifier (terser) and a source map beside the bundle, without the runtime source-map-support hook. */
export const MINIFY_FLAGS = ['--minify', '--source-map', '--no-source-map-register'];

/** `dist-at:DIR`: the action as another dist/ folder holds it (an earlier commit's), to compare a change with. */
const DIST_AT = 'dist-at:';

export function buildLevers(scratch: string, names: string[]): Lever[] {
  const levers: Lever[] = [];
  for (const name of names) {
    if (!(LEVERS as readonly string[]).includes(name) && !name.startsWith(DIST_AT))
      throw new Error(`--levers: unknown lever '${name}'; known: ${LEVERS.join(', ')}, ${DIST_AT}DIR`);
  }
  for (const name of names.filter((n) => n.startsWith(DIST_AT))) {
    const main = join(name.slice(DIST_AT.length), 'index.js');
    levers.push({
      name,
      label: `the action as ${main} holds it (entry ${statSync(main).size} bytes)`,
      against: ['check-image-cached'],
      cases: [startupCase(`lever: ${name}`, main)],
    });
  }
  const minifiedAction = join(scratch, 'lever-minify', 'index.js');
  // minify+compile-cache needs the minified build too, not the minify lever's cases.
  if (names.some((n) => n.startsWith('minify'))) ncc('src/index.ts', dirname(minifiedAction), MINIFY_FLAGS);
  if (names.includes('minify')) {
    // The references built with the same settings: what the comparison is once dist/ is minified.
    const { sdk, sdkIdentity } = buildSdks(scratch, { flags: MINIFY_FLAGS, suffix: '-minify' });
    levers.push({
      name: 'minify',
      label: 'action minified (ncc `--minify --source-map`)',
      against: ['check-image-cached', 'sdk', 'sdk + identity', 'sdk (minify)', 'sdk + identity (minify)'],
      cases: [
        startupCase('lever: minify', minifiedAction),
        referenceCase('sdk (minify)', sdk.main),
        referenceCase('sdk + identity (minify)', sdkIdentity.main),
      ],
    });
  }
  for (const [name, source] of [
    ['compile-cache', 'dist'],
    ['minify+compile-cache', 'minify'],
  ] as const) {
    if (!names.includes(name)) continue;
    const main = withCompileCache(
      scratch,
      `lever-${name}`,
      source === 'dist' ? join(DIST, 'index.js') : minifiedAction,
    );
    levers.push({
      name,
      label: `action ${source === 'dist' ? '' : 'minified, '}with Node's compile cache shipped beside it`,
      against: ['check-image-cached', 'sdk', 'sdk + identity'],
      cases: [startupCase(`lever: ${name}`, main)],
      // The cache is written by the first run, as a build step would write it for dist/.
      warm: async (env) => void (await runStartup(env, `lever: ${name} (warm-up)`, main)),
    });
  }
  if (names.includes('sdk-undici-entry')) {
    // The SDK references bundled with the action's undici entry, as a user could bundle their script: how much of
    // the action's lead is that entry, which every bundle with @actions/core could take.
    const { sdk, sdkIdentity } = buildSdks(scratch, {
      suffix: '-undici-entry',
      paths: { undici: [UNDICI_ENTRY] },
    });
    levers.push({
      name: 'sdk-undici-entry',
      label:
        "the SDK references bundled with the action's undici entry (src/client/start-up/undici.cjs): the action ÷ them",
      of: 'check-image-cached',
      against: ['sdk (undici entry)', 'sdk + identity (undici entry)'],
      cases: [
        referenceCase('sdk (undici entry)', sdk.main),
        referenceCase('sdk + identity (undici entry)', sdkIdentity.main),
      ],
    });
  }
  if (names.includes('one-connection')) {
    levers.push({
      name: 'one-connection',
      label:
        'action with one connection per origin (a bench-only copy of dist/: `connections: 1` in its dispatcher)',
      against: ['check-image-cached', 'sdk', 'sdk + identity'],
      cases: [startupCase('lever: one-connection', oneConnection(scratch))],
    });
  }
  return levers;
}

/**
 * Undici opens a second connection for the 3 pages (over HTTPS, a second TLS handshake; node:https, in the SDK,
 * reuses its one socket: 2 connections against 1 on the emulator). Presumably the next request is dispatched as
 * soon as the first body is read, before that connection is free again; not verified in undici's code. This copy of dist/ caps the pool at one connection
 * per origin to measure what that handshake costs; the fix belongs in src/client/dispatcher.ts, not here.
 */
function oneConnection(scratch: string): string {
  const dir = join(scratch, 'lever-one-connection');
  mkdirSync(dir, { recursive: true });
  for (const file of bundleFiles(join(DIST, 'index.js'))) copyFileSync(file, join(dir, basename(file)));
  copyFileSync(join(DIST, 'package.json'), join(dir, 'package.json'));
  const text = readFileSync(join(DIST, 'index.js'), 'utf8');
  const line = 'keepAliveTimeout: 30_000,';
  writeFileSync(join(dir, 'index.js'), replaceOnce(text, line, `${line} connections: 1,`));
  return join(dir, 'index.js');
}

function startupCase(name: string, main: string): Case {
  return { name, startup: true, run: (env) => runStartup(env, name, main) };
}

/**
 * The bundle moved one folder down, and an entry in its place that turns on Node's compile cache in a folder
 * beside it before importing the bundle. Node keys the cache by its version, architecture, V8 flags and user id
 * (the folder's name) and by the source's hash (each entry's header), and ignores what does not match; the entry
 * turns it on only on the Node that wrote it, so another Node does not write a cache of its own into the action.
 */
function withCompileCache(scratch: string, name: string, bundle: string): string {
  const dir = join(scratch, name);
  mkdirSync(join(dir, 'bundle'), { recursive: true });
  // The chunks beside the entry (an operation's code, loaded when it runs) move with it.
  for (const file of bundleFiles(bundle)) copyFileSync(file, join(dir, 'bundle', basename(file)));
  for (const file of ['package.json']) copyFileSync(join(dirname(bundle), file), join(dir, 'bundle', file));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(
    join(dir, 'index.js'),
    `import { enableCompileCache } from 'node:module';
if (process.version === ${JSON.stringify(process.version)}) {
  enableCompileCache({ directory: new URL('./compile-cache', import.meta.url).pathname, portable: true });
}
await import('./bundle/index.js');
`,
  );
  return join(dir, 'index.js');
}
