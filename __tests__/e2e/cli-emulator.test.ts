import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { useEmulator } from '../helpers/emulator.js';
import { appManagementFlags, runCli, startCliEmulator, type CliRun } from '../helpers/run-cli.js';
import { runCliInProcess } from '../helpers/run-cli-in-process.js';

/**
 * `vendor-ops emulator` as a user meets it: every mistake one line and exit 2, and data to try from the start. The
 * mistakes run the command line's main() in this process (runCliInProcess: no Node start-up to pay for a one-line
 * refusal); its help, the demo scenario and the documented one through the bundle.
 */

const emu = useEmulator();
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vendor-ops-emulator-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function expectOneLine(run: CliRun, ...parts: string[]): void {
  expect(run.code).toBe(2);
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  for (const part of parts) expect(lines[0]).toContain(part);
}

async function scenarioFile(name: string, text: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

describe('vendor-ops emulator: each mistake is one line and exit 2', () => {
  it('--help prints its usage and exits 0', async () => {
    const run = await runCli(['emulator', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: vendor-ops emulator \[--port N\] \[--scenario FILE\]/);
    expect(run.stderr).toBe('');
  });

  it('a port in use, --port abc, an unknown flag, a stray argument', async () => {
    const busy = new URL(emu.get().url).port;
    expectOneLine(await runCliInProcess(['emulator', '--port', busy]), `port ${busy} is in use`);
    expectOneLine(
      await runCliInProcess(['emulator', '--port', 'abc']),
      '--port must be a port number',
      "'abc'",
    );
    expectOneLine(await runCliInProcess(['emulator', '--port', '70000']), '--port must be a port number');
    expectOneLine(
      await runCliInProcess(['emulator', '--prot', '8080']),
      'unknown flag --prot',
      'did you mean --port?',
    );
    expectOneLine(await runCliInProcess(['emulator', 'demo.json']), "unexpected argument 'demo.json'");
  });

  it('a missing, a truncated and a misspelt scenario file', async () => {
    expectOneLine(
      await runCliInProcess(['emulator', '--scenario', join(dir, 'absent.json')]),
      'cannot read the scenario file',
      'absent.json',
    );
    const demo = await readFile(new URL('../../scenarios/demo.json', import.meta.url), 'utf8');
    const truncated = await scenarioFile('truncated.json', demo.slice(0, demo.length / 2));
    expectOneLine(
      await runCliInProcess(['emulator', '--scenario', truncated]),
      'truncated.json is not valid JSON',
    );

    const misspelt = await scenarioFile(
      'misspelt.json',
      JSON.stringify({ erp: { instances: { X01: { stpes: ['Succeeded'] } } } }),
    );
    expectOneLine(
      await runCliInProcess(['emulator', '--scenario', misspelt]),
      "unknown key 'erp.instances.X01.stpes'",
    );
    const inList = await scenarioFile(
      'in-list.json',
      JSON.stringify({ cachedImages: { regions: { westeurope: [{ image: 'nginx', osTipe: 'Linux' }] } } }),
    );
    expectOneLine(
      await runCliInProcess(['emulator', '--scenario', inList]),
      "unknown key 'cachedImages.regions.westeurope[0].osTipe'",
    );
    const wrongValue = await scenarioFile(
      'wrong.json',
      JSON.stringify({ erp: { defaults: { respond: 201 } } }),
    );
    expectOneLine(await runCliInProcess(['emulator', '--scenario', wrongValue]), 'erp.defaults.respond');
  });
});

describe('vendor-ops emulator without --scenario', () => {
  it('serves the demo scenario from any directory, says what it holds, and operations find its data', async () => {
    const emulator = await startCliEmulator([], dir);
    try {
      const { banner, url } = emulator;
      expect(banner).toContain('scenario: the demo scenario (built in)');
      expect(banner).toContain('--access-token emu-access-token');
      // Instances, synchronizations, regions and images, apps and tokens, as in scenarios/demo.json.
      for (const held of [
        'X02:',
        'X09:',
        '4d21aa10-sync-2',
        '--location westeurope',
        'mcr.microsoft.com/windows/servercore:ltsc2022',
      ]) {
        expect(banner).toContain(held);
      }
      expect(banner).toMatch(/--app contoso\/shop: .*leaver@contoso\.com/);
      expect(banner).toMatch(/--api-token emu-user-token: user token of emu-user, full access/);

      const rm = [
        '--base-url',
        url,
        '--access-token',
        'emu-access-token',
        '--subscription-id',
        '00000000-0000-4000-8000-000000000001',
      ];
      const images = await runCli([
        'check-image-cached',
        ...rm,
        '--location',
        'westeurope',
        '--image',
        'nginx',
      ]);
      expect(images.code).toBe(0);
      expect(images.stdout).toContain('cached=true');

      const sync = await runCli([
        'wait-for-sync',
        ...rm,
        '--resource-group',
        'rg',
        '--account-name',
        'acc',
        '--share-subscription',
        'sub',
        '--poll-interval',
        '0.05',
        '--json',
      ]);
      expect(sync.code).toBe(0);
      expect(JSON.parse(sync.stdout)).toMatchObject({
        'synchronization-id': '4d21aa10-sync-2',
        'synchronization-status': 'Succeeded',
      });

      const me = await runCli(['app-current-user', ...appManagementFlags(url)]);
      expect(me.code).toBe(0);
      expect(me.stdout).toContain('user-name=emu-user');
    } finally {
      expect(await emulator.stop()).toBe(0);
    }
  });
});

describe('docs/emulator.md', () => {
  it('documents a scenario the emulator accepts: its JSON example starts it and the banner shows it', async () => {
    const readme = await readFile(new URL('../../docs/emulator.md', import.meta.url), 'utf8');
    const example = /example with most knobs:\n\n```json\n([^]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const file = await scenarioFile('readme.json', example!);
    const emulator = await startCliEmulator(['--scenario', file], dir);
    try {
      expect(emulator.banner).toContain(`scenario: ${file}`);
      expect(emulator.banner).toMatch(/X10: .*answers 200/);
    } finally {
      expect(await emulator.stop()).toBe(0);
    }
  });
});
