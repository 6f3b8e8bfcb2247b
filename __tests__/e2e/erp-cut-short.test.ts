import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import {
  expectNoSecrets,
  runAction,
  unescapeCommands,
  type ActionRun,
  type RunOptions,
} from '../helpers/run-action.js';
import { runActionInProcess } from '../helpers/run-action-in-process.js';
import { summaryText } from '../helpers/summary-text.js';

// Issue 42: a window cut short comes back. The service is played as the spec and the issue describe it: a stop or
// start answered 409 while an operation runs, statuses that lag, machine steps that end Failed.
const SUB = '00000000-0000-4000-8000-0000000000c4';
const OFFLINE_DB = { databases: [{ name: 'db0', status: 'Offline' }] };
const AUTH = {
  code: 'AuthorizationFailed',
  message:
    "The system's identity does not have authorization to perform 'Microsoft.Compute/virtualMachines/deallocate/action'.",
};

let e: ServiceEmulator;
beforeAll(async () => {
  e = await startEmulator({
    erp: {
      parts: {
        systems: {
          // Database stops and starts that take 2.5 s of real time: a cut lands in them, and the run after the cut
          // still finds them in progress (at 1.2 s a clean clone's run found C01's stop ended: 'skipped', not followed).
          C01: { durationMs: 2500 },
          C02: { durationMs: 2500 },
          C07: OFFLINE_DB,
          C08: { databases: [{ name: 'db0', status: 'Offline' }] },
          C09: { databases: [{ name: 'db0', deallocateFails: AUTH }] },
          C10: { databases: [{ name: 'db0', settleReads: 4 }] },
          C12: OFFLINE_DB,
          C13: OFFLINE_DB,
          C14: OFFLINE_DB,
        },
      },
    },
  });
});
afterAll(() => e.close());

/**
 * A run cut by a signal is the bundle's, as a runner starts it (the signal needs a process of its own); so is the
 * first run after a cut (`bundle: true`: the same stop run again). The other runs take the same adapter in this
 * process (runActionInProcess: Node's start-up is most of a short run's processor time, docs/test-speed.md).
 */
async function run(
  inputs: Record<string, string>,
  options: RunOptions & { bundle?: true } = {},
): Promise<ActionRun> {
  // Each operation is given only the inputs it reads: erp-status does not poll, wait-for-operation names no system.
  const polls: Record<string, string> = inputs.operation === 'erp-status' ? {} : { 'poll-interval': '0.1' };
  const where: Record<string, string> =
    inputs.operation === 'wait-for-operation' ? {} : { 'subscription-id': SUB, 'resource-group': 'rg-erp' };
  // The window's own requests, pinned here: the checks before it (preflight) read more and have their own suite.
  const checks: Record<string, string> = /^erp-(stop|start|restart)$/.test(inputs.operation ?? '')
    ? { preflight: 'off' }
    : {};
  const all = {
    'base-url': e.url,
    'access-token': 'emu-access-token',
    ...polls,
    ...where,
    ...checks,
    ...inputs,
  };
  // Any option of a run (a signal, an environment, a timeout) is the bundle's: the in-process run takes none.
  const { bundle, ...runOptions } = options;
  const r =
    bundle || Object.keys(runOptions).length > 0
      ? await runAction(all, runOptions)
      : await runActionInProcess(all);
  expectNoSecrets(r, emulatorSecrets(e));
  return unescapeCommands(r);
}

/** The POSTs the emulator received for some systems from `from` on: `stop C01 {…}`, `start C01/db0 -`. */
function posts(systems: string[], from = 0): string[] {
  return e.requests.slice(from).flatMap((r) => {
    const m = /erpVirtualInstances\/([^/]+)(?:\/databaseInstances\/([^/]+))?\/(stop|start)$/.exec(
      r.url.pathname,
    );
    if (r.method !== 'POST' || !m || !systems.includes(m[1]!)) return [];
    return [`${m[3]} ${m[1]}${m[2] ? `/${m[2]}` : ''} ${r.body || '-'}`];
  });
}

