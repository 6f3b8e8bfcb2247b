import { jsonOf } from '../../../client/response.js';
import type { InstanceState, TargetResult } from '../target-result.js';
import type { InstanceLog } from '../progress.js';
import { noLongerSelected } from './close-misses.js';
import type { Selection } from './selection.js';

/**
 * The hook where an erp operation reads a system before acting on it (act-on.ts): a system
 * chosen by a selection that the read shows no longer matching is left alone, named in a warning, and skipped.
 */
export function leftAlone(
  options: Selection,
  before: InstanceState,
  name: string,
  log: InstanceLog,
): Omit<TargetResult, 'durationMs'> | undefined {
  const why = noLongerSelected(options, jsonOf(before.response));
  if (!why) return undefined;
  log.warning(`left alone, ${why}`);
  return {
    target: name,
    kind: 'succeeded',
    operation: { status: 'Succeeded' },
    leftAlone: true,
    requestId: before.response.requestId,
    instance: { before, after: before, outcome: 'skipped', done: `skipped: ${why}` },
  };
}
