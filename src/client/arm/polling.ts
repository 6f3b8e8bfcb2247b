import { parseBody, type HttpResponse } from '../http.js';
import { jsonOf } from '../response.js';
import { operationStatusResult, type OperationStatusResult } from '../schemas/erp.js';
import { classifyStatus, type StatusClass } from '../status.js';

/**
 * Which header gave the polling URL, as the vendor's SDK poller (@azure/core-lro, `http/operation.ts`) remembers
 * it, because it decides how a poll answer is read:
 *
 * - `async`: `vendor-AsyncOperation`. The URL serves operation status results; the body's `status` decides.
 * - `location`: `Location` alone. The URL answers 202 while the operation runs and 200/201/204 when it is done,
 *   the body optional (a resource or nothing); a `status` or `properties.provisioningState` in a final body,
 *   where present, decides between success and failure.
 * - `unknown`: a URL given to wait-for-operation, whose header nobody recorded. Read as `async` (a status result
 *   without a status is still running, the contract's rule), except that the answers a status endpoint never
 *   gives (201, 204, a resource with `properties.provisioningState`) are read as Location's; the first answer
 *   that carries a polling header settles the mode.
 */
export type PollingMode = 'async' | 'location' | 'unknown';

export interface PollingLink {
  link: string;
  mode: Exclude<PollingMode, 'unknown'>;
}

/** The polling URL a response carries: `vendor-AsyncOperation`, else `Location` (names in any case). */
export function pollingLinkOf(response: HttpResponse): PollingLink | undefined {
  const async = response.headers['vendor-asyncoperation'];
  if (async) return { link: async, mode: 'async' };
  const location = response.headers['location'];
  return location ? { link: location, mode: 'location' } : undefined;
}

/** What one answer of the operation said: the status result to report, and the state it puts the operation in. */
export interface PollAnswer {
  body: OperationStatusResult;
  state: StatusClass;
}

/**
 * Reads a poll answer (or the stop's own response) under `mode`. `what` names the body in an error. A 202
 * may come without a body, or with one that is no status result: that is "no status yet".
 */
export function readAnswer(response: HttpResponse, mode: PollingMode, what: string): PollAnswer {
  if (response.status === 202) {
    const body = lenientStatus(response);
    // Location's 202 means running whatever the body says; the status endpoint's status still decides.
    return { body, state: mode === 'location' ? 'running' : classifyStatus(body.status) };
  }
  // A status endpoint never answers 201 or 204: for a URL of unknown mode they are Location's "done". A 200
  // without a body is no answer in either reading there.
  const byHttpStatus = mode === 'unknown' && (response.status === 201 || response.status === 204);
  if (mode === 'location' || byHttpStatus || endedLocation(response, mode)) return finalAnswer(response);
  const body = parseBody(response, operationStatusResult, what);
  // A resource rather than a status result (a Location URL resumed without its header): its provisioning state.
  const provisioning = mode === 'unknown' && body.status == null ? provisioningStateOf(body) : undefined;
  if (provisioning)
    return { body: { status: provisioning, resource: body }, state: classifyStatus(provisioning) };
  return { body, state: classifyStatus(body.status) };
}

/** Location's "done": the body's own status where it has one, else the HTTP status says Succeeded. */
function finalAnswer(response: HttpResponse): PollAnswer {
  const json = jsonOf(response);
  const resource = isObject(json) ? json : undefined;
  if (typeof resource?.status === 'string') {
    const parsed = operationStatusResult.safeParse(resource);
    const body = parsed.success ? parsed.data : { status: resource.status };
    return { body, state: classifyStatus(body.status) };
  }
  const status = provisioningStateOf(resource) ?? 'Succeeded';
  // The resource (where there is one) stays in the result; the status is what the outputs report.
  const body: OperationStatusResult = resource ? { status, resource } : { status };
  return { body, state: classifyStatus(status) };
}

/**
 * A Location operation resumed after it ended (its mode unknown): on the resource manager's `operationResults`
 * URL (a status endpoint's is `operationStatuses`), a final 200 without a body, or with one without a status, is
 * done; the protocol allows both.
 */
function endedLocation(response: HttpResponse, mode: PollingMode): boolean {
  if (mode !== 'unknown' || response.status !== 200) return false;
  if (!/\/operationResults\//i.test(response.url.pathname)) return false;
  if (response.text.trim() === '') return true;
  const json = jsonOf(response);
  return isObject(json) && json.status == null && provisioningStateOf(json) === undefined;
}

function provisioningStateOf(resource: Record<string, unknown> | undefined): string | undefined {
  const properties = resource?.properties;
  const state = isObject(properties) ? properties.provisioningState : undefined;
  return typeof state === 'string' ? state : undefined;
}

/** A body that may or may not be a status result: the fields that are, nothing where it is not one. */
function lenientStatus(response: HttpResponse): OperationStatusResult {
  const parsed = operationStatusResult.safeParse(jsonOf(response));
  return parsed.success ? parsed.data : {};
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Where a poll answer moves the poller: the header of the mode's own kind (the service may hand out a fresh
 * signed URL on every answer). `Location` is followed only while the operation runs: on a final answer it names
 * the resource, not an operation. A URL of unknown mode takes the mode of the first header it sees.
 */
export function movedTo(
  response: HttpResponse,
  mode: PollingMode,
  state: StatusClass,
): PollingLink | undefined {
  const found = pollingLinkOf(response);
  if (!found) return undefined;
  if (found.mode === 'location' && state !== 'running') return undefined;
  if (mode === 'unknown' || found.mode === mode) return found;
  return undefined;
}
