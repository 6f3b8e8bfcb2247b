import { randomUUID } from 'node:crypto';
import {
  sendJson,
  shapeLink,
  type AreaModule,
  type LinkForm,
  type Emulator,
  type RequestContext,
  type Route,
} from '../emulator.js';
import { ErpParts, type ErpPartsSection } from './erp-parts.js';

/** Area C's error detail, as the service nests it in a failed operation. */
export interface ErpErrorDetail {
  code?: string;
  message?: string;
  target?: string;
  details?: ErpErrorDetail[];
  additionalInfo?: { type?: string; info?: unknown }[];
}

/** One state of an operation: what one response that carries a status says. */
export interface ErpStep {
  status: string;
  percentComplete?: number;
}

/**
 * How one virtual instance's stop behaves. Every knob is optional; `defaults` apply to instances not named.
 *
 * - `respond`: 202 (default) answers the stop with a polling header and no body; 200 answers with the first
 *   step's operation status result (plus a polling header while that step is not terminal).
 * - `steps`: the states the operation goes through, one per response carrying a status (the 200, then each
 *   poll); the last repeats, so a sequence ending in a running status never ends. Strings are statuses.
 *   Default: InProgress 50 %, then Succeeded.
 * - `durationMs`: instead of `steps`, InProgress (percent by elapsed time) until this long after the stop
 *   arrived, then Succeeded: a real-time operation for benchmarks.
 * - `retryAfter`: the Retry-After header value on the 202 and on every non-terminal poll.
 * - `softStopUnsupported`: a stop with a non-zero softStopTimeoutSeconds is refused with 400 SoftStopUnsupported.
 * - `error`: the nested error a Failed (or Canceled) status carries; a sample nested error by default.
 * - `pollingHeader`: the header name that carries the polling URL, spelt as sent (`vendor-AsyncOperation` by
 *   default; `Location`; any casing), or `none` for no polling header at all.
 * - `pollingOrigin`: `secondary` hands out a polling URL on the emulator's second origin.
 * - `pollingUrlForm`: `relative` hands out the polling URL as a path, `malformed` as a URL no parser accepts.
 * - `rotatePollingUrl`: every answer of the operation (the 202 or running 200 to the stop, each poll) hands out a
 *   fresh signed polling URL (`&sig=…`, in the polling header) and the superseded ones expire: a poll of one is
 *   answered 404 `OperationNotFound` and counted in `ErpArea.supersededPolls`. As the vendor's recording shows.
 * - `pollingMode`: `async` (default) serves operation status results from `operationStatuses/{id}`. `location`
 *   is the resource-manager `Location` pattern: the stop answers 202 with no body and a `Location` to
 *   `operationResults/{id}` (no async-operation header, whatever `pollingHeader` says; `respond` is ignored);
 *   each poll of it answers 202 with no body (with `Location` and `Retry-After`) while the steps run, then the
 *   end: a Failed or Canceled step as a 200 operation status result with its error, a success as `locationFinal`.
 * - `locationFinal`: how a `location` operation ends well: `200` (default) with the instance as a resource body
 *   (`properties.provisioningState: Succeeded`, no top-level `status`), or `204` with no body.
 *
 * The instance itself (C0), whose `properties.status` moves in step with its operation: `Running → Stopping`
 * (`SoftShutdown` for a soft stop) `→ Offline` for a stop, `Offline → Starting → Running` for a start. Each read
 * of an instance whose operation still runs moves that operation one step, as a poll does, so an instance
 * followed by its status alone (the operation's answer was lost) gets to its end too. A second stop or start
 * while one runs is answered 409 `Conflict` (the resource manager's convention).
 *
 * - `status`, `health`: the instance's status and health before anything is done (`Running`, `Healthy`).
 * - `missing`: the instance does not exist: C0, C1 and C2 answer 404 `ResourceNotFound`.
 * - `readRefused`: C0 answers 403 `AuthorizationFailed` (the caller lacks the read permission); C1/C2 still work.
 * - `endStatus`, `endHealth`: the status and health after an operation that ended Succeeded; by default
 *   `Offline`/`Unknown` after a stop and `Running`/`Healthy` after a start. A false success: `PartiallyRunning`
 *   (health `Degraded` unless `endHealth` says otherwise).
 * - `settleReads`: a slow settle: this many reads after the operation ended Succeeded still show `Stopping`
 *   (`Starting`) before the end status.
 */
