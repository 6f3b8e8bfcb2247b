import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Scenario, type ServiceEmulator } from '../../src/emulator/index.js';
import { pollInterval } from '../helpers/operation-inputs.js';
import { runAction } from '../helpers/run-action.js';

/**
 * The job summary of every operation, on success and on failure, as a snapshot a reviewer can read in
 * __snapshots__/summaries.test.ts.snap. What changes from run to run (ports, ids, times, durations) is replaced
 * by a placeholder, so a change to the snapshot is a change a person would see.
 */
const SUB = '00000000-0000-4000-8000-000000000001';
let emu: ServiceEmulator;
const STARTED = Date.now();

beforeAll(async () => {
  const demo = JSON.parse(
    await readFile(new URL('../../scenarios/demo.json', import.meta.url), 'utf8'),
  ) as Scenario;
  demo.dataShare!.synchronizations!.push({
    synchronizationId: 'sync-failed',
    synchronizationMode: 'FullSync',
    status: 'Failed',
    startTime: '2026-11-20T06:00:00Z',
    endTime: '2026-11-20T06:01:00Z',
    durationMs: 60000,
    message: 'The source share was not reachable.',
  });
  // An instance whose stop never ends, for a summary of a timeout.
  demo.erp!.instances = {
    ...demo.erp!.instances,
    X04: { steps: [{ status: 'InProgress', percentComplete: 30 }] },
  };
  emu = await startEmulator(demo);
});
afterAll(() => emu.close());

const resource = () => ({ 'base-url': emu.url, 'access-token': 'emu-access-token' });
const erp = (operation: string, instance: string) => ({
  ...resource(),
  operation,
  'subscription-id': SUB,
  'resource-group': 'rg-erp',
  'erp-virtual-instance': instance,
});
const sync = (extra: Record<string, string>) => ({
  ...resource(),
  operation: 'wait-for-sync',
  'subscription-id': SUB,
  'resource-group': 'rg-data',
  'account-name': 'consumer',
  'share-subscription': 'sales',
  ...extra,
});
const images = (extra: Record<string, string>) => ({
  ...resource(),
  operation: 'check-image-cached',
  'subscription-id': SUB,
  location: 'westeurope',
  ...extra,
});
const apps = (operation: string, token: string, extra: Record<string, string> = {}) => ({
  operation,
  'api-url': emu.url,
  'api-token': token,
  ...extra,
});

/** The summary with what varies between runs replaced, one element a line. */
function normalise(html: string): string {
  return (
    html
      .replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://EMULATOR')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g, (id) =>
        id === SUB ? id : 'UUID',
      )
      .replace(/emu-(req|corr)-\d+/g, 'emu-$1-N')
      // A time of this run (a start, an end, the next scheduled run) varies; the scenario's fixed times do not.
      .replace(/(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) UTC/g, (t, day: string, time: string) =>
        Date.parse(`${day}T${time}Z`) >= STARTED - 3_600_000 ? 'TIME' : t,
      )
      // A space or, in a cell kept on one line, a non-breaking one.
      .replace(/\d+\.\d(?: |&nbsp;)s|\d+(?: |&nbsp;)min(?: |&nbsp;)\d+(?: |&nbsp;)s/g, 'DURATION')
      .replace(/today \(\d{4}-\d\d-\d\d\)/g, 'today (DAY)')
      // A timeline's bars: when each started, and how long it took.
      .replace(/, (\d{13}|after b\d+), \d+s$/gm, ', START, Ns')
      .replace(/></g, '>\n<')
  );
}

async function summaryOf(inputs: Record<string, string>, code: number): Promise<string> {
  const operation = inputs.operation!;
  const run = await runAction({ ...pollInterval(operation, '0.05'), ...inputs });
  expect(run.code).toBe(code);
  return normalise(run.summary);
}

describe('the job summary of each operation', () => {
  it.each([
    ['erp-stop succeeded', () => erp('erp-stop', 'X01'), 0],
    ['erp-stop failed', () => erp('erp-stop', 'X09'), 1],
    ['erp-start succeeded', () => erp('erp-start', 'X01, X02'), 0],
    ['erp-stop of three, one failed', () => erp('erp-stop', 'X01, X09, X404'), 1],
    ['erp-start, a false success', () => erp('erp-start', 'X05'), 1],
    ['erp-stop, a dry run', () => ({ ...erp('erp-stop', 'X01, X04'), 'dry-run': 'true' }), 0],
    // A second: on a busy machine the stop and its first poll (50 ms on) can take longer than a shorter timeout.
    ['erp-stop timed out', () => ({ ...erp('erp-stop', 'X04'), timeout: '1' }), 1],
    ['wait-for-sync succeeded', () => sync({ 'synchronization-id': '0b7f3c9e-sync-1' }), 0],
    ['wait-for-sync failed', () => sync({ 'synchronization-id': 'sync-failed' }), 1],
    ['check-image-cached, one missing', () => images({ image: 'nginx\nredis:7' }), 0],
    ['check-image-cached failed', () => images({ image: 'redis:7', 'fail-if-missing': 'true' }), 1],
    [
      'app-remove-user succeeded',
      () =>
        apps('app-remove-user', 'emu-user-token', {
          app: 'contoso/shop',
          'user-email': 'leaver@contoso.com',
        }),
      0,
    ],
    ['app-current-user succeeded', () => apps('app-current-user', 'emu-user-token'), 0],
    ['app-current-user failed', () => apps('app-current-user', 'not-a-token'), 1],
    ['an invalid input', () => ({ ...erp('erp-stop', 'X01'), 'max-parallel': '0' }), 1],
  ] as const)('%s', async (_name, inputs, code) => {
    expect(await summaryOf(inputs(), code)).toMatchSnapshot();
  });
});

describe('a summary file that cannot be written', () => {
  // The runner always creates it; a bundle run by hand may name one in a folder that does not exist. Before, the
  // second attempt (in the failure path) escaped as an uncaught error with a stack trace and exit code 1.
  it.each([
    ['a step that succeeds still succeeds', () => images({ image: 'nginx' }), 0],
    ['a step that fails fails with its own cause', () => apps('app-current-user', 'not-a-token'), 1],
  ] as const)('%s, with one warning and no stack trace', async (_name, inputs, code) => {
    const run = await runAction(inputs(), {
      env: { GITHUB_STEP_SUMMARY: '/nonexistent-vendor-ops-folder/summary.md' },
    });
    expect(run.code).toBe(code);
    expect(run.warnings.filter((w) => w.startsWith('The job summary was not written: '))).toHaveLength(1);
    expect(run.everything).not.toMatch(/^\s+at /m);
    // The one error is the operation's own (the refused token), not the summary's.
    if (code === 1) expect(run.errors).toEqual([expect.stringMatching(/^::error::.*HTTP 401/)]);
  });
});
