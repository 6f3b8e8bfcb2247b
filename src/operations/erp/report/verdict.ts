import type { WindowReport } from './page.js';

type Counted = Pick<WindowReport, 'systems' | 'legFailures' | 'lost' | 'files'>;

/** What fails the window: outcomes that need a person, a step that failed with no system to show it, a lost file. */
const FAILING_OUTCOMES: Record<string, string> = {
  failed: 'failed',
  missing: 'missing',
  'not sent': 'not sent',
  running: 'still running (the window did not end)',
};

/** `window: 58 stopped, 1 failed, 1 missing; 1 leg failed`: counted from the outcomes the verdict reads. */
export function titleOf(w: Counted): string {
  const counts = new Map<string, number>();
  const rank = (o: string) => (o in FAILING_OUTCOMES ? 1 : 0);
  for (const s of [...w.systems].sort((a, b) => rank(a.outcome) - rank(b.outcome))) {
    counts.set(s.word, (counts.get(s.word) ?? 0) + 1);
  }
  const said = [...counts].map(([word, n]) => `${n} ${word}`).join(', ');
  const more = [
    ...(w.legFailures.length ? [`${w.legFailures.length} step(s) failed`] : []),
    ...(w.lost.length ? [`${w.lost.length} file(s) lost`] : []),
  ].join(', ');
  const none = w.files === 0 ? 'no result read' : 'no system';
  return `window: ${said || none}${more ? `; ${more}` : ''}`;
}

/** Why the window's verdict fails, one line each; empty when the window ended well. */
export function failingOf(w: Counted): string[] {
  const lines: string[] = [];
  for (const [outcome, said] of Object.entries(FAILING_OUTCOMES)) {
    const n = w.systems.filter((s) => s.outcome === outcome).length;
    if (n > 0) lines.push(`${n} system(s) ${said}`);
  }
  for (const f of w.legFailures) lines.push(`${f.operation} of ${f.leg} failed: ${f.cause.text}`);
  for (const l of w.lost) lines.push(`${l.path} ${l.why}: a leg's result is lost`);
  if (w.files === 0 && w.systems.length === 0) lines.push('no result was read');
  return lines;
}
