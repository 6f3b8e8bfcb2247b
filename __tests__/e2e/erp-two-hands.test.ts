import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { erpPosts } from '../helpers/erp-posts.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';

// Issue 50: two hands on one system (a stop run while another job starts it), and the way back after a cut.
const SUB = '00000000-0000-4000-8000-0000000000c5';
const RG = 'rg-erp';

let e: ServiceEmulator;
beforeAll(async () => {
  e = await startEmulator({
    erp: {
      // Operations that end at their first answer: the test waits on the two jobs' reads, not on their polls.
      instances: {
        H01: { status: 'Offline', health: 'Unknown', respond: 200, steps: ['Succeeded'] },
        H02: { status: 'Offline', health: 'Unknown' },
        H04: { status: 'Offline', health: 'Unknown' },
      },
      parts: {
        // H01's database start runs until the test lets it end (steps: a running last one never ends).
        systems: {
          H01: { databases: [{ name: 'db0', status: 'Offline' }], steps: ['InProgress'] },
          // Database steps that run until the timeout cuts them (stopSteps: until finishRunning).
          H02: { databases: [{ name: 'db0', status: 'Offline' }], steps: ['InProgress'] },
          H03: { databases: [{ name: 'db0' }], steps: ['InProgress'] },
          H04: { databases: [{ name: 'db0', status: 'Offline' }], steps: ['InProgress'] },
        },
      },
    },
  });
});
afterAll(() => e.close());

async function run(inputs: Record<string, string>): Promise<ActionRun> {
  const r = await runAction({
    'base-url': e.url,
    'access-token': 'emu-access-token',
    'subscription-id': SUB,
    'resource-group': RG,
    'poll-interval': '0.1',
    ...inputs,
  });
  expectNoSecrets(r, emulatorSecrets(e));
  return unescapeCommands(r);
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
};

/** The GETs of one database instance's own resource (not of its operation) from `from` on. */
const databaseReads = (from: number) =>
  e.requests
    .slice(from)
    .filter(
      (r) => r.method === 'GET' && /\/erpVirtualInstances\/H01\/databaseInstances\/db0$/.test(r.url.pathname),
    );

describe('two hands on one system (issue 50)', () => {
  it('an erp-stop whole-system deallocate-vm soft 300 run into an erp-start: the soft stop sent, the order kept', async () => {
    const start = run({ operation: 'erp-start', 'erp-virtual-instance': 'H01', 'whole-system': 'true' });
    const dbStarted = () =>
      e.erp.parts.actions.some((a) => a.system === 'H01' && a.action === 'start' && a.accepted);
    await until(dbStarted);
    const mark = e.requests.length;
    // The stop reads the application Offline (the start is in its database step) and waits out the database start.
    const stop = run({
      operation: 'erp-stop',
      'erp-virtual-instance': 'H01',
      'whole-system': 'true',
      'deallocate-vm': 'true',
      'soft-stop-timeout-seconds': '300',
      'poll-interval': '0.3',
    });
    await until(() => databaseReads(mark).length > 0);
    // The database start ends now; the start, reading at 0.1 s, sends its application start before the stop reads
    // again (0.3 s): the stop's database step finds the application moved away from the window.
    const parts = e.erp.parts.of(SUB, RG, 'H01');
    [parts.knobs.steps, parts.knobs.respond] = [['Succeeded'], 200];
    e.erp.parts.finishRunning();
    const [started, stopped] = await Promise.all([start, stop]);
    expect(started.code).toBe(0);
    expect(stopped.errors).toEqual([]);
    expect(stopped.code).toBe(0);
    const posts = erpPosts(e, ['H01'], mark).filter((p) => p.startsWith('stop'));
    // The window's own soft stop, again, before the database stop; never a hard stop in its place.
    expect(posts).toEqual([
      'stop H01 {"softStopTimeoutSeconds":300}',
      'stop H01/db0 {"softStopTimeoutSeconds":0}',
      'stop H01 {"softStopTimeoutSeconds":0,"deallocateVm":true}',
      'stop H01/db0 {"softStopTimeoutSeconds":0,"deallocateVm":true}',
    ]);
    expect(stopped.stdout).toContain('the application stop again');
    // Each step's row says what was done: soft or hard, deallocating.
    expect(stopped.summary).toContain('<td>stop (soft 300 s): Succeeded</td>');
    expect(stopped.summary).toContain('<td>stop (hard), deallocating the VMs: Succeeded</td>');
  });
});