const stepsOf = (r: ActionRun) =>
  JSON.parse(r.outputs.instances!).map((i: { steps: { step: string; target: string; outcome: string }[] }) =>
    i.steps.map((s) => `${s.step} ${s.target}: ${s.outcome}`),
  );
const outcomes = (r: ActionRun) =>
  JSON.parse(r.outputs.instances!).map((i: { outcome: string }) => i.outcome);

/** A whole-system stop of one system, cancelled (SIGINT) once its database stop was accepted. */
async function cutDuringDatabaseStop(system: string): Promise<ActionRun> {
  const dbStopAccepted = () =>
    e.erp.parts.actions.some((a) => a.system === system && a.kind === 'databaseInstances' && a.accepted);
  const cut = await run(
    {
      operation: 'erp-stop',
      'erp-virtual-instance': system,
      'whole-system': 'true',
      'deallocate-vm': 'true',
    },
    { signal: 'SIGINT', signalWhen: dbStopAccepted },
  );
  expect(cut.code).toBe(1);
  return cut;
}

describe('a whole-system window cut short, run again at once (issue 42, done when)', () => {
  it('the same stop run again follows the database stop in progress, then deallocates: every part Offline', async () => {
    const cut = await cutDuringDatabaseStop('C01');
    // The advice after a cut: run the same step again, or the start.
    expect(cut.errors[0]).toContain('Run the same step again to resume where the service is');
    expect(cut.errors[0]).toContain('or erp-start to bring the system back');
    const mark = e.requests.length;
    const again = await run(
      {
        operation: 'erp-stop',
        'erp-virtual-instance': 'C01',
        'whole-system': 'true',
        'deallocate-vm': 'true',
      },
      { bundle: true },
    );
    expect(again.errors).toEqual([]);
    expect(again.code).toBe(0);
    // The database stop in progress is followed, not sent again; the machines go after it.
    expect(posts(['C01'], mark)).toEqual([
      'stop C01 {"softStopTimeoutSeconds":0,"deallocateVm":true}',
      'stop C01/db0 {"softStopTimeoutSeconds":0,"deallocateVm":true}',
    ]);
    expect(stepsOf(again)[0].slice(1)).toEqual([
      'database stop C01/db0: stopped',
      'application machines C01: stopped',
      'database machines C01/db0: stopped',
    ]);
    expect(again.stdout).toContain('an operation already in progress; following it to its end, nothing sent');
    const status = await run({
      operation: 'erp-status',
      'erp-virtual-instance': 'C01',
      'whole-system': 'true',
      'expect-status': 'Offline',
    });
    expect(status.code).toBe(0);
  });

  it('the if: always() start run at once waits for the stop in progress, then brings every part back: Running', async () => {
    await cutDuringDatabaseStop('C02');
    const mark = e.requests.length;
    const start = await run({
      operation: 'erp-start',
      'erp-virtual-instance': 'C02',
      'whole-system': 'true',
      'start-vm': 'true',
    });
    expect(start.errors).toEqual([]);
    expect(start.code).toBe(0);
    expect(posts(['C02'], mark)).toEqual(['start C02/db0 {"startVm":true}', 'start C02 {"startVm":true}']);
    expect(start.stdout).toContain('waiting for the operation in progress to end before the start');
    const status = await run({
      operation: 'erp-status',
      'erp-virtual-instance': 'C02',
      'whole-system': 'true',
      'expect-status': 'Running',
    });
    expect(status.code).toBe(0);
  });
});

