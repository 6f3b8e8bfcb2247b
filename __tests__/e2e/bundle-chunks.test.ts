import { describe, expect, it } from '@jest/globals';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useEmulator } from '../helpers/emulator.js';
import { actionMain, runAction } from '../helpers/run-action.js';

const emu = useEmulator(() => ({
  cachedImages: { regions: { westeurope: [{ image: 'docker.io/library/nginx:latest', osType: 'Linux' }] } },
}));

/** Each area's run code, by a function only its chunk defines (issue 53: the entry holds the declarations). */
const RUN_CODE = [
  'runErp',
  'statusWindow',
  'mergeWindow',
  'waitForOperation',
  'syncCancel',
  'appRemoveUser',
  'checkImageCached',
];
const defines = (code: string, name: string) => new RegExp(`function \\w*${name}\\(`).test(code);

async function bundleFiles(dir: string): Promise<Map<string, string>> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.js'));
  return new Map(
    await Promise.all(files.map(async (f) => [f, await readFile(join(dir, f), 'utf8')] as const)),
  );
}

/** A check-image-cached step the emulator answers with one page. */
const checkInputs = () => ({
  operation: 'check-image-cached',
  'base-url': emu.get().url,
  'access-token': 'emu-access-token',
  'subscription-id': '00000000-0000-4000-8000-000000000001',
  location: 'westeurope',
  image: 'nginx',
});

describe('the bundle loads an operation’s code only when it runs', () => {
  it('keeps every area’s run code out of the entry, in chunks beside it', async () => {
    const dist = join(await actionMain(), '..');
    for (const dir of [dist, join(dist, 'cli')]) {
      const files = await bundleFiles(dir);
      for (const name of RUN_CODE) {
        expect([name, defines(files.get('index.js')!, name)]).toEqual([name, false]);
        expect([...files].filter(([f, code]) => f !== 'index.js' && defines(code, name))).toHaveLength(1);
      }
    }
  });

  it('leaves undici’s Milo parser out, and parses with llhttp even where UNDICI_USE_MILO asks for Milo', async () => {
    const main = await actionMain();
    // How both of undici's lib/milo files begin (their WebAssembly follows, as base64): in no file of the bundle.
    const milo = 'const wasmModule = new WebAssembly.Module(';
    for (const dir of [join(main, '..'), join(main, '..', 'cli')]) {
      for (const [file, code] of await bundleFiles(dir))
        expect([file, code.includes(milo)]).toEqual([file, false]);
    }
    const run = await runAction(checkInputs(), { env: { UNDICI_USE_MILO: '1' } });
    expect(run.errors).toEqual([]);
    expect(run.outputs.cached).toBe('true');
  });

  it('runs check-image-cached from the entry and its own chunk, with no other chunk there', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'vendor-ops-chunks-'));
    try {
      await cp(join(await actionMain(), '..'), copy, { recursive: true });
      const files = await bundleFiles(copy);
      for (const [file, code] of files) {
        if (file !== 'index.js' && !defines(code, 'checkImageCached')) await rm(join(copy, file));
      }
      expect((await readdir(copy)).filter((f) => f.endsWith('.index.js'))).toHaveLength(1);
      const run = await runAction(checkInputs(), { main: join(copy, 'index.js') });
      expect(run.errors).toEqual([]);
      expect(run.code).toBe(0);
      expect(run.outputs.cached).toBe('true');
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
