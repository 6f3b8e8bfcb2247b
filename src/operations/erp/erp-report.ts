import { InputError } from '../../client/errors.js';
import { defineOperation, optional, required, withDefault } from '../module.js';
import type { OperationContext, OperationResult } from '../types.js';
import type { WindowReport, WindowSystem } from './report/page.js';
import type { ExpectedSystem } from '../erp-parsers.js';
import { firstLine } from './wording.js';
import { erpCode } from './load.js';

export interface ErpReportOptions {
  results: string;
  expected?: ExpectedSystem[];
  runId?: string;
  failOn: 'any' | 'none';
}

/**
 * erp-report: the window as one page. Reads the result files of one run (erp-list, erp-stop, erp-start, erp-status,
 * wait-for-operation `result-file`), merges each system's operations in order, knows what was expected from the
 * listing's own file (else `expected`), and gives one summary and one verdict that is never green for a window that
 * failed (docs/operations/erp-report.md). Sends no request and needs no sign-in.
 */
export default defineOperation({
  name: 'erp-report',
  description:
    "Reads the result files of a window's legs (result-file) and gives one summary and one verdict for the whole window; sends no request.",
  client: 'none',
  inputs: {
    results: required('results'),
    expected: optional('expected'),
    runId: optional('run-id'),
    failOn: withDefault('fail-on'),
  },
  outputs: ['result', 'count', 'failed', 'missing', 'instances', 'report-file'],
  example: '--results ./results --expected "$MATRIX"',
  run: erpReport,
});

export async function erpReport(options: ErpReportOptions, _client: unknown, ctx: OperationContext) {
  const { gatherResults, windowOf } = await erpCode();
  const gathering = await gatherResults(options.results).catch((error: NodeJS.ErrnoException) => {
    throw new InputError('results', `cannot be read as a directory (${error.code ?? error.message})`);
  });
  if (gathering.absent)
    ctx.logger.warning(`results: ${options.results} is not there: no leg's file was downloaded.`);
  // The report job runs in the run of its legs (a re-run of a failed leg keeps it): the runner names the window.
  const { window, listing } = windowOf(gathering, {
    expected: options.expected,
    runId: options.runId ?? ctx.runId,
  });
  for (const s of window.skipped) ctx.logger.warning(`Skipped ${s.path}: it ${s.why}.`);
  for (const s of window.lost) ctx.logger.warning(`Lost ${s.path}: it ${s.why}; the verdict fails.`);
  if (listing) ctx.logger.info(`The window's systems are erp-list's, from ${listing}.`);
  for (const r of window.replaced) {
    ctx.logger.info(
      `${namesOf(r.names)}: the result of ${r.newer} stands; the older one of ${r.older} is set aside.`,
    );
  }
  for (const line of checkLines(window)) ctx.logger.info(line);
  ctx.logger.info(`${window.title} (${window.files} file(s) read).`);
  const instances = window.systems.map(instanceOf);
  const failure = window.failing.length > 0 && options.failOn === 'any' ? failureOf(window) : undefined;
  const result: OperationResult = {
    outputs: {
      // The counts, within any limit; every system is in instances and in the report file (the adapter's).
      result: { title: window.title, count: window.systems.length, outcomes: countBy(window.systems) },
      instances,
      count: window.systems.length,
      failed: window.systems.filter((s) => s.outcome === 'failed').length,
      missing: window.systems.filter((s) => s.outcome === 'missing').map((s) => s.id ?? s.name),
    },
    summary: [tableOf(window)],
    failure,
    window,
  };
  return result;
}

/** `{stopped: 58, failed: 1, missing: 1}`: how many systems ended each way. */
function countBy(systems: readonly WindowSystem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of systems) counts[s.word] = (counts[s.word] ?? 0) + 1;
  return counts;
}

/** The step's failure: the title, then what fails it, the first ten systems named with their cause. */
function failureOf(window: WindowReport): string {
  const bad = window.systems.slice(0, window.attention);
  const said = [
    ...bad.slice(0, 10).map((s) => `${s.name} ${s.word}${s.cause ? ` (${s.cause.text})` : ''}`),
    ...(bad.length > 10 ? [`and ${bad.length - 10} more`] : []),
    ...window.legFailures.map((f) => `${f.operation} of ${f.leg} failed (${f.cause.text})`),
    ...window.lost.map((l) => `${l.path} lost (${l.why})`),
  ];
  return said.length ? `${window.title}: ${said.join('; ')}.` : `${window.title}.`;
}

/** One entry of erp-report's `instances`. */
function instanceOf(s: WindowSystem) {
  return {
    name: s.name,
    id: s.id ?? null,
    leg: s.leg,
    file: s.file ?? null,
    operation: s.operation ?? null,
    outcome: s.word,
    before: s.before ?? null,
    after: s.after ?? null,
    cause: s.cause ?? null,
    ...(s.lastRead ? { 'last-read': s.lastRead } : {}),
    ...(s.history ? { history: s.history } : {}),
  };
}

/** The plain table (the command line's, and any adapter without the window's page): those that need a person. */
function tableOf(window: WindowReport) {
  const shown = window.systems.slice(0, Math.max(window.attention, 0));
  return {
    title: window.title,
    header: ['erp virtual instance', 'leg', 'outcome', 'cause'],
    rows: shown.map((s) => [s.name, s.leg, s.word, s.cause ? firstLine(s.cause.text) : '-']),
    notes: [
      `${window.systems.length - window.attention} system(s) ended well; ${window.files} result file(s) read.`,
      ...window.replaced.map(
        (r) => `${namesOf(r.names)}: the newer result (${r.newer}) stands over ${r.older}.`,
      ),
      ...window.legFailures.map((f) => `${f.operation} of ${f.leg} failed (${f.path}): ${f.cause.text}`),
      ...window.lost.map((l) => `Lost ${l.path}: it ${l.why}.`),
      ...window.skipped.map((s) => `Skipped ${s.path}: it ${s.why}.`),
      ...checkLines(window),
    ],
  };
}

/** The window's checks (erp-check's files), a line each: `Checks (check.json): 3 system(s); refused: X02 (not-registered).` */
export function checkLines(window: Pick<WindowReport, 'checks'>): string[] {
  return (window.checks ?? []).map((c) => {
    const refused = c.refused.map((r) => `${r.name} (${r.codes.join(', ')})`);
    return `Checks (${c.path}): ${c.systems} system(s) checked before the window; ${refused.length ? `refused: ${refused.join(', ')}` : 'none refused'}.`;
  });
}

/** `W01, W02 and 5 more (7)`: the systems a note names, at most ten. */
export function namesOf(names: readonly string[]): string {
  const shown = names.slice(0, 10).join(', ');
  return names.length > 10 ? `${shown} and ${names.length - 10} more (${names.length})` : shown;
}
