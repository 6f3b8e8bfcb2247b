import { randomUUID } from 'node:crypto';
import { sendJson, type RequestContext, type Route } from '../emulator.js';
import { requireApiVersion } from './erp-wire.js';
import { ErpPartsState, type SystemParts } from './erp-parts-state.js';
import {
  advancePart,
  DEFAULT_PART_STEPS,
  partBody,
  partPollingHeaders,
  refusalOf,
  failureOf,
  type Child,
  type PartOp,
} from './erp-part-ops.js';
import type { PartActionRecord, PartKind } from './erp-parts-scenario.js';

export type * from './erp-parts-scenario.js';

const KINDS = '(applicationInstances|centralInstances|databaseInstances)';
const SYSTEM =
  '^/subscriptions/([^/]+)/resourceGroups/([^/]+)/providers/Vendor\\.Workloads/erpVirtualInstances/([^/]+)';
const LIST = new RegExp(`${SYSTEM}/${KINDS}$`, 'i');
const READ = new RegExp(`${SYSTEM}/${KINDS}/([^/]+)$`, 'i');
const ACT = new RegExp(`${SYSTEM}/${KINDS}/([^/]+)/(stop|start)$`, 'i');
/** The parts' operation ids carry `*` as the live ones do; the system's (plain UUIDs) never match this. */
const STATUS =
  /^\/subscriptions\/([^/]+)\/providers\/Vendor\.Workloads\/locations\/([^/]+)\/operationStatuses\/([0-9a-f-]{36}\*[0-9A-F]{8})$/i;

/** C3: the children of every system, listed, read, stopped and started (their state: erp-parts-state.ts). */
export class ErpParts extends ErpPartsState {
  readonly actions: PartActionRecord[] = [];

  routes(): Route[] {
    return [
      { method: 'GET', path: LIST, handle: (ctx) => this.list(ctx) },
      { method: 'GET', path: READ, handle: (ctx) => this.read(ctx) },
      { method: 'POST', path: ACT, handle: (ctx) => this.act(ctx) },
      { method: 'GET', path: STATUS, handle: (ctx) => this.status(ctx) },
    ];
  }

  private where(ctx: RequestContext) {
    const [subscriptionId = '', resourceGroup = '', system = '', kindText = '', child = '', verb = ''] =
      ctx.params;
    const kind = (['applicationInstances', 'centralInstances', 'databaseInstances'] as const).find(
      (k) => k.toLowerCase() === kindText.toLowerCase(),
    )!;
    return { subscriptionId, resourceGroup, system, kind, child, verb: verb.toLowerCase() };
  }

  /** The system's parts, this read of its application or central instances counted after a start. */
  private counted(where: ReturnType<ErpParts['where']>): SystemParts {
    const parts = this.of(where.subscriptionId, where.resourceGroup, where.system);
    if (where.kind !== 'databaseInstances' && parts.readsSinceStart !== undefined) parts.readsSinceStart++;
    return parts;
  }

  private guard(ctx: RequestContext): boolean {
    return ctx.emulator.checkBearer(ctx) && requireApiVersion(ctx);
  }

  private body(parts: SystemParts, kind: PartKind, child: Child, where: Parameters<ErpParts['statusOf']>[3]) {
    const seen = { facts: parts.knobs, readsSinceStart: parts.readsSinceStart };
    return partBody(kind, child, where, this.statusOf(parts, kind, child, where), seen);
  }

  private list(ctx: RequestContext): void {
    if (!this.guard(ctx)) return;
    const where = this.where(ctx);
    const parts = this.counted(where);
    const all = parts.children[where.kind];
    const size = Math.max(1, parts.knobs.pageSize ?? 2);
    const from = Number(ctx.url.searchParams.get('$skipToken') ?? '0') || 0;
    const value = all.slice(from, from + size).map((c) => this.body(parts, where.kind, c, where));
    const next = new URL(ctx.url.pathname, ctx.emulator.url);
    next.searchParams.set('api-version', ctx.url.searchParams.get('api-version')!);
    next.searchParams.set('$skipToken', String(from + size));
    sendJson(ctx, 200, { value, ...(from + size < all.length ? { nextLink: next.href } : {}) });
  }

