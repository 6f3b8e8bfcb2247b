import { classifyStatus } from '../client/status.js';
import type { RowMark } from './types.js';

const WORDS = { succeeded: 'succeeded', failed: 'failed', running: 'still running' } as const;

/** A row whose outcome is a status the service gave (a synchronization's, a dataset's), by the one vocabulary. */
export function statusMark(status: string | null | undefined): RowMark {
  const outcome = classifyStatus(status);
  return { outcome, word: WORDS[outcome] };
}
