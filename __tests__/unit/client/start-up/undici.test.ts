import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/**
 * The bundles take src/client/start-up/undici.cjs for every `undici` import (src/tsconfig.json's `paths`), while the type
 * check and the other tests use undici's own entry. An import the bundle's entry lacks would be `undefined` only in
 * dist/, so these tests compare the two: every value the bundled code imports from `undici` must be there, as the
 * very same object as undici's entry gives.
 */

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const require = createRequire(import.meta.url);
const bundleEntry = require('../../../../src/client/start-up/undici.cjs') as Record<string, unknown>;
const undici = require('undici') as Record<string, unknown>;

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .map((f) => join(dir, f));
}

/** The value names a source imports from `undici`; a namespace, default or `require` import is an error. */
function undiciImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const [, typeOnly, list] of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]undici['"]/g)) {
    if (typeOnly) continue;
    for (const part of list!.split(',').map((p) => p.trim())) {
      if (part && !part.startsWith('type ')) names.push(part.split(/\s+as\s+/)[0]!);
    }
  }
  const other =
    /import\s+(?!type\s)(\*\s*as\s+\w+|\w+)[\s\w,{}]*from\s*['"]undici['"]|require\(\s*['"]undici['"]\s*\)/.exec(
      text,
    );
  if (other) throw new Error(`${file}: an undici import these tests cannot check: ${other[0]}`);
  return names;
}

// Our sources and the bundled packages that import undici (@actions/core's http-client).
const sources = [
  ...filesUnder(join(root, 'src'), /\.ts$/),
  ...filesUnder(join(root, 'node_modules/@actions'), /\.js$/),
];
const imported = [...new Set(sources.flatMap(undiciImports))].sort();

describe('the bundles’ undici entry (src/client/start-up/undici.cjs)', () => {
  it('finds the imports it checks: ours and @actions/http-client’s', () => {
    expect(imported).toEqual(expect.arrayContaining(['EnvHttpProxyAgent', 'ProxyAgent']));
  });

  it.each(imported)('exports %s as undici’s own entry does', (name) => {
    expect(bundleEntry[name]).toBeDefined();
    expect(bundleEntry[name]).toBe(undici[name]);
  });

  it('gives every dispatcher the request API, as undici’s entry does', () => {
    const Dispatcher = bundleEntry.Dispatcher as { prototype: Record<string, unknown> };
    for (const method of ['request', 'stream', 'pipeline', 'connect', 'upgrade']) {
      expect(typeof Dispatcher.prototype[method]).toBe('function');
    }
  });

  it.each(['dist', 'dist/cli'])(
    'is the one the bundle in %s is built with (its main file and chunks)',
    (dir) => {
      const files = readdirSync(join(root, dir)).filter((f) => f.endsWith('.js'));
      expect(files).toContain('index.js');
      const text = files.map((f) => readFileSync(join(root, dir, f), 'utf8')).join('\n');
      // The cache storage, which only undici's own entry loads; and the line both entries share, once.
      expect(text).not.toContain('class CacheStorage {');
      expect(text.split('Object.assign(Dispatcher.prototype, api)').length - 1).toBe(1);
    },
  );
});