export interface ErpInstanceScenario {
  respond?: 200 | 202;
  steps?: (string | ErpStep)[];
  durationMs?: number;
  retryAfter?: string;
  softStopUnsupported?: boolean;
  error?: ErpErrorDetail;
  pollingHeader?: string;
  pollingOrigin?: 'primary' | 'secondary';
  pollingUrlForm?: LinkForm;
  rotatePollingUrl?: boolean;
  pollingMode?: 'async' | 'location';
  locationFinal?: 200 | 204;
  status?: string;
  health?: string;
  missing?: boolean;
  readRefused?: boolean;
  endStatus?: string;
  endHealth?: string;
  settleReads?: number;
  /** How the instance's start (C2) behaves where it differs from its stop: the same knobs, over them. */
  start?: Omit<ErpInstanceScenario, 'start'>;
}

/** Area C's scenario section (JSON): `{ location?, defaults?, instances?: { [name]: ErpInstanceScenario } }`. */
export interface ErpScenario {
  /** The region the polling URLs name; `westeurope` by default. */
  location?: string;
  defaults?: ErpInstanceScenario;
  instances?: Record<string, ErpInstanceScenario>;
  /** The systems' parts (C3): application, central and database instances; see erp-parts.ts. */
  parts?: ErpPartsSection;
}

/** One stop or start request as received, and, once accepted, when its operation started and first reported an end. */
export interface ErpStopRecord {
  /** C1 or C2. */
  action: ErpAction;
  instance: string;
  subscriptionId: string;
  resourceGroup: string;
  apiVersion: string | null;
  /** The raw request body, and its Content-Length header as sent. */
  body: string;
  contentLength?: string;
  softStopTimeoutSeconds: number;
  /** The 2023-10-01-preview fields, where the body carried them. */
  deallocateVm?: boolean;
  startVm?: boolean;
  /** False where the stop was refused (SoftStopUnsupported, 409 Conflict, 404). */
  accepted: boolean;
  /** Refused with 409 Conflict: an operation was in progress on the instance. */
  conflict?: boolean;
  operationId?: string;
  /** Emulator clock ms: when the stop arrived, and when its operation first answered a terminal status. */
  startedAt: number;
  endedAt?: number;
}

export interface ErpOperation {
  id: string;
  subscriptionId: string;
  location: string;
  knobs: ErpInstanceScenario;
  stop: ErpStopRecord;
  /** Responses that carried a status so far (the 200 and polls): the index into `steps`. */
  served: number;
  /** Polls of the operation-status endpoint. */
  polls: number;
  /** The signature of the polling URL now valid (`rotatePollingUrl`), and how many were handed out. */
  signature?: string;
  signatures: number;
  /** The resource the operation acts on: the body of a `location` operation's final 200. */
  resourceId: string;
}

/** One instance as C0 shows it, and the operation acting on it. */
export interface EmulatedInstance {
  name: string;
  status: string;
  health: string;
  /** The last stop or start accepted, and what the instance was before it. */
  op?: ErpOperation;
  prior?: { status: string; health: string };
  /** Where the operation ended Succeeded: the status and health it ends in, after `settleLeft` more reads. */
  pendingEnd?: { status: string; health: string };
  settleLeft: number;
  /** C0 reads served. */
  reads: number;
}

export const OPERATION_STATUS_API_VERSION = '2021-12-01-preview';

const DEFAULT_STEPS: ErpStep[] = [
  { status: 'InProgress', percentComplete: 50 },
  { status: 'Succeeded', percentComplete: 100 },
];

const DEFAULT_ERROR: ErpErrorDetail = {
  code: 'StopFailed',
  message: 'The application server instance could not be stopped.',
  target: 'appServerInstances/app0',
  details: [
    {
      code: 'KernelShutdownTimeout',
      message: 'The kernel did not reach the next shutdown state.',
      target: 'app0',
      additionalInfo: [{ type: 'ErpDiagnostic', info: { workProcess: 'DIA 3', state: 'stopping' } }],
    },
  ],
  additionalInfo: [{ type: 'PolicyViolation', info: { rule: 'maintenance-window' } }],
};

