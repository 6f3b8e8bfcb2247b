import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { describe, expect, it } from '@jest/globals';
import { forCommandLine } from '../../src/cli/wording.js';
import { inputCatalogue } from '../../src/runtime/catalogue.js';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { expectNoSecrets } from '../helpers/run-action.js';
import {
  appManagementFlags,
  CLI,
  runCli,
  type CliRun,
  CLI_SUB,
  resourceManagerFlags,
} from '../helpers/run-cli.js';

const emu = useEmulator();
const SUB = CLI_SUB;
const rm = () => resourceManagerFlags(emu.get().url);
/** erp-stop of X01 in resource group rg, polling fast. */
const erpStop = () =>
  runCli([
    'erp-stop',
    ...rm(),
    '--resource-group',
    'rg',
    '--erp-virtual-instance',
    'X01',
    '--poll-interval',
    '0.05',
  ]);
const clean = (run: CliRun) =>
  expectNoSecrets({ everything: run.stdout + run.stderr }, emulatorSecrets(emu.get()));
const lines = (stdout: string) =>
  Object.fromEntries(
    stdout
      .trim()
      .split('\n')
      .map((l) => l.split(/=(.*)/s).slice(0, 2)),
  );

describe('vendor-ops, the command line', () => {
  it('erp-stop: prints the outputs as name=value lines and exits 0', async () => {
    const run = await erpStop();
    expect(run.code).toBe(0);
    const out = lines(run.stdout);
    expect(out['operation-status']).toBe('Succeeded');
    expect(out['operation-url']).toContain(
      `${emu.get().url}/subscriptions/${SUB}/providers/Vendor.Workloads/locations/`,
    );
    expect(emu.get().erp.stopsOf('X01')).toHaveLength(1);
    // Log lines go to stderr: stdout carries only outputs.
    expect(run.stdout).not.toContain('stop accepted');
    expect(run.stderr).toContain('stop accepted');
    clean(run);
  });

  it('erp-stop: a failed operation exits 1 with the service error', async () => {
    emu.get().erp.setInstance('X01', { steps: ['InProgress', 'Failed'] });
    const run = await erpStop();
    expect(run.code).toBe(1);
    expect(lines(run.stdout)['operation-status']).toBe('Failed');
    expect(run.stderr).toMatch(/error: .*X01/);
    clean(run);
  });

  it('wait-for-sync with --json prints one JSON object, result parsed', async () => {
    emu.get().dataShare.synchronizations.push({
      synchronizationId: 'sync-1',
      synchronizationMode: 'FullSync',
      statuses: ['InProgress', 'Completed'],
      startTime: '2026-11-22T06:00:00Z',
    });
    const run = await runCli([
      'wait-for-sync',
      ...rm(),
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
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(out['synchronization-id']).toBe('sync-1');
    expect(out['synchronization-status']).toBe('Completed');
    expect(out.result).toMatchObject({
      synchronization: { synchronizationId: 'sync-1', status: 'Completed' },
    });
    clean(run);
  });

  it('check-image-cached takes its inputs from VENDOR_OPS_* variables; a missing image with fail-if-missing exits 1', async () => {
    emu
      .get()
      .cachedImages.setImages('westeurope', [{ image: 'docker.io/library/nginx:latest', osType: 'Linux' }]);
    const env = {
      VENDOR_OPS_BASE_URL: emu.get().url,
      VENDOR_OPS_ACCESS_TOKEN: 'emu-access-token',
      VENDOR_OPS_SUBSCRIPTION_ID: SUB,
      VENDOR_OPS_LOCATION: 'westeurope',
    };
    const hit = await runCli(['check-image-cached', '--image', 'nginx'], env);
    expect(hit.code).toBe(0);
    expect(lines(hit.stdout).cached).toBe('true');
    const miss = await runCli(
      ['check-image-cached', '--image', 'nginx,redis', '--fail-if-missing', 'true'],
      env,
    );
    expect(miss.code).toBe(1);
    expect(lines(miss.stdout)['missing-images']).toBe('["redis"]');
    expect(emu.get().requests.every((r) => r.headers.authorization === 'Bearer emu-access-token')).toBe(true);
    clean(hit);
    clean(miss);
  });

  it('app-current-user succeeds with a user token; app-remove-user with a read-only token exits 1', async () => {
    const api = ['--api-url', emu.get().url];
    const me = await runCli(['app-current-user', ...appManagementFlags(emu.get().url)]);
    expect(me.code).toBe(0);
    expect(lines(me.stdout)['user-name']).toBe('emu-user');
    const refused = await runCli([
      'app-remove-user',
      ...api,
      '--api-token',
      'emu-user-readonly-token',
      '--app',
      'contoso/shop',
      '--user-email',
      'leaver@contoso.com',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('HTTP 403');
    clean(me);
    clean(refused);
  });

  it('exits 2 for bad usage: no operation, an unknown one, an unknown flag, an invalid input', async () => {
    expect((await runCli([])).code).toBe(2);
    const unknown = await runCli(['reboot']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("'reboot' is not an operation; valid operations: erp-stop");
    expect((await runCli(['erp-stop', '--no-such-flag', 'x'])).code).toBe(2);
    const invalid = await runCli([
      'check-image-cached',
      ...rm(),
      '--location',
      'w',
      '--image',
      'nginx',
      '--timeout',
      'never',
    ]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('--timeout: must be a duration');
    expect(emu.get().requests).toHaveLength(0);
  });

  it('--help lists exactly the inputs of the operation, with the descriptions of action.yml and its own defaults', async () => {
    const actionYml = await readFile(new URL('../../action.yml', import.meta.url), 'utf8');
    const run = await runCli(['erp-stop', '--help'], { COLUMNS: '120' });
    expect(run.code).toBe(0);
    // A row is `  --name  (mark) description…`, its description wrapped onto lines indented under it; a mark may
    // hold one parenthesis of its own (erp's api-version: `default 2023-04-01 (2024-09-01 with deallocate-vm …)`).
    const rows = run.stdout
      .split(/\n(?=\S)|\n(?= {2}--)/)
      .filter((block) => block.startsWith('  --'))
      .map((block) =>
        /^--([a-z0-9-]+) (?:\((required|default (?:[^()]|\([^)]*\))*)\) )?(.*)$/.exec(
          // Lines joined; a path too long for a line was cut after a slash, so the cut joins without a space.
          block
            .trim()
            .replace(/\/\n\s+/g, '/')
            .replace(/\s+/g, ' '),
        )!,
      );
    const expected = inputCatalogue()
      .filter((entry) => entry.name !== 'operation' && entry.operations.includes('erp-stop'))
      .map((entry) => entry.name)
      .sort();
    expect(expected).toEqual(
      expect.arrayContaining(['erp-virtual-instance', 'soft-stop-timeout-seconds', 'wait']),
    );
    expect(rows.map((r) => r[1]!).sort()).toEqual(expected);
    // erp-virtual-instance, or tag and environment in its place (issue 34): neither is required alone.
    expect(rows.filter((r) => r[2] === 'required').map((r) => r[1])).toEqual(['base-url']);
    expect(expected).toEqual(expect.arrayContaining(['tag', 'environment']));
    for (const [, name, mark, description] of rows) {
      const yml = new RegExp(
        `\\n  ${name}:\\n    description: '([^\\n]*)'\\n    required: (?:true|false)\\n    default: '([^']*)'`,
      ).exec(actionYml);
      // action.yml's description as the command line words it (`wait: false` as `--wait false`).
      const own = forCommandLine(yml![1]!.replace(/''/g, "'"));
      expect(own.startsWith(description!.replace(/ Repeat the flag for several\.$/, ''))).toBe(true);
      // The default is action.yml's own where every operation reads the input, else stated in its description.
      const fallback = mark?.startsWith('default ') ? mark.slice('default '.length) : undefined;
      if (fallback) expect(`${yml?.[1]} ${yml?.[2]}`).toContain(fallback);
    }
    expect(run.stdout).toContain('VENDOR_OPS_ACCESS_TOKEN');
  });

  it('vendor-ops emulator serves a scenario file that the operations can be pointed at', async () => {
    const scenario = new URL('../../scenarios/demo.json', import.meta.url).pathname;
    const server = spawn(process.execPath, [CLI, 'emulator', '--port', '0', '--scenario', scenario], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const first = await new Promise<string>((resolve) =>
        createInterface({ input: server.stdout }).once('line', resolve),
      );
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(first)?.[1];
      expect(url).toBeDefined();
      const run = await runCli([
        'check-image-cached',
        '--base-url',
        url!,
        '--access-token',
        'emu-access-token',
        '--subscription-id',
        SUB,
        '--location',
        'westeurope',
        '--image',
        'mcr.microsoft.com/windows/servercore:ltsc2022',
        '--os-type',
        'Windows',
      ]);
      expect(run.code).toBe(0);
      expect(lines(run.stdout).images).toBe(
        '[{"image":"mcr.microsoft.com/windows/servercore:ltsc2022","osType":"Windows"}]',
      );
    } finally {
      server.kill('SIGTERM');
    }
    expect(await new Promise((resolve) => server.on('close', resolve))).toBe(0);
  });
});
