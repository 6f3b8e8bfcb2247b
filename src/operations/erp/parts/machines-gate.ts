import { followToEnd } from '../instance-state.js';
import { type TargetResult, unsent } from '../target-result.js';
import type { TargetIo } from '../progress.js';
import type { Step, StepResult } from '../step.js';
import { isEnd } from '../verbs.js';
import { inSentence, whyCut, isCut } from '../wording.js';

/** After a snooze the service cannot reach a stopped database: Unavailable ends its stop as Offline does. */
const SNOOZED_STOP = { verb: 'stop', machines: true } as const;

/**
 * The database stops whose database must be read before the machines: not one this run has just read down (its
 * stop verified Offline, or skipped as Offline already); with `verify: false` every one.
 */
export function toReadBeforeMachines(plan: readonly Step[], results: readonly StepResult[]): Step[] {
  const readDown = (step: Step) =>
    results.some((r) => r.step === step && isEnd(SNOOZED_STOP, r.outcome.instance?.after?.status));
  return plan.filter((s) => s.step === 'database stop' && !readDown(s));
}

/**
 * No machine of a system is deallocated before every HANA database of it reads Offline (C4), `verify` on or off:
 * each database is read, a stop still in progress followed within the timeout. Undefined where all are down;
 * else the machine step's outcome, not sent, naming the database and its status.
 */
export async function databasesDown(
  databases: readonly Step[],
  o: TargetIo & { startedAt: number },
): Promise<TargetResult | undefined> {
  for (const db of databases) {
    const settled = await followToEnd({
      client: o.client,
      url: db.readUrl,
      ctx: o.ctx,
      onRead: (s) => o.log.info(`before the machines: ${db.target} is ${s.status ?? 'of no status'}`),
    });
    const status = settled.last?.status;
    // After a snooze the service cannot reach a stopped database: Unavailable counts as Offline.
    if (settled.kind === 'settled' && isEnd(SNOOZED_STOP, status)) continue;
    const why =
      settled.kind === 'settled'
        ? `is ${status ?? 'of no status'}`
        : settled.kind === 'error'
          ? `could not be read (${inSentence(settled.error)})`
          : `was still ${status ?? 'of no status'} when ${whyCut(settled.kind)}`;
    return unsent({
      target: db.target,
      kind: isCut(settled.kind) ? settled.kind : 'error',
      causeKind: isCut(settled.kind) ? settled.kind : 'whole system',
      durationMs: o.ctx.clock.now() - o.startedAt,
      failure: `Database instance '${db.target}' ${why}: no machine is deallocated before every database of the system reads Offline; nothing was sent to the machines. Run the same step again once the database is Offline.`,
      why: `${db.target} ${why}`,
      cut: true,
    });
  }
  return undefined;
}