const TERMINAL = new Set(['succeeded', 'completed', 'failed', 'canceled', 'cancelled']);
const FAILED = new Set(['failed', 'canceled', 'cancelled']);

export type ErpAction = 'stop' | 'start';

/** The first api-version whose C1/C2 bodies have deallocateVm and startVm. */
const FIRST_SNOOZE_API_VERSION = '2023-10-01-preview';

const INSTANCE_PATH =
  /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Vendor\.Workloads\/erpVirtualInstances\/([^/]+)$/i;
const ACTION_PATH =
  /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Vendor\.Workloads\/erpVirtualInstances\/([^/]+)\/(stop|start)$/i;
const STATUS_PATH =
  /^\/subscriptions\/([^/]+)\/providers\/Vendor\.Workloads\/locations\/([^/]+)\/operationStatuses\/([^/]+)$/i;
const RESULTS_PATH =
  /^\/subscriptions\/([^/]+)\/providers\/Vendor\.Workloads\/locations\/([^/]+)\/operationResults\/([^/]+)$/i;

/**
 * Area C: stop (C1) and start (C2) an erp virtual instance's application, and the operation-status endpoint
 * they hand out.
 */
export class ErpArea implements AreaModule {
  readonly name = 'erp';
  readonly stops: ErpStopRecord[] = [];
  readonly starts: ErpStopRecord[] = [];
  readonly operations = new Map<string, ErpOperation>();
  /** 401s served by this area: a test of token refresh asserts none. */
  unauthorized = 0;
  /** Polls of a polling URL that a newer one had superseded (`rotatePollingUrl`): a client should send none. */
  supersededPolls = 0;
  /** The instances by `subscription/resourceGroup/name`, lower-cased: what C0 shows. */
  readonly instances = new Map<string, EmulatedInstance>();

  readonly scenario: ErpScenario;
  /** The systems' children (C3), whose states move with the systems'. */
  readonly parts: ErpParts;
  constructor(scenario: ErpScenario = {}) {
    this.scenario = scenario;
    this.parts = new ErpParts(scenario.parts ?? {}, {
      systemStatus: (sub, rg, name) => this.instance(name, sub, rg).status,
      location: () => this.scenario.location ?? 'westeurope',
    });
  }

  /** Sets (replaces) one instance's knobs. */
  setInstance(name: string, knobs: ErpInstanceScenario): this {
    this.scenario.instances = { ...this.scenario.instances, [name]: knobs };
    return this;
  }

  knobsFor(instance: string, action: ErpAction = 'stop'): ErpInstanceScenario {
    const { start, ...knobs } = { ...this.scenario.defaults, ...this.scenario.instances?.[instance] };
    return action === 'start' ? { ...knobs, ...start } : knobs;
  }

  /** The instance as C0 shows it (created from its knobs on first use); names compare case-insensitively. */
  instance(name: string, subscriptionId = '', resourceGroup = ''): EmulatedInstance {
    const key = [subscriptionId, resourceGroup, name].join('/').toLowerCase();
    // A test may ask by name alone: the one instance of that name, wherever it lives.
    const found =
      this.instances.get(key) ??
      (subscriptionId === ''
        ? [...this.instances.values()].find((i) => i.name.toLowerCase() === name.toLowerCase())
        : undefined);
    if (found) return found;
    const knobs = this.knobsFor(name);
    const created: EmulatedInstance = {
      name,
      status: knobs.status ?? 'Running',
      health: knobs.health ?? 'Healthy',
      settleLeft: 0,
      reads: 0,
    };
    this.instances.set(key, created);
    return created;
  }

  /** The accepted stops of an instance, in arrival order. */
  stopsOf(instance: string): ErpStopRecord[] {
    return this.stops.filter((s) => s.instance === instance && s.accepted);
  }

  /** The accepted starts of an instance, in arrival order. */
  startsOf(instance: string): ErpStopRecord[] {
    return this.starts.filter((s) => s.instance === instance && s.accepted);
  }

