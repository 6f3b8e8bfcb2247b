import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BearerCredentialHandler } from '@actions/http-client/lib/auth';
import * as realHttpClient from '@actions/http-client';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as standIn from '../../../../src/action/start-up/core-imports.js';

/**
 * The bundles take src/action/start-up/core-imports.ts for @actions/core's imports of @actions/http-client and
 * @actions/exec (src/tsconfig.json's `paths`), while the type check and the other tests use the packages. What
 * @actions/core calls and the stand-in lacks would fail only in dist/, and only at OIDC sign-in: these tests hold
 * the stand-in to what @actions/core's own files use, and run each through to the real package.
 */

const coreLib = fileURLToPath(new URL('../../../../node_modules/@actions/core/lib', import.meta.url));
const coreFiles = readdirSync(coreLib)
  .filter((f) => f.endsWith('.js'))
  .map((f) => readFileSync(join(coreLib, f), 'utf8'));

/** The names @actions/core takes from a package: named imports, and `ns.name` of a namespace import. */
function usedFrom(pkg: string): string[] {
  const quoted = `['"]${pkg.replace('/', '\\/')}['"]`;
  const names = new Set<string>();
  for (const text of coreFiles) {
    for (const [, list] of text.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g')))
      for (const part of list!.split(',')) if (part.trim()) names.add(part.trim().split(/\s+as\s+/)[0]!);
    for (const [, ns] of text.matchAll(new RegExp(`import\\s*\\*\\s*as\\s+(\\w+)\\s+from\\s*${quoted}`, 'g')))
      for (const [, name] of text.matchAll(new RegExp(`\\b${ns}\\.(\\w+)`, 'g'))) names.add(name!);
  }
  return [...names].sort();
}

describe('the bundles’ stand-ins for @actions/core’s imports (src/action/start-up/core-imports.ts)', () => {
  it('finds what @actions/core takes from each package', () => {
    expect(usedFrom('@actions/http-client')).toEqual(['HttpClient']);
    expect(usedFrom('@actions/exec')).toEqual(expect.arrayContaining(['getExecOutput']));
  });

  it.each([...usedFrom('@actions/http-client'), ...usedFrom('@actions/exec')])('exports %s', (name) => {
    expect(typeof (standIn as Record<string, unknown>)[name]).toBe('function');
  });

  it('has every method of the client that @actions/core calls', () => {
    const called = Object.getOwnPropertyNames(realHttpClient.HttpClient.prototype).filter((m) =>
      coreFiles.some((text) => text.includes(`.${m}(`) && m !== 'constructor'),
    );
    expect(called).toContain('getJson');
    for (const m of called)
      expect(typeof (standIn.HttpClient.prototype as unknown as Record<string, unknown>)[m]).toBe('function');
  });

  describe('the client, through to the real one', () => {
    const seen: { authorization?: string; userAgent?: string }[] = [];
    const server = createServer((req, res) => {
      seen.push({ authorization: req.headers.authorization, userAgent: req.headers['user-agent'] });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ value: 'id-token' }));
    });
    beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('sends with the handlers and options it was made with', async () => {
      const { port } = server.address() as AddressInfo;
      const client = new standIn.HttpClient(
        'actions/oidc-client',
        [new BearerCredentialHandler('request-token')],
        {
          allowRetries: false,
          keepAlive: false,
        },
      );
      const res = await client.getJson<{ value: string }>(`http://127.0.0.1:${port}/token`);
      expect(res.result?.value).toBe('id-token');
      expect(seen).toEqual([{ authorization: 'Bearer request-token', userAgent: 'actions/oidc-client' }]);
    });
  });

  it('runs a command through the real @actions/exec', async () => {
    const out = await standIn.getExecOutput(process.execPath, ['-e', 'process.stdout.write("ran")'], {
      silent: true,
    });
    expect(out).toMatchObject({ exitCode: 0, stdout: 'ran' });
  });
});
