import { sendJson, type Emulator, type RequestContext } from '../emulator.js';
import { FAILED, type EmulatedInstance, type ErpOperation } from './erp-scenario.js';
import {
  applyEnd,
  isTerminal,
  pollingHeaders,
  refuse,
  requireApiVersion,
  resourceBody,
  statusResult,
  stepAt,
  successEnd,
} from './erp-wire.js';

/**
 * The operation-status endpoint the system's stop and start hand out (C1/C2): its two polling modes, each answer
 * moving the operation one step, and the instance settling where the operation ended.
 */

/** What the polling needs of the area (ErpArea): its operations, its instances, its check of the bearer token. */
export interface OperationSource {
  readonly operations: Map<string, ErpOperation>;
  /** Polls of a polling URL that a newer one had superseded: counted here, read by tests on the area. */
  supersededPolls: number;
  instance(name: string, subscriptionId: string, resourceGroup: string): EmulatedInstance;
  authorized(ctx: RequestContext): boolean;
}

export function operationStatus(area: OperationSource, ctx: RequestContext): void {
  const op = polled(area, ctx, 'async');
  if (!op) return;
  const body = advance(area, op, ctx.emulator);
  const terminal = isTerminal(body.status);
  // A rotating operation hands out a fresh URL on every answer; otherwise the polls only repeat Retry-After.
  const headers = op.knobs.rotatePollingUrl
    ? pollingHeaders(op, ctx.emulator, terminal)
    : op.knobs.retryAfter !== undefined && !terminal
      ? { 'retry-after': op.knobs.retryAfter }
      : {};
  sendJson(ctx, 200, body, headers);
}

/** A `location` operation's URL: 202 and no body while it runs, then its end (see `pollingMode`). */
export function operationResult(area: OperationSource, ctx: RequestContext): void {
  const op = polled(area, ctx, 'location');
  if (!op) return;
  const body = advance(area, op, ctx.emulator);
  if (!isTerminal(body.status)) {
    sendJson(ctx, 202, undefined, pollingHeaders(op, ctx.emulator));
  } else if (FAILED.has(body.status.toLowerCase())) {
    sendJson(ctx, 200, body);
  } else if (op.knobs.locationFinal === 204) {
    sendJson(ctx, 204, undefined);
  } else {
    sendJson(ctx, 200, resourceBody(op));
  }
}

/**
 * The operation a poll names, counted; else a 404 `OperationNotFound` answered: unknown, polled on the other
 * mode's endpoint, or under a signature that a newer URL superseded.
 */
function polled(
  area: OperationSource,
  ctx: RequestContext,
  mode: 'async' | 'location',
): ErpOperation | undefined {
  if (!area.authorized(ctx) || !requireApiVersion(ctx)) return undefined;
  const [subscriptionId, location, id = ''] = ctx.params;
  const op = area.operations.get(id);
  const found =
    op &&
    op.subscriptionId === subscriptionId &&
    op.location.toLowerCase() === location?.toLowerCase() &&
    (op.knobs.pollingMode ?? 'async') === mode;
  if (!found) {
    refuse(ctx, 404, 'OperationNotFound', `No operation ${id} here.`);
    return undefined;
  }
  if (op.signature !== undefined && ctx.url.searchParams.get('sig') !== op.signature) {
    area.supersededPolls++;
    refuse(ctx, 404, 'OperationNotFound', `The polling URL of operation ${id} has expired.`);
    return undefined;
  }
  op.polls++;
  return op;
}

/** The operation's next state, as an operation status result; records when it first reports an end. */
export function advance(area: OperationSource, op: ErpOperation, emulator: Emulator) {
  const now = emulator.now();
  const step = stepAt(op, now);
  op.served++;
  const terminal = isTerminal(step.status);
  const failed = FAILED.has(step.status.toLowerCase());
  if (terminal && op.stop.endedAt === undefined) {
    op.stop.endedAt = now;
    settle(area, op, failed);
  }
  return statusResult(op, step, now);
}

/** The operation ended: the instance goes back where it was (a failure) or on to its end, perhaps slowly. */
function settle(area: OperationSource, op: ErpOperation, failed: boolean): void {
  const state = area.instance(op.stop.instance, op.subscriptionId, op.stop.resourceGroup);
  if (state.op !== op) return;
  const moves = op.knobs.movesAfterFailure;
  if (failed && !moves) return void Object.assign(state, state.prior);
  const end = failed && moves ? { status: moves.status, health: moves.health ?? 'Unknown' } : successEnd(op);
  state.pendingEnd = { status: end.status, health: end.health };
  state.settleLeft = (failed ? moves?.reads : op.knobs.settleReads) ?? 0;
  if (state.settleLeft === 0) applyEnd(state);
}
