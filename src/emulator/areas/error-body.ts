import { sendJson, type RequestContext } from '../emulator.js';

/**
 * The resource manager's error shape, `{ error: { code, message, target?, details? } }`: area A's bodies carry
 * `details: []`, area C's none, as the vendor's recordings show them.
 */
export function sendError(
  ctx: RequestContext,
  status: number,
  error: { code: string; message: string; target?: string; details?: unknown[] },
): void {
  const { code, message, target, details } = error;
  sendJson(ctx, status, {
    error: { code, message, ...(target ? { target } : {}), ...(details ? { details } : {}) },
  });
}

/** An area's refusal: `(ctx, status, code, message, target?)`, with `details` where the area's bodies carry it. */
export function refusal(details?: unknown[]) {
  return (ctx: RequestContext, status: number, code: string, message: string, target?: string): void =>
    sendError(ctx, status, { code, message, target, details });
}
