import { spawn } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { expectNoSecrets, FAST_POLLS } from '../helpers/run-action.js';
import { appManagementFlags, CLI, runCli, CLI_SUB, resourceManagerFlags } from '../helpers/run-cli.js';

/** The contract's "Command line" of "What the step shows is true": what a failure, a signal and a slip print. */

const emu = useEmulator();
const SUB = CLI_SUB;
const rm = () => resourceManagerFlags(emu.get().url);
const stop = (instance: string) => [
  'erp-stop',
  ...rm(),
  '--resource-group',
  'rg',
  '--erp-virtual-instance',
  instance,
];

describe('a failed command', () => {
  it('--json prints the outputs known (the request id for a support ticket), the error and the advice', async () => {
    // An unknown region: the service answers 404, which the client raises.
    const run = await runCli([
      'check-image-cached',
      ...rm(),
      '--location',
      'nowhere',
      '--image',
      'nginx',
      '--json',
    ]);
    expect(run.code).toBe(1);
    const outputs = JSON.parse(run.stdout) as Record<string, string>;
    expect(outputs['request-id']).toMatch(/^emu-req-\d+$/);
    expect(run.stderr).toMatch(/^error: .*HTTP 404/m);
    expect(run.stderr).toMatch(
      /^advice: Check the names in the inputs \(subscription, resource group, instance, account, app\)/m,
    );
    expectNoSecrets({ everything: run.stdout + run.stderr }, emulatorSecrets(emu.get()));
  });

  it('without --json prints the known outputs as name=value lines', async () => {
    const run = await runCli(['check-image-cached', ...rm(), '--location', 'nowhere', '--image', 'nginx']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^request-id=emu-req-\d+$/m);
  });

  it('a usage error stays one line, with nothing on stdout, even with --json', async () => {
    const run = await runCli([...stop('X01 X02'), '--json']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      "error: --erp-virtual-instance: item 'X01 X02' has whitespace inside; give one item per line, or separate items with commas (got 'X01 X02')\n",
    );
    expect(emu.get().requests).toHaveLength(0);
  });

  it('an app-management usage error is one line: the retirement notice comes only after validation', async () => {
    const app = ['app-remove-user', ...appManagementFlags(emu.get().url)];
    const bad = await runCli([...app, '--app', 'contoso/shop', '--user-email', 'Jane.Doe']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^error: --user-email: 'Jane.Doe' is not an e-mail address/),
    ]);
    // A run that goes ahead is told of the retirement once, though its table carries the notice as well.
    const good = await runCli([...app, '--app', 'contoso/shop', '--user-email', 'leaver@contoso.com']);
    expect(good.code).toBe(0);
    expect(good.stderr.match(/The app-management API is at the end of its life/g)).toHaveLength(1);
  });

  it('a signed polling URL is whole on stdout (the outputs) and reduced to api-version on stderr (the log)', async () => {
    emu.get().erp.setInstance('X01', { steps: ['InProgress'], rotatePollingUrl: true });
    const run = await runCli([...stop('X01'), '--timeout', '1', '--poll-interval', '0.05']);
    expect(run.code).toBe(1);
    const [url] = JSON.parse(/^operation-urls=(.*)$/m.exec(run.stdout)![1]!) as string[];
    expect(url).toMatch(/[?&]sig=/);
    expect(run.stderr).not.toMatch(/sig=/);
    expect(run.stderr).toMatch(/\/operationStatuses\/[^\s?]+\?api-version=[\d-]+(&…)?/);
  });
});

describe('a signal', () => {
  it('Ctrl-C (SIGINT) during a wait ends the command with exit code 130 and the URL to resume', async () => {
    emu.get().erp.setInstance('X01', { steps: ['InProgress'] });
    const child = spawn(
      process.execPath,
      ['--import', FAST_POLLS, CLI, ...stop('X01'), '--poll-interval', '0.05'],
      {
        env: { PATH: process.env.PATH ?? '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    // Sent once, when the wait has begun (the stop accepted), as a person would press Ctrl-C.
    let sent = false;
    child.stderr.on('data', (d) => {
      stderr += d;
      if (/accepted/.test(stderr) && !sent) sent = child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 130, stderr: expect.stringMatching(/cancelled/i) });
    expect(stdout).toMatch(/^operation-urls=\["http/m);
  });
});

describe('a misspelt VENDOR_OPS_* variable', () => {
  it('is refused (exit 2) with the variable it most likely meant, not ignored', async () => {
    const run = await runCli(['erp-stop', '--erp-virtual-instance', 'X01', '--wait', 'false'], {
      VENDOR_OPS_BASE_URL: emu.get().url,
      VENDOR_OPS_ACCESS_TOKEN: 'emu-access-token',
      VENDOR_OPS_SUBSCRIPTION_ID: SUB,
      VENDOR_OPS_RESOURCE_GROUP: 'rg',
      VENDOR_OPS_TIMOUT: '90s',
      VENDOR_OPS_NONSENSE: 'x',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('VENDOR_OPS_TIMOUT names no input; did you mean VENDOR_OPS_TIMEOUT?');
    expect(run.stderr).toContain('VENDOR_OPS_NONSENSE names no input');
  });
});