describe('a window cut short in its application stop (issue 42)', () => {
  /** A whole-system stop cancelled once the system's own stop was accepted (it takes 1 s of real time). */
  async function cutDuringApplicationStop(system: string) {
    e.erp.setInstance(system, { durationMs: 1000 });
    const accepted = () => e.erp.stops.some((s) => s.instance === system && s.accepted);
    const cut = await run(
      {
        operation: 'erp-stop',
        'erp-virtual-instance': system,
        'whole-system': 'true',
        'deallocate-vm': 'true',
      },
      { signal: 'SIGINT', signalWhen: accepted },
    );
    expect(cut.code).toBe(1);
  }

  it('run again, follows the application stop in progress instead of sending it again', async () => {
    await cutDuringApplicationStop('C15');
    const mark = e.requests.length;
    const again = await run({
      operation: 'erp-stop',
      'erp-virtual-instance': 'C15',
      'whole-system': 'true',
      'deallocate-vm': 'true',
    });
    expect(again.errors).toEqual([]);
    expect(again.code).toBe(0);
    expect(posts(['C15'], mark)).toEqual([
      'stop C15/db0 {"softStopTimeoutSeconds":0}',
      'stop C15 {"softStopTimeoutSeconds":0,"deallocateVm":true}',
      'stop C15/db0 {"softStopTimeoutSeconds":0,"deallocateVm":true}',
    ]);
  });

  it('the start run at once waits for the application stop to end, then starts it again: Running', async () => {
    await cutDuringApplicationStop('C16');
    const mark = e.requests.length;
    const start = await run({
      operation: 'erp-start',
      'erp-virtual-instance': 'C16',
      'whole-system': 'true',
    });
    expect(start.errors).toEqual([]);
    expect(start.code).toBe(0);
    // The database never stopped: skipped; the application started once its stop had ended.
    expect(posts(['C16'], mark)).toEqual(['start C16 -']);
    expect(stepsOf(start)).toEqual([['database start C16/db0: skipped', 'application start C16: started']]);
  });
});

describe('one system, an operation in the way (issue 42)', () => {
  it('a start sent while a stop is in transit waits for it, then starts; a stop while starting likewise', async () => {
    e.erp.setInstance('C03', { durationMs: 800 });
    e.erp.setInstance('C04', { status: 'Offline', durationMs: 800 });
    const stop = await run({ operation: 'erp-stop', 'erp-virtual-instance': 'C03', wait: 'false' });
    const start = await run({ operation: 'erp-start', 'erp-virtual-instance': 'C04', wait: 'false' });
    expect([stop.code, start.code]).toEqual([0, 0]);
    const [up, down] = await Promise.all([
      run({ operation: 'erp-start', 'erp-virtual-instance': 'C03' }),
      run({ operation: 'erp-stop', 'erp-virtual-instance': 'C04' }),
    ]);
    expect([up.errors, down.errors]).toEqual([[], []]);
    expect([up.code, down.code]).toEqual([0, 0]);
    expect([outcomes(up), outcomes(down)]).toEqual([['started'], ['stopped']]);
    expect(posts(['C03', 'C04'])).toEqual(
      expect.arrayContaining(['start C03 -', 'stop C04 {"softStopTimeoutSeconds":0}']),
    );
    expect(e.erp.stops.filter((s) => s.conflict)).toEqual([]);
  });

  it('a re-run while the same stop runs, its status lagging: the 409 is read through, the stop followed', async () => {
    e.erp.setInstance('C05', { durationMs: 1500, statusLagReads: 3 });
    const first = await run({ operation: 'erp-stop', 'erp-virtual-instance': 'C05', wait: 'false' });
    expect(first.code).toBe(0);
    const again = await run({ operation: 'erp-stop', 'erp-virtual-instance': 'C05' });
    expect(again.errors).toEqual([]);
    expect(again.code).toBe(0);
    expect(outcomes(again)).toEqual(['stopped']);
    expect(e.erp.stops.filter((s) => s.instance === 'C05').map((s) => s.accepted)).toEqual([true, false]);
    expect(again.stdout).toContain('was answered 409');
  });

  it('wait: false on a stop already in progress: nothing sent, reported running, not waited on', async () => {
    e.erp.setInstance('C17', { durationMs: 5000 });
    const stop = { operation: 'erp-stop', 'erp-virtual-instance': 'C17', wait: 'false' };
    expect((await run(stop)).code).toBe(0);
    const again = await run(stop);
    expect(again.errors).toEqual([]);
    expect(again.code).toBe(0);
    expect(outcomes(again)).toEqual(['running']);
    expect(e.erp.stops.filter((s) => s.instance === 'C17').map((s) => s.accepted)).toEqual([true]);
  });

  it('a wait that runs out is a timeout naming the status waited on, and the target is not sent', async () => {
    e.erp.setInstance('C06', { durationMs: 20_000 });
    expect((await run({ operation: 'erp-stop', 'erp-virtual-instance': 'C06', wait: 'false' })).code).toBe(0);
    const r = await run({ operation: 'erp-start', 'erp-virtual-instance': 'C06', timeout: '1s' });
    expect(r.code).toBe(1);
    expect(outcomes(r)).toEqual(['not sent']);
    expect(r.errors[0]).toContain("while waiting for 'C06' to end Stopping");
    expect(JSON.parse(r.outputs['operation-urls']!)).toEqual([]);
    expect(posts(['C06'])).toEqual(['stop C06 {"softStopTimeoutSeconds":0}']);
  });
});

