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
  /** How the instance's start (C2) behaves where it differs from its stop: the same knobs, over them. */
  start?: Omit<ErpInstanceScenario, 'start'>;
}

/** Area C's scenario section (JSON): `{ location?, defaults?, instances?: { [name]: ErpInstanceScenario } }`. */
export interface ErpScenario {
  /** The region the polling URLs name; `westeurope` by default. */
  location?: string;
  defaults?: ErpInstanceScenario;
  instances?: Record<string, ErpInstanceScenario>;
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
  /** False where the stop was refused (SoftStopUnsupported). */
  accepted: boolean;
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

  constructor(readonly scenario: ErpScenario = {}) {}

  /** Sets (replaces) one instance's knobs. */
  setInstance(name: string, knobs: ErpInstanceScenario): this {
    this.scenario.instances = { ...this.scenario.instances, [name]: knobs };
    return this;
  }

  knobsFor(instance: string, action: ErpAction = 'stop'): ErpInstanceScenario {
    const { start, ...knobs } = { ...this.scenario.defaults, ...this.scenario.instances?.[instance] };
    return action === 'start' ? { ...knobs, ...start } : knobs;
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
    // C2 takes no body; C1's is optional. A body on a start is refused, so a test sees one that was sent.
    const soft =
      action === 'stop' ? parseStopBody(ctx.body) : ctx.body === '' ? 0 : 'C2 takes no request body.';
    if (typeof soft === 'string') {
      sendJson(ctx, 400, { error: { code: 'InvalidRequestContent', message: soft } });
      return;
    }
    const knobs = this.knobsFor(instance, action);
    const record: ErpStopRecord = {
      action,
      instance,
      subscriptionId,
      resourceGroup,
      apiVersion: ctx.url.searchParams.get('api-version'),
      body: ctx.body,
      contentLength: ctx.req.headers['content-length'],
      softStopTimeoutSeconds: soft,
      accepted: false,
      startedAt: ctx.emulator.now(),
    };
    (action === 'start' ? this.starts : this.stops).push(record);
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
    const op: ErpOperation = {
      id: randomUUID(),
      subscriptionId,
      location: this.scenario.location ?? 'westeurope',
      knobs,
      stop: record,
      served: 0,
      polls: 0,
      signatures: 0,
      resourceId: `/subscriptions/${subscriptionId}/resourceGroups/${resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${instance}`,
    };
    record.operationId = op.id;
    this.operations.set(op.id, op);
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
    if (terminal) op.stop.endedAt ??= now;
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
function requireApiVersion(ctx: RequestContext): boolean {
  if (ctx.url.searchParams.get('api-version')) return true;
  sendJson(ctx, 400, {
    error: {
      code: 'MissingApiVersionParameter',
      message: 'The api-version query parameter (?api-version=) is required for all requests.',
    },
  });
  return false;
}

/** The stop request body's softStopTimeoutSeconds (0 where there is no body), or why it is not acceptable. */
function parseStopBody(text: string): number | string {
  if (text.trim() === '') return 0;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'The request body is not JSON.';
  }
  const soft = (body as { softStopTimeoutSeconds?: unknown } | null)?.softStopTimeoutSeconds ?? 0;
  if (typeof soft !== 'number' || !Number.isInteger(soft) || soft < 0) {
    return 'softStopTimeoutSeconds must be an integer of 0 or more.';
  }
  return soft;
}
