import * as core from '@actions/core';
import type { SummaryTable } from '../operations/types.js';

/**
 * The service's strings go into HTML: escape them, so a message cannot inject markup into the summary. Line
 * breaks become `<br>`: a blank line would end the HTML block and let the rest be read as Markdown (links,
 * images).
 */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\r\n|\r|\n/g, '<br>');
}

export async function writeSummary(
  operation: string,
  tables: SummaryTable[],
  failure?: string,
): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  const summary = core.summary.addHeading(`vendor-ops: ${escape(operation)}`, 2);
  if (failure) summary.addRaw(`<p><strong>Failed:</strong> ${escape(failure)}</p>`, true);
  for (const table of tables) {
    summary.addHeading(escape(table.title), 3);
    summary.addTable([
      table.header.map((cell) => ({ data: escape(cell), header: true })),
      ...table.rows.map((row) => row.map(escape)),
    ]);
    if (table.notes?.length) summary.addList(table.notes.map(escape));
  }
  await summary.write();
}