  routes(): Route[] {
    return [
      // First: the parts' operation-status URLs would match STATUS_PATH too.
      ...this.parts.routes(),
      { method: 'GET', path: INSTANCE_PATH, handle: (ctx) => this.read(ctx) },
      { method: 'POST', path: ACTION_PATH, handle: (ctx) => this.act(ctx) },
      { method: 'GET', path: STATUS_PATH, handle: (ctx) => this.operationStatus(ctx) },
      { method: 'GET', path: RESULTS_PATH, handle: (ctx) => this.operationResult(ctx) },
    ];
  }

  private authorized(ctx: RequestContext): boolean {
    if (ctx.emulator.checkBearer(ctx)) return true;
    this.unauthorized++;
    return false;
  }

  private act(ctx: RequestContext): void {
    if (!this.authorized(ctx) || !requireApiVersion(ctx)) return;
    const [subscriptionId = '', resourceGroup = '', instance = '', verb = ''] = ctx.params;
    const action: ErpAction = verb.toLowerCase() === 'start' ? 'start' : 'stop';
    const apiVersion = ctx.url.searchParams.get('api-version') ?? '';
    // The seed's C2 takes no body and its C1 only softStopTimeoutSeconds; from 2023-10-01-preview on, C1 may
    // carry deallocateVm and C2 a body with startVm. Anything else is refused, so a test sees what was sent.
    const parsed = parseActionBody(action, ctx.body, apiVersion);
    if (typeof parsed === 'string') {
      sendJson(ctx, 400, { error: { code: 'InvalidRequestContent', message: parsed } });
      return;
    }
    const soft = parsed.softStopTimeoutSeconds;
    const knobs = this.knobsFor(instance, action);
    const state = this.instance(instance, subscriptionId, resourceGroup);
    const record: ErpStopRecord = {
      action,
      instance,
      subscriptionId,
      resourceGroup,
      apiVersion: ctx.url.searchParams.get('api-version'),
      body: ctx.body,
      contentLength: ctx.req.headers['content-length'],
      softStopTimeoutSeconds: soft,
      deallocateVm: parsed.deallocateVm,
      startVm: parsed.startVm,
      accepted: false,
      startedAt: ctx.emulator.now(),
    };
    (action === 'start' ? this.starts : this.stops).push(record);
    if (knobs.missing) {
      sendNotFound(ctx, instance, resourceGroup);
      return;
    }
    if (state.op && state.op.stop.endedAt === undefined && !this.ended(state.op, ctx.emulator)) {
      record.conflict = true;
      sendJson(ctx, 409, {
        error: {
          code: 'Conflict',
          message: `An operation is already in progress on erp virtual instance '${instance}'; try again once it has ended.`,
        },
      });
      return;
    }
    if (knobs.softStopUnsupported && soft > 0) {
      sendJson(ctx, 400, {
        error: {
          code: 'SoftStopUnsupported',
          message: `A soft stop is not supported for ${instance}; stop with softStopTimeoutSeconds 0.`,
          target: 'softStopTimeoutSeconds',
        },
      });
      return;
    }
    record.accepted = true;
    // The machines follow a deallocating stop; a start while a database is down ends Failed (erp-parts.ts).
    const punished = this.parts.onSystemAction(
      { subscriptionId, resourceGroup, system: instance },
      action,
      parsed,
    );
    const op: ErpOperation = {
      id: randomUUID(),
      subscriptionId,
      location: this.scenario.location ?? 'westeurope',
      knobs: punished ? { ...knobs, steps: ['InProgress', 'Failed'], error: punished } : knobs,
      stop: record,
      served: 0,
      polls: 0,
      signatures: 0,
      resourceId: `/subscriptions/${subscriptionId}/resourceGroups/${resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${instance}`,
    };
    record.operationId = op.id;
    this.operations.set(op.id, op);
    state.prior = { status: state.status, health: state.health };
    state.op = op;
    state.pendingEnd = undefined;
    state.status = action === 'start' ? 'Starting' : soft > 0 ? 'SoftShutdown' : 'Stopping';
    if (knobs.pollingMode === 'location') {
      sendJson(ctx, 202, undefined, this.pollingHeaders(op, ctx.emulator));
      return;
    }
    if (knobs.respond === 200) {
      const body = this.advance(op, ctx.emulator);
      const headers = isTerminal(body.status) ? {} : this.pollingHeaders(op, ctx.emulator);
      sendJson(ctx, 200, body, headers);
      return;
    }
    sendJson(ctx, 202, undefined, this.pollingHeaders(op, ctx.emulator));
  }

