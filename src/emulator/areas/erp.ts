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
    };
    record.operationId = op.id;
    this.operations.set(op.id, op);
    if (knobs.respond === 200) {
      const body = this.advance(op, ctx.emulator);
      const headers = isTerminal(body.status) ? {} : this.pollingHeaders(op, ctx.emulator);
      sendJson(ctx, 200, body, headers);
      return;
    }
    sendJson(ctx, 202, undefined, this.pollingHeaders(op, ctx.emulator));
  }

  private operationStatus(ctx: RequestContext): void {
    if (!this.authorized(ctx) || !requireApiVersion(ctx)) return;
    const [subscriptionId, location, id = ''] = ctx.params;
    const op = this.operations.get(id);
    if (
      !op ||
      op.subscriptionId !== subscriptionId ||
      op.location.toLowerCase() !== location?.toLowerCase()
    ) {
      sendJson(ctx, 404, { error: { code: 'OperationNotFound', message: `No operation ${id} here.` } });
      return;
    }
    op.polls++;
    const body = this.advance(op, ctx.emulator);
    const retryAfter = op.knobs.retryAfter;
    const headers: Record<string, string> =
      retryAfter !== undefined && !isTerminal(body.status) ? { 'retry-after': retryAfter } : {};
    sendJson(ctx, 200, body, headers);
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

  private pollingHeaders(op: ErpOperation, emulator: Emulator): Record<string, string> {
    const headers: Record<string, string> = {};
    const name = op.knobs.pollingHeader ?? 'vendor-AsyncOperation';
    if (name.toLowerCase() !== 'none') {
      const origin = op.knobs.pollingOrigin === 'secondary' ? emulator.secondUrl : emulator.url;
      headers[name] = shapeLink(
        `${origin}/subscriptions/${encodeURIComponent(op.subscriptionId)}/providers/Vendor.Workloads/locations/` +
          `${op.location}/operationStatuses/${op.id}?api-version=${OPERATION_STATUS_API_VERSION}`,
        op.knobs.pollingUrlForm,
      );
    }
    if (op.knobs.retryAfter !== undefined) headers['retry-after'] = op.knobs.retryAfter;
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
