import type { Diagnosis } from './diagnosis.js';

/** One error type for everything a service says went wrong; the adapters render it. */
export interface ErrorDetail {
  code?: string;
  message?: string;
  target?: string;
  details?: ErrorDetail[];
  additionalInfo?: { type?: string; info?: unknown }[];
}

export interface ServiceErrorInit extends ErrorDetail {
  status?: number;
  requestId?: string;
  correlationId?: string;
  /** What was being done, e.g. "POST …/stop": helps the reader, never carries a secret. */
  action?: string;
  hint?: string;
  /**
   * The request changes something and may have reached the service (a reset after it was written, no answer in
   * time, a 500, 502 or 504): whether the service acted is not known, so the caller finds out before acting again.
   */
  effectUnknown?: boolean;
  /** The `x-vendor-client-request-id` the request carried, the same on each of its retries. */
  clientRequestId?: string;
  /** The sign-in failed (the token endpoint or the runner's ID-token endpoint), not the request it was for. */
  signIn?: boolean;
  /**
   * The request would have been retried, but the next try came after the step's deadline (a 429 whose
   * Retry-After passes it): for a poll, a timeout of the wait rather than a failure of the operation.
   */
  pastDeadline?: boolean;
  /** A refused credential, found out (cause, claims, credential to register, what to do): the adapters render it. */
  diagnosis?: Diagnosis;
}

export class ServiceError extends Error {
  readonly status?: number;
  readonly code?: string;
  readonly serviceMessage?: string;
  readonly target?: string;
  readonly details: ErrorDetail[];
  readonly additionalInfo: { type?: string; info?: unknown }[];
  readonly requestId?: string;
  readonly correlationId?: string;
  readonly hint?: string;
  readonly effectUnknown: boolean;
  readonly clientRequestId?: string;
  readonly signIn: boolean;
  readonly pastDeadline: boolean;

  readonly init: ServiceErrorInit;
  constructor(init: ServiceErrorInit) {
    super(renderHeadline(init));
    this.init = init;
    this.name = 'ServiceError';
    this.status = init.status;
    this.code = init.code;
    this.serviceMessage = init.message;
    this.target = init.target;
    this.details = init.details ?? [];
    this.additionalInfo = init.additionalInfo ?? [];
    this.requestId = init.requestId;
    this.correlationId = init.correlationId;
    this.hint = init.hint;
    this.effectUnknown = init.effectUnknown ?? false;
    this.clientRequestId = init.clientRequestId;
    this.signIn = init.signIn ?? false;
    this.pastDeadline = init.pastDeadline ?? false;
  }

  withHint(hint: string): ServiceError {
    return new ServiceError({ ...this.init, hint });
  }

  /**
   * The service's own words, to stand beside the action's (`… was not found in resource group 'rg' (HTTP 404
   * ResourceNotFound: The Resource '…/X01' under resource group 'rg' was not found., request-id: …)`): its status,
   * code and message on one line, and its request id.
   */
  said(): string {
    const what = [this.code, this.serviceMessage && oneLine(this.serviceMessage)].filter(Boolean).join(': ');
    return `HTTP ${this.status ?? 'none'}${what ? ` ${what}` : ''}, request-id: ${this.requestId ?? 'none'}`;
  }

  /** The nested details and additional info, one indented line each, for the log. */
  detailLines(): string[] {
    const lines: string[] = [];
    const walk = (list: ErrorDetail[], depth: number) => {
      for (const d of list) {
        lines.push(`${'  '.repeat(depth)}- ${describe(d)}`);
        for (const info of d.additionalInfo ?? []) {
          lines.push(
            `${'  '.repeat(depth + 1)}additionalInfo ${info.type ?? ''}: ${JSON.stringify(info.info)}`,
          );
        }
        walk(d.details ?? [], depth + 1);
      }
    };
    for (const info of this.additionalInfo) {
      lines.push(`- additionalInfo ${info.type ?? ''}: ${JSON.stringify(info.info)}`);
    }
    walk(this.details, 0);
    return lines;
  }
}

function describe(d: ErrorDetail): string {
  const parts = [d.code, d.message].filter(Boolean).join(': ');
  return d.target ? `${parts} (target: ${d.target})` : parts || '(no detail)';
}

function renderHeadline(e: ServiceErrorInit): string {
  const head = [e.action, e.status !== undefined ? `HTTP ${e.status}` : undefined]
    .filter(Boolean)
    .join(' → ');
  // One line: a service message may carry line breaks (sign-in errors end with `\r\nTrace ID: …`), and what
  // follows it, the request id, must survive wherever only the first line is shown.
  const what = [e.code, e.message && oneLine(e.message)].filter(Boolean).join(': ');
  const ids = [
    e.target && `target: ${e.target}`,
    `request-id: ${e.requestId ?? 'none'}`,
    e.clientRequestId && `client-request-id: ${e.clientRequestId}`,
  ].filter(Boolean);
  // Said before any hint: whoever reads only the headline must not take it for a refusal and send it again.
  const unknown = e.effectUnknown ? ` ${EFFECT_UNKNOWN}` : '';
  const hint = e.hint ? ` ${e.hint}` : '';
  return `${head}${what ? ` ${what}` : ''} (${ids.join(', ')}).${unknown}${hint}`;
}

/** The sentence every failure of unknown effect carries. */
const EFFECT_UNKNOWN =
  'The effect is unknown: the request may have reached the service and been acted on, so it was not sent again.';

/** Line breaks and the white space around them folded into one space. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** An input the user gave is not usable: raised before any request. */
export class InputError extends Error {
  readonly input: string;
  constructor(input: string, message: string) {
    super(`Input '${input}': ${message}`);
    this.input = input;
    this.name = 'InputError';
  }
}

/** A URL the service handed out points somewhere a credential must not go. */
export class OriginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OriginError';
  }
}

/** The wait ran out; carries what was last seen so the adapter can report and a later step resume. */
export class TimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/**
 * A request of unknown effect whose finding out (a read of what the service did) failed too: the request's own
 * failure stays the cause, and the read's is added, so a service that went away is named as such.
 */
export function withFindingOutFailure(error: ServiceError, readError: unknown, read: string): ServiceError {
  const why = readError instanceof Error ? oneLine(readError.message) : String(readError);
  return error.withHint(`${error.hint ? `${error.hint} ` : ''}${read} to find out failed too: ${why}`);
}
