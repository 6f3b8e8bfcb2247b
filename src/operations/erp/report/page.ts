import type { Cause, Mark } from '../../types.js';
import type { ResultSystem } from './format.js';

// erp-report's page: the window as one page, which the adapters render in their own way (summary, terminal).

/** erp-report: a system of the window as the report shows it: its newest result, or `missing` where no file had it. */
export interface WindowSystem {
  name: string;
  id?: string;
  /** The matrix leg that acted on it (from `expected`), else the file it came from. */
  leg: string;
  file?: string;
  operation?: string;
  outcome: Mark | 'missing';
  /** The outcome in the contract's words: stopped, started, read, skipped, failed, not sent, still running, missing. */
  word: string;
  before?: string;
  after?: string;
  cause?: Cause;
  startedAt?: number;
  endedAt?: number;
  /** When the step that acted on it started and ended (its file's times): the span where the system has none. */
  stepStartedAt?: number;
  stepEndedAt?: number;
  steps?: ResultSystem['steps'];
  /** Each operation of the run on it, in order (`erp-stop failed`, `erp-start skipped`), where it had several. */
  history?: string[];
  /** Its last erp-status read (`Offline`): shown beside the outcome, never as it. */
  lastRead?: string;
}

/** The window as one page: every system once, those that need a person first, and what the merge set aside. */
export interface WindowReport {
  title: string;
  systems: WindowSystem[];
  /** How many of `systems`, from the first, need a person: failed, missing, not sent, still running. */
  attention: number;
  /** A system in two files (a leg run again): the newer stands. */
  replaced: { names: string[]; newer: string; older: string }[];
  /** Files named and left out: another run, a dry run, another format, too large, a link, not a plain file. */
  skipped: { path: string; why: string }[];
  /** Files that do not parse (torn, cut short): each a leg whose result is lost. */
  lost: { path: string; why: string }[];
  /** erp-check's files: the window's checks (each system refused, with its codes), never an outcome. */
  checks?: { path: string; systems: number; refused: { name: string; codes: string[] }[] }[];
  /** Steps that failed with no system to show it on (before acting, or as a whole), with their leg and cause. */
  legFailures: { leg: string; path: string; operation: string; cause: Cause }[];
  /** Why the window's verdict fails, one line each; empty when every system ended well. */
  failing: string[];
  /** The run the window is (GITHUB_RUN_ID), where the files name one. */
  run?: string;
  files: number;
  /** The earliest start and latest end of the files read (ms), for the timeline. */
  startedAt?: number;
  endedAt?: number;
}

declare module '../../types.js' {
  interface AreaPages {
    window: WindowReport;
  }
}
