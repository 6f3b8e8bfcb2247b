import type { CheckWindow, PreflightLevel } from './check/findings.js';
import { afterStart } from './health.js';
import type { InstanceActionOptions } from './instance-io.js';
import type { InstanceRef } from './instance-ref.js';
import type { InstanceLog } from './progress.js';
import type { InstanceState, TargetResult } from './target-result.js';
import { RUNS, VERBS, type RunName } from './verbs.js';
import { HandedRead, type Step } from './step.js';
import type { SystemDatabase } from './parts/preflight.js';

/**
 * The steps of their own kind around a system's plan (issue 51): the checks before it (preflight) and the health
 * read after its start, so the dry run's plan, the rows and the reports carry them as the plan's own.
 */

/** What an erp operation asks of its run: which run, its inputs, its machines, its soft-stop timeout. */
export interface ErpRun {
  run: RunName;
  options: DriverRun['options'] & { wholeSystem: boolean; databaseSoftStopTimeoutSeconds?: number };
  machines: boolean;
  softStopTimeoutSeconds: number;
  /** The checks before anything is sent to a system (preflight; none where absent). */
  preflight?: PreflightLevel;
  /** After a verified start: the health read (erp-start, erp-restart). */
  health?: { healthTimeoutMs: number; expectHealthy: boolean };
}

/** What every system and step of one run of the driver (runSteps) shares. */
export interface DriverRun {
  /** Which run (verbs.ts): its operation, its verbs, its words. */
  run: RunName;
  options: InstanceActionOptions & { hardStopFallback?: boolean };
  /** deallocate-vm (stop) or start-vm (start). */
  machines: boolean;
  /** whole-system: the window's words in the log and the summary. */
  whole: boolean;
  /**
   * The steps of one system, in order (planners.ts); an outcome where the system fails before anything is sent.
   */
  plan: (
    ref: InstanceRef,
    run: DriverRun & { apiVersion: string },
    log: InstanceLog,
  ) => Promise<Step[] | TargetResult>;
}

/** The window a run's checks are made for: erp-check's, from the run's own inputs. */
export function checkRun(o: ErpRun): { level: PreflightLevel; window: CheckWindow } {
  return {
    level: o.preflight ?? 'off',
    window: {
      for: o.run,
      wholeSystem: o.options.wholeSystem,
      ...machinesAsked(o),
      softStopTimeoutSeconds: o.softStopTimeoutSeconds,
      databaseSoftStopTimeoutSeconds: o.options.databaseSoftStopTimeoutSeconds,
    },
  };
}

/**
 * The steps of their own kind around a plan, so a dry run's plan shows them: the checks made (on its first step's
 * plan), and after the start that brings the system up (its last start on the system) the health read.
 */
export function around(
  steps: Step[],
  ref: InstanceRef,
  a: {
    o: ErpRun;
    line?: string;
    read?: InstanceState;
    databases?: readonly SystemDatabase[];
    apiVersion: string;
  },
): Step[] {
  const { o, line } = a;
  const health = o.health && o.options.verify && o.options.wait ? o.health : undefined;
  // The last step that ends the system Running (its own, not a database's) is the one that brings it up.
  const up = health
    ? steps.findLastIndex((s) => VERBS[s.verb].end === 'Running' && s.target === ref.label)
    : -1;
  return steps.map((step, i) => {
    const plan = `${i === 0 && line ? `${line} → ` : ''}${step.plan}`;
    // The checks' reads of the system are its first step's where that step acts on the system.
    if (i === 0 && (a.read || a.databases) && step.target === ref.label)
      step = { ...step, read: new HandedRead({ state: a.read, databases: a.databases }) };
    if (i !== up || !health) return { ...step, plan };
    const read = { ...health, baseUrl: o.options.baseUrl, apiVersion: a.apiVersion };
    return {
      ...step,
      plan: `${plan} → health read until healthy (health-timeout ${health.healthTimeoutMs / 1000} s)`,
      then: afterStart(ref, read),
    };
  });
}

/** The machines' inputs as the window reads them: the run's verb with a step on the machines, where `machines`. */
function machinesAsked(o: ErpRun): { deallocateVm: boolean; startVm: boolean } {
  const asked = { deallocateVm: false, startVm: false };
  if (RUNS[o.run].machines && o.machines)
    for (const v of RUNS[o.run].verbs) asked[VERBS[v].machines.field] = true;
  return asked;
}
