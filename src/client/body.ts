import { safeParse, type core, type output } from 'zod/mini';
import { describeBody } from './error-body.js';
import { ServiceError } from './errors.js';
import type { HttpResponse } from './response.js';
import { redactUrls } from './url.js';

/** Parses a JSON response body with its schema; a body that is not the expected shape is a clear error. */
// Any zod schema, classic or mini: both build on zod's core.
export function parseBody<S extends core.$ZodType>(
  response: HttpResponse,
  schema: S,
  what: string,
): output<S> {
  let value: unknown;
  try {
    value = JSON.parse(response.text);
  } catch {
    throw new ServiceError({
      status: response.status,
      code: 'InvalidResponse',
      message: `${what}: the body is not JSON (${describeBody(response)})`,
      requestId: response.requestId,
    });
  }
  const parsed = safeParse(schema, value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ServiceError({
      status: response.status,
      code: 'InvalidResponse',
      message: `${what}: ${issue?.message ?? 'unexpected shape'} at ${issue?.path.join('.') || '(root)'}`,
      requestId: response.requestId,
    });
  }
  // The walk only feeds debug lines: without a reader it is skipped.
  if (response.debug)
    for (const [path, raw] of readAsUnknown(value, parsed.data)) {
      response.debug(
        `${what}: ${path} ${describeValue(raw)} is out of range or malformed; reported as unknown`,
      );
    }
  return parsed.data;
}

/**
 * Where the body had a value and the parsed result has none: an informational field the schema let go. A plain
 * walk that names a path only for what it finds: it visits every field of every page, so it builds no path string
 * for a field it passes (docs/benchmark.md, "Start-up, before and after issue 16").
 */
function readAsUnknown(
  raw: unknown,
  parsed: unknown,
  path: string[] = [],
  found: [string, unknown][] = [],
): [string, unknown][] {
  if (!raw || typeof raw !== 'object' || !parsed || typeof parsed !== 'object') return found;
  for (const key of Object.keys(raw)) {
    const value = (raw as Record<string, unknown>)[key];
    const out = (parsed as Record<string, unknown>)[key];
    if (value !== null && value !== undefined && out === undefined)
      found.push([[...path, key].join('.'), value]);
    else if (value !== null && typeof value === 'object') {
      path.push(key);
      readAsUnknown(value, out, path, found);
      path.pop();
    }
  }
  return found;
}

/** A value the service sent, echoed in a debug line: any URL in it loses its query (where a signature lives). */
function describeValue(value: unknown): string {
  const text = redactUrls(JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/**
 * The body as one string, refused past `cap` bytes. Where the length is announced, the chunks are copied into one
 * buffer of that size as they come and dropped; the buffer is decoded once: a page is held twice at most while it
 * is read (the bytes and the string), not three times (the chunks, their concatenation and the string).
 */
export async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): void },
  cap: number,
  url: URL,
  contentLength?: number,
): Promise<string> {
  const tooLarge = () => {
    body.destroy();
    return new ServiceError({
      code: 'ResponseTooLarge',
      message: `the response from ${url.origin}${url.pathname} exceeds ${cap} bytes; refused`,
    });
  };
  if (contentLength !== undefined && contentLength > cap) throw tooLarge();
  let whole: Buffer | undefined = contentLength ? Buffer.allocUnsafeSlow(contentLength) : undefined;
  let chunks: Buffer[] | undefined = whole ? undefined : [];
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.length > cap) throw tooLarge();
    if (whole && size + chunk.length > whole.length) {
      // More than announced (undici refuses that; kept safe regardless): gathered as chunks from here.
      chunks = [whole.subarray(0, size)];
      whole = undefined;
    }
    if (whole) chunk.copy(whole, size);
    else chunks!.push(chunk);
    size += chunk.length;
  }
  const bytes = whole ?? (chunks!.length === 1 ? chunks![0]! : Buffer.concat(chunks!, size));
  // The chunks are in `bytes` now: let them go before the string is made.
  chunks?.splice(0);
  return bytes.toString('utf8', 0, size);
}

export function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** An announced body length worth allocating for: a plain non-negative integer, else none (read as it comes). */
export function contentLengthOf(header: string | string[] | undefined): number | undefined {
  if (typeof header !== 'string' || !/^\d{1,10}$/.test(header)) return undefined;
  return Number(header);
}
