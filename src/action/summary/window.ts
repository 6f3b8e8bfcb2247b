import { windowAdvice } from '../../runtime/window-advice.js';
import { MARKS } from '../../runtime/view/marks.js';
import { checkLines, namesOf } from '../../operations/erp/erp-report.js';
import type { WindowReport, WindowSystem } from '../../operations/erp/report/page.js';
import { escape, prose, row, tag } from './html.js';
import { windowGantt } from './window-gantt.js';

/** Rows of the succeeded systems listed in the folded block; past them, counted. */
const FOLDED_ROWS = 500;

const MISSING = '❔';
const markOf = (s: WindowSystem) => (s.outcome === 'missing' ? MISSING : MARKS[s.outcome]);

/** One line of cause, as a row shows it. */
const causeOf = (s: WindowSystem) =>
  [
    s.cause?.text.replace(/\s+/g, ' ') ?? (s.outcome === 'missing' ? 'no result file for it' : '-'),
    ...(s.history ? [`(${s.history.join(', ')})`] : []),
  ].join(' ');

/**
 * erp-report's page: the title with the counts; the systems that need a person first, each with its leg and cause
 * in one line; one "What to do" per kind; the succeeded counted and folded; one timeline of the whole fleet.
 */
export function renderWindow(window: WindowReport): string {
  const bad = window.systems.slice(0, window.attention);
  const good = window.systems.slice(window.attention);
  const parts = [
    tag('h2', `${window.failing.length ? '❌' : '✅'} ${escape(window.title)}`),
    tag('p', escape(`${window.systems.length} system(s); ${window.files} result file(s) read.`)),
  ];
  if (bad.length > 0) {
    const header = row(['outcome', 'erp virtual instance', 'leg', 'cause'], 'th');
    const rows = bad.map((s) =>
      row([`${markOf(s)} ${escape(s.word)}`, escape(s.name), escape(s.leg), escape(causeOf(s))]),
    );
    parts.push(tag('table', [header, ...rows].join('')));
    parts.push(
      ...windowAdvice(window).map((line) => tag('p', `<strong>What to do:</strong> ${prose(line)}`)),
    );
  }
  if (window.legFailures.length > 0) {
    const header = row(['step', 'leg', 'file', 'cause'], 'th');
    const rows = window.legFailures.map((f) =>
      row([`❌ ${escape(f.operation)}`, escape(f.leg), escape(f.path), escape(f.cause.text)]),
    );
    parts.push(
      tag('p', escape('Steps that failed with no system to show it:')),
      tag('table', [header, ...rows].join('')),
    );
  }
  // The window's checks (erp-check's files): each system refused with its codes, beside the outcomes, never one.
  const refused = (window.checks ?? []).flatMap((c) => c.refused.map((r) => ({ ...r, path: c.path })));
  if (window.checks?.length) {
    parts.push(tag('p', escape(checkLines(window).join(' '))));
    if (refused.length > 0) {
      const header = row(['checks', 'erp virtual instance', 'codes', 'file'], 'th');
      const rows = refused.map((r) =>
        row(['⛔ refused', escape(r.name), escape(r.codes.join(', ')), escape(r.path)]),
      );
      parts.push(tag('table', [header, ...rows].join('')));
    }
  }
  if (good.length > 0) {
    const header = row(['outcome', 'erp virtual instance', 'leg', 'before', 'after'], 'th');
    const rows = good
      .slice(0, FOLDED_ROWS)
      .map((s) =>
        row([
          `${markOf(s)} ${escape(s.word)}`,
          escape(s.name),
          escape(s.leg),
          escape(s.before ?? '-'),
          escape(`${s.after ?? '-'}${s.lastRead ? ` (last read: ${s.lastRead})` : ''}`),
        ]),
      );
    const more = good.length > FOLDED_ROWS ? tag('p', escape(`and ${good.length - FOLDED_ROWS} more`)) : '';
    parts.push(
      tag(
        'details',
        `${tag('summary', escape(countOf(good)))}${tag('table', [header, ...rows].join(''))}${more}`,
      ),
    );
  }
  const notes = [
    ...window.replaced.map(
      (r) => `${namesOf(r.names)} in two files: the newer (${r.newer}) stands over ${r.older}.`,
    ),
    ...window.lost.map((l) => `Lost ${l.path}: it ${l.why}; a leg's result is lost.`),
    ...window.skipped.map((s) => `Skipped ${s.path}: it ${s.why}.`),
  ];
  if (notes.length > 0) parts.push(tag('ul', notes.map((n) => tag('li', escape(n))).join('')));
  const gantt = windowGantt(window);
  // The Mermaid block stands apart, blank lines around it: GitHub reads Markdown only outside HTML blocks.
  if (gantt)
    parts.push(
      `\n\`\`\`mermaid\n${gantt.mermaid}\n\`\`\`\n`,
      ...(gantt.note ? [tag('p', escape(gantt.note))] : []),
    );
  return `${parts.join('\n')}\n`;
}

/** `58 stopped, 2 skipped`. */
function countOf(systems: readonly WindowSystem[]): string {
  const counts = new Map<string, number>();
  for (const s of systems) counts.set(s.word, (counts.get(s.word) ?? 0) + 1);
  return [...counts].map(([word, n]) => `${n} ${word}`).join(', ');
}
