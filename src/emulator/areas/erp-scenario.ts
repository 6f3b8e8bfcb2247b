import type { LinkForm } from '../emulator.js';
import type { ErpPartsSection } from './erp-parts-scenario.js';
import type { ErpErrorDetail, ErpStep } from './erp-step.js';
import type { ErpSystemFacts } from './erp-facts.js';
import type { ErpAuthorizationScenario } from './erp-authorization-scenario.js';

export type { ErpErrorDetail, ErpStep } from './erp-step.js';

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
 * - `statusLagReads`: the documented status lag: this many reads after a stop or start was accepted still show
 *   the status and health before it (and do not move its operation), as a read seconds after the POST does.
 * - `deallocateFails`: a stop with `deallocateVm` ends Failed with this error (as `AuthorizationFailed` when the
 *   system's identity has no role over its machines) and the status stays as it was: it cannot show the machines.
 * - `movesAfterFailure`: the operation ends Failed (a time-out) but the instance keeps moving: `reads` more reads
 *   still show its moving status (Stopping, Starting), then it reaches `status` (and `health`, `Unknown` by default).
 * - `state`, `provisioningState`, `errors`, `identity`: what C0 shows before a window (C6; erp-facts.ts).
 */
export interface ErpInstanceScenario extends ErpSystemFacts {
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
  statusLagReads?: number;
  movesAfterFailure?: { status: string; health?: string; reads?: number };
  deallocateFails?: ErpErrorDetail;
  /** How the instance's start (C2) behaves where it differs from its stop: the same knobs, over them. */
  start?: Omit<ErpInstanceScenario, 'start'>;
}

/** Area C's scenario section (JSON): `{ location?, defaults?, instances?: { [name]: ErpInstanceScenario } }`. */
export interface ErpScenario {
  /** The region the polling URLs name; `westeurope` by default. */
  location?: string;
  defaults?: ErpInstanceScenario;
  instances?: Record<string, ErpInstanceScenario>;
  /** The systems' parts (C3): application, central and database instances; see erp-parts-scenario.ts. */
  parts?: ErpPartsSection;
  /** The caller's permissions and the systems' identities' role assignments (C7): erp-authorization.ts. */
  authorization?: ErpAuthorizationScenario;
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
  /** Reads left that still show `prior` (the status lag after a stop or start was accepted). */
  lagLeft?: number;
  /** C0 reads served. */
  reads: number;
}

export const OPERATION_STATUS_API_VERSION = '2021-12-01-preview';

export const DEFAULT_STEPS: ErpStep[] = [
  { status: 'InProgress', percentComplete: 50 },
  { status: 'Succeeded', percentComplete: 100 },
];

export const DEFAULT_ERROR: ErpErrorDetail = {
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

export const TERMINAL = new Set(['succeeded', 'completed', 'failed', 'canceled', 'cancelled']);
export const FAILED = new Set(['failed', 'canceled', 'cancelled']);

export type ErpAction = 'stop' | 'start';

/** The first api-version whose C1/C2 bodies have deallocateVm and startVm. */
export const FIRST_SNOOZE_API_VERSION = '2023-10-01-preview';

export const INSTANCE_PATH =
  /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Vendor\.Workloads\/erpVirtualInstances\/([^/]+)$/i;
export const ACTION_PATH =
  /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Vendor\.Workloads\/erpVirtualInstances\/([^/]+)\/(stop|start)$/i;
export const STATUS_PATH =
  /^\/subscriptions\/([^/]+)\/providers\/Vendor\.Workloads\/locations\/([^/]+)\/operationStatuses\/([^/]+)$/i;
export const RESULTS_PATH =
  /^\/subscriptions\/([^/]+)\/providers\/Vendor\.Workloads\/locations\/([^/]+)\/operationResults\/([^/]+)$/i;
