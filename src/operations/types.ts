import type { Clock } from '../client/clock.js';
import type { OutputName } from './outputs.js';
import type { FailureKind, Mark } from './outcomes.js';

/** What an operation may say; the adapter maps it to log lines, groups and annotations. */
export interface Logger {
  info(line: string): void;
  warning(line: string): void;
  /** Absent when no one reads debug lines (the runner's step debugging off, no --verbose): none is built then. */
  debug?(line: string): void;
  group<T>(name: string, work: () => Promise<T>): Promise<T>;
}

export interface OperationContext {
  clock: Clock;
  logger: Logger;
  /** Aborted when the job is cancelled. */
  signal?: AbortSignal;
  /** Clock time after which no wait goes on. */
  deadline: number;
  pollIntervalMs: number;
  /** dry-run: true: the client sends nothing that changes anything; the operation reports what it would do. */
  dryRun?: boolean;
  /** The workflow run the step belongs to, as the adapter knows it (the action's GITHUB_RUN_ID); else absent. */
  runId?: string;
}

export { OUTCOMES, type Mark } from './outcomes.js';

/** How one row of an operation's own table ended: the mark, and the word beside it (`❌ not cached`). */
export interface RowMark {
  outcome: Mark;
  word: string;
}

export interface SummaryTable {
  title: string;
  /** Where the work happened, as label and value: subscription, resource group or account, region. */
  context?: [string, string][];
  header: string[];
  rows: string[][];
  notes?: string[];
  /** Text to copy whole (a URL to resume with), each shown in a code block under its label. */
  code?: { label: string; text: string }[];
  /**
   * One per row, in order, where each row is something the step acted on or checked (an image, a user, a
   * synchronization): the summary puts the mark first on the row. None for a table of facts (a schedule, a profile).
   */
  marks?: RowMark[];
  /** Per row, a mark for each cell that is an answer of its own (an image in each region): the cell's text is its word. */
  cellMarks?: (Mark | undefined)[][];
}

/**
 * The pages an area's operation hands the adapters whole, each declared by its area (`declare module` beside the
 * page's type: erp-report's window in erp/report/page.ts), so this floor names no area's types.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the areas' declarations
export interface AreaPages {}

/**
 * What an operation found. Output names are the contract's vocabulary, which the action and the command line
 * share; `failure` fails the step after the outputs are set, so a failed stop still reports its operation-url.
 */
export interface OperationResult {
  outputs: Partial<Record<OutputName, string | number | boolean | object | undefined>>;
  summary: SummaryTable[];
  failure?: string;
  /** Each target as it ended, in input order: the summary's rows and the result file (`result-file`) read these. */
  rows?: TargetRow[];
  /** The kind of `failure`, where no row carries the cause: the summary's "What to do" fits it. */
  failureKind?: FailureKind;
  /** erp-report: the window as one page, for the adapters' own rendering of it (its type: erp/report/page.ts). */
  window?: AreaPages['window'];
  /** erp-list: the selection it made, for its result file (the matrix is its output). */
  selection?: { tag?: string; environment?: string };
}

export { FAILURE_KINDS, type FailureKind } from './outcomes.js';

/** Why a target failed or is not done: one line, and its kind. */
export interface Cause {
  text: string;
  kind: FailureKind;
  /** The service's request id, where a request was answered: what to quote to the service owner. */
  requestId?: string;
}

/** One step of a whole-system window under its system (contract: `instances[].steps`). */
export interface StepRow {
  step: string;
  target?: string;
  outcome: Mark;
  /** The outcome in the contract's words: `stopped`, `skipped`, `still running`. */
  word: string;
  before?: string;
  after?: string;
  /** What was sent: `stop (hard)`, `skipped: already Offline`. */
  done?: string;
  /** When the step started and ended (ms since the epoch); both absent for a step never sent. */
  startedAt?: number;
  endedAt?: number;
  cause?: Cause;
}

/**
 * One target of a step as the operation hands it to the view and to the result file: a system, an operation
 * resumed, a user, a synchronization. The only channel from an operation to its summary's rows.
 */
export interface TargetRow {
  target: string;
  /** The full resource id, where the target is a resource. */
  id?: string;
  outcome: Mark;
  word: string;
  before?: string;
  done?: string;
  after?: string;
  health?: string;
  /** erp-status: how its parts were read (`all healthy`, or each that does not serve, with what was read). */
  parts?: string;
  startedAt?: number;
  endedAt?: number;
  cause?: Cause;
  steps?: StepRow[];
  /** The polling URL whole, where its operation is still running: what `wait-for-operation` resumes with. */
  operationUrl?: string;
}

/** The run a step belongs to, as the runner names it (GITHUB_RUN_ID, _ATTEMPT, GITHUB_JOB, GITHUB_ACTION); null where unset. */
export interface StepRun {
  id: string | null;
  attempt: string | null;
  job: string | null;
  step: string | null;
}

/** What the adapter knows of a step beside its result: its run, and when it started and ended (clock ms). */
export interface StepFacts {
  run: StepRun;
  startedAt: number;
  endedAt: number;
  /** The step's inputs as given, where the adapter knows them: what its result file names beside its rows. */
  input?: (name: StepInput) => string | undefined;
}

/** The inputs a result file reads as given: the systems asked for, a dry run, the operations resumed. */
export type StepInput = 'erp-virtual-instance' | 'dry-run' | 'operation-url';

/** A step's result file as the adapters name it: its run and its systems; the rest is the operation's own shape. */
export interface StepRecord {
  run: { [K in keyof StepRun]?: string | null };
  systems: readonly { name: string; id?: string | null }[];
}