describe('deallocating: the safe order, and what the status cannot show (issue 42)', () => {
  it('deallocate-vm without whole-system on a system whose HANA runs: refused before anything is sent', async () => {
    const r = await run({ operation: 'erp-stop', 'erp-virtual-instance': 'C11', 'deallocate-vm': 'true' });
    expect(r.code).toBe(1);
    expect(posts(['C11'])).toEqual([]);
    expect(r.errors[0]).toContain("HANA database instance 'db0' Running, not Offline");
    expect(r.errors[0]).toContain('whole-system: true');
  });

  it('a deallocation the service ends Failed (AuthorizationFailed) fails, whatever the status reads', async () => {
    // Already Offline with its database: the status reads Offline before and after, and proves nothing.
    e.erp.setInstance('C07', { status: 'Offline', deallocateFails: AUTH });
    const single = await run({
      operation: 'erp-stop',
      'erp-virtual-instance': 'C07',
      'deallocate-vm': 'true',
    });
    expect(single.code).toBe(1);
    expect(outcomes(single)).toEqual(['failed']);
    expect(single.errors[0]).toContain('needs a role over its machines');
    // In a window: the application's machines, then (another system) the database's.
    e.erp.setInstance('C08', { deallocateFails: AUTH });
    const [app, db] = await Promise.all([
      run({
        operation: 'erp-stop',
        'erp-virtual-instance': 'C08',
        'whole-system': 'true',
        'deallocate-vm': 'true',
      }),
      run({
        operation: 'erp-stop',
        'erp-virtual-instance': 'C09',
        'whole-system': 'true',
        'deallocate-vm': 'true',
      }),
    ]);
    expect([app.code, db.code]).toEqual([1, 1]);
    expect(stepsOf(app)[0].slice(2)).toEqual([
      'application machines C08: failed',
      'database machines C08/db0: not sent',
    ]);
    expect(stepsOf(db)[0][3]).toBe('database machines C09/db0: failed');
    expect(db.errors[0]).toContain('AuthorizationFailed');
  });

  it('wait-for-operation given the operations output of a deallocation that ends Failed fails likewise', async () => {
    e.erp.setInstance('C12', { status: 'Offline', deallocateFails: AUTH });
    const started = await run({
      operation: 'erp-stop',
      'erp-virtual-instance': 'C12',
      'deallocate-vm': 'true',
      wait: 'false',
    });
    expect(started.code).toBe(0);
    const r = await run({ operation: 'wait-for-operation', 'operation-url': started.outputs.operations! });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain('needs a role over its machines');
  });

  it('verify: false in a window: no machine before the database reads Offline; a lost deallocation is not done', async () => {
    const r = await run({
      operation: 'erp-stop',
      'erp-virtual-instance': 'C10',
      'whole-system': 'true',
      'deallocate-vm': 'true',
      verify: 'false',
    });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    // The machines went only once the database read Offline: it never became Unavailable.
    const status = await run({
      operation: 'erp-status',
      'erp-virtual-instance': 'C10',
      'whole-system': 'true',
    });
    expect(JSON.parse(status.outputs.instances!)[0].databases[0].status).toBe('Offline');

    e.addFault({ method: 'POST', path: /\/C13\/stop$/, times: 1, after: true, fault: { kind: 'reset' } });
    const lost = await run({
      operation: 'erp-stop',
      'erp-virtual-instance': 'C13',
      'deallocate-vm': 'true',
      verify: 'false',
    });
    expect(lost.code).toBe(1);
    expect(outcomes(lost)).toEqual(['failed']);
    expect(lost.stdout + lost.warnings.join('\n')).toContain(
      'its status cannot show whether the service acted',
    );
  });

  it('after a snooze, Unavailable counts as Offline: the window run again skips, and expect-status Offline holds', async () => {
    // As a snooze leaves it: the system Unavailable (its machines gone), its database Offline.
    e.erp.setInstance('C14', {
      status: 'Unavailable',
      health: 'Unknown',
      endStatus: 'Unavailable',
      endHealth: 'Unknown',
    });
    const snooze = {
      operation: 'erp-stop',
      'erp-virtual-instance': 'C14',
      'whole-system': 'true',
      'deallocate-vm': 'true',
    };
    const mark = e.requests.length;
    const again = await run(snooze);
    expect(again.errors).toEqual([]);
    expect(again.code).toBe(0);
    expect(stepsOf(again)[0][0]).toBe('application stop C14: skipped');
    expect(posts(['C14'], mark)).not.toContain('stop C14 {"softStopTimeoutSeconds":0}');
    const gate = await run({
      operation: 'erp-status',
      'erp-virtual-instance': 'C14',
      'expect-status': 'Offline',
    });
    expect(gate.code).toBe(0);
    expect(gate.summary).toContain('Unavailable');
  });
});

