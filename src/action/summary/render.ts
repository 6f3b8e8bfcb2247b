import type { SummaryView } from '../../runtime/view/view.js';
import type { SummaryTable } from '../../operations/types.js';
import { titleMark } from '../../runtime/view/marks.js';
import { SUMMARY_BYTES, bytes } from '../limits.js';
import { ganttOf } from './gantt.js';
import { escape, prose, row, tag } from './html.js';
import { planDetails } from './plan.js';
import { LISTED_ROWS, targetsTable } from './targets.js';

/**
 * The summary: the title that says what happened, where, the cause where no row says it, one row per target,
 * what to do, the timeline, the plan's requests folded away, and the operation's own tables. HTML throughout
 * (GitHub reads no Markdown inside an HTML block), except the Mermaid block, set apart by blank lines. Kept
 * within GitHub's 1 MiB whatever the fleet: rows past the cap are counted, and that is said.
 */
/** An operation's or output's name (`wait-for-operation`, `operation-urls`) in a sentence, shown as code. */
const namesAsCode = (text: string) =>
  escape(text).replace(/\b[a-z]+(?:-[a-z]+)+\b/g, (name) => tag('code', name));

export function renderSummary(view: SummaryView, now = Date.now()): string {
  const head = [
    tag('h2', `${titleMark(view)} ${escape(view.title)}`),
    ...(view.context?.length
      ? [
          tag(
            'p',
            view.context
              .map(([label, value]) => `${escape(label)} <code>${escape(value)}</code>`)
              .join(' · '),
          ),
        ]
      : []),
    ...(view.failure ? [tag('p', `<strong>Failed:</strong> ${escape(view.failure)}`)] : []),
  ].join('\n');
  const advice = view.whatToDo
    .map((line) => tag('p', `<strong>What to do:</strong> ${prose(line)}`))
    .join('\n');
  const resume = view.resume.length
    ? [
        tag(
          'p',
          `Still running: resume with ${namesAsCode(view.resumeWith)}, which holds each URL whole; here the query is reduced to <code>api-version</code>.`,
        ),
        // A list, not a code block: a polling URL is long, and a list item wraps where a code block scrolls.
        tag(
          'ul',
          view.resume
            .slice(0, LISTED_ROWS)
            .map((r) => tag('li', `${tag('strong', escape(r.target))}: <code>${escape(r.url)}</code>`))
            .join(''),
        ),
        view.resume.length > LISTED_ROWS
          ? tag(
              'p',
              `${view.resume.length - LISTED_ROWS} more are in the <code>operation-urls</code> output.`,
            )
          : '',
      ]
        .filter(Boolean)
        .join('\n')
    : '';
  const timeline = ganttOf(view, now);
  const gantt = timeline
    ? `\n\n\`\`\`mermaid\n${timeline.mermaid}\n\`\`\`\n\n${timeline.note ? tag('p', escape(timeline.note)) : ''}`
    : '';
  const plan = planDetails(view);
  const tables = view.tables.map(renderTable);
  let budget = SUMMARY_BYTES - bytes([head, advice, resume, gantt, plan].join('\n')) - 1024;
  const kept: string[] = [];
  for (const table of tables) {
    const fitted = fitTable(table, budget);
    budget -= bytes(fitted);
    kept.push(fitted);
  }
  const targets = targetsTable(view, budget);
  return [head, targets, advice, resume, plan, ...kept].filter(Boolean).join('\n') + gantt;
}

interface RenderedTable {
  before: string;
  header: string;
  rows: string[];
  after: string;
}

/** An operation's own table (a synchronization, images, users), as it gives it. */
function renderTable(table: SummaryTable): RenderedTable {
  return {
    before: [
      tag('p', tag('strong', escape(table.title))),
      table.context?.length
        ? tag(
            'p',
            table.context
              .map(([label, value]) => `${escape(label)} <code>${escape(value)}</code>`)
              .join(' · '),
          )
        : '',
    ].join(''),
    header: row(table.header.map(escape), 'th'),
    rows: table.rows.map((r) => row(r.map(escape))),
    after: [
      table.notes?.length ? tag('ul', table.notes.map((n) => tag('li', prose(n))).join('')) : '',
      // Redacted as any text here: the URL to resume with is in the outputs, whole.
      ...(table.code ?? []).map(
        (c) => `${tag('p', prose(c.label))}${tag('pre', tag('code', escape(c.text)))}`,
      ),
    ].join(''),
  };
}

function fitTable({ before, header, rows, after }: RenderedTable, budget: number): string {
  let left = budget - bytes(before + header + after) - 200;
  const kept: string[] = [];
  for (const r of rows) {
    if (bytes(r) + 1 > left) break;
    left -= bytes(r) + 1;
    kept.push(r);
  }
  const cut =
    kept.length < rows.length
      ? tag(
          'p',
          `${rows.length - kept.length} of ${rows.length} rows are not shown: GitHub limits a job summary to 1 MiB. The log has them all.`,
        )
      : '';
  return `${before}${tag('table', [header, ...kept].join('\n'))}${cut}${after}`;
}
