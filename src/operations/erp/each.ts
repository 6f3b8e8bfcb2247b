import type { OperationContext } from '../types.js';
import { endedAs } from './rows.js';
import { type TargetResult } from './target-result.js';
import { mapLimited } from '../pool.js';
import { ConcurrentLog, InstanceLog } from './progress.js';

export interface TargetWork<T> {
  /** The log group of one target: `erp-stop X01`. */
  title: (target: T) => string;
  /** The prefix of the target's live lines. */
  logName: (target: T) => string;
  work: (target: T, log: InstanceLog) => Promise<TargetResult>;
}

/**
 * Runs the work on every target (instances, or operations resumed), at most `maxParallel` at once, outcomes in
 * input order. One at a time, a target's group is open while it runs, so its progress shows live inside it;
 * several at once, the live lines go out prefixed, and a target with details (a failure's) gets a group for them
 * when it ends.
 */
export function forEachTarget<T>(
  targets: readonly T[],
  maxParallel: number,
  ctx: OperationContext,
  how: TargetWork<T>,
): Promise<TargetResult[]> {
  const concurrent = targets.length > 1 && maxParallel > 1 ? new ConcurrentLog(ctx.logger) : undefined;
  // Each target's work is timed here, once, unless it timed itself (a window's system).
  const timed = async (target: T, log: InstanceLog): Promise<TargetResult> => {
    const startedAt = ctx.clock.now();
    const outcome = await how.work(target, log);
    return { startedAt, endedAt: ctx.clock.now(), ...outcome };
  };
  return mapLimited(targets, maxParallel, async (target) => {
    if (concurrent) {
      const log = new InstanceLog(how.logName(target), concurrent);
      const outcome = await timed(target, log);
      // Progress went out live, prefixed with the target: the group holds only what was not shown yet.
      if (log.details.length > 0) {
        await concurrent.group(`${how.title(target)}: ${endedAs(outcome)}`, log.details);
      }
      return outcome;
    }
    return ctx.logger.group(how.title(target), async () => {
      const log = new InstanceLog(how.logName(target), ctx.logger);
      const outcome = await timed(target, log);
      for (const line of log.details) ctx.logger.info(line);
      return outcome;
    });
  });
}
