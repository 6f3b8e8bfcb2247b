import { InputError, OriginError } from '../../client/errors.js';
import type { HttpClient } from '../../client/http.js';
import { redactQuery, resolveOnOrigin } from '../../client/url.js';
import { forEachTarget } from './each.js';
import { conclude } from './conclude.js';
import { report } from './outcome.js';
import { type TargetResult } from './target-result.js';
import { followInLog, type TargetIo } from './progress.js';
import type { OperationEntry } from './operation-entries.js';
import { ERP_VIRTUAL_INSTANCE, parseResourceId, resourceUrl } from '../../client/arm/resource-id.js';
import { databaseUrl, entryFor, type InstanceRef } from './instance-ref.js';
import { readAfterEnd, verifyEnd } from './verdict.js';
import type { StepEnd } from './step.js';
import { ERP_API_VERSION } from './vocabulary.js';
import { whyCut } from './wording.js';
import { PollTimeoutError } from '../../client/arm/lro.js';
import type { OperationContext, OperationResult } from '../types.js';
import type { WaitForOperationOptions } from './wait-options.js';

/**
 * Resumes waiting on operations an earlier `erp-stop` or `erp-start` with `wait: false` started: same origin
 * rule, same polling, one verdict over all of them as a stop of several instances gives.
 */
export async function waitForOperation(
  options: WaitForOperationOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  // Every URL and target is checked before the first poll: a bad one fails the step with nothing sent.
  const entries = options.operationUrl.map((entry, i) => ({
    url: onOrigin(entry.url, client.origin),
    n: i + 1,
    system: systemOf(entry, i, options.baseUrl),
    window: { step: entry.step, database: entry.database, left: entry.left },
  }));
  if (entries.length === 0) {
    ctx.logger.info('operation-url is an empty list: no operation is still running, nothing to wait for');
    return {
      outputs: { 'operation-status': 'Succeeded', 'operation-urls': [], operations: [] },
      summary: [],
    };
  }
  if (entries.some((e) => !e.system)) {
    ctx.logger.info(
      'operation-url holds bare polling URLs: the systems they act on are not named, so their end status cannot be verified (give it the operations output of erp-stop or erp-start to verify).',
    );
  }
  const several = entries.length > 1;
  const outcomes = await forEachTarget(entries, options.maxParallel, ctx, {
    title: ({ url, system }) => `wait-for-operation ${system?.ref.label ?? redactQuery(url)}`,
    logName: ({ n, system }) => system?.ref.label ?? (several ? `operation ${n}` : 'operation'),
    work: async ({ url, n, system, window }, log) => ({
      ...(await resumeWindow({
        pollingUrl: url,
        label: system
          ? `The ${system.verb} of erp virtual instance '${system.ref.label}'`
          : several
            ? `Operation ${n}`
            : 'The operation',
        system,
        options,
        client,
        ctx,
        log,
      })),
      // A window's step still running names its step and the steps left again, for the next wait.
      entry: system && { ...entryFor(system.ref, system), ...window },
    }),
  });
  return report(outcomes, {
    running: 'still running',
    title: 'wait-for-operation',
    targetHeader: entries.every((e) => e.system) ? 'erp virtual instance' : 'operation',
    severalFailed: 'operations did not end well',
    operations: true,
  });
}

/** The system an `operations` entry names, read at erp's own api-version; none for a bare URL. */
function systemOf(entry: OperationEntry, i: number, baseUrl: URL): System | undefined {
  if (entry.target === undefined || !entry.verb) return undefined;
  const ref = parseResourceId(entry.target, ERP_VIRTUAL_INSTANCE);
  if (typeof ref === 'string') throw new InputError('operation-url', `item ${i + 1}: target ${ref}`);
  // A window's database step is verified on its database (C3), named `X01/db0` as the window names it.
  const { database } = entry;
  const readUrl =
    database === undefined
      ? resourceUrl(baseUrl, ref, ERP_VIRTUAL_INSTANCE, ERP_API_VERSION)
      : databaseUrl(baseUrl, ref, ERP_API_VERSION, database);
  const label = database === undefined ? ref.name : `${ref.name}/${database}`;
  const system = { ref: { ...ref, label }, readUrl, verb: entry.verb, machines: entry.snooze === true };
  return { ...system, left: entry.left ?? [] };
}