describe('not sent means not sent (issue 42)', () => {
  it('cancelled while stops wait behind a 429 gate: those are not sent, in neither operation-urls nor operations', async () => {
    const systems = ['C20', 'C21', 'C22', 'C23'];
    e.addFault({
      method: 'POST',
      path: /\/C2\d\/stop$/,
      times: 1,
      fault: { kind: 'status', status: 429, retryAfter: '30' },
    });
    const throttled = () =>
      e.requests.some((q) => q.method === 'POST' && /\/C2\d\/stop$/.test(q.url.pathname));
    const r = await run(
      { operation: 'erp-stop', 'erp-virtual-instance': systems.join(','), 'max-parallel': '1' },
      { signal: 'SIGINT', signalWhen: throttled },
    );
    expect(r.code).toBe(1);
    expect(outcomes(r)).toEqual(['not sent', 'not sent', 'not sent', 'not sent']);
    expect(JSON.parse(r.outputs['operation-urls']!)).toEqual([]);
    expect(JSON.parse(r.outputs.operations!)).toEqual([]);
  });
});

describe('not sent means not sent: the write window (issue 42)', () => {
  it('cancelled while stops wait for a place in the write window: those are not sent, in neither operation-urls nor operations', async () => {
    // Ten stops at once; the window lets 8 requests that change something go before any is answered, and the
    // service takes 1.5 s to answer each: the other two wait for a place when the job is cancelled.
    const systems = Array.from({ length: 10 }, (_, i) => `C${30 + i}`);
    const stop = /\/C3\d\/stop$/;
    e.addFault({ method: 'POST', path: stop, times: 10, fault: { kind: 'delay', ms: 1500 } });
    const stopsArrived = () => e.requests.filter((q) => q.method === 'POST' && stop.test(q.url.pathname));
    const r = await run(
      { operation: 'erp-stop', 'erp-virtual-instance': systems.join(','), 'max-parallel': '10' },
      { signal: 'SIGINT', signalWhen: () => stopsArrived().length >= 8 },
    );
    expect(r.code).toBe(1);
    const sent = stopsArrived().map((q) => /\/(C3\d)\/stop$/.exec(q.url.pathname)![1]!);
    expect(sent).toHaveLength(8);
    const waited = systems.filter((s) => !sent.includes(s));
    const byName = Object.fromEntries(
      JSON.parse(r.outputs.instances!).map((i: { name: string; outcome: string }) => [i.name, i.outcome]),
    );
    // Those in flight were answered after the cancel and can be resumed; those in the window never left.
    expect(waited.map((s) => byName[s])).toEqual(['not sent', 'not sent']);
    expect(sent.map((s) => byName[s])).toEqual(Array(8).fill('running'));
    const urls: string[] = JSON.parse(r.outputs['operation-urls']!);
    const operations: { target: string; url: string }[] = JSON.parse(r.outputs.operations!);
    expect(urls).toHaveLength(8);
    expect(operations.map((o) => o.url).sort()).toEqual([...urls].sort());
    for (const s of waited) expect(JSON.stringify(operations)).not.toMatch(new RegExp(`\\b${s}\\b`));
    expect(r.summary).toContain('not sent');
  });
});

