import type { Mark } from '../../operations/types.js';

/**
 * How one target ended, as a person scans a summary at 3 a.m.: a mark that is a shape, not only a colour, and a
 * word beside it, so a screen reader and a colour-blind reader see the same.
 */
export const MARKS: Record<Mark, string> = {
  succeeded: '✅',
  failed: '❌',
  skipped: '⏭️',
  running: '⏳',
  'not sent': '⏸️',
  planned: '📝',
};

/** The mark and its word: `❌ failed`. */
export const marked = (mark: Mark, word: string = mark) => `${MARKS[mark]} ${word}`;

/** A mark that lets the step succeed. */
export const isGood = (mark: Mark) => mark === 'succeeded' || mark === 'skipped' || mark === 'planned';

/**
 * The title's mark, how the step as a whole went: failed, a plan, still running, passed over a failure it
 * reports (`fail-if-missing: false`: never a success's mark over a row marked failed), or done.
 */
export function titleMark(view: {
  failed: boolean;
  dryRun: boolean;
  reported: boolean;
  running: boolean;
}): string {
  if (view.failed) return MARKS.failed;
  if (view.dryRun) return MARKS.planned;
  if (view.running) return MARKS.running;
  return view.reported ? '⚠️' : MARKS.succeeded;
}