/** The system an operation acts on: the same facts a step's verify reads (a snooze's end is Unavailable too). */
type System = StepEnd & { ref: InstanceRef; left?: readonly string[] };

function onOrigin(url: string, origin: string): string {
  try {
    return resolveOnOrigin(url, origin, 'operation-url').href;
  } catch (error) {
    if (error instanceof OriginError) throw new InputError('operation-url', error.message);
    throw error;
  }
}

/**
 * A whole-system step's operation (its `operations` entry names the steps left): followed and verified as any, then
 * failed naming the window's steps never sent, since a window with steps left is not done.
 */
async function resumeWindow(o: Parameters<typeof resume>[0]): Promise<TargetResult> {
  const followed = await resume(o);
  const left = o.system?.left ?? [];
  if (left.length === 0) return followed;
  const name = o.system!.ref.name;
  const notDone = `The whole-system ${o.system!.verb} of '${name}' is not done: ${left.join(', ')} never sent; run the same step that left it again, with the same inputs, to send them: what is done is skipped.`;
  o.log.info(notDone);
  if (followed.failure !== undefined) return { ...followed, failure: `${followed.failure} ${notDone}` };
  // Its operation ended: nothing of it is left to resume by URL; what is left is the window's steps never sent.
  return {
    ...followed,
    kind: 'error',
    causeKind: 'not sent',
    failure: notDone,
    operation: { ...followed.operation, url: undefined },
  };
}

async function resume(
  o: TargetIo & {
    pollingUrl: string;
    label: string;
    system?: System;
    options: WaitForOperationOptions;
  },
): Promise<TargetResult> {
  const { pollingUrl, label, client, ctx, log, system } = o;
  const target = system?.ref.label ?? redactQuery(pollingUrl);
  const startedAt = ctx.clock.now();
  // An operation whose turn comes after a cancellation or the deadline is not polled; it is still to resume.
  if (ctx.signal?.aborted || startedAt >= ctx.deadline) {
    const kind = ctx.signal?.aborted ? 'cancelled' : 'timeout';
    log.info(`not polled: ${whyCut(kind)} before its turn`);
    return conclude({ label, target, followed: { kind }, operationUrl: pollingUrl, durationMs: 0, log });
  }
  // Nobody recorded which header gave the URL: the answers tell (see PollingMode).
  // wait: false is a peek: one poll (the deadline now), and a running operation is reported, not waited on.
  const terms = o.options.wait ? ctx : { ...ctx, deadline: startedAt };
  const polled = await followInLog(terms, log, startedAt, { client, pollingUrl, mode: 'unknown' });
  const peeked = !o.options.wait && polled.kind === 'timeout' && polled.error instanceof PollTimeoutError;
  if (peeked) log.info('still running; not waiting (wait: false): it stays in operation-urls');
  const followed = peeked ? { ...polled, kind: 'accepted' as const, error: undefined } : polled;
  const ended = conclude({
    label,
    target,
    followed,
    operationUrl: followed.pollingUrl,
    durationMs: ctx.clock.now() - startedAt,
    log,
  });
  if (!system) return ended;
  // Named by the operations output: each system's end status is verified as erp-stop verifies it.
  const after = {
    step: system,
    ended,
    sent: { done: system.verb },
    client,
    ctx,
    log,
    startedAt,
  };
  if (followed.kind === 'succeeded' && o.options.verify) return verifyEnd(after);
  if (followed.kind === 'failed' || ended.operation?.gone) return readAfterEnd(after);
  return ended;
}