  private operationStatus(ctx: RequestContext): void {
    const op = this.polled(ctx, 'async');
    if (!op) return;
    const body = this.advance(op, ctx.emulator);
    const terminal = isTerminal(body.status);
    // A rotating operation hands out a fresh URL on every answer; otherwise the polls only repeat Retry-After.
    const headers = op.knobs.rotatePollingUrl
      ? this.pollingHeaders(op, ctx.emulator, terminal)
      : op.knobs.retryAfter !== undefined && !terminal
        ? { 'retry-after': op.knobs.retryAfter }
        : {};
    sendJson(ctx, 200, body, headers);
  }

  /** A `location` operation's URL: 202 and no body while it runs, then its end (see `pollingMode`). */
  private operationResult(ctx: RequestContext): void {
    const op = this.polled(ctx, 'location');
    if (!op) return;
    const body = this.advance(op, ctx.emulator);
    if (!isTerminal(body.status)) {
      sendJson(ctx, 202, undefined, this.pollingHeaders(op, ctx.emulator));
    } else if (FAILED.has(body.status.toLowerCase())) {
      sendJson(ctx, 200, body);
    } else if (op.knobs.locationFinal === 204) {
      sendJson(ctx, 204, undefined);
    } else {
      const name = op.stop.instance;
      sendJson(ctx, 200, {
        id: op.resourceId,
        name,
        type: 'Vendor.Workloads/erpVirtualInstances',
        location: op.location,
        properties: {
          provisioningState: 'Succeeded',
          state: op.stop.action === 'stop' ? 'Stopped' : 'Running',
        },
      });
    }
  }

  /**
   * The operation a poll names, counted; else a 404 `OperationNotFound` answered: unknown, polled on the other
   * mode's endpoint, or under a signature that a newer URL superseded.
   */
  private polled(ctx: RequestContext, mode: 'async' | 'location'): ErpOperation | undefined {
    if (!this.authorized(ctx) || !requireApiVersion(ctx)) return undefined;
    const [subscriptionId, location, id = ''] = ctx.params;
    const op = this.operations.get(id);
    const found =
      op &&
      op.subscriptionId === subscriptionId &&
      op.location.toLowerCase() === location?.toLowerCase() &&
      (op.knobs.pollingMode ?? 'async') === mode;
    if (!found) {
      sendJson(ctx, 404, { error: { code: 'OperationNotFound', message: `No operation ${id} here.` } });
      return undefined;
    }
    if (op.signature !== undefined && ctx.url.searchParams.get('sig') !== op.signature) {
      this.supersededPolls++;
      sendJson(ctx, 404, {
        error: { code: 'OperationNotFound', message: `The polling URL of operation ${id} has expired.` },
      });
      return undefined;
    }
    op.polls++;
    return op;
  }

