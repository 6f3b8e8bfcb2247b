import { SUMMARY_BYTES, bytes } from '../limits.js';

/**
 * The last word on a page's size, whatever renders it (a step's view, the window's page): a page over GitHub's
 * 1 MiB is dropped whole by the runner, so past the budget the rows of its longest tables and lists fold from
 * their end, each saying how many are not shown. The renderers put what needs a person first (failed rows, then
 * the rest), so the end is what can go. Every `<tr>`, `<li>` and `<table>` in a page is the action's own: the
 * service's text is escaped (`&#60;`), so the page's structure is read from the tags alone.
 */
export function fitPage(html: string, budget = SUMMARY_BYTES): string {
  let over = bytes(html) - budget;
  if (over <= 0) return html;
  const blocks = [...html.matchAll(BLOCK)].map((m) => ({
    at: m.index,
    whole: m[0],
    open: m[1]!,
    items: [...m[2]!.matchAll(m[1] === 'table' ? ROW : ITEM)].map((i) => i[0]),
    close: m[3]!,
  }));
  // The largest first: a page's size is in its long tables (2 000 failed systems), not its few lines of advice.
  const order = [...blocks].sort((a, b) => b.whole.length - a.whole.length);
  const fitted = new Map<number, string>();
  for (const block of order) {
    if (over <= 0) break;
    const header = block.open === 'table' && block.items[0]?.includes('<th') ? 1 : 0;
    let keep = block.items.length;
    let freed = 0;
    // A note of about NOTE_BYTES is added for the rows left out.
    while (keep > header && freed < over + NOTE_BYTES) freed += bytes(block.items[--keep]!);
    const shown = block.items.length - header;
    const notShown = block.items.length - keep;
    if (notShown === 0) continue;
    const note = `<p>${notShown} of ${shown} ${block.open === 'table' ? 'rows' : 'items'} are not shown: GitHub limits a job summary to 1 MiB. The step's outputs and files (result-file, report-file) have them all.</p>`;
    const kept = `<${block.open}>${block.items.slice(0, keep).join('')}</${block.close}>${note}`;
    over -= bytes(block.whole) - bytes(kept);
    fitted.set(block.at, kept);
  }
  let page = '';
  let from = 0;
  for (const block of blocks) {
    if (!fitted.has(block.at)) continue;
    page += html.slice(from, block.at) + fitted.get(block.at)!;
    from = block.at + block.whole.length;
  }
  return page + html.slice(from);
}

/** A table or a list, not nested (the pages have neither nested); its items; its close. */
const BLOCK = /<(table|ul)>([\s\S]*?)<\/(table|ul)>/g;
const ROW = /<tr>[\s\S]*?<\/tr>/g;
const ITEM = /<li>[\s\S]*?<\/li>/g;
const NOTE_BYTES = 300;
