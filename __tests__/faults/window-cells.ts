import { expect } from '@jest/globals';
import { VirtualClock } from '../../src/client/clock.js';
import type { FaultRule, ServiceEmulator } from '../../src/emulator/index.js';
import {
  expectNoCrash,
  inputsFor,
  pollInterval,
  runInProcess,
  scanRun,
  SUB,
  withEmulator,
  type InProcessRun,
} from './harness.js';
import { faultCase } from './tally.js';

/**
 * Issue 42's cells: a window cut short comes back. Each step kind met by a 409 to its first attempt, where the
 * status then shows the operation in the way and where it never does; a step on the machines that ends Failed
 * or whose answer is lost, in each mode; `verify: false` windows. In-process, on a virtual clock (the 30 s
 * settle window costs no real time).
 */
export interface WindowCell {
  name: string;
  setUp(emu: ServiceEmulator): Promise<Record<string, string>> | Record<string, string>;
  /** The fault on the step's POST, where the cell has one. */
  fault?: FaultRule;
  check(r: InProcessRun, emu: ServiceEmulator): Promise<void> | void;
}

const SYSTEM = '/providers/Vendor.Workloads/erpVirtualInstances/X01';
const POST = (verb: 'stop' | 'start') => new RegExp(`/erpVirtualInstances/X01/${verb}$`);
const DB_POST = (verb: 'stop' | 'start') => new RegExp(`/X01/databaseInstances/db0/${verb}$`);
const IN_PROGRESS = "An operation is already in progress on 'X01'.";
export const AUTH = {
  code: 'AuthorizationFailed',
  message:
    "The system's identity does not have authorization to perform 'Microsoft.Compute/virtualMachines/deallocate/action'.",
};

const stop = (emu: ServiceEmulator) => ({ ...inputsFor('erp-stop', emu), operation: 'erp-stop' });
const start = (emu: ServiceEmulator) => ({ ...inputsFor('erp-start', emu), operation: 'erp-start' });
const window = { 'whole-system': 'true' };
const snooze = { 'whole-system': 'true', 'deallocate-vm': 'true' };

/** The system and its database down, as after a window's stop (the start's cells). */
function down(emu: ServiceEmulator): void {
  emu.erp.setInstance('X01', { status: 'Offline' });
  emu.erp.parts.setParts('X01', { databases: [{ name: 'db0', status: 'Offline' }] });
}

/** The POSTs the emulator received on `path`. */
export const postsTo = (emu: ServiceEmulator, path: RegExp) =>
  emu.requests.filter((q) => q.method === 'POST' && path.test(q.url.pathname));

type Instance = { outcome: string; steps?: { step: string; target: string; outcome: string }[] };
export const instanceOf = (r: InProcessRun) => (r.run?.result.outputs.instances as Instance[])[0]!;
/** `application stop: stopped`, … for each step of the system (one for a single stop or start). */
export const stepsOf = (r: InProcessRun) =>
  instanceOf(r).steps?.map((s) => `${s.step} ${s.target}: ${s.outcome}`) ?? [instanceOf(r).outcome];

/** A stop or start of X01 sent by someone else (the run that was cut), whose status lags `lag` reads. */
export async function sentBySomeoneElse(
  emu: ServiceEmulator,
  verb: 'stop' | 'start',
  lag: number,
  ownLags = false,
) {
  emu.erp.setInstance('X01', { ...(verb === 'stop' ? {} : { status: 'Offline' }), statusLagReads: lag });
  const res = await fetch(
    `${emu.url}/subscriptions/${SUB}/resourceGroups/rg${SYSTEM}/${verb}?api-version=2023-04-01`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer emu-access-token', 'content-type': 'application/json' },
      body: verb === 'stop' ? '{"softStopTimeoutSeconds":0}' : '',
    },
  );
  expect(res.status).toBe(202);
  // That operation's status lags; the step's own, sent after the wait, only where asked (ownLags).
  if (!ownLags) emu.erp.setInstance('X01', {});
  emu.requests.length = 0;
}

