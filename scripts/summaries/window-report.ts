/**
 * The `window-report` case of `npm run summaries`: erp-report over a window of 60 systems in 10 legs, as the README's
 * workflow leaves it: the listing's file, and each leg's stop and then its start (from the stop's file). PRD017's stop
 * failed and its start skipped it (still Running); PRD060 has no result (its leg ended before writing it). The files
 * are written here, in the result file's own format (docs/result-file.md), at fixed times, so the picture is the
 * same from run to run.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULT_FORMAT, type ResultFile } from '../../src/operations/erp/report/format.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const DIR = join(ROOT, 'tmp/summaries/window-report-results');
const SUB = '00000000-0000-4000-8000-000000000001';
const START = Date.parse('2026-11-29T01:00:00Z');
const name = (i: number) => `PRD${String(i).padStart(3, '0')}`;
const id = (i: number) =>
  `/subscriptions/${SUB}/resourceGroups/rg-erp-prod/providers/Vendor.Workloads/erpVirtualInstances/${name(i)}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** Ten legs of six; PRD017's stop failed; the tenth leg's sixth system has no result. */
const LEGS = Array.from({ length: 10 }, (_, l) => Array.from({ length: 6 }, (_, i) => l * 6 + i + 1));
/** The maintenance between a leg's stop and its start. */
const MAINTENANCE = 600_000;

type Verb = 'erp-stop' | 'erp-start';

function row(verb: Verb, i: number, at: number) {
  const took = (verb === 'erp-stop' ? 240_000 : 180_000) + ((i * 37_000) % 300_000);
  const failed = i === 17;
  const base = { name: name(i), id: id(i), startedAt: iso(at), endedAt: iso(at + took), cause: null };
  if (verb === 'erp-start') {
    // The start takes the stop's file: PRD017 is read Running and skipped.
    return failed
      ? { ...base, before: 'Running', after: 'Running', outcome: 'skipped' as const, word: 'skipped' }
      : { ...base, before: 'Offline', after: 'Running', outcome: 'succeeded' as const, word: 'started' };
  }
  return failed
    ? {
        ...base,
        before: 'Running',
        after: 'Running',
        outcome: 'failed' as const,
        word: 'failed',
        cause: {
          text: "The stop of erp virtual instance 'PRD017' ended with status Failed (StopFailed: The central services did not stop in time).",
          kind: 'service failed' as const,
        },
      }
    : { ...base, before: 'Running', after: 'Offline', outcome: 'succeeded' as const, word: 'stopped' };
}

function legFile(verb: Verb, leg: number, systems: number[]): ResultFile {
  const begin = START + leg * 20_000 + (verb === 'erp-start' ? 540_000 + MAINTENANCE : 0);
  const rows = systems.map((i, k) => row(verb, i, begin + k * 1_000));
  return {
    format: RESULT_FORMAT,
    operation: verb,
    run: { id: '7001', attempt: '1', job: 'window', step: verb === 'erp-stop' ? 'stop' : 'start' },
    startedAt: iso(begin),
    endedAt: iso(Math.max(...rows.map((r) => Date.parse(r.endedAt)))),
    failure: null,
    systems: rows,
  };
}

/** The listing's file: what the window was to act on, each system with its leg. */
function listingFile(): ResultFile {
  return {
    format: RESULT_FORMAT,
    operation: 'erp-list',
    run: { id: '7001', attempt: '1', job: 'list', step: 'list' },
    startedAt: iso(START - 30_000),
    endedAt: iso(START - 28_000),
    failure: null,
    selection: {
      tag: 'maintenance=sunday',
      environment: null,
      systems: LEGS.flatMap((systems, leg) =>
        systems.map((i) => ({ id: id(i), name: name(i), leg: String(leg + 1) })),
      ),
    },
    systems: [],
  };
}

/** The case's inputs: the listing's and the legs' files written to a fresh directory, as the report job downloads them. */
export function windowReportInputs(): Record<string, string> {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, 'vendor-ops-result-7001-1-list-list.json'), JSON.stringify(listingFile()));
  LEGS.forEach((systems, leg) => {
    // The tenth leg's sixth system has no result: its leg ended before writing it.
    const written = leg === 9 ? systems.slice(0, 5) : systems;
    for (const verb of ['erp-stop', 'erp-start'] as const) {
      writeFileSync(
        join(DIR, `vendor-ops-result-7001-1-window-leg${leg + 1}-${verb.slice(4)}.json`),
        JSON.stringify(legFile(verb, leg, written)),
      );
    }
  });
  return { operation: 'erp-report', results: DIR };
}
