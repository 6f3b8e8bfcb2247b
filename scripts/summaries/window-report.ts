/**
 * The `window-report` case of `npm run summaries`: erp-report over a window of 60 systems in 10 legs, one failed and
 * one never run. The legs' result files are written here, in the result file's own format (docs/result-file.md),
 * at fixed times, so the picture is the same from run to run.
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

/** Ten legs of six; the tenth never ran; PRD017's stop failed. */
const LEGS = Array.from({ length: 10 }, (_, l) => Array.from({ length: 6 }, (_, i) => l * 6 + i + 1));

function legFile(leg: number, systems: number[]): ResultFile {
  const begin = START + leg * 20_000;
  const rows = systems.map((i, k) => {
    const took = 240_000 + ((i * 37_000) % 300_000);
    const failed = i === 17;
    return {
      name: name(i),
      id: id(i),
      before: 'Running',
      after: failed ? 'Running' : 'Offline',
      outcome: failed ? ('failed' as const) : ('succeeded' as const),
      word: failed ? 'failed' : 'stopped',
      startedAt: iso(begin + k * 1_000),
      endedAt: iso(begin + k * 1_000 + took),
      cause: failed
        ? {
            text: "The stop of erp virtual instance 'PRD017' ended with status Failed (StopFailed: The central services did not stop in time).",
            kind: 'service failed' as const,
          }
        : null,
    };
  });
  return {
    format: RESULT_FORMAT,
    operation: 'erp-stop',
    run: { id: '7001', attempt: '1', job: 'window', step: 'stop' },
    startedAt: iso(begin),
    endedAt: iso(Math.max(...rows.map((r) => Date.parse(r.endedAt)))),
    failure: null,
    systems: rows,
  };
}

/** The case's inputs: the legs' files written to a fresh directory, and the matrix erp-list handed on. */
export function windowReportInputs(): Record<string, string> {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  LEGS.slice(0, 9).forEach((systems, leg) => {
    writeFileSync(
      join(DIR, `vendor-ops-result-7001-1-window-leg${leg + 1}-stop.json`),
      JSON.stringify(legFile(leg, systems)),
    );
  });
  // The tenth leg's sixth system has no result: its leg ended before writing it.
  writeFileSync(
    join(DIR, 'vendor-ops-result-7001-1-window-leg10-stop.json'),
    JSON.stringify(legFile(9, LEGS[9]!.slice(0, 5))),
  );
  const matrix = {
    include: LEGS.map((systems, leg) => ({
      leg: leg + 1,
      'erp-virtual-instance': systems.map(id).join('\n'),
      names: systems.map(name).join(', '),
    })),
  };
  return { operation: 'erp-report', results: DIR, expected: JSON.stringify(matrix) };
}
