export type StatusClass = 'succeeded' | 'failed' | 'running';

const SUCCEEDED = new Set(['succeeded', 'completed']);
const FAILED = new Set(['failed', 'canceled', 'cancelled']);

/** The contract's rule: case-insensitive; anything unknown, or no status at all, is still running. */
export function classifyStatus(status: string | null | undefined): StatusClass {
  const s = (status ?? '').trim().toLowerCase();
  if (SUCCEEDED.has(s)) return 'succeeded';
  if (FAILED.has(s)) return 'failed';
  return 'running';
}
