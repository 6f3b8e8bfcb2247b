import { jsonOf } from '../../../client/response.js';
import { skipped, type InstanceState, type TargetResult } from '../target-result.js';
import type { InstanceLog } from '../progress.js';
import { noLongerSelected } from './close-misses.js';
import type { Selection } from './selection.js';

/**
 * The hook where an erp operation reads a system before acting on it (act-on.ts, and planners.ts before a
 * whole-system window): a system
 * chosen by a selection that the read shows no longer matching is left alone, named in a warning, and skipped.
 */
export function leftAlone(
  options: Selection,
  read: { name: string; before: InstanceState; durationMs: number },
  log: InstanceLog,
): TargetResult | undefined {
  const { name, before, durationMs } = read;
  const why = noLongerSelected(options, jsonOf(before.response));
  if (!why) return undefined;
  log.warning(`left alone, ${why}`);
  return skipped({ target: name, durationMs, after: before, done: `skipped: ${why}`, leftAlone: true });
}
