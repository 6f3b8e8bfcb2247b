import { isOneOf, sameStatus } from '../../client/status.js';

/**
 * The erp verbs as data: every difference between a stop and a start lives in its row here, so a step, a planner or
 * a report looks its verb up instead of testing for it; and the runs (an operation: one verb, or a sequence).
 */
export type Verb = 'stop' | 'start';

export interface VerbRow {
  verb: Verb;
  /** The status the target ends in when the step did what it says. */
  end: 'Offline' | 'Running';
  /** After a step on the machines, a status that ends it too (a snooze: the service reads Unavailable). */
  endOnMachines?: string;
  /** The `instances` outcome of a target that reached its end; the word of one still moving. */
  done: 'stopped' | 'started';
  running: 'stopping' | 'starting';
  /** After a request whose answer was lost (or a 409): the statuses that show the service acted. */
  acted: readonly string[];
  /** The statuses of a move of this kind in progress (the settling statuses, with the opposite's). */
  moving: readonly string[];
  opposite: Verb;
  /** The input that puts the step on the machines, and the body's field it sets. */
  machines: { input: 'deallocate-vm' | 'start-vm'; field: 'deallocateVm' | 'startVm' };
  /** The virtual machines' action the step on the machines needs of the system's identity. */
  machineAction: 'deallocate' | 'start';
  /**
   * skip-if-done may skip the step on the machines too: a start with start-vm (Running shows the machines run), never
   * a deallocating stop (Offline does not show them deallocated).
   */
  skipOnMachines: boolean;
  /** What must hold before the one system-level step on the machines is sent (step-plans.ts). */
  machinesPreflight?: 'databases offline';
  /** A soft stop the service refuses may be sent again as a hard one (hard-stop-fallback). */
  softStop: boolean;
  /** What the step does, for the log and the summary (`stop (soft 300 s)`), and for a dry run's plan. */
  describe: (softStopTimeoutSeconds: number, machines: boolean) => string;
  plan: (softStopTimeoutSeconds: number, machines: boolean) => string;
}

// The verbs' words for the log, the summary and a dry run's plan (a row's describe and plan).
const soft = (seconds: number) => (seconds > 0 ? `soft ${seconds} s` : 'hard');

/** What a stop does, for the log and the summary: `stop (soft 300 s)`, `stop (hard), deallocating the VMs`. */
function describeStop(seconds: number, deallocate: boolean): string {
  return `stop (${soft(seconds)})${deallocate ? ', deallocating the VMs' : ''}`;
}

/** What a stop would do, for a dry run's plan: `stop (soft 300 s, deallocate VMs)`. */
function planStop(seconds: number, deallocate: boolean): string {
  return `stop (${soft(seconds)}${deallocate ? ', deallocate VMs' : ''})`;
}

/** What a start does, for the log and the summary. */
function describeStart(startVm: boolean): string {
  return startVm ? 'start, starting the VMs first' : 'start';
}

/** What a start would do, for a dry run's plan. */
function planStart(startVm: boolean): string {
  return startVm ? 'start (start VMs first)' : 'start';
}

export const VERBS: { readonly [V in Verb]: VerbRow & { verb: V } } = {
  stop: {
    verb: 'stop',
    end: 'Offline',
    endOnMachines: 'Unavailable',
    done: 'stopped',
    running: 'stopping',
    acted: ['stopping', 'softshutdown', 'offline', 'unavailable'],
    moving: ['stopping', 'softshutdown'],
    opposite: 'start',
    machines: { input: 'deallocate-vm', field: 'deallocateVm' },
    machineAction: 'deallocate',
    skipOnMachines: false,
    machinesPreflight: 'databases offline',
    softStop: true,
    describe: describeStop,
    plan: planStop,
  },
  start: {
    verb: 'start',
    end: 'Running',
    done: 'started',
    running: 'starting',
    acted: ['starting', 'running'],
    moving: ['starting'],
    opposite: 'stop',
    machines: { input: 'start-vm', field: 'startVm' },
    machineAction: 'start',
    skipOnMachines: true,
    softStop: false,
    describe: (_soft, machines) => describeStart(machines),
    plan: (_soft, machines) => planStart(machines),
  },
};

