import type { ActOn } from '../act-guards.js';
import { readInstance } from '../instance-state.js';
import { type TargetResult, unsent } from '../target-result.js';
import { InstanceLog } from '../progress.js';
import type { Step, StepResult } from '../step.js';
import { isEnd } from '../verbs.js';
import { inSentence, isCut } from '../wording.js';

/** What the re-check before a step needs: the window's plan and results, and one actOn for a step run again. */
export interface Hands {
  plan: readonly Step[];
  results: StepResult[];
  actOn: (o: ActOn) => Promise<TargetResult>;
}

/**
 * Two hands on one system (another job starts it during a stop's window, or stops it during a start's): just before
 * a step is sent, the earlier steps it holds (step.holds) are read again; one whose target moved away from its end is
 * run again as planned (the application's own soft stop, never a hard one in its place), a move still in progress
 * waited out as actOn does. Undefined where all hold; else the step's outcome, not sent, naming what moved.
 */
export async function holdsFirst(o: ActOn, hands: Hands): Promise<TargetResult | undefined> {
  const { step, client, ctx, log } = o;
  const startedAt = ctx.clock.now();
  const i = hands.plan.indexOf(step);
  const held = hands.plan.slice(0, i < 0 ? 0 : i).filter((s) => step.holds?.includes(s.step));
  for (const hold of held) {
    let status: string | undefined;
    try {
      status = (await readInstance(client, hold.readUrl)).status;
    } catch (error) {
      return notSent(o, startedAt, `${hold.target} could not be read (${inSentence(error)})`);
    }
    if (isEnd({ verb: hold.verb, machines: hold.snoozed }, status)) continue;
    log.info(
      `before the ${step.step}: ${hold.target} is ${status ?? 'of no status'}, moved away from the window (another operation): the ${hold.step} again, ${hold.describe}`,
    );
    const at = ctx.clock.now();
    // The step again as planned: skipped where it is there by now, waited on while it moves, else sent and followed.
    const options = { ...o.options, skipIfDone: true, wait: true };
    const child = new InstanceLog(`${hold.step} ${hold.target} again`, log);
    const again = await hands.actOn({
      ...o,
      step: hold,
      options,
      log: child,
      selection: undefined,
      beforeSend: undefined,
    });
    log.details.push(...child.details);
    const result = { step: hold, outcome: { ...again, startedAt: at, endedAt: ctx.clock.now() } };
    const k = hands.results.findIndex((r) => r.step === hold);
    if (k < 0) hands.results.push(result);
    else hands.results[k] = result;
    if (again.failure !== undefined) {
      return notSent(
        o,
        startedAt,
        `${hold.target} moved away (${status}) and its ${hold.step} again failed`,
        again,
      );
    }
  }
  return undefined;
}

function notSent(o: ActOn, startedAt: number, why: string, again?: TargetResult): TargetResult {
  const { step, ctx } = o;
  const kind = isCut(again?.kind) ? again.kind : undefined;
  const cut = kind !== undefined;
  return unsent({
    target: step.target,
    kind: kind ?? 'error',
    causeKind: kind ?? 'whole system',
    durationMs: ctx.clock.now() - startedAt,
    failure: `The ${step.step} of '${step.target}' was not sent: ${why}${again?.failure ? `: ${again.failure}` : ''}`,
    why,
    cut,
  });
}
