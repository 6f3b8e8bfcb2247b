import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { erpPosts } from '../helpers/erp-posts.js';
import {
  expectNoSecrets,
  runAction,
  unescapeCommands,
  type ActionRun,
  type RunOptions,
} from '../helpers/run-action.js';

// erp-restart (issue 53; the contract's "Restart: the one safe order both ways"): a sequence of the existing
// steps, run through the bundle against the emulator. One emulator for the file; each test has systems of its own.
const SUB = '00000000-0000-4000-8000-0000000000a5';

let e: ServiceEmulator;
beforeAll(async () => {
  e = await startEmulator({
    erp: {
      instances: { R05: { status: 'Offline' } },
      parts: {
        systems: {
          // Its database stop ends Failed, the database still Running.
          R04: { databases: [{ name: 'db0', stopSteps: ['InProgress', 'Failed'] }] },
          // Database stops and starts that take 2 s of real time: a cut lands in them, and the run after the cut
          // still finds the stop in progress on a loaded machine (0.6 s did not: the stop had ended by then).
          R06: { durationMs: 2000 },
        },
      },
    },
  });
});
afterAll(() => e.close());

async function run(inputs: Record<string, string>, options: RunOptions = {}): Promise<ActionRun> {
  const r = await runAction(
    {
      'base-url': e.url,
      'access-token': 'emu-access-token',
      'poll-interval': '0.05',
      'subscription-id': SUB,
      'resource-group': 'rg-erp',
      operation: 'erp-restart',
      ...inputs,
    },
    options,
  );
  expectNoSecrets(r, emulatorSecrets(e));
  return unescapeCommands(r);
}

const posts = (systems: string[], from = 0) => erpPosts(e, systems, from);

const stepsOf = (r: ActionRun) =>
  JSON.parse(r.outputs.instances!).map((i: { steps: { step: string; target: string; outcome: string }[] }) =>
    i.steps.map((s) => `${s.step} ${s.target}: ${s.outcome}`),
  );
const outcomes = (r: ActionRun) =>
  JSON.parse(r.outputs.instances!).map((i: { outcome: string; before: string; after: string }) =>
    [i.before, i.outcome, i.after].join(' '),
  );

describe('erp-restart, run as a runner runs it (issue 53)', () => {
  it('restarts three systems, each stopped then started in one step; a fourth read Offline is started only, named in the log', async () => {
    const r = await run({ 'erp-virtual-instance': 'R01,R02,R03,R05', 'soft-stop-timeout-seconds': '300' });
    expect(r.code).toBe(0);
    for (const name of ['R01', 'R02', 'R03']) {
      expect(posts([name])).toEqual([`stop ${name} {"softStopTimeoutSeconds":300}`, `start ${name} -`]);
    }
    expect(posts(['R05'])).toEqual(['start R05 -']);
    expect(r.stdout).toContain('R05: is Offline before the restart: started only');
    expect(outcomes(r)).toEqual([...Array(3).fill('Running restarted Running'), 'Offline restarted Running']);
    expect(stepsOf(r)[0]).toEqual(['stop R01: stopped', 'start R01: started']);
    expect(stepsOf(r)[3]).toEqual(['start R05: started']);
    expect(r.outputs['operation-status']).toBe('Succeeded');
  });

  it('whole system: the application, its database; then the database, the application; never the machines; its dry run plans the same', async () => {
    const planned = await run({ 'erp-virtual-instance': 'R07', 'whole-system': 'true', 'dry-run': 'true' });
    expect(planned.code).toBe(0);
    expect(posts(['R07'])).toEqual([]);
    const plan = JSON.parse(planned.outputs.plan!) as { url: string; body: unknown }[];
    expect(
      plan.map(
        (p) =>
          `${new URL(p.url).pathname.split('/erpVirtualInstances/')[1]} ${JSON.stringify(p.body) ?? '-'}`,
      ),
    ).toEqual([
      'R07/stop {"softStopTimeoutSeconds":0}',
      'R07/databaseInstances/db0/stop {"softStopTimeoutSeconds":0}',
      'R07/databaseInstances/db0/start -',
      'R07/start -',
    ]);
    const r = await run({ 'erp-virtual-instance': 'R07', 'whole-system': 'true' });
    expect(r.code).toBe(0);
    expect(posts(['R07'])).toEqual([
      'stop R07 {"softStopTimeoutSeconds":0}',
      'stop R07/db0 {"softStopTimeoutSeconds":0}',
      'start R07/db0 -',
      'start R07 -',
    ]);
    expect(stepsOf(r)).toEqual([
      [
        'application stop R07: stopped',
        'database stop R07/db0: stopped',
        'database start R07/db0: started',
        'application start R07: started',
      ],
    ]);
    expect(outcomes(r)).toEqual(['Running restarted Running']);
  });

  it("a database stop that fails: the application is brought back, and the system fails with the stop's cause", async () => {
    const r = await run({ 'erp-virtual-instance': 'R04', 'whole-system': 'true' });
    expect(r.code).toBe(1);
    // The database never stopped (skip-if-done: its start is skipped); the application stopped, so it is started.
    expect(posts(['R04'])).toEqual([
      'stop R04 {"softStopTimeoutSeconds":0}',
      'stop R04/db0 {"softStopTimeoutSeconds":0}',
      'start R04 -',
    ]);
    expect(stepsOf(r)).toEqual([
      [
        'application stop R04: stopped',
        'database stop R04/db0: failed',
        'database start R04/db0: skipped',
        'application start R04: started',
      ],
    ]);
    expect(outcomes(r)).toEqual(['Running failed Running']);
    expect(r.stdout).toMatch(
      /::error::Whole-system restart of 'R04', step database stop \(R04\/db0\): .*ended with status Failed/,
    );
  });

  it('cut (SIGINT) in its database stop, then run again: the stop in progress waited out, the system started', async () => {
    const dbStopAccepted = () =>
      e.erp.parts.actions.some((a) => a.system === 'R06' && a.kind === 'databaseInstances' && a.accepted);
    const cut = await run(
      { 'erp-virtual-instance': 'R06', 'whole-system': 'true' },
      { signal: 'SIGINT', signalWhen: dbStopAccepted },
    );
    expect(cut.code).toBe(1);
    expect(cut.stdout).toContain('Run the same step again to resume where the service is');
    const from = e.requests.length;
    const again = await run({ 'erp-virtual-instance': 'R06', 'whole-system': 'true' });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('R06: is Offline before the restart: started only');
    expect(again.stdout).toMatch(
      /R06: 1\/2 database start db0: is Stopping: waiting for the operation in progress to end/,
    );
    // The database stop still in progress is waited on, never sent into: then the start, database first.
    expect(posts(['R06'], from)).toEqual(['start R06/db0 -', 'start R06 -']);
    expect(outcomes(again)).toEqual(['Offline restarted Running']);
  });
});
