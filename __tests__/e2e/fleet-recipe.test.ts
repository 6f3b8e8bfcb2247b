import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runCli, startCliEmulator } from '../helpers/run-cli.js';

/**
 * Issue 45's window recipe on `vendor-ops emulator --fleet N`, from the command line as a person runs it: list,
 * plan, stop (two legs of three), start, report. The emulator holds only its fleet: anything else is 404.
 */
const SUB = '00000000-0000-4000-8000-000000000001';
let emulator: { url: string; banner: string; stop: () => Promise<unknown> };
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vendor-ops-recipe-'));
  emulator = await startCliEmulator(['--fleet', '12'], dir);
});
afterAll(async () => {
  await emulator.stop();
  await rm(dir, { recursive: true, force: true });
});

const signIn = () => ['--base-url', emulator.url, '--access-token', 'emu-access-token'];

describe('vendor-ops emulator --fleet 12', () => {
  it('names the fleet, its tags and its databases in the banner', () => {
    expect(emulator.banner).toContain(
      `12 systems F0001… (--subscription-id ${SUB} --resource-group rg-fleet): NonProd, tags maintenance=sunday, SnoozeSAPSystem=True, RegistrationComplete; databases db0`,
    );
  });

  it('runs the window recipe: list, plan, stop, start, report', async () => {
    const list = await runCli([
      'erp-list',
      ...signIn(),
      '--subscription-id',
      SUB,
      '--tag',
      'maintenance=sunday',
      '--per-leg',
      '4',
      '--fail-if-empty',
      'true',
      '--json',
    ]);
    expect(list.code).toBe(0);
    const matrix = (JSON.parse(list.stdout) as { matrix: { include: { 'erp-virtual-instance': string }[] } })
      .matrix;
    expect(matrix.include).toHaveLength(3);

    const plan = await runCli([
      'erp-stop',
      ...signIn(),
      '--subscription-id',
      SUB,
      '--tag',
      'maintenance=sunday',
      '--whole-system',
      'true',
      '--dry-run',
      '--json',
    ]);
    expect(plan.code).toBe(0);
    const planned = (JSON.parse(plan.stdout) as { plan: { target: string }[] }).plan;
    // Every system of the fleet is planned whole: its application and its database (`X01`, `X01/db0`).
    expect(new Set(planned.map((p) => p.target.split('/')[0])).size).toBe(12);
    expect(planned.some((p) => p.target.includes('/'))).toBe(true);

    for (const verb of ['stop', 'start']) {
      for (const [i, leg] of matrix.include.slice(0, 2).entries()) {
        const run = await runCli([
          `erp-${verb}`,
          ...signIn(),
          '--erp-virtual-instance',
          leg['erp-virtual-instance'],
          '--whole-system',
          'true',
          '--poll-interval',
          '0.05',
          '--result-file',
          join(dir, verb, `leg${i + 1}.json`),
        ]);
        expect(run.code).toBe(0);
      }
    }
    const report = await runCli([
      'erp-report',
      '--results',
      join(dir, 'stop'),
      '--expected',
      JSON.stringify(matrix),
    ]);
    expect(report.code).toBe(1);
    expect(report.stderr).toContain('window: 8 stopped, 4 missing');
    expect(report.stderr).toContain('missing: F0009 (leg 3)');
    expect(report.stderr).toContain('advice: A missing system has no result');
    const started = await runCli([
      'erp-report',
      '--results',
      join(dir, 'start'),
      '--expected',
      JSON.stringify(matrix),
      '--fail-on',
      'none',
    ]);
    expect(started.code).toBe(0);
    expect(started.stderr).toContain('window: 8 started, 4 missing');
  });

  it('answers 404 for a system or a subscription it does not hold', async () => {
    const status = await runCli([
      'erp-status',
      ...signIn(),
      '--subscription-id',
      SUB,
      '--resource-group',
      'rg-fleet',
      '--erp-virtual-instance',
      'F0013',
    ]);
    expect(status.code).toBe(1);
    expect(status.stderr).toContain(
      "Erp virtual instance 'F0013' was not found in resource group 'rg-fleet'",
    );
    const other = await runCli([
      'erp-list',
      ...signIn(),
      '--subscription-id',
      '00000000-0000-4000-8000-0000000000ff',
    ]);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('SubscriptionNotFound');
  });
});
