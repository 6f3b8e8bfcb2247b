import * as core from '@actions/core';
import type { SummaryTable } from '../operations/types.js';
import { redactUrls } from '../client/url.js';
import { SUMMARY_BYTES, bytes } from './limits.js';

/**
 * The service's strings go into HTML: escape them, so a message cannot inject markup into the summary. Line
 * breaks become `<br>`: a blank line would end the HTML block and let the rest be read as Markdown (links,
 * images). Every URL is shown as the log shows it (no user info, the query reduced to `api-version`): anyone who
 * can read the run page reads the summary, and a signed polling URL is a credential; only outputs carry it whole.
 */
function escape(text: string): string {
  return clip(redactUrls(text))
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/\r\n|\r|\n/g, '<br>');
}

/** One cell, note or message is at most this long: a service message of megabytes must not fill the summary. */
const CELL_CHARACTERS = 8192;

function clip(text: string): string {
  return text.length > CELL_CHARACTERS
    ? `${text.slice(0, CELL_CHARACTERS)}… (${text.length - CELL_CHARACTERS} more characters in the log)`
    : text;
}

export interface SummaryContent {
  operation: string;
  tables: SummaryTable[];
  /** The cause, once, where the step failed; and what to do about it. */
  failure?: string;
  advice?: string;
}

/**
 * Writes the step's job summary, where the runner offers one: one heading, the cause once, the tables. A summary
 * that cannot be written (a file the runner did not create, as when the bundle is run by hand) is a warning: the
 * step's verdict is the operation's, and the log says the same as the summary would have.
 */
export async function writeSummary(content: SummaryContent): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  try {
    await core.summary.addRaw(renderSummary(content), true).write();
  } catch (error) {
    core.warning(`The job summary was not written: ${(error as Error).message}`);
  }
}

/** The summary as HTML, kept within GitHub's 1 MiB: rows past the limit are left out, and that is said. */
export function renderSummary({ operation, tables, failure, advice }: SummaryContent): string {
  const head = [`<h2>vendor-ops ${escape(operation)}${failure ? ': failed' : ''}</h2>`];
  if (failure) head.push(`<p><strong>Failed:</strong> ${escape(failure)}</p>`);
  if (advice) head.push(`<p><strong>What to do:</strong> ${escape(advice)}</p>`);
  const parts = tables.map((table) => ({
    before: [
      tables.length > 1 || table.title !== operation ? `<p><strong>${escape(table.title)}</strong></p>` : '',
      table.context?.length
        ? `<p>${table.context.map(([label, value]) => `${escape(label)} <code>${escape(value)}</code>`).join(' · ')}</p>`
        : '',
    ].join(''),
    header: `<tr>${table.header.map((c) => `<th>${escape(c)}</th>`).join('')}</tr>`,
    rows: table.rows.map((row) => `<tr>${row.map((c) => `<td>${escape(c)}</td>`).join('')}</tr>`),
    notes: table.notes?.length ? `<ul>${table.notes.map((n) => `<li>${escape(n)}</li>`).join('')}</ul>` : '',
    // Redacted as any text here: the URL to resume with is in the outputs, whole.
    code: (table.code ?? [])
      .map((c) => `<p>${escape(c.label)}</p><pre><code>${escape(c.text)}</code></pre>`)
      .join(''),
  }));
  let budget = SUMMARY_BYTES - bytes(head.join('\n'));
  const body = parts.map((part) => {
    const fixed = `${part.before}<table>${part.header}</table>${part.notes}${part.code}`;
    budget -= bytes(fixed) + 200;
    const kept: string[] = [];
    for (const row of part.rows) {
      if (bytes(row) + 1 > budget) break;
      budget -= bytes(row) + 1;
      kept.push(row);
    }
    const cut =
      kept.length < part.rows.length
        ? `<p>${part.rows.length - kept.length} of ${part.rows.length} rows are not shown: GitHub limits a job summary to 1 MiB. The log has them all.</p>`
        : '';
    return `${part.before}<table>${[part.header, ...kept].join('\n')}</table>${cut}${part.notes}${part.code}`;
  });
  return [...head, ...body].join('\n');
}
