import { expect } from '@jest/globals';
import type { FaultRule, ServiceEmulator } from '../../src/emulator/index.js';
import { inputsFor, SUB, type InProcessRun } from './harness.js';
import { AUTH, instanceOf, postsTo, stepsOf, type WindowCell } from './window-cells.js';

/**
 * What the status cannot show, it cannot prove (issue 42): a step on the machines whose operation ends Failed,
 * or whose answer is lost, fails its system whatever the status reads, in each mode; and `verify: false` windows.
 */
const SYSTEM_POST = (verb: 'stop' | 'start') => new RegExp(`/erpVirtualInstances/X01/${verb}$`);
const DB_STOP = /\/X01\/databaseInstances\/db0\/stop$/;
const OFFLINE_DB = { databases: [{ name: 'db0', status: 'Offline' }] };

interface Mode {
  mode: string;
  /** The system set up so that the step on the machines ends Failed with `AuthorizationFailed`. */
  failing(emu: ServiceEmulator): void;
  inputs(emu: ServiceEmulator): Record<string, string>;
  /** The step on the machines' POST, after `skip` others to the same path. */
  path: RegExp;
  skip: number;
  /** The system's steps when that step fails. */
  failed: string[];
}

const stop = (emu: ServiceEmulator, extra: Record<string, string>) => ({
  ...inputsFor('erp-stop', emu),
  operation: 'erp-stop',
  'deallocate-vm': 'true',
  ...extra,
});
const WINDOW_STOPPED = ['application stop X01: stopped', 'database stop X01/db0: stopped'];

const MODES: Mode[] = [
  {
    mode: 'deallocate-vm alone',
    // Already Offline with its database: the status reads Offline before and after, and proves nothing.
    failing: (emu) => emu.erp.setInstance('X01', { status: 'Offline', deallocateFails: AUTH }),
    inputs: (emu) => (downAlready(emu), stop(emu, {})),
    path: SYSTEM_POST('stop'),
    skip: 0,
    failed: ['failed'],
  },
  {
    mode: "the window's application machines",
    failing: (emu) => emu.erp.setInstance('X01', { deallocateFails: AUTH }),
    inputs: (emu) => stop(emu, { 'whole-system': 'true' }),
    path: SYSTEM_POST('stop'),
    skip: 1,
    failed: [...WINDOW_STOPPED, 'application machines X01: failed', 'database machines X01/db0: not sent'],
  },
  {
    mode: "the window's database machines",
    failing: (emu) => emu.erp.parts.setParts('X01', { databases: [{ name: 'db0', deallocateFails: AUTH }] }),
    inputs: (emu) => stop(emu, { 'whole-system': 'true' }),
    path: DB_STOP,
    skip: 1,
    failed: [...WINDOW_STOPPED, 'application machines X01: stopped', 'database machines X01/db0: failed'],
  },
  {
    mode: 'start-vm',
    // The operation ends Failed, yet the system goes on to read Running: the status cannot show the machines.
    failing: (emu) =>
      emu.erp.setInstance('X01', {
        status: 'Offline',
        start: {
          steps: ['InProgress', 'Failed'],
          error: AUTH,
          movesAfterFailure: { status: 'Running', health: 'Healthy', reads: 1 },
        },
      }),
    inputs: (emu) => {
      if (!emu.erp.scenario.instances?.X01) emu.erp.setInstance('X01', { status: 'Offline' });
      return { ...inputsFor('erp-start', emu), operation: 'erp-start', 'start-vm': 'true' };
    },
    path: SYSTEM_POST('start'),
    skip: 0,
    failed: ['failed'],
  },
];

/** The system down already, its database too (deallocate-vm alone refuses a HANA database that is not Offline). */
function downAlready(emu: ServiceEmulator): void {
  if (!emu.erp.scenario.instances?.X01) emu.erp.setInstance('X01', { status: 'Offline' });
  emu.erp.parts.setParts('X01', OFFLINE_DB);
}

