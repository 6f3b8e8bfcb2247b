import type { HttpClient } from '../../client/http.js';
import { sameStatus } from '../../client/status.js';
import { formatDuration } from '../format.js';
import type { OperationContext } from '../types.js';
import { why } from './check/access.js';
import { readPartFacts, readSystemFacts, type PartKind, type SystemFacts } from './check/facts.js';
import type { InstanceRef } from './instance-ref.js';
import type { TargetIo } from './progress.js';
import type { TargetResult } from './target-result.js';

/**
 * Up, not only Running (C6): after a verified start, the system's central services and application instances read
 * until the system, its message and enqueue servers (and a replication server) are Healthy and every dispatcher is
 * Running, within health-timeout; erp-status shows the same parts.
 */

/** One part as erp-status's `instances` entries show it. */
export interface PartHealth {
  part: 'central services' | 'application';
  name: string;
  health: string | null;
  dispatcher: string | null;
}

const SERVED = ['message server', 'enqueue server', 'enqueue replication server'];

/** The central services and application instances of a system read (C3, C6). */
export function partsOf(facts: Pick<SystemFacts, 'parts'> & { name: string }): PartHealth[] {
  return facts.parts.flatMap((p) =>
    p.kind === 'database'
      ? []
      : [{ part: p.kind, name: p.name, health: p.health ?? null, dispatcher: p.dispatcherStatus ?? null }],
  );
}

/** erp-status's parts of one system as read (none where a list could not be), and in a few words for its row. */
export interface PartsRead {
  parts: PartHealth[] | null;
  word: string;
}

/**
 * erp-status's parts of one system read: its central services and application instances (two list reads); none
 * (null, `not read`, and a line in the log) where a list could not be read, which the status read itself does not
 * fail.
 */
export async function readParts(
  ref: InstanceRef,
  where: { baseUrl: URL; apiVersion: string },
  io: TargetIo,
): Promise<PartsRead> {
  const kinds: PartKind[] = ['central services', 'application'];
  try {
    const parts = await readPartFacts(io.client, { ...where, ref, signal: io.ctx.signal, kinds });
    const shown = partsOf({ name: ref.label, parts });
    io.log.info(
      `parts: ${shown.map((p) => `${p.name} ${p.health ?? '-'}${p.dispatcher ? `, dispatcher ${p.dispatcher}` : ''}`).join('; ') || 'none listed'}`,
    );
    return { parts: shown, word: partsWord(shown) };
  } catch (error) {
    io.log.info(`its parts could not be read: ${why(error)}`);
    return { parts: null, word: 'not read' };
  }
}

/** `all healthy`, or each part that does not serve with what was read (`app0: health Unknown, dispatcher Stopped`). */
function partsWord(parts: PartHealth[]): string {
  if (parts.length === 0) return 'none listed';
  const said = parts.flatMap((p) => {
    const dispatcher = p.part === 'application' && !sameStatus(p.dispatcher, 'Running');
    if (sameStatus(p.health, 'Healthy') && !dispatcher) return [];
    const health = `health ${p.health ?? 'none'}`;
    return [
      `${p.name}: ${p.part === 'application' ? `${health}, dispatcher ${p.dispatcher ?? 'none'}` : health}`,
    ];
  });
  return said.length === 0 ? 'all healthy' : said.join('; ');
}

/** Each part that does not yet serve, with its last value: `app02: dispatcher Stopped`; none when healthy. */
export function notHealthy(facts: SystemFacts): string[] {
  const out: string[] = [];
  if (!sameStatus(facts.health, 'Healthy')) out.push(`system: health ${facts.health ?? 'none'}`);
  for (const p of facts.parts) {
    if (p.kind === 'central services') {
      for (const s of p.servers.filter((v) => SERVED.includes(v.name))) {
        if (!sameStatus(s.health, 'Healthy')) out.push(`${p.name}: ${s.name} ${s.health ?? 'none'}`);
      }
    }
    if (p.kind === 'application' && !sameStatus(p.dispatcherStatus, 'Running')) {
      out.push(`${p.name}: dispatcher ${p.dispatcherStatus ?? 'none'}`);
    }
  }
  return out;
}

/** What the health read after a start needs: where the system is, how long it may take, whether it fails one. */
export interface HealthRead {
  baseUrl: URL;
  apiVersion: string;
  healthTimeoutMs: number;
  expectHealthy: boolean;
}

/** The system read until it serves or health-timeout (inside timeout) passes: the parts not yet serving. */
async function readUntilHealthy(
  ref: InstanceRef,
  o: HealthRead,
  io: { client: HttpClient; ctx: OperationContext },
): Promise<string[]> {
  const { client, ctx } = io;
  const until = Math.min(ctx.clock.now() + o.healthTimeoutMs, ctx.deadline);
  for (;;) {
    let missing: string[];
    try {
      const where = { ...o, ref, signal: ctx.signal };
      missing = notHealthy(
        await readSystemFacts(client, { ...where, kinds: ['central services', 'application'] }),
      );
    } catch (error) {
      // The client already retried what may be retried: a read that still fails ends the health read, unjudged.
      return [`its health could not be read: ${why(error)}`];
    }
    if (missing.length === 0 || ctx.signal?.aborted) return missing;
    if (ctx.clock.now() + ctx.pollIntervalMs > until) return missing;
    await ctx.clock.sleep(ctx.pollIntervalMs, ctx.signal).catch(() => undefined);
  }
}

/**
 * What follows a start that ended `started` (the step's `then`): the health read, its word in what was done
 * (`started, healthy`; `started, not healthy: app02: dispatcher Stopped`), a warning, and with expect-healthy the
 * system failed naming each part. Any other end is handed back as it is.
 */
export function afterStart(ref: InstanceRef, o: HealthRead) {
  return async (ran: TargetResult, io: TargetIo): Promise<TargetResult> => {
    const instance = ran.instance;
    if (ran.failure !== undefined || instance?.outcome !== 'started') return ran;
    const { ctx, log } = io;
    const startedAt = ctx.clock.now();
    const missing = await readUntilHealthy(ref, o, io);
    const durationMs = ran.durationMs + (ctx.clock.now() - startedAt);
    const parts = missing.join(', ');
    const healthy = missing.length === 0;
    const up = healthy ? 'started, healthy' : `started, not healthy: ${parts}`;
    const within = `within health-timeout ${formatDuration(o.healthTimeoutMs)}`;
    if (healthy)
      log.info(`${up}: the system, its message and enqueue servers Healthy, every dispatcher Running`);
    else log.warning(`'${ref.label}' ${up} (${within})`);
    const done = `${instance.done}; ${up}`;
    if (healthy || !o.expectHealthy) return { ...ran, durationMs, instance: { ...instance, done, up } };
    return {
      ...ran,
      durationMs,
      causeKind: 'other',
      failure: `'${ref.label}' started, but is not healthy ${within} (expect-healthy: true): ${parts}.`,
      instance: { ...instance, outcome: 'failed', done, up },
    };
  };
}
