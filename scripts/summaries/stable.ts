/**
 * What makes `npm run summaries` leave a clean tree: a picture is drawn again only when its summary says something
 * else, not when a run merely took 3.1 s where the last took 3.0 s. The summary is compared with its timings masked
 * (`stableText`), by a hash kept in docs/summaries/drawn.json; the timeline is drawn from a fixed start, so its axis
 * shows the same times whenever it is drawn.
 */
import { createHash } from 'node:crypto';

/** The first bar's start on every picture's timeline: 2026-01-01 00:00:00 UTC. */
export const FIXED_START_MS = Date.UTC(2026, 0, 1);

/** The summary with its timeline moved to start at FIXED_START_MS: its bars keep their places one to another. */
export function fromFixedStart(markdown: string): string {
  const starts = [...markdown.matchAll(/^(\s+[^\n]*:[^\n]*, )(\d{13})(, )/gm)].map((m) => Number(m[2]));
  if (starts.length === 0) return markdown;
  const shift = FIXED_START_MS - Math.min(...starts);
  return markdown.replace(
    /^(\s+[^\n]*:[^\n]*, )(\d{13})(, )/gm,
    (_all, head: string, ms: string, tail: string) => {
      return `${head}${Number(ms) + shift}${tail}`;
    },
  );
}

/**
 * The summary as compared: what a run measures or draws at random masked (durations as measured, bar lengths, the
 * timeline's tick, instants, the service's random ids), every word, mark and input kept (`soft 300 s` stays).
 */
export function stableText(markdown: string): string {
  return fromFixedStart(markdown)
    .replace(/\b\d+\.\d+&nbsp;(ms|s|min|h)\b/g, '#&nbsp;$1')
    .replace(/^(\s+[^\n]*:[^\n]*, )(\d+)(ms|s|m|h)$/gm, '$1#$3')
    .replace(/^(\s+tickInterval )\d+/gm, '$1#')
    .replace(/\b\d{13}\b/g, '#')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '#')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, (id) =>
      /^0{8}-/.test(id) ? id : '#',
    );
}

/** The hash a picture is drawn from. */
export const hashOf = (markdown: string) => createHash('sha256').update(stableText(markdown)).digest('hex');

/** The cases whose picture must be drawn: none yet, or a summary that now says something else. */
export function toDraw(
  summaries: { name: string; markdown: string; hasPicture: boolean }[],
  drawn: Record<string, string>,
): string[] {
  return summaries.filter((s) => !s.hasPicture || drawn[s.name] !== hashOf(s.markdown)).map((s) => s.name);
}
