import type { WindowReport, WindowSystem } from '../../operations/types.js';
import { plain } from './gantt.js';

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

/**
 * One Mermaid gantt of the whole fleet, on the clock the legs' files give (absolute times), one section per leg:
 * every failed system first, then the slowest, at most WINDOW_BARS; a system never sent or missing is not a bar.
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
  const kept = [...failed, ...rest].slice(0, Math.max(WINDOW_BARS, failed.length));
  const legs = [...new Set(kept.map((s) => s.system.leg))];
  const lines = ['gantt', `    title ${plain(window.title)}`, '    dateFormat x', '    axisFormat %H:%M:%S'];
  let n = 0;
  for (const leg of legs) {
    lines.push(`    section leg ${plain(leg)}`);
    for (const { system, start, end } of kept.filter((s) => s.system.leg === leg)) {
      const said = system.outcome === 'succeeded' ? '' : ` (${system.word})`;
      const seconds = Math.max(1, Math.round((end - start) / 1000));
      lines.push(
        `    ${plain(`${system.name}${said}`)} :${TAGS[system.outcome] ?? ''}w${n++}, ${start}, ${seconds}s`,
      );
    }
  }
  const cut = spans.length - kept.length;
  const notes = [
    ...(cut > 0
      ? [`The timeline shows every failed system, then the slowest: ${kept.length} of ${spans.length}.`]
      : []),
    ...(kept.some((s) => !s.own)
      ? ["A system whose file gives no times of its own is drawn over its step's (its leg's) span."]
      : []),
  ];
  return { mermaid: lines.join('\n'), note: notes.join(' ') || undefined };
}