/** The deallocating stop of a window's machine steps. */
export const DEALLOCATE = describeStop(0, true);

/** Whether a word is a verb of the table (the `operations` output names one). */
export function isVerb(word: unknown): word is Verb {
  return typeof word === 'string' && Object.hasOwn(VERBS, word);
}

/** The statuses an instance passes through on its way to the end of a stop or start: still settling. */
export const SETTLING: readonly string[] = Object.values(VERBS).flatMap((row) => row.moving);

/**
 * Whether a status is the step's end: `Offline` or `Running`; after a step on the machines (a snooze) `Unavailable`
 * too, as the vendor's automation counts it (the machines deallocated, the service cannot reach the system).
 */
export function isEnd(step: { verb: Verb; machines: boolean }, status: string | undefined): boolean {
  const row = VERBS[step.verb];
  if (sameStatus(status, row.end)) return true;
  return step.machines && row.endOnMachines !== undefined && sameStatus(status, row.endOnMachines);
}

/** A target read moving: toward the step's own end (`own`), the other way (`other`), or not moving. */
export function movingOf(verb: Verb, status: string | undefined): 'own' | 'other' | undefined {
  if (isOneOf(status, VERBS[verb].moving)) return 'own';
  if (isOneOf(status, VERBS[VERBS[verb].opposite].moving)) return 'other';
  return undefined;
}

/** Where the instance started from: its read before, or the other end where it was not read. */
export function startStateOf(verb: Verb, before: { status?: string } | undefined): string {
  return before?.status ?? VERBS[VERBS[verb].opposite].end;
}

/**
 * An erp run, as an operation names it: its verbs in order (a restart is a stop then a start), the `instances`
 * outcome of a system that went through all of them, the word of one still moving, and the advice after a cut.
 */
export interface RunRow {
  operation: `erp-${string}`;
  verbs: readonly Verb[];
  /** The run's own word: `stop`, in `erp virtual instances did not stop`, `Whole-system stop of 'X01'`. */
  word: string;
  done: string;
  running: string;
  /** After a cut or a timeout: how to resume where the service is. */
  resume: string;
  /** A system read at this status before the run gets only its last verb (a restart of an Offline one: started). */
  lastOnlyFrom?: string;
  /** Whether the run has a step on the machines when asked (`deallocate-vm`, `start-vm`): a restart never does. */
  machines: boolean;
}

export const RUNS = {
  stop: {
    operation: 'erp-stop',
    verbs: ['stop'],
    word: 'stop',
    done: 'stopped',
    running: 'stopping',
    resume:
      ' Run the same step again to resume where the service is (what is done is skipped, a step in progress followed), or erp-start to bring the system back.',
    machines: true,
  },
  start: {
    operation: 'erp-start',
    verbs: ['start'],
    word: 'start',
    done: 'started',
    running: 'starting',
    resume:
      ' Run the same step again to resume where the service is (what is done is skipped, a step in progress followed).',
    machines: true,
  },
  restart: {
    operation: 'erp-restart',
    verbs: ['stop', 'start'],
    word: 'restart',
    done: 'restarted',
    running: 'restarting',
    resume:
      ' Run the same step again to resume where the service is (a system still Offline is started only, a step in progress followed), or erp-start to bring the system back.',
    lastOnlyFrom: 'Offline',
    machines: false,
  },
} as const satisfies Record<string, RunRow>;

export type RunName = keyof typeof RUNS;

/** One of the runs, with its words as written. */
export type Run = (typeof RUNS)[RunName];

/** The `instances` outcome of a system that went through every verb of its run: `stopped`, `started`. */
export type DoneWord = Run['done'];

/** Whether an outcome is a run's done word: a summary marks it succeeded. */
export function isDoneWord(word: string | undefined): word is DoneWord {
  return Object.values(RUNS).some((run) => run.done === word);
}

/** The verbs of a run whose step on the machines the window asks for (`deallocate-vm`, `start-vm`). */
export function machineVerbs(run: RunName, asked: { deallocateVm: boolean; startVm: boolean }): Verb[] {
  const row: RunRow = RUNS[run];
  return row.machines ? row.verbs.filter((v) => asked[VERBS[v].machines.field]) : [];
}
