import { randomUUID } from 'node:crypto';
import { sendJson, shapeLink, type Emulator, type RequestContext } from '../emulator.js';
import { refusal } from './error-body.js';
import { stepOf } from './erp-step.js';
import { systemFacts, type ErpSystemFacts } from './erp-facts.js';
import {
  DEFAULT_ERROR,
  DEFAULT_STEPS,
  FAILED,
  FIRST_SNOOZE_API_VERSION,
  OPERATION_STATUS_API_VERSION,
  TERMINAL,
  type EmulatedInstance,
  type ErpAction,
  type ErpOperation,
  type ErpStep,
  type ErpStopRecord,
} from './erp-scenario.js';

/** Area C's answers as the wire carries them: bodies, headers and the checks every request passes. */

export function isTerminal(status: string | undefined): boolean {
  return TERMINAL.has((status ?? '').toLowerCase());
}

/** Areas A–C: every request carries api-version. */
export function requireApiVersion(ctx: RequestContext): boolean {
  if (ctx.url.searchParams.get('api-version')) return true;
  sendJson(ctx, 400, {
    error: {
      code: 'MissingApiVersionParameter',
      message: 'The api-version query parameter (?api-version=) is required for all requests.',
    },
  });
  return false;
}

/** What C1's and C2's bodies said, or why they are not acceptable under the request's api-version. */
export function parseActionBody(
  action: ErpAction,
  text: string,
  apiVersion: string,
): { softStopTimeoutSeconds: number; deallocateVm?: boolean; startVm?: boolean } | string {
  const snooze = versionKey(apiVersion) >= versionKey(FIRST_SNOOZE_API_VERSION);
  if (text.trim() === '') return { softStopTimeoutSeconds: 0 };
  if (action === 'start' && !snooze) return 'C2 takes no request body.';
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'The request body is not JSON.';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'The request body is not an object.';
  const fields = body as Record<string, unknown>;
  const allowed =
    action === 'start'
      ? ['startVm']
      : snooze
        ? ['softStopTimeoutSeconds', 'deallocateVm']
        : ['softStopTimeoutSeconds'];
  const unknown = Object.keys(fields).find((key) => !allowed.includes(key));
  if (unknown) return `'${unknown}' is not a parameter of ${action} in api-version ${apiVersion}.`;
  const soft = fields.softStopTimeoutSeconds ?? 0;
  if (typeof soft !== 'number' || !Number.isInteger(soft) || soft < 0) {
    return 'softStopTimeoutSeconds must be an integer of 0 or more.';
  }
  for (const flag of ['deallocateVm', 'startVm']) {
    if (fields[flag] !== undefined && typeof fields[flag] !== 'boolean')
      return `${flag} must be true or false.`;
  }
  return {
    softStopTimeoutSeconds: soft,
    deallocateVm: fields.deallocateVm as boolean | undefined,
    startVm: fields.startVm as boolean | undefined,
  };
}

/** `2023-10-01-preview` sorts before `2023-10-01`, and both after `2023-04-01`. */
export function versionKey(apiVersion: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(-.+)?$/.exec(apiVersion);
  return m ? `${m[1]}${m[2] ? '0' : '1'}` : '';
}

export function sendNotFound(ctx: RequestContext, name: string, resourceGroup: string): void {
  sendJson(ctx, 404, {
    error: {
      code: 'ResourceNotFound',
      message: `The Resource 'Vendor.Workloads/erpVirtualInstances/${name}' under resource group '${resourceGroup}' was not found.`,
    },
  });
}

export function stepAt(op: ErpOperation, now: number): ErpStep {
  const { durationMs, steps } = op.knobs;
  const script = { durationMs, startedAt: op.stop.startedAt, served: op.served };
  return stepOf({ ...script, steps: steps?.length ? steps : DEFAULT_STEPS }, now);
}

/** The polling header (a fresh signed URL where the operation rotates them) and Retry-After while it runs. */
export function pollingHeaders(
  op: ErpOperation,
  emulator: Emulator,
  terminal = false,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const location = op.knobs.pollingMode === 'location';
  const name = location ? 'Location' : (op.knobs.pollingHeader ?? 'vendor-AsyncOperation');
  if (name.toLowerCase() !== 'none') {
    const origin = op.knobs.pollingOrigin === 'secondary' ? emulator.secondUrl : emulator.url;
    if (op.knobs.rotatePollingUrl) op.signature = `s${++op.signatures}-${randomUUID().slice(0, 8)}`;
    const sig = op.signature === undefined ? '' : `&sig=${op.signature}`;
    headers[name] = shapeLink(
      `${origin}/subscriptions/${encodeURIComponent(op.subscriptionId)}/providers/Vendor.Workloads/locations/` +
        `${op.location}/${location ? 'operationResults' : 'operationStatuses'}/${op.id}` +
        `?api-version=${OPERATION_STATUS_API_VERSION}${sig}`,
      op.knobs.pollingUrlForm,
    );
  }
  if (op.knobs.retryAfter !== undefined && !terminal) headers['retry-after'] = op.knobs.retryAfter;
  return headers;
}

