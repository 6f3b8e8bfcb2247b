import type { WindowReport, WindowSystem } from '../../operations/erp/report/page.js';
import { MERMAID_CHARACTERS } from '../limits.js';
import { plain, tickInterval } from './gantt.js';

/** Bars the window's timeline draws at most: every failed system, then the slowest; the rest are counted. */
export const WINDOW_BARS = 60;

const TAGS: Record<string, string> = {
  succeeded: 'done, ',
  skipped: 'done, ',
  failed: 'crit, ',
  running: 'active, ',
};

interface Span {
  system: WindowSystem;
  start: number;
  end: number;
  /** The system's own times, not its step's. */
  own: boolean;
}

/** A system's own times; where its file has none, its step's (the leg's span), which the note says. */
function spanOf(system: WindowSystem): Span | undefined {
  const own = system.startedAt !== undefined && system.endedAt !== undefined;
  const start = own ? system.startedAt : system.stepStartedAt;
  const end = own ? system.endedAt : system.stepEndedAt;
  if (start === undefined || end === undefined) return undefined;
  return { system, start, end: Math.max(end, start + 1000), own };
}

/** `leg 2` before `leg 10`, and a leg named by its file after the numbered ones, as a person reads them. */
const byLeg = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** One bar's line; `n` is its Mermaid id. */
function barLine({ system, start, end }: Span, n: number): string {
  const said = system.outcome === 'succeeded' ? '' : ` (${system.word})`;
  const seconds = Math.max(1, Math.round((end - start) / 1000));
  return `    ${plain(`${system.name}${said}`)} :${TAGS[system.outcome] ?? ''}w${n}, ${start}, ${seconds}s`;
}

/**
 * The bars that fit in Mermaid's text: every failed system first, then the slowest of the rest up to WINDOW_BARS,
 * each while its line (and its leg's section line, where it opens one) fits in `room` characters.
 */
function fitBars(failed: Span[], rest: Span[], room: number): Span[] {
  const kept: Span[] = [];
  const legs = new Set<string>();
  let left = room;
  for (const span of [...failed, ...rest]) {
    if (span.system.outcome !== 'failed' && kept.length >= Math.max(WINDOW_BARS, failed.length)) break;
    const cost =
      barLine(span, kept.length).length + 1 + (legs.has(span.system.leg) ? 0 : sectionLine(span).length + 1);
    if (cost > left) {
      if (span.system.outcome === 'failed') continue;
      break;
    }
    left -= cost;
    legs.add(span.system.leg);
    kept.push(span);
  }
  return kept;
}

const sectionLine = (span: Span) => `    section leg ${plain(span.system.leg)}`;

/**
 * One Mermaid gantt of the whole fleet, on the clock the legs' files give (absolute times), one section per leg in
 * the legs' order: every failed system first, then the slowest, within what Mermaid draws (its 50 000 characters);
 * a system never sent or missing is not a bar; the systems left out are counted below it.
 */
export function windowGantt(window: WindowReport): { mermaid: string; note?: string } | undefined {
  const spans = window.systems
    .filter((s) => s.outcome !== 'not sent' && s.outcome !== 'missing')
    .map(spanOf)
    .filter((s): s is Span => s !== undefined);
  if (spans.length === 0) return undefined;
  const failed = spans.filter((s) => s.system.outcome === 'failed');
  const rest = spans
    .filter((s) => s.system.outcome !== 'failed')
    .sort((a, b) => b.end - b.start - (a.end - a.start));
  const first = Math.min(...spans.map((s) => s.start));
  const span = (Math.max(...spans.map((s) => s.end)) - first) / 1000;
  const head = [
    'gantt',
    `    title ${plain(window.title)}`,
    '    dateFormat x',
    // A short window reads in seconds, a tick every so often that the labels do not run together.
    `    axisFormat ${span < 600 ? '%H:%M:%S' : '%H:%M'}`,
    `    tickInterval ${tickInterval(span)}`,
  ];
  const kept = fitBars(failed, rest, MERMAID_CHARACTERS - head.join('\n').length - 1);
  const lines = [...head];
  let n = 0;
  for (const leg of [...new Set(kept.map((s) => s.system.leg))].sort(byLeg)) {
    const bars = kept.filter((s) => s.system.leg === leg);
    lines.push(sectionLine(bars[0]!), ...bars.map((s) => barLine(s, n++)));
  }
  const notShown = failed.filter((s) => !kept.includes(s)).length;
  const cut = spans.length - kept.length;
  const notes = [
    ...(cut > 0
      ? [
          `The timeline shows every failed system, then the slowest: ${kept.length} of ${spans.length}${
            notShown > 0
              ? `; ${notShown} failed systems are not drawn (Mermaid draws at most 50 000 characters), the table lists them`
              : ''
          }.`,
        ]
      : []),
    ...(kept.some((s) => !s.own)
      ? ["A system whose file gives no times of its own is drawn over its step's (its leg's) span."]
      : []),
  ];
  return { mermaid: lines.join('\n'), note: notes.join(' ') || undefined };
}