/** The 409 of a step whose first attempt met an operation in progress. */
const conflict = (path: RegExp, skip: number, after: boolean): FaultRule => ({
  method: 'POST',
  path,
  skip,
  times: 1,
  // After the route: the other operation started an instant before ours arrived, so the service runs it and
  // answers ours 409; the read before acting came earlier and showed nothing moving.
  after,
  fault: {
    kind: 'status',
    status: 409,
    body: JSON.stringify({ error: { code: 'Conflict', message: IN_PROGRESS } }),
  },
});

interface StepKind {
  kind: string;
  inputs: (emu: ServiceEmulator) => Record<string, string>;
  path: RegExp;
  /** POSTs to `path` before the step's own (a window's machines step follows its stop). */
  skip: number;
  /** The step's row once the operation in the way is followed to its end; undefined: a step on the machines. */
  followed?: string[];
  /** Which step fails on a refusal, and the steps after it. */
  refused: string[];
}

const STOPPED = ['application stop X01: stopped', 'database stop X01/db0: stopped'];
export const STEP_KINDS: StepKind[] = [
  {
    kind: 'a single stop',
    inputs: stop,
    path: POST('stop'),
    skip: 0,
    followed: ['stopped'],
    refused: ['failed'],
  },
  {
    kind: 'a single start',
    // The system alone down: a system start while its database is down ends Failed (C4).
    inputs: (emu) => (emu.erp.setInstance('X01', { status: 'Offline' }), start(emu)),
    path: POST('start'),
    skip: 0,
    followed: ['started'],
    refused: ['failed'],
  },
  {
    kind: "a window's application stop",
    inputs: (emu) => ({ ...stop(emu), ...window }),
    path: POST('stop'),
    skip: 0,
    followed: STOPPED,
    refused: ['application stop X01: failed', 'database stop X01/db0: not sent'],
  },
  {
    kind: "a window's database stop",
    inputs: (emu) => ({ ...stop(emu), ...window }),
    path: DB_POST('stop'),
    skip: 0,
    followed: STOPPED,
    refused: ['application stop X01: stopped', 'database stop X01/db0: failed'],
  },
  {
    kind: "a window's application machines",
    inputs: (emu) => ({ ...stop(emu), ...snooze }),
    path: POST('stop'),
    skip: 1,
    refused: [...STOPPED, 'application machines X01: failed', 'database machines X01/db0: not sent'],
  },
  {
    kind: "a window's database machines",
    inputs: (emu) => ({ ...stop(emu), ...snooze }),
    path: DB_POST('stop'),
    skip: 1,
    refused: [...STOPPED, 'application machines X01: stopped', 'database machines X01/db0: failed'],
  },
  {
    kind: "a window's database start",
    inputs: (emu) => (down(emu), { ...start(emu), ...window }),
    path: DB_POST('start'),
    skip: 0,
    followed: ['database start X01/db0: started', 'application start X01: started'],
    refused: ['database start X01/db0: failed', 'application start X01: not sent'],
  },
  {
    kind: "a window's application start",
    inputs: (emu) => (down(emu), { ...start(emu), ...window }),
    path: POST('start'),
    skip: 0,
    followed: ['database start X01/db0: started', 'application start X01: started'],
    refused: ['database start X01/db0: started', 'application start X01: failed'],
  },
];

