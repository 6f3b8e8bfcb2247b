import { namesOf } from '../operations/erp/erp-report.js';
import type { WindowReport } from '../operations/erp/report/page.js';

/** Systems the command line lists by name; past them, counted (the `instances` output has them all). */
const LISTED = 50;

/** erp-report's page on the command line: the title, the systems that need a person with leg and cause, the rest counted. */
export function windowText(window: WindowReport): string {
  const bad = window.systems.slice(0, window.attention);
  const lines = [
    window.title,
    ...bad
      .slice(0, LISTED)
      .map(
        (s) =>
          `  ${s.word}: ${s.name} (leg ${s.leg})${s.cause ? `: ${s.cause.text.replace(/\s+/g, ' ')}` : ''}${s.history ? ` (${s.history.join(', ')})` : ''}`,
      ),
    ...(bad.length > LISTED ? [`  and ${bad.length - LISTED} more`] : []),
    ...window.legFailures.map(
      (f) => `  step failed: ${f.operation} of ${f.leg} (${f.path}): ${f.cause.text}`,
    ),
    ...window.lost.map((l) => `  lost ${l.path}: it ${l.why}.`),
    `  ${window.systems.length - bad.length} ended well; ${window.files} result file(s) read.`,
    ...window.replaced.map(
      (r) => `  ${namesOf(r.names)}: the newer result (${r.newer}) stands over ${r.older}.`,
    ),
    ...window.skipped.map((s) => `  skipped ${s.path}: it ${s.why}.`),
  ];
  return `${lines.join('\n')}\n`;
}