/** The operation status result of one step, as the status endpoint (and a 200 to the POST) gives it. */
export function statusResult(op: ErpOperation, step: ErpStep, now: number) {
  const terminal = isTerminal(step.status);
  const failed = FAILED.has(step.status.toLowerCase());
  return {
    id: `/subscriptions/${op.subscriptionId}/providers/Vendor.Workloads/locations/${op.location}/operationStatuses/${op.id}`,
    name: op.id,
    status: step.status,
    startTime: new Date(op.stop.startedAt).toISOString(),
    endTime: terminal ? new Date(op.stop.endedAt ?? now).toISOString() : null,
    percentComplete: step.percentComplete ?? (terminal && !failed ? 100 : undefined),
    error: failed ? (op.knobs.error ?? DEFAULT_ERROR) : null,
    operations: [],
  };
}

/** C0's body: the instance with its status and health (those before a stop while the status lags). */
export function instanceBody(
  id: string,
  name: string,
  location: string | undefined,
  shown: { status: string; health: string },
  listed?: { tags?: Record<string, string>; environment?: string; state?: string },
  facts: ErpSystemFacts = {},
) {
  const { properties, identity } = systemFacts(id, facts, listed?.state ?? 'RegistrationComplete');
  return {
    id,
    name,
    type: 'Vendor.Workloads/erpVirtualInstances',
    location: location ?? 'westeurope',
    tags: { ...listed?.tags },
    ...(identity ? { identity } : {}),
    properties: {
      ...(listed ? { environment: listed.environment ?? 'NonProd' } : {}),
      status: shown.status,
      health: shown.health,
      ...properties,
    },
  };
}

/** A refusal in area C's error shape (no details). */
export const refuse = refusal();

/** A `location` operation's final 200: the instance as a resource, no top-level status. */
export function resourceBody(op: ErpOperation) {
  return {
    id: op.resourceId,
    name: op.stop.instance,
    type: 'Vendor.Workloads/erpVirtualInstances',
    location: op.location,
    properties: {
      provisioningState: 'Succeeded',
      state: op.stop.action === 'stop' ? 'Stopped' : 'Running',
    },
  };
}

/** The record of one stop or start as received (C1/C2), not yet accepted. */
export function recordOf(
  ctx: RequestContext,
  action: ErpAction,
  parsed: { softStopTimeoutSeconds: number; deallocateVm?: boolean; startVm?: boolean },
): ErpStopRecord {
  const [subscriptionId = '', resourceGroup = '', instance = ''] = ctx.params;
  return {
    action,
    instance,
    subscriptionId,
    resourceGroup,
    apiVersion: ctx.url.searchParams.get('api-version'),
    body: ctx.body,
    contentLength: ctx.req.headers['content-length'],
    softStopTimeoutSeconds: parsed.softStopTimeoutSeconds,
    deallocateVm: parsed.deallocateVm,
    startVm: parsed.startVm,
    accepted: false,
    startedAt: ctx.emulator.now(),
  };
}

/** Whether an operation has ended, by the state it would report now (without serving it). */
export function hasEnded(op: ErpOperation, now: number): boolean {
  if (op.knobs.durationMs !== undefined) return isTerminal(stepAt(op, now).status);
  return op.served > 0 && isTerminal(stepAt({ ...op, served: op.served - 1 }, now).status);
}

/** The instance reaches the end its operation left pending (at once, or after its settle reads). */
export function applyEnd(state: EmulatedInstance): void {
  if (!state.pendingEnd) return;
  state.status = state.pendingEnd.status;
  state.health = state.pendingEnd.health;
  state.pendingEnd = undefined;
}

/** Where an operation that ended Succeeded leaves the instance: its knobs' end (a false success), else the verb's. */
export function successEnd(op: ErpOperation): { status: string; health: string } {
  const stop = op.stop.action === 'stop';
  const status = op.knobs.endStatus ?? (stop ? 'Offline' : 'Running');
  const falseSuccess =
    op.knobs.endStatus !== undefined && !['offline', 'running'].includes(status.toLowerCase());
  return { status, health: op.knobs.endHealth ?? (falseSuccess ? 'Degraded' : stop ? 'Unknown' : 'Healthy') };
}