/** A 409 to the first attempt of each kind of step: the status then shows the operation in the way, or never does. */
export function conflictCells(): WindowCell[] {
  return STEP_KINDS.flatMap((k) => [
    {
      name: `${k.kind}: a 409 to its first attempt, the status then shows the operation in the way`,
      setUp: k.inputs,
      fault: conflict(k.path, k.skip, true),
      check: (r, emu) => {
        // Never sent again: the operation in the way is followed to its end (or, on the machines, not counted).
        expect(postsTo(emu, k.path)).toHaveLength(k.skip + 1);
        if (!k.followed) return refusedOnMachines(r, k);
        expect(r.message).toBe('');
        expect(r.ok).toBe(true);
        expect(stepsOf(r)).toEqual(k.followed);
        expect(r.lines.join('\n')).toContain('following it to its end, nothing sent');
      },
    },
    {
      name: `${k.kind}: a 409 to its first attempt, the status never shows an operation`,
      setUp: k.inputs,
      fault: conflict(k.path, k.skip, false),
      check: (r, emu) => {
        expect(postsTo(emu, k.path)).toHaveLength(k.skip + 1);
        if (!k.followed) return refusedOnMachines(r, k);
        expect(r.ok).toBe(false);
        expect(stepsOf(r)).toEqual(k.refused);
        // The refusal stands, naming what the service said is in progress.
        expect(r.message).toContain(IN_PROGRESS);
        expect(r.message).toMatch(/still reads \w+ after 30 s: nothing was sent again/);
      },
    },
  ]);
}

/** A 409 to a step on the machines of a system already down: the status cannot show its end, the refusal stands. */
function refusedOnMachines(r: InProcessRun, k: StepKind): void {
  expect(r.ok).toBe(false);
  expect(stepsOf(r)).toEqual(k.refused);
  expect(r.message).toContain(IN_PROGRESS);
  expect(r.message).toContain('its status cannot show the machines');
}

/** A start or stop sent by someone else, the other way, its status lagging: the step waits for it, then acts. */
export const WAITED_CELLS: WindowCell[] = (['start', 'stop'] as const).flatMap((verb) =>
  [false, true].map((ownLags) => waitedCell(verb, ownLags)),
);

/**
 * One waited-on cell; with `ownLags` the step's own operation lags too, so its verify must read through the settle
 * window from the status the request went out at, not from the first read (the other way's moving status).
 */
function waitedCell(verb: 'start' | 'stop', ownLags: boolean): WindowCell {
  const other = verb === 'start' ? 'stop' : 'start';
  return {
    name: `a single ${verb}: a 409 to its first attempt, a ${other} in the way shown late, waited on, then sent once${ownLags ? ', its own status lagging too' : ''}`,
    setUp: async (emu) => {
      await sentBySomeoneElse(emu, other, 2, ownLags);
      return { ...(verb === 'start' ? start(emu) : stop(emu)), 'skip-if-done': 'false' };
    },
    check: (r, emu) => {
      expect(r.message).toBe('');
      expect(r.ok).toBe(true);
      expect(stepsOf(r)).toEqual([verb === 'start' ? 'started' : 'stopped']);
      // The refused attempt, then one more once the status showed the operation in the way and its end.
      const sent = postsTo(emu, POST(verb));
      expect(sent).toHaveLength(2);
      const records = verb === 'start' ? emu.erp.starts : emu.erp.stops;
      expect(records.map((s) => s.conflict ?? false)).toEqual([true, false]);
      expect(r.lines.join('\n')).toContain(`waiting for the operation in progress to end before the ${verb}`);
    },
  };
}

/** Runs one cell in-process on a virtual clock; counted in the faults table. */
export function runWindowCell(cell: WindowCell): Promise<void> {
  return faultCase(() =>
    withEmulator({}, async (emu) => {
      const inputs = await cell.setUp(emu);
      const rule = cell.fault && { ...cell.fault };
      if (rule) emu.addFault(rule);
      const r = await runInProcess(
        { ...inputs, timeout: '1800', ...pollInterval(inputs.operation!, '5') },
        { clock: new VirtualClock(Date.now()) },
      );
      expectNoCrash(r);
      scanRun(r, emu);
      // The fault was met: a cell whose fault never fired proves nothing.
      if (rule) expect(rule.times).toBe(0);
      await cell.check(r, emu);
    }),
  );
}