/** The answer to the step on the machines lost: a reset once the service acted, or a 500 (it did not). */
const LOST: { name: string; fault: FaultRule['fault']; after: boolean }[] = [
  { name: 'a reset after the request was written', fault: { kind: 'reset' }, after: true },
  { name: 'a 500', fault: { kind: 'status', status: 500 }, after: false },
];

function failedSystem(r: InProcessRun, m: Mode): void {
  expect(r.ok).toBe(false);
  expect(instanceOf(r).outcome).toBe('failed');
  expect(stepsOf(r)).toEqual(m.failed);
}

export const MACHINE_CELLS: WindowCell[] = MODES.flatMap((m) => [
  {
    name: `${m.mode}: the step on the machines ends Failed (AuthorizationFailed): a failed system`,
    setUp: (emu) => (m.failing(emu), m.inputs(emu)),
    check: (r) => {
      failedSystem(r, m);
      expect(r.message).toContain('AuthorizationFailed');
      expect(r.message).toContain('needs a role over its machines');
    },
  },
  ...LOST.map((lost) => ({
    name: `${m.mode}: the answer to the step on the machines lost (${lost.name}): a failed system`,
    setUp: m.inputs,
    fault: { method: 'POST', path: m.path, skip: m.skip, times: 1, after: lost.after, fault: lost.fault },
    check: (r: InProcessRun, emu: ServiceEmulator) => {
      failedSystem(r, m);
      // Never sent again blindly: the status cannot show whether the service acted.
      expect(postsTo(emu, m.path)).toHaveLength(m.skip + 1);
    },
  })),
]);

/** The database's status as the service shows it now (C3). */
async function databaseStatus(emu: ServiceEmulator): Promise<string> {
  const res = await fetch(
    `${emu.url}/subscriptions/${SUB}/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/X01/databaseInstances/db0?api-version=2024-09-01`,
    { headers: { authorization: 'Bearer emu-access-token' } },
  );
  return ((await res.json()) as { properties: { status: string } }).properties.status;
}

const snooze = (emu: ServiceEmulator) => stop(emu, { 'whole-system': 'true', verify: 'false' });

/** `verify: false` in a window: no machine before every database reads Offline; a lost deallocation is not done. */
export const VERIFY_OFF_CELLS: WindowCell[] = [
  {
    name: 'verify: false window, the database slow to read Offline: no machine deallocated before it does',
    setUp: (emu) => {
      emu.erp.parts.setParts('X01', { databases: [{ name: 'db0', settleReads: 4 }] });
      return snooze(emu);
    },
    check: async (r, emu) => {
      expect(r.message).toBe('');
      expect(r.ok).toBe(true);
      expect(stepsOf(r)).toEqual([
        ...WINDOW_STOPPED,
        'application machines X01: stopped',
        'database machines X01/db0: stopped',
      ]);
      // Deallocated before it was down, the database would read Unavailable (the service's punishment, C4).
      expect(await databaseStatus(emu)).toBe('Offline');
    },
  },
  ...[
    { step: 'application machines', path: SYSTEM_POST('stop'), failed: MODES[1]!.failed },
    { step: 'database machines', path: DB_STOP, failed: MODES[2]!.failed },
  ].map((m) => ({
    name: `verify: false window, the answer to its ${m.step} lost (a reset after the request was written): a failed system`,
    setUp: snooze,
    fault: {
      method: 'POST',
      path: m.path,
      skip: 1,
      times: 1,
      after: true,
      fault: { kind: 'reset' } as const,
    },
    check: (r: InProcessRun, emu: ServiceEmulator) => {
      expect(r.ok).toBe(false);
      expect(stepsOf(r)).toEqual(m.failed);
      expect(postsTo(emu, m.path)).toHaveLength(2);
    },
  })),
  {
    name: 'verify: false window, its database machines end Failed (AuthorizationFailed): a failed system',
    setUp: (emu) => (MODES[2]!.failing(emu), snooze(emu)),
    check: (r) => {
      expect(r.ok).toBe(false);
      expect(stepsOf(r)).toEqual(MODES[2]!.failed);
      expect(r.message).toContain('needs a role over its machines');
    },
  },
];
