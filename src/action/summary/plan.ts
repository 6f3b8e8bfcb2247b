import type { SummaryView } from '../../runtime/view/view.js';
import { escape, tag } from './html.js';

/** The requests a dry run lists in the summary; the `plan` output has them all. */
const LISTED_REQUESTS = 200;

/**
 * The requests a dry run would send, folded away under the plan's rows: method, URL as the log shows it, body.
 * A list, not a table: a resource URL is long, and a table's column would squeeze the rest.
 */
export function planDetails(view: SummaryView): string {
  if (!view.dryRun) return '';
  const listed = view.plan.slice(0, LISTED_REQUESTS);
  const items = listed.map((p) => {
    const body =
      p.body === undefined || p.body === null ? 'no body' : `<code>${escape(JSON.stringify(p.body))}</code>`;
    return tag(
      'li',
      `${tag('strong', escape(p.target))}: <code>${escape(`${p.method} ${p.url}`)}</code> with ${body}`,
    );
  });
  const more = view.plan.length - listed.length;
  const summary =
    view.plan.length === 0
      ? 'No request would be sent'
      : `The ${view.plan.length} request${view.plan.length === 1 ? '' : 's'} it would send`;
  return tag(
    'details',
    [
      tag('summary', summary),
      items.length ? tag('ul', items.join('')) : '',
      more > 0 ? tag('p', `${more} more are in the <code>plan</code> output.`) : '',
    ].join('\n'),
  );
}