  private read(ctx: RequestContext): void {
    if (!this.guard(ctx)) return;
    const where = this.where(ctx);
    const parts = this.counted(where);
    const child = parts.children[where.kind].find((c) => c.name.toLowerCase() === where.child.toLowerCase());
    if (!child) return notFound(ctx, where.kind, where.child);
    // A read of a child whose operation runs moves it one step, as the system's reads do.
    if (child.op && !child.op.ended) advancePart(child.op, ctx.emulator);
    else if (child.pending && --child.pending.left <= 0)
      [child.status, child.pending] = [child.pending.status, undefined];
    sendJson(ctx, 200, this.body(parts, where.kind, child, where));
  }

  private act(ctx: RequestContext): void {
    if (!this.guard(ctx)) return;
    const where = this.where(ctx);
    const action = where.verb === 'start' ? 'start' : 'stop';
    const parts = this.of(where.subscriptionId, where.resourceGroup, where.system);
    const child = parts.children[where.kind].find((c) => c.name.toLowerCase() === where.child.toLowerCase());
    const record: PartActionRecord = {
      system: where.system,
      kind: where.kind,
      child: where.child,
      action,
      body: ctx.body,
      accepted: false,
      at: ctx.emulator.now(),
    };
    this.actions.push(record);
    if (!child) return notFound(ctx, where.kind, where.child);
    let body: { softStopTimeoutSeconds?: unknown; deallocateVm?: unknown; startVm?: unknown } = {};
    try {
      body = ctx.body.trim() === '' ? {} : (JSON.parse(ctx.body) as typeof body);
    } catch {
      return sendJson(ctx, 400, {
        error: { code: 'InvalidRequestContent', message: 'The request body is not JSON.' },
      });
    }
    const soft = typeof body.softStopTimeoutSeconds === 'number' ? body.softStopTimeoutSeconds : 0;
    if (child.op && !child.op.ended) {
      return sendJson(ctx, 409, {
        error: { code: 'Conflict', message: `An operation is already in progress on '${child.name}'.` },
      });
    }
    const refusal = refusalOf(where.kind, child, action, soft);
    if (refusal) return sendJson(ctx, 400, { error: refusal });
    record.accepted = true;
    const db = where.kind === 'databaseInstances' ? child.knobs : undefined;
    const fail = failureOf(action, child, db, body.deallocateVm === true);
    const op: PartOp = {
      id: `${randomUUID()}*${randomUUID().slice(0, 8).toUpperCase()}`,
      action,
      steps: fail
        ? ['InProgress', 'Failed']
        : ((action === 'stop' && !this.caughtUp ? db?.stopSteps : undefined) ??
          parts.knobs.steps ??
          DEFAULT_PART_STEPS),
      durationMs: fail ? undefined : parts.knobs.durationMs,
      startedAt: ctx.emulator.now(),
      retryAfter: parts.knobs.retryAfter,
      served: 0,
      ended: false,
      fail,
      // A failed operation leaves the child where it was.
      end: (failed) => {
        if (failed) return;
        const settle = action === 'stop' && !body.deallocateVm ? db?.settleReads : undefined;
        if (settle) return void (child.pending = { status: 'Offline', left: settle });
        child.status = action === 'stop' ? 'Offline' : 'Running';
        if (action === 'start') child.unreachable = false;
      },
    };
    child.op = op;
    this.operations.set(op.id, op);
    const headers = partPollingHeaders(
      op,
      { subscriptionId: where.subscriptionId, location: this.source.location() },
      parts.knobs,
      ctx.emulator,
    );
    if (parts.knobs.respond === 200) {
      const answer = advancePart(op, ctx.emulator);
      return sendJson(ctx, 200, answer, op.ended ? {} : headers);
    }
    sendJson(ctx, 202, undefined, headers);
  }

  private status(ctx: RequestContext): void {
    if (!this.guard(ctx)) return;
    const op = this.operations.get(ctx.params[2] ?? '');
    if (!op)
      return sendJson(ctx, 404, { error: { code: 'OperationNotFound', message: 'No such operation.' } });
    const answer = advancePart(op, ctx.emulator);
    sendJson(ctx, 200, answer, !op.ended && op.retryAfter ? { 'retry-after': op.retryAfter } : {});
  }
}

function notFound(ctx: RequestContext, kind: PartKind, child: string): void {
  sendJson(ctx, 404, {
    error: { code: 'ResourceNotFound', message: `The Resource '${kind}/${child}' was not found.` },
  });
}
