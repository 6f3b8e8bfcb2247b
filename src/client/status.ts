/**
 * The one status vocabulary: every status the service gives (an operation's, a synchronization's, an instance's)
 * compares here, case-insensitively and without the white space around it, the contract's rule.
 */
export type StatusClass = 'succeeded' | 'failed' | 'running';

const SUCCEEDED = ['succeeded', 'completed'];
const FAILED = ['failed', 'canceled', 'cancelled'];
/** Cancelled or Canceled: the service's sample spells it the first way, the protocol the second. */
const CANCELLED = ['canceled', 'cancelled'];

/** A status as it compares: `' Succeeded'` and `'succeeded'` are one. */
function key(status: string | null | undefined): string {
  return (status ?? '').trim().toLowerCase();
}

/** Whether two statuses are the same word; no status is none of them. */
export function sameStatus(a: string | null | undefined, b: string): boolean {
  return a != null && key(a) === key(b);
}

/** Whether a status is one of these words (written in any case). */
export function isOneOf(status: string | null | undefined, words: readonly string[]): boolean {
  return status != null && words.some((word) => key(word) === key(status));
}

export function isCancelled(status: string | null | undefined): boolean {
  return isOneOf(status, CANCELLED);
}

/** The contract's rule: case-insensitive; anything unknown, or no status at all, is still running. */
export function classifyStatus(status: string | null | undefined): StatusClass {
  if (isOneOf(status, SUCCEEDED)) return 'succeeded';
  if (isOneOf(status, FAILED)) return 'failed';
  return 'running';
}
