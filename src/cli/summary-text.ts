import { redactUrls } from '../client/url.js';
import { marked, titleMark } from '../runtime/view/marks.js';
import type { ViewRow } from '../runtime/view/rows.js';
import type { SummaryView } from '../runtime/view/view.js';
import { formatDuration } from '../operations/format.js';
import type { SummaryTable } from '../operations/types.js';
import { forCommandLine } from './wording.js';

/**
 * Text from the service or a result file, as the command line prints it, shown as the job summary shows it: every
 * URL reduced (a signed URL is a credential), every control character but the line break shown as its code
 * (`\x1b[2J` cannot clear a screen), and a line a runner's `run:` step would read as a workflow command (`::name::`
 * after spaces, `##[` anywhere) broken with a visible `\` (the runner's search skips zero-width characters).
 */
export function terminalText(text: string): string {
  return redactUrls(text)
    .replace(CONTROL, (c) => {
      const code = c.charCodeAt(0);
      return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
    })
    .replace(/^(\s*):(?=:)/gm, '$1\\:')
    .replaceAll('##[', '#\\#[');
}

/**
 * C0 but the line break, DEL, C1, and the marks that reorder or hide text (bidirectional, zero-width; the joiner
 * U+200D stays: emoji are made of it).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b\u200c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Columns a terminal gives a text: an emoji takes two, the variation selector that follows one takes none. */
const width = (text: string) =>
  [...text].reduce((n, c) => n + (c === '\uFE0F' ? 0 : /\p{Extended_Pictographic}/u.test(c) ? 2 : 1), 0);

/** Columns padded to their widest cell; a cell is one line. */
function columns(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => width(r[i] ?? ''))));
  return rows.map((r) =>
    r
      .map((c, i) => c + ' '.repeat(widths[i]! - width(c)))
      .join('  ')
      .trimEnd(),
  );
}

function targetLines(view: SummaryView): string[] {
  if (view.rows.length === 0) return [];
  const cells = (r: ViewRow | NonNullable<ViewRow['steps']>[number], name: string) => [
    marked(r.mark, r.word),
    name,
    r.before ?? '-',
    'done' in r ? (r.done ?? '-') : '-',
    r.after ?? '-',
    'duration' in r && r.duration
      ? r.duration
      : r.seconds !== undefined
        ? formatDuration(r.seconds * 1000)
        : '-',
  ];
  const rows: string[][] = [
    ['outcome', view.targetHeader, 'before', view.dryRun ? 'would' : 'what was done', 'after', 'took'],
  ];
  const causes = new Map<number, string>();
  for (const r of view.rows) {
    rows.push(cells(r, r.target));
    if (r.cause) causes.set(rows.length - 1, r.cause);
    for (const s of r.steps ?? []) {
      rows.push(cells(s, `  ↳ ${s.step}`));
      if (s.cause) causes.set(rows.length - 1, s.cause);
    }
  }
  // A cause is too long for a column: it goes on its own line under its row.
  // A plan took no time: no column for it.
  return columns(view.dryRun ? rows.map((r) => r.slice(0, 5)) : rows).flatMap((line, i) =>
    causes.has(i) ? [line, `    cause: ${causes.get(i)}`] : [line],
  );
}

/**
 * What the job summary shows, as the command line prints it on stderr: the title with its mark, where, one row
 * per target with its mark and word and a failed row's cause under it, the plan's requests, then the operation's
 * own tables. The "What to do" lines are printed by the caller, after the error, as `advice:` lines.
 */
export function renderView(view: SummaryView, logged: (line: string) => boolean): string {
  const lines = [
    '',
    `${titleMark(view)} ${view.title}`,
    ...(view.context?.length ? [view.context.map(([label, value]) => `${label} ${value}`).join(' · ')] : []),
    ...targetLines(view),
    ...(view.dryRun && view.plan.length
      ? [
          'requests it would send:',
          ...view.plan.map(
            (p) => `  ${p.target}: ${p.method} ${p.url}${p.body ? ` ${JSON.stringify(p.body)}` : ''}`,
          ),
        ]
      : []),
    ...view.resume.map((r) => `${r.target} is still running; resume with ${view.resumeWith}: ${r.url}`),
    '',
  ];
  // Every line is redacted here, the plan's URLs with the rest.
  return [
    lines.map((l) => forCommandLine(redactUrls(l))).join('\n'),
    ...view.tables.map((t) => renderTable(t, logged)),
  ].join('');
}

/** An operation's own table as the command line shows it; a note the log has already shown is not repeated. */
export function renderTable(table: SummaryTable, logged: (line: string) => boolean): string {
  return [
    `\n${table.title}`,
    ...(table.context?.length
      ? [table.context.map(([label, value]) => `${label} ${value}`).join(' · ')]
      : []),
    ...columns([table.header, ...table.rows]),
    ...(table.notes ?? []).map(forCommandLine).filter((note) => !logged(note)),
    // As the log shows any URL (stderr is the log): the URL to resume with is in the outputs, on stdout, whole.
    ...(table.code ?? []).flatMap((c) => [forCommandLine(c.label), `  ${redactUrls(c.text)}`]),
    '',
  ].join('\n');
}