describe('one way back after a cut whole-system step (issue 50)', () => {
  /** A whole-system step cut by its timeout in its database step. */
  async function cutShort(inputs: Record<string, string>) {
    const cut = await run({ 'whole-system': 'true', timeout: '1s', ...inputs });
    expect(cut.code).toBe(1);
    return cut;
  }

  /** A step cut short, then, the service caught up, wait-for-operation given its operations. */
  async function cutThenWait(inputs: Record<string, string>) {
    const cut = await cutShort(inputs);
    e.erp.parts.finishRunning();
    return { cut, waited: await waitOn(cut) };
  }

  /** wait-for-operation given a cut step's operations output, with only the inputs it reads. */
  const waitOn = (cut: ActionRun, inputs: Record<string, string> = {}) =>
    runAction({
      'base-url': e.url,
      'access-token': 'emu-access-token',
      'poll-interval': '0.1',
      operation: 'wait-for-operation',
      'operation-url': cut.outputs.operations!,
      ...inputs,
    }).then(unescapeCommands);

  /** What a person is told: the step's error, the summary, and no other way back than the same step again. */
  function expectOneWayBack(cut: ActionRun, operation: string) {
    expect(cut.errors[0]).toContain('Run the same step again');
    // Not the operation's URL alone: wait-for-operation would leave the steps never sent.
    expect(cut.everything).not.toContain('resume with wait-for-operation and the operation-urls output');
    expect(cut.summary).toMatch(/What to do:<\/strong> Run the same step again/);
    expect(cut.summary).toContain('run the same step again');
    expect(cut.summary).not.toContain(`✅ ${operation}`);
  }

  it('a start cut in its database start: the advice is the same step again; wait-for-operation names the application start never sent, and fails', async () => {
    const { cut, waited } = await cutThenWait({ operation: 'erp-start', 'erp-virtual-instance': 'H02' });
    expectOneWayBack(cut, 'erp-start');
    expect(waited.code).toBe(1);
    expect(waited.errors.join(' ')).toContain('application start H02');
    expect(waited.summary).not.toContain('✅');
  });

  it('a stop cut in its database stop: wait-for-operation names the machine steps never sent, and fails', async () => {
    const { cut, waited } = await cutThenWait({
      operation: 'erp-stop',
      'erp-virtual-instance': 'H03',
      'deallocate-vm': 'true',
    });
    expectOneWayBack(cut, 'erp-stop');
    expect(waited.code).toBe(1);
    expect(waited.errors.join(' ')).toContain('application machines H03, database machines H03/db0');
    expect(waited.summary).not.toContain('✅');
  });

  it("wait-for-operation cut short again hands on a window step's whole entry: its step, its database, the steps left", async () => {
    const cut = await cutShort({ operation: 'erp-start', 'erp-virtual-instance': 'H04' });
    const window = { step: 'database start', database: 'db0', left: ['application start H04'] };
    expect(JSON.parse(cut.outputs.operations!)).toEqual([expect.objectContaining(window)]);
    // The database start still runs: the wait is cut too, and its operations output is what a next wait reads.
    const waited = await waitOn(cut, { timeout: '1s' });
    e.erp.parts.finishRunning();
    expect(waited.code).toBe(1);
    expect(JSON.parse(waited.outputs.operations!)).toEqual([
      expect.objectContaining({ verb: 'start', ...window }),
    ]);
  });
});
