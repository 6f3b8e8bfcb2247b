import type { Outcome } from '../../operations/types.js';

/**
 * How one target ended, as a person scans a summary at 3 a.m.: a mark that is a shape, not only a colour, and a
 * word beside it, so a screen reader and a colour-blind reader see the same.
 */
export type Mark = Outcome;

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

/** The contract's `instances` outcome as a mark (`stopped` → succeeded), with its own word kept. */
export function markOfOutcome(outcome: string | undefined): Mark {
  switch (outcome) {
    case 'stopped':
    case 'started':
    case 'read':
    case 'succeeded':
      return 'succeeded';
    case 'skipped':
      return 'skipped';
    case 'running':
      return 'running';
    case 'not sent':
      return 'not sent';
    case 'planned':
      return 'planned';
    default:
      return 'failed';
  }
}