describe('a 409, then a read that differs but shows no move (issue 50, audit c05)', () => {
  /**
   * Someone else's start or stop of `system`, sent straight to the service before the step: accepted, its status
   * lagging one read (the step's first read still shows Running), its operation ended at the next read, which shows
   * `end`. The step's stop meets the service's own 409, then reads `end`: never a move and its end.
   */
  async function someoneElses(system: string, verb: 'start' | 'stop', end: string): Promise<number> {
    const knobs = { steps: ['Succeeded'], statusLagReads: 1, endStatus: end };
    e.erp.setInstance(system, verb === 'start' ? { start: knobs } : knobs);
    const path = `/subscriptions/${SUB}/resourceGroups/rg-erp/providers/Vendor.Workloads/erpVirtualInstances/${system}/${verb}`;
    const answer = await fetch(`${e.url}${path}?api-version=2023-04-01`, {
      method: 'POST',
      headers: { authorization: 'Bearer emu-access-token' },
    });
    expect(answer.status).toBe(202);
    return e.requests.length;
  }
  const inProgress = (system: string) =>
    `HTTP 409 Conflict: An operation is already in progress on erp virtual instance '${system}'`;

  it('reads PartiallyRunning (a start someone else runs): the refusal stands, one stop sent, nothing stopped', async () => {
    const mark = await someoneElses('C41', 'start', 'PartiallyRunning');
    const r = await run({ operation: 'erp-stop', 'erp-virtual-instance': 'C41' });
    expect(posts(['C41'], mark)).toEqual(['stop C41 {"softStopTimeoutSeconds":0}']);
    expect(r.code).toBe(1);
    // The refusal names what the service said is in progress, its code, its request ids, and the status read.
    const id = e.requestsTo(/\/C41\/stop$/)[0]!.headers['x-vendor-client-request-id'];
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toContain(inProgress('C41'));
    expect(r.errors[0]).toMatch(new RegExp(`\\(request-id: emu-req-\\d+, client-request-id: ${id}\\)`));
    expect(r.errors[0]).toContain("'C41' now reads PartiallyRunning, health Degraded, which shows no move");
    expect(JSON.parse(r.outputs.instances!)).toEqual([
      expect.objectContaining({
        name: 'C41',
        before: 'Running',
        after: 'PartiallyRunning',
        outcome: 'failed',
      }),
    ]);
    expect(summaryText(r.summary)).toContain('stop (hard): refused (HTTP 409)');
    expect(r.outputs.changes).toBe('false');
    // Nothing says stopped (outputs, summary, log, result file), and the service stopped nothing.
    expect(r.everything).not.toMatch(/\bstopped\b/);
    expect(e.erp.stopsOf('C41')).toEqual([]);
    expect(e.erp.instance('C41').status).toBe('PartiallyRunning');
  });

  it("reads the stop's own end (Offline, a stop someone else ran): done and skipped, one stop sent", async () => {
    const mark = await someoneElses('C42', 'stop', 'Offline');
    // skip-if-done: false, so that only the 409 rule keeps the stop from going again (skip-if-done would skip Offline).
    const r = await run({ operation: 'erp-stop', 'erp-virtual-instance': 'C42', 'skip-if-done': 'false' });
    expect(posts(['C42'], mark)).toEqual(['stop C42 {"softStopTimeoutSeconds":0}']);
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.outputs.instances!)).toEqual([
      expect.objectContaining({ name: 'C42', before: 'Running', after: 'Offline', outcome: 'skipped' }),
    ]);
    expect(summaryText(r.summary)).toContain('skipped: Offline after a 409 (another operation ended there)');
    expect(r.stdout).toContain(inProgress('C42'));
    expect(r.stdout).toContain('was answered 409, then read Offline');
    // The one stop the service accepted is someone else's; the step's was refused and not sent again.
    expect(e.erp.stopsOf('C42')).toHaveLength(1);
  });
});
