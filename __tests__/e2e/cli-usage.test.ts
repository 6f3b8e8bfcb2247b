import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { expectNoSecrets } from '../helpers/run-action.js';
import {
  appManagementFlags,
  runCli,
  type CliRun,
  CLI_SUB,
  resourceManagerFlags,
} from '../helpers/run-cli.js';
import { runCliInProcess } from '../helpers/run-cli-in-process.js';

/**
 * The command line as a person types it: lists as repeated flags, mistakes as one line and exit 2. The bundle
 * (runCli) for one case of each kind (an operation, a usage error, the version, the terminal's width); the other
 * commands run the same main() in this process (runCliInProcess), with the same assertions.
 */

const emu = useEmulator();
const SUB = CLI_SUB;
const rm = () => resourceManagerFlags(emu.get().url);
const outputs = (stdout: string) =>
  Object.fromEntries(
    stdout
      .trim()
      .split('\n')
      .map((l) => l.split(/=(.*)/s).slice(0, 2)),
  );

/** A usage error: exit 2, exactly one line on stderr (no usage dump, no stack trace), nothing on stdout. */
function expectUsageError(run: CliRun, ...parts: string[]): string {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  for (const part of parts) expect(lines[0]).toContain(part);
  return lines[0]!;
}

describe('vendor-ops: a list input given as a repeated flag counts every value', () => {
  it('erp-stop --erp-virtual-instance X01 --erp-virtual-instance X02 stops both', async () => {
    const run = await runCli([
      'erp-stop',
      ...rm(),
      '--resource-group',
      'rg',
      '--erp-virtual-instance',
      'X01',
      '--erp-virtual-instance',
      'X02',
      '--wait',
      'false',
    ]);
    expect(run.code).toBe(0);
    expect(emu.get().erp.stopsOf('X01')).toHaveLength(1);
    expect(emu.get().erp.stopsOf('X02')).toHaveLength(1);
    expect(JSON.parse(outputs(run.stdout).result!)).toHaveLength(2);
    expectNoSecrets({ everything: run.stdout + run.stderr }, emulatorSecrets(emu.get()));
  });

  it('check-image-cached --image nginx --image redis:7 looks for both images', async () => {
    emu
      .get()
      .cachedImages.setImages('westeurope', [{ image: 'docker.io/library/nginx:latest', osType: 'Linux' }]);
    const run = await runCliInProcess([
      'check-image-cached',
      ...rm(),
      '--location',
      'westeurope',
      '--image',
      'nginx',
      '--image',
      'redis:7',
    ]);
    expect(run.code).toBe(0);
    const out = outputs(run.stdout);
    expect(out.cached).toBe('false');
    expect(out['missing-images']).toBe('["redis:7"]');
    expect(JSON.parse(out.result!)).toHaveLength(2);
  });

  it('app-remove-user --user-email a --user-email b removes both', async () => {
    const run = await runCliInProcess([
      'app-remove-user',
      ...appManagementFlags(emu.get().url),
      '--app',
      'contoso/shop',
      '--user-email',
      'leaver@contoso.com',
      '--user-email',
      'tester@contoso.com',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(outputs(run.stdout)['removed-users']!)).toEqual([
      'leaver@contoso.com',
      'tester@contoso.com',
    ]);
    expect(Object.keys(emu.get().apps.members('contoso', 'shop')!)).not.toContain('tester@contoso.com');
  });
});

describe('vendor-ops: flags it cannot use are usage errors, one line naming the flag', () => {
  const stop = () => ['erp-stop', ...rm(), '--resource-group', 'rg', '--erp-virtual-instance', 'X01'];

  it('a repeated single-valued flag', async () => {
    expectUsageError(
      await runCliInProcess([...stop(), '--wait', 'false', '--wait', 'true']),
      '--wait',
      'more than once',
    );
    // resource-group is a list (a selection by tag may span several): with names, one is needed.
    expectUsageError(
      await runCliInProcess([...stop(), '--resource-group', 'other']),
      '--resource-group',
      'names 2 items',
    );
    expect(emu.get().requests).toHaveLength(0);
  });

  it('an unknown flag, with the nearest valid name', async () => {
    const line = expectUsageError(
      await runCliInProcess(['check-image-cached', ...rm(), '--location', 'westeurope', '--imag', 'nginx']),
      'unknown flag --imag',
      'did you mean --image?',
    );
    expect(line).toMatch(/^error: /);
    expectUsageError(
      await runCliInProcess([...stop(), '--soft-stop-timout-seconds', '30']),
      '--soft-stop-timout-seconds',
      'did you mean --soft-stop-timeout-seconds?',
    );
    // Nothing close: no guess, a pointer to the flags instead.
    const far = expectUsageError(
      await runCliInProcess([...stop(), '--frobnicate', 'x']),
      'unknown flag --frobnicate',
    );
    expect(far).not.toContain('did you mean');
    expect(far).toContain('vendor-ops erp-stop --help');
    expect(emu.get().requests).toHaveLength(0);
  });

  it('a flag of another operation (--location on erp-stop)', async () => {
    expectUsageError(
      await runCli([...stop(), '--location', 'westeurope']),
      'erp-stop does not read --location',
    );
    expectUsageError(await runCli([...stop(), '--image', 'nginx']), 'erp-stop does not read --image');
    expect(emu.get().requests).toHaveLength(0);
  });

  it('a misspelled operation, a stray argument, a flag without its value', async () => {
    expectUsageError(
      await runCliInProcess(['erp-stp', ...rm()]),
      "'erp-stp' is not an operation",
      'did you mean erp-stop?',
    );
    expectUsageError(await runCliInProcess(['chek-image-cached']), 'did you mean check-image-cached?');
    expectUsageError(await runCliInProcess([...stop(), 'X02']), "unexpected argument 'X02'");
    expectUsageError(await runCliInProcess([...stop(), '--wait']), '--wait needs a value');
    expectUsageError(await runCliInProcess([...stop(), '--json=true']), '--json takes no value');
    expect(emu.get().requests).toHaveLength(0);
  });

  it('an invalid value names the flag as typed, and a bound as a person says it', async () => {
    const line = expectUsageError(
      await runCliInProcess([...stop(), '--soft-stop-timeout-seconds', '-1']),
      '--soft-stop-timeout-seconds: must be a whole number from 0 to 82799',
    );
    expect(line).not.toMatch(/9007199254740991|Input '/);
  });
});

describe('vendor-ops: the forms people type', () => {
  it('help OP and OP --help print the same help; global flags stand before or after the operation', async () => {
    const viaHelp = await runCliInProcess(['help', 'erp-stop']);
    const viaFlag = await runCliInProcess(['erp-stop', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toContain('--erp-virtual-instance');

    emu
      .get()
      .cachedImages.setImages('westeurope', [{ image: 'docker.io/library/nginx:latest', osType: 'Linux' }]);
    const args = [...rm(), '--location', 'westeurope', '--image', 'nginx'];
    const before = await runCliInProcess(['--json', '--verbose', 'check-image-cached', ...args]);
    const after = await runCliInProcess(['check-image-cached', ...args, '--json', '--verbose']);
    for (const run of [before, after]) {
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ cached: true });
      expect(run.stderr).toContain('debug: GET ');
    }
  });

  it('--version prints the version of package.json', async () => {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    for (const args of [['--version'], ['erp-stop', '--version']]) {
      const run = await runCli(args);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(`vendor-ops ${pkg.version}\n`);
    }
  });

  it('--summary false leaves out the summary tables, as a step writes no job summary', async () => {
    emu
      .get()
      .cachedImages.setImages('westeurope', [{ image: 'docker.io/library/nginx:latest', osType: 'Linux' }]);
    const args = ['check-image-cached', ...rm(), '--location', 'westeurope', '--image', 'nginx'];
    const withTables = await runCliInProcess(args);
    const without = await runCliInProcess([...args, '--summary', 'false']);
    expect(withTables.stderr).toContain('Cached images in westeurope');
    expect(without.code).toBe(0);
    expect(without.stderr).not.toContain('Cached images in westeurope');
    expectUsageError(await runCliInProcess([...args, '--summary', 'no']), '--summary: must be true or false');
  });

  it('debug lines give whole milliseconds', async () => {
    emu
      .get()
      .cachedImages.setImages('westeurope', [{ image: 'docker.io/library/nginx:latest', osType: 'Linux' }]);
    const run = await runCliInProcess([
      'check-image-cached',
      ...rm(),
      '--location',
      'westeurope',
      '--image',
      'nginx',
      '--verbose',
    ]);
    const timings = [...run.stderr.matchAll(/ in (\S+) ms/g)].map((m) => m[1]);
    expect(timings.length).toBeGreaterThan(0);
    for (const ms of timings) expect(ms).toMatch(/^\d+$/);
  });
});

describe('vendor-ops OP --help', () => {
  it('says what the operation does, marks required inputs and defaults, and fits the terminal width', async () => {
    for (const columns of [60, 100, 140]) {
      const run = await runCli(['check-image-cached', '--help'], { COLUMNS: String(columns) });
      expect(run.code).toBe(0);
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^vendor-ops check-image-cached: Says whether/);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
      // Wrapped text read as one: rows may break anywhere between words.
      const flat = run.stdout.replace(/\s+/g, ' ');
      expect(flat).toMatch(
        /--location \(required\) One or more region names .* Repeat the flag for several\./,
      );
      expect(flat).toMatch(/--os-type \(default any\) Linux or Windows/);
      expect(flat).toMatch(
        /--image \(required\) One or more image references .* Repeat the flag for several\./,
      );
      // The example breaks with shell continuations, so it pastes as one command.
      expect(flat.replace(/ \\ /g, ' ')).toMatch(
        /Example: vendor-ops check-image-cached --base-url \S+ .*--image nginx --image redis:7 $/,
      );
    }
    // Wide enough: each input is one aligned row, the description beside the flag.
    const wide = await runCli(['check-image-cached', '--help'], { COLUMNS: '200' });
    const rows = wide.stdout.split('\n').filter((l) => l.startsWith('  --'));
    expect(rows.length).toBeGreaterThan(5);
    expect(new Set(rows.map((row) => /^ {2}--\S+ +/.exec(row)![0].length)).size).toBe(1);
  });

  it('text written for workflows reads as flags', async () => {
    const resume = await runCliInProcess(['wait-for-operation', '--help']);
    expect(resume.stdout).toContain('--wait false');
    expect(resume.stdout).not.toContain('wait: false');

    const signIn = await runCliInProcess([
      'erp-stop',
      '--base-url',
      emu.get().url,
      '--subscription-id',
      SUB,
      '--resource-group',
      'rg',
      '--erp-virtual-instance',
      'X01',
      '--client-id',
      'emu-client',
      '--tenant-id',
      't',
      '--auth-url',
      emu.get().url,
    ]);
    const line = expectUsageError(
      signIn,
      '--client-secret',
      'set --access-token, or --client-id and --tenant-id with --client-secret',
    );
    expect(line).not.toContain('permissions:');
    expect(emu.get().requests).toHaveLength(0);

    emu.get().erp.setInstance('X01', { softStopUnsupported: true });
    const refused = await runCliInProcess([
      'erp-stop',
      ...rm(),
      '--resource-group',
      'rg',
      '--erp-virtual-instance',
      'X01',
      '--soft-stop-timeout-seconds',
      '30',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Set --hard-stop-fallback true');
    expect(refused.stderr).not.toContain('hard-stop-fallback: true');
  });
});
