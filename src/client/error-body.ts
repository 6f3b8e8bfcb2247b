import { z } from 'zod';
import { ServiceError, type ErrorDetail } from './errors.js';
import type { HttpResponse } from './response.js';

/** Areas A, B and C nest the same body; C adds additionalInfo. Lenient: any field may be missing or odd. */
export const errorDetail: z.ZodType<ErrorDetail> = z.lazy(() =>
  z.looseObject({
    code: z.string().optional().catch(undefined),
    message: z.string().optional().catch(undefined),
    target: z.string().optional().catch(undefined),
    details: z.array(errorDetail).optional().catch(undefined),
    additionalInfo: z
      .array(z.looseObject({ type: z.string().optional(), info: z.unknown() }))
      .optional()
      .catch(undefined),
  }),
);

/** `{ error: {…} }` (areas A–C), a bare `{ code, message }` (area D), or OAuth's `{ error, error_description }`. */
const errorEnvelope = z.union([
  z.object({ error: errorDetail }),
  z.object({ error: z.string(), error_description: z.string().optional() }).transform((o) => ({
    error: { code: o.error, message: o.error_description },
  })),
  errorDetail.transform((detail) => ({ error: detail })),
]);

/** Any failed response to one ServiceError; a body that is not JSON (a proxy's HTML page) is described, not parsed. */
export function parseErrorBody(response: HttpResponse, action: string): ServiceError {
  const base = {
    action,
    status: response.status,
    requestId: response.requestId,
    correlationId: response.correlationId,
  };
  let json: unknown;
  try {
    json = JSON.parse(response.text);
  } catch {
    return new ServiceError({ ...base, message: `the response is not JSON (${describeBody(response)})` });
  }
  const parsed = errorEnvelope.safeParse(json);
  if (!parsed.success || (!parsed.data.error.code && !parsed.data.error.message)) {
    return new ServiceError({ ...base, message: `unrecognised error body (${describeBody(response)})` });
  }
  return new ServiceError({ ...base, ...parsed.data.error });
}

export function describeBody(response: HttpResponse): string {
  const type = response.headers['content-type'] ?? 'no content type';
  if (response.text.trim() === '') return `empty body, ${type}`;
  const text = response.text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${type}: "${text}"`;
}
