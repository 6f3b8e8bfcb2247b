import * as z from './schemas/zod.js';
import { ServiceError, type ErrorDetail } from './errors.js';
import type { HttpResponse } from './response.js';

/** Absent, or dropped when it is not the expected shape. */
const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/** Areas A, B and C nest the same body; C adds additionalInfo. Lenient: any field may be missing or odd. */
export const errorDetail: z.ZodMiniType<ErrorDetail> = z.lazy(() =>
  z.looseObject({
    code: lenient(z.string()),
    message: lenient(z.string()),
    target: lenient(z.string()),
    details: lenient(z.array(errorDetail)),
    additionalInfo: lenient(z.array(z.looseObject({ type: z.optional(z.string()), info: z.unknown() }))),
  }),
);

/** `{ error: {…} }` (areas A–C), a bare `{ code, message }` (area D), or OAuth's `{ error, error_description }`. */
const errorEnvelope = z.onFirstUse(() =>
  z.union([
    z.object({ error: errorDetail }),
    z.pipe(
      z.object({ error: z.string(), error_description: z.optional(z.string()) }),
      z.transform((o) => ({ error: { code: o.error, message: o.error_description } })),
    ),
    z.pipe(
      errorDetail,
      z.transform((detail) => ({ error: detail })),
    ),
  ]),
);

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
