/** The words of how a target ended and why: one list each, for the types and for the result file's schema. */

/** How a target or a row ended, as a summary marks it (runtime/view/marks.ts). */
export const OUTCOMES = ['succeeded', 'failed', 'skipped', 'running', 'not sent', 'planned'] as const;
export type Mark = (typeof OUTCOMES)[number];

/**
 * The kinds of failure a summary gives its own "What to do" line to (the contract lists them). An operation names
 * the kind where it knows the cause; the view never reads it back from the cause's words.
 */
export const FAILURE_KINDS = [
  'false success',
  'not found',
  'timeout',
  'cancelled',
  'not sent',
  'conflict',
  'whole system',
  'dataset',
  'image not cached',
  'sign-in',
  'permission',
  'service failed',
  'nothing selected',
  'other',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];
