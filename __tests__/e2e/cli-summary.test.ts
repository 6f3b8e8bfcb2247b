import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { resourceManagerFlags, runCli } from '../helpers/run-cli.js';

/** The command line prints what the job summary shows: the title, the outcome marks, a row's cause, the advice. */
let emu: ServiceEmulator;
beforeAll(async () => {
  emu = await startEmulator({
    erp: {
      instances: {
        X09: {
          steps: [{ status: 'Failed' }],
          error: { code: 'StopFailed', message: 'The ASCS did not stop.' },
        },
        X07: { status: 'Offline', health: 'Unknown' },
      },
    },
  });
});
afterAll(() => emu.close());

describe('the command line summary', () => {
  it('marks each target, puts a failed one its cause beneath, and prints the advice of its kind', async () => {
    const run = await runCli([
      'erp-stop',
      ...resourceManagerFlags(emu.url),
      '--resource-group',
      'rg',
      '--poll-interval',
      '1',
      '--erp-virtual-instance',
      'X01',
      '--erp-virtual-instance',
      'X09',
      '--erp-virtual-instance',
      'X07',
    ]);
    expect(run.code).toBe(1);
    const lines = run.stderr.split('\n');
    expect(lines).toContain('❌ erp-stop: failed (1 of 3)');
    const row = (name: string) => lines.findIndex((l) => new RegExp(`^\\S+ \\w+\\s+${name}\\s`).test(l));
    expect(lines[row('X01')]).toMatch(/^✅ stopped/);
    expect(lines[row('X09')]).toMatch(/^❌ failed/);
    expect(lines[row('X09') + 1]).toMatch(/^\s+cause: .*StopFailed/);
    expect(lines[row('X07')]).toMatch(/^⏭️ skipped/);
    expect(lines.filter((l) => l.startsWith('advice: '))).toHaveLength(1);
  });

  it('--help lists the exit codes of a signal, 130 and 143', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout.replace(/\s+/g, ' ')).toMatch(/Exit codes:.*\b130\b.*\b143\b/);
  });
});