  /** The operation's next state, as an operation status result; records when it first reports an end. */
  private advance(op: ErpOperation, emulator: Emulator) {
    const now = emulator.now();
    const step = this.stepAt(op, now);
    op.served++;
    const terminal = isTerminal(step.status);
    const failed = FAILED.has(step.status.toLowerCase());
    if (terminal && op.stop.endedAt === undefined) {
      op.stop.endedAt = now;
      this.settle(op, failed);
    }
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

  /** Whether an operation has ended, by the state it would report now (without serving it). */
  private ended(op: ErpOperation, emulator: Emulator): boolean {
    if (op.knobs.durationMs !== undefined) return isTerminal(this.stepAt(op, emulator.now()).status);
    return op.served > 0 && isTerminal(this.stepAt({ ...op, served: op.served - 1 }, emulator.now()).status);
  }

  /** The operation ended: the instance goes back where it was (a failure) or on to its end, perhaps slowly. */
  private settle(op: ErpOperation, failed: boolean): void {
    const state = this.instance(op.stop.instance, op.subscriptionId, op.stop.resourceGroup);
    if (state.op !== op) return;
    if (failed) {
      Object.assign(state, state.prior);
      return;
    }
    const stop = op.stop.action === 'stop';
    const endStatus = op.knobs.endStatus ?? (stop ? 'Offline' : 'Running');
    const falseSuccess =
      op.knobs.endStatus !== undefined && !['offline', 'running'].includes(endStatus.toLowerCase());
    const endHealth = op.knobs.endHealth ?? (falseSuccess ? 'Degraded' : stop ? 'Unknown' : 'Healthy');
    state.pendingEnd = { status: endStatus, health: endHealth };
    state.settleLeft = op.knobs.settleReads ?? 0;
    if (state.settleLeft === 0) this.applyEnd(state);
  }

  private applyEnd(state: EmulatedInstance): void {
    if (!state.pendingEnd) return;
    state.status = state.pendingEnd.status;
    state.health = state.pendingEnd.health;
    state.pendingEnd = undefined;
  }

  /** C0: the instance; a read of one whose operation runs moves that operation one step. */
  private read(ctx: RequestContext): void {
    if (!this.authorized(ctx) || !requireApiVersion(ctx)) return;
    const [subscriptionId = '', resourceGroup = '', name = ''] = ctx.params;
    const knobs = this.knobsFor(name);
    if (knobs.missing) {
      sendNotFound(ctx, name, resourceGroup);
      return;
    }
    if (knobs.readRefused) {
      sendJson(ctx, 403, {
        error: {
          code: 'AuthorizationFailed',
          message: `The client does not have authorization to perform action 'Vendor.Workloads/erpVirtualInstances/read' over scope '/subscriptions/${subscriptionId}/resourceGroups/${resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${name}'.`,
        },
      });
      return;
    }
    const state = this.instance(name, subscriptionId, resourceGroup);
    state.reads++;
    if (state.op && state.op.stop.endedAt === undefined) this.advance(state.op, ctx.emulator);
    else if (state.pendingEnd) {
      if (state.settleLeft > 0) state.settleLeft--;
      else this.applyEnd(state);
    }
    sendJson(ctx, 200, {
      id: `/subscriptions/${subscriptionId}/resourceGroups/${resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${name}`,
      name,
      type: 'Vendor.Workloads/erpVirtualInstances',
      location: this.scenario.location ?? 'westeurope',
      tags: {},
      properties: {
        status: state.status,
        health: state.health,
        state: 'RegistrationComplete',
        provisioningState: 'Succeeded',
      },
    });
  }

  private stepAt(op: ErpOperation, now: number): ErpStep {
    const { durationMs, steps } = op.knobs;
    if (durationMs !== undefined) {
      const elapsed = now - op.stop.startedAt;
      if (elapsed >= durationMs) return { status: 'Succeeded', percentComplete: 100 };
      return { status: 'InProgress', percentComplete: Math.floor((elapsed / durationMs) * 100) };
    }
    const list = steps?.length ? steps : DEFAULT_STEPS;
    const step = list[Math.min(op.served, list.length - 1)]!;
    return typeof step === 'string' ? { status: step } : step;
  }

  /** The polling header (a fresh signed URL where the operation rotates them) and Retry-After while it runs. */
  private pollingHeaders(op: ErpOperation, emulator: Emulator, terminal = false): Record<string, string> {
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
}

function isTerminal(status: string | undefined): boolean {
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
function parseActionBody(
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
function versionKey(apiVersion: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(-.+)?$/.exec(apiVersion);
  return m ? `${m[1]}${m[2] ? '0' : '1'}` : '';
}

function sendNotFound(ctx: RequestContext, name: string, resourceGroup: string): void {
  sendJson(ctx, 404, {
    error: {
      code: 'ResourceNotFound',
      message: `The Resource 'Vendor.Workloads/erpVirtualInstances/${name}' under resource group '${resourceGroup}' was not found.`,
    },
  });
}
