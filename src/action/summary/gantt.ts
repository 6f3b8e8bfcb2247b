import { redactUrls } from '../../client/url.js';
import type { Mark } from '../../operations/types.js';
import type { SummaryView } from '../../runtime/view/view.js';

/** The timeline shows at most this many systems: every failed one first, then the slowest, and says so. */
export const TIMELINE_SYSTEMS = 20;

interface Bar {
  name: string;
  mark: Mark;
  seconds: number;
  startedAt?: number;
}

/**
 * Mermaid's gantt reads `:` `;` `#` as syntax; a name keeps letters, digits and plain punctuation only, and a URL
 * in it is shown as everywhere else (its query reduced to `api-version`: a signed URL is a credential).
 */
export const plain = (text: string) =>
  redactUrls(text.slice(0, 1000))
    .replace(/[:;#%`"<>{}\n\r\t]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60) || 'step';

/** Mermaid's task tags: done, active (still running), crit (failed), none for a bar not sent. */
const TAGS: Record<Mark, string> = {
  succeeded: 'done, ',
  skipped: 'done, ',
  planned: '',
  running: 'active, ',
  failed: 'crit, ',
  'not sent': '',
};

/** The outcome beside a bar where it is not a success: `(failed)`, `(still running)`. */
const said = (r: { mark: Mark; word: string }) => (r.mark === 'succeeded' ? '' : ` (${r.word})`);

/** Mermaid's `tickInterval`: a tick every so often that the axis has at most about a dozen. */
export function tickInterval(seconds: number): string {
  const steps: [number, string][] = [
    [1, '1second'],
    [5, '5second'],
    [10, '10second'],
    [30, '30second'],
    [60, '1minute'],
    [300, '5minute'],
    [600, '10minute'],
    [1800, '30minute'],
    [3600, '1hour'],
  ];
  return (steps.find(([s]) => seconds / s <= 12) ?? [0, '4hour'])[1];
}

function barsOf(view: SummaryView): { system: string; bars: Bar[]; total: number }[] {
  return view.rows.map((r) => {
    const steps = r.steps?.length ? r.steps : undefined;
    const bars: Bar[] = steps
      ? steps.map((s) => ({
          name: `${s.step}${s.target && s.target !== r.target ? ` ${s.target}` : ''}${said(s)}`,
          mark: s.mark,
          seconds: s.seconds ?? 0,
          startedAt: s.startedAt,
        }))
      : [
          {
            name: `${view.operation.replace(/^erp-/, '')}${said(r)}`,
            mark: r.mark,
            seconds: r.seconds ?? 0,
            startedAt: r.startedAt,
          },
        ];
    // Where every bar has its start, the system's span; else the steps one after the other.
    const timed = bars.every((b) => b.startedAt !== undefined);
    const total = timed
      ? (Math.max(...bars.map((b) => b.startedAt! + b.seconds * 1000)) -
          Math.min(...bars.map((b) => b.startedAt!))) /
        1000
      : bars.reduce((sum, b) => sum + b.seconds, 0);
    return { system: r.target, bars, total };
  });
}

/**
 * A Mermaid `gantt` block of the window: one section per system, one bar per step, as long as the step measured,
 * each step after the one before. Only where there is a window to see: several systems, or several steps.
 * `endedAt` (ms) places the bars on the clock: the longest ends when the summary is written.
 */
export function ganttOf(view: SummaryView, endedAt: number): { mermaid: string; note?: string } | undefined {
  if (view.dryRun) return undefined;
  const measured = view.rows.filter(
    (r) => r.seconds !== undefined || r.steps?.some((s) => s.seconds !== undefined),
  );
  // A skip took no time and a step never sent took none at all: both are in the table, not drawn as bars.
  const drawn = (b: Bar) => b.mark !== 'not sent' && !(b.mark === 'skipped' && b.seconds < 1);
  const all = barsOf({ ...view, rows: measured })
    .map((s) => ({ ...s, bars: s.bars.filter(drawn) }))
    .filter((s) => s.bars.length > 0);
  // A window to see: two bars or more that lasted a second at least (a skip of 0.1 s draws nothing worth a look).
  if (all.flatMap((s) => s.bars).filter((b) => b.seconds >= 1).length < 2) return undefined;
  // Every failed system first, whatever its length; the slowest of the rest fill the timeline.
  const failed = (s: (typeof all)[number]) => s.bars.some((b) => b.mark === 'failed');
  const shown = [...all]
    .sort((a, b) => Number(failed(b)) - Number(failed(a)) || b.total - a.total)
    .slice(0, TIMELINE_SYSTEMS);
  // In input order, as the table: the cap picks which, not where.
  const kept = all.filter((s) => shown.includes(s));
  const longest = Math.max(1, ...kept.map((s) => s.total));
  // Milliseconds (`x`): mermaid reads `X` as milliseconds too, and would draw a window in 1970.
  const base = (Math.floor(endedAt / 1000) - Math.ceil(longest)) * 1000;
  const lines = [
    'gantt',
    `    title ${plain(view.operation)}: ${kept.length} system${kept.length === 1 ? '' : 's'}`,
    '    dateFormat x',
    `    axisFormat ${longest < 600 ? '%H:%M:%S' : '%H:%M'}`,
    `    tickInterval ${tickInterval(longest)}`,
  ];
  let n = 0;
  for (const { system, bars } of kept) {
    lines.push(`    section ${plain(system)}`);
    bars.forEach((bar, i) => {
      // A start the operation measured is drawn where it was; else after the step before, or at the one start.
      const start =
        bar.startedAt !== undefined
          ? String(Math.round(bar.startedAt))
          : i === 0
            ? String(base)
            : `after b${n - 1}`;
      // A bar of 0 s would not be drawn: a second is the least a person sees.
      lines.push(
        `    ${plain(bar.name)} :${TAGS[bar.mark]}b${n}, ${start}, ${Math.max(1, Math.round(bar.seconds))}s`,
      );
      n++;
    });
  }
  const cut = all.length - kept.length;
  const notes = [
    ...(cut > 0
      ? [
          `The timeline shows ${kept.length} of ${all.length} systems: every one that failed, then the slowest.`,
        ]
      : []),
    ...(kept.some((s) => s.bars.some((b) => b.startedAt === undefined)) && kept.length > 1
      ? ['Each bar is as long as the step measured; the systems are drawn from one start.']
      : []),
  ];
  return { mermaid: lines.join('\n'), note: notes.join(' ') || undefined };
}
