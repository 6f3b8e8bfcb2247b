import { STEP_TIMEOUT, type WaitPastDeadline } from './deadline.js';
import { parseErrorBody } from './error-body.js';
import { ServiceError } from './errors.js';
import type { HttpRequest } from './request.js';
import type { HttpResponse } from './response.js';
import { formatWait } from './retry.js';

// What went wrong with a request, as one error: the client's failures that are not the service's answer.

export function describeNetworkError(error: unknown): string {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return [e.code ?? e.cause?.code, e.message].filter(Boolean).join(' ');
}

/** A request that changes something was sent and no answer came: what happened instead, for its error. */
export function noAnswer(
  req: HttpRequest,
  url: URL,
  error: unknown,
  graceEnded: boolean,
  graceMs: number,
): ServiceError {
  if (graceEnded) {
    return new ServiceError({
      action: `${req.method} ${url.origin}${url.pathname}`,
      code: 'NoAnswer',
      message: `the job was cancelled and no answer came within ${formatWait(graceMs)}`,
    });
  }
  const failure = networkError(req, url, error);
  return failure instanceof ServiceError
    ? failure
    : new ServiceError({
        action: `${req.method} ${url.origin}${url.pathname}`,
        code: 'NetworkError',
        message: failure.message,
      });
}

/**
 * The step's timeout came before an answer (a request that changes something went out: its effect is unknown)
 * or before the request could go. The wait ran out, the service refused nothing: the caller sees the
 * clock past its deadline and reports a timeout with the last status it saw.
 */
export function deadlineFailure(
  req: HttpRequest,
  url: URL,
  { sent, change, clientRequestId }: { sent: boolean; change: boolean; clientRequestId?: string },
): ServiceError {
  return new ServiceError({
    action: `${req.method} ${url.origin}${url.pathname}`,
    code: STEP_TIMEOUT,
    message: sent
      ? "no answer came before the step's timeout"
      : "not sent: the step's timeout came first (timeout bounds every request and wait)",
    effectUnknown: sent && change,
    clientRequestId,
  });
}

/** The gate is held (a 429's Retry-After) past the step's timeout: failed at once, naming the answer that held it. */
export function heldPastDeadline(
  req: HttpRequest,
  url: URL,
  error: WaitPastDeadline,
  clientRequestId: string | undefined,
): ServiceError {
  const hint = `The service asked to wait ${formatWait(error.waitMs)} (Retry-After), past the step's timeout.`;
  const held = error.heldBy as HttpResponse | undefined;
  const init = held
    ? parseErrorBody(held, `${req.method} ${url.pathname}`).init
    : { action: `${req.method} ${url.origin}${url.pathname}`, code: 'Timeout' };
  return new ServiceError({ ...init, pastDeadline: true, hint, clientRequestId });
}

export function networkError(req: HttpRequest, url: URL, error: unknown): Error {
  if (error instanceof ServiceError || (error as Error)?.name === 'AbortError') return error as Error;
  return new ServiceError({
    action: `${req.method} ${url.origin}${url.pathname}`,
    code: 'NetworkError',
    message: describeNetworkError(error) || String(error),
  });
}
