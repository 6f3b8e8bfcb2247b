import { MARKS, isGood, marked } from '../../runtime/view/marks.js';
import type { ViewRow, ViewStep } from '../../runtime/view/rows.js';
import type { SummaryView } from '../../runtime/view/view.js';
import { formatDuration } from '../../operations/format.js';
import { bytes } from '../limits.js';
import { escape, row, tag } from './html.js';

/** Past this many targets, the rows of those that went well are counted, not listed. */
export const LISTED_ROWS = 200;
/** From this many targets on, the rows not done well come first. */
const FAILED_FIRST = 20;

const dash = (value: string | undefined) => (value ? escape(value) : '-');

/**
 * A cause's first words in the cell, the rest one click away: from FAILED_FIRST targets on, a table of long causes
 * stays readable on a laptop. A smaller table shows each cause whole.
 */
const CAUSE_SHOWN = 120;

function causeCell(cause: string | undefined, fleet: boolean): string {
  if (!fleet || !cause || cause.length <= CAUSE_SHOWN) return dash(cause);
  const cut = cause.lastIndexOf(' ', CAUSE_SHOWN);
  const head = cause.slice(0, cut > CAUSE_SHOWN / 2 ? cut : CAUSE_SHOWN);
  return tag('details', tag('summary', `${escape(head)} …`) + escape(cause.slice(head.length).trimStart()));
}

/** The columns a view's rows fill: one left out where no row has a value for it. */
function columnsOf(view: SummaryView) {
  const all = view.rows.flatMap((r) => [r, ...(r.steps ?? [])]) as (ViewRow | ViewStep)[];
  const has = (key: keyof ViewRow & keyof ViewStep) => all.some((r) => r[key] !== undefined);
  return {
    before: has('before'),
    done: view.rows.some((r) => r.done !== undefined),
    // A plan has no status after; a skipped target's is its status before.
    after: !view.dryRun && has('after'),
    health: view.rows.some((r) => r.health !== undefined),
    parts: view.rows.some((r) => r.parts !== undefined),
    took: all.some((r) => r.seconds !== undefined || ('duration' in r && r.duration !== undefined)),
    cause: has('cause'),
  };
}

/** A step's measured seconds as the operations write a duration (`45.0 s`, `5 min 12 s`, `1 h 02 min`). */
const seconds = (s: number | undefined) => (s === undefined ? undefined : formatDuration(s * 1000));

/** A short cell kept on one line (`✅ stopped`, `2 min 5 s`): a non-breaking space, as GitHub strips styles. */
const unbroken = (html: string) => html.replaceAll(' ', '&nbsp;');

/**
 * The targets' table: outcome mark and word first (a shape, not a colour), the target, status before, what was
 * done, after, how long, and a failed row's cause beside it. Steps of a whole system follow their system.
 * `budget` is the bytes left; rows that do not fit are counted, and that is said.
 */
export function targetsTable(view: SummaryView, budget: number): string {
  if (view.rows.length === 0) return '';
  const c = columnsOf(view);
  const header = [
    'outcome',
    escape(view.targetHeader),
    ...(c.before ? ['before'] : []),
    ...(c.done ? [view.dryRun ? 'would' : 'what was done'] : []),
    ...(c.after ? ['after'] : []),
    ...(c.health ? ['health'] : []),
    ...(c.parts ? ['parts'] : []),
    ...(c.took ? ['took'] : []),
    ...(c.cause ? ['cause'] : []),
  ];
  const line = (r: ViewRow | ViewStep, name: string, done?: string, took?: string) =>
    row([
      unbroken(escape(marked(r.mark, r.word))),
      name,
      ...(c.before ? [dash(r.before)] : []),
      ...(c.done ? [dash(done)] : []),
      ...(c.after ? [dash(r.after)] : []),
      ...(c.health ? [dash('health' in r ? r.health : undefined)] : []),
      ...(c.parts ? [dash('parts' in r ? r.parts : undefined)] : []),
      ...(c.took ? [took ? unbroken(escape(took)) : '-'] : []),
      ...(c.cause ? [causeCell(r.cause, view.rows.length >= FAILED_FIRST)] : []),
    ]);
  const lines = (r: ViewRow) => [
    line(r, tag('strong', escape(r.target)), r.done, r.duration ?? seconds(r.seconds)),
    ...(r.steps ?? []).map((s) =>
      line(
        s,
        `↳ ${escape(s.step)}${s.target && s.target !== r.target ? ` <code>${escape(s.target)}</code>` : ''}`,
        s.done,
        seconds(s.seconds),
      ),
    ),
  ];
  // From FAILED_FIRST rows on, the rows not done well come first, each with its cause; past the cap, only they are
  // listed and the rest are counted.
  const many = view.rows.length > LISTED_ROWS;
  const bad = view.rows.filter((r) => !isGood(r.mark));
  const good = view.rows.filter((r) => isGood(r.mark));
  const listed = many ? bad : view.rows.length >= FAILED_FIRST ? [...bad, ...good] : view.rows;
  const counted = many ? good : [];
  let left = budget - bytes(row(header, 'th')) - 600;
  const shown: string[] = [];
  let dropped = 0;
  for (const r of listed) {
    const html = lines(r).join('\n');
    if (bytes(html) + 1 > left) {
      dropped++;
      continue;
    }
    left -= bytes(html) + 1;
    shown.push(html);
  }
  const notes: string[] = [];
  if (counted.length > 0) notes.push(countedNote(counted, view.rows.length));
  if (dropped > 0) {
    notes.push(
      `${dropped} of ${listed.length} rows are not shown: GitHub limits a job summary to 1 MiB. The log and the <code>instances</code> output have them all.`,
    );
  }
  return [tag('table', [row(header, 'th'), ...shown].join('\n')), ...notes.map((n) => tag('p', n))].join(
    '\n',
  );
}

/** `1800 of 2000 targets went well …: ✅ 1790 stopped, ⏭️ 10 skipped`, for a fleet past the cap. */
function countedNote(rows: ViewRow[], total: number): string {
  const counts = new Map<string, { mark: ViewRow['mark']; word: string; n: number }>();
  for (const r of rows) {
    const key = `${r.mark} ${r.word}`;
    counts.set(key, { mark: r.mark, word: r.word, n: (counts.get(key)?.n ?? 0) + 1 });
  }
  const list = [...counts.values()].map((c) => `${MARKS[c.mark]} ${c.n} ${escape(c.word)}`).join(', ');
  return `${rows.length} of ${total} targets went well and are counted, not listed (past ${LISTED_ROWS} rows): ${list}. The <code>instances</code> output lists every one.`;
}
