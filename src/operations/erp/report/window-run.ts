import type { ExpectedSystem } from '../../erp-parsers.js';
import type { Gathered, Gathering } from './gather.js';
import { mergeWindow } from './merge.js';

/** The files of the window's run, and each file of another run or of a dry run named and left out. */
export interface RunFiles {
  run: string | null;
  files: Gathered[];
  skipped: { path: string; why: string }[];
  /** What the window was to act on, from the listing's own file (erp-list of the same run), where one was read. */
  listing?: { path: string; systems: ExpectedSystem[] };
}

const ended = (g: Gathered) => Date.parse(g.file.endedAt);

/**
 * One window, one run: the run given (`run-id`, or the runner's GITHUB_RUN_ID), else the run of the newest file.
 * A file of another run is never merged; a dry run's file is a plan, not a result.
 */
export function filesOfRun(gathered: readonly Gathered[], given: string | undefined): RunFiles {
  const newest = [...gathered].sort((a, b) => ended(b) - ended(a))[0];
  const run = given ?? newest?.file.run.id ?? null;
  const kept: Gathered[] = [];
  const skipped: RunFiles['skipped'] = [];
  for (const g of gathered) {
    const of = g.file.run.id ?? null;
    if (of !== run) {
      skipped.push({
        path: g.path,
        why: `is of run ${of ?? '(none)'}, not this window's run ${run ?? '(none)'}`,
      });
    } else if (g.file.dryRun) {
      skipped.push({ path: g.path, why: `is a dry run of ${g.file.operation}: a plan, not a result` });
    } else kept.push(g);
  }
  const listings = kept.filter((g) => g.file.operation === 'erp-list' && g.file.selection);
  const last = listings.sort((a, b) => ended(a) - ended(b)).pop();
  return {
    run,
    files: kept,
    skipped,
    ...(last ? { listing: { path: last.path, systems: last.file.selection!.systems } } : {}),
  };
}

/** The window of what was gathered: one run's files, what the listing (else `expected`) says was to be acted on. */
export function windowOf(gathering: Gathering, o: { expected?: ExpectedSystem[]; runId?: string }) {
  const runs = filesOfRun(gathering.files, o.runId);
  const window = mergeWindow({
    files: runs.files,
    expected: runs.listing?.systems ?? o.expected,
    skipped: [...gathering.skipped, ...runs.skipped],
    lost: gathering.lost,
    run: runs.run,
  });
  return { window: { ...window, checks: gathering.checks }, listing: runs.listing?.path };
}
