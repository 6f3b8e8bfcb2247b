import { findOperation } from '../../src/operations/registry.js';

/** `poll-interval` for the operations that read it: any other refuses an input it would not read. */
export function pollInterval(operation: string, value: string): Record<string, string> {
  return findOperation(operation)?.polls ? { 'poll-interval': value } : {};
}
