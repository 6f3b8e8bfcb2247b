import { randomUUID } from 'node:crypto';
import type { Emulator, RequestContext } from '../emulator.js';
import { refusal } from './error-body.js';
import {
  DEFAULT_GENERATED_NEWEST,
  TERMINAL,
  type DataShareScenario,
  type EmulatedDatasetDetail,
  type EmulatedStart,
  type EmulatedSynchronization,
} from './data-share-scenario.js';

/** Area A's wire: the checks every request passes, the error shape, the tokens, the listings' order. */

/** What the checks need of the area: the one share subscription it serves, and its api-version. */
interface Share {
  shareSubscription?: string;
  apiVersion: string;
}

/** The checks every area A request passes: bearer, the share subscription, api-version, an empty POST. */
export function accept(ctx: RequestContext, emulator: Emulator, share: Share): boolean {
  if (!acceptShare(ctx, emulator, share)) return false;
  // The list operations take no body; a POST without a length is refused as a strict front end would.
  const length = ctx.req.headers['content-length'];
  if (length === undefined) {
    error(ctx, 411, 'LengthRequired', 'A POST request needs Content-Length (0 for no body).');
    return false;
  }
  if (length !== '0' || ctx.body !== '') {
    error(ctx, 400, 'UnexpectedRequestBody', 'This operation takes no request body.');
    return false;
  }
  return true;
}

/** A3–A5: the checks of `accept`, then a JSON object body with its one required field. */
export function acceptJson(
  ctx: RequestContext,
  emulator: Emulator,
  share: Share,
  field: string,
): Record<string, unknown> | undefined {
  if (!acceptShare(ctx, emulator, share)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(ctx.body);
  } catch {
    body = undefined;
  }
  const type = ctx.req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type) || typeof body !== 'object' || body === null) {
    error(ctx, 400, 'InvalidRequestBody', 'The request body must be a JSON object.');
    return undefined;
  }
  const fields = body as Record<string, unknown>;
  if (typeof fields[field] !== 'string' || fields[field] === '') {
    error(ctx, 400, 'InvalidRequestBody', `The request body needs '${field}'.`, field);
    return undefined;
  }
  return fields;
}

/** The bearer, the share subscription and api-version, which every area A request must pass. */
function acceptShare(ctx: RequestContext, emulator: Emulator, share: Share): boolean {
  if (!emulator.checkBearer(ctx)) return false;
  const name = ctx.params[3];
  if (share.shareSubscription !== undefined && name !== share.shareSubscription) {
    error(ctx, 404, 'ResourceNotFound', `The share subscription '${name}' was not found.`);
    return false;
  }
  const version = ctx.url.searchParams.get('api-version');
  if (!version) {
    error(
      ctx,
      400,
      'MissingApiVersionParameter',
      'The api-version query parameter is required.',
      'api-version',
    );
    return false;
  }
  if (version !== share.apiVersion) {
    error(
      ctx,
      400,
      'InvalidApiVersionParameter',
      `The api-version '${version}' is not supported.`,
      'api-version',
    );
    return false;
  }
  return true;
}

/** `count` finished synchronizations, cheaply: one small object each, older than all of `given`. */
export function generatedHistory(
  given: EmulatedSynchronization[],
  { count, newest, spacingMinutes = 60 }: NonNullable<DataShareScenario['generatedHistory']>,
): EmulatedSynchronization[] {
  const out: EmulatedSynchronization[] = [];
  const oldestGiven = Math.min(
    ...given.map((s) => Date.parse(s.startTime ?? '')).filter((t) => !Number.isNaN(t)),
  );
  const top = newest
    ? Date.parse(newest)
    : Number.isFinite(oldestGiven)
      ? oldestGiven - spacingMinutes * 60_000
      : DEFAULT_GENERATED_NEWEST;
  for (let i = 0; i < count; i++) {
    const start = top - i * spacingMinutes * 60_000;
    const durationMs = 60_000 + (i % 7) * 1_000;
    out.push({
      synchronizationId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      synchronizationMode: i % 10 === 0 ? 'FullSync' : 'Incremental',
      status: i % 13 === 5 ? 'Failed' : 'Succeeded',
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + durationMs).toISOString(),
      durationMs,
    });
  }
  return out;
}

/** The service's view of a record: knobs dropped, an end only once it has ended, no start while queued. */
export function present(
  s: EmulatedSynchronization,
  status: string | undefined,
  queued = false,
): EmulatedSynchronization {
  const ended = TERMINAL.has((status ?? '').toLowerCase());
  return {
    synchronizationId: s.synchronizationId,
    synchronizationMode: s.synchronizationMode,
    status,
    message: s.message,
    ...(queued ? {} : { startTime: s.startTime }),
    ...(ended ? { endTime: s.endTime, durationMs: s.durationMs } : {}),
  };
}

/** Without a start time an item sorts as the newest (nulls first in a descending order, as PostgreSQL does). */
export function sortBy(items: EmulatedSynchronization[], key: 'startTime' | 'durationMs', desc: boolean) {
  const value = (s: EmulatedSynchronization) =>
    key === 'startTime' ? Date.parse(s.startTime ?? '') || Infinity : (s.durationMs ?? 0);
  return [...items].sort((a, b) => {
    const [x, y] = desc ? [value(b), value(a)] : [value(a), value(b)];
    return x === y ? 0 : x < y ? -1 : 1;
  });
}

/** The datasets A5 lists: the given ones, or `count` generated, the first `failed` of them Failed. */
export function detailsOf(s: EmulatedSynchronization): EmulatedDatasetDetail[] {
  if (s.details) return s.details;
  const { count = 0, failed = 0 } = s.generatedDetails ?? {};
  return Array.from({ length: count }, (_, i) => ({
    name: `dataset-${String(i + 1).padStart(4, '0')}`,
    dataSetId: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
    dataSetType: i % 2 ? 'AdlsGen2File' : 'Blob',
    status: i < failed ? 'Failed' : 'Succeeded',
    message: i < failed ? `The source path of dataset-${String(i + 1).padStart(4, '0')} was not found.` : '',
  }));
}

export function notFound(ctx: RequestContext, id: unknown): void {
  error(ctx, 404, 'ResourceNotFound', `The synchronization '${String(id)}' was not found.`);
}

export function parseFilter(raw: string | null): string | undefined | 'invalid' {
  if (raw === null) return undefined;
  const m = /^\s*status\s+eq\s+'([^']*)'\s*$/i.exec(raw);
  return m ? m[1]! : 'invalid';
}

export function parseOrderBy(
  raw: string | null,
): { key: 'startTime' | 'durationMs'; desc: boolean } | undefined | 'invalid' {
  if (raw === null) return undefined;
  const m = /^\s*(startTime|durationMs)(?:\s+(asc|desc))?\s*$/i.exec(raw);
  if (!m) return 'invalid';
  return {
    key: m[1]!.toLowerCase() === 'starttime' ? 'startTime' : 'durationMs',
    desc: m[2]?.toLowerCase() === 'desc',
  };
}

export function makeToken(snapshot: number, offset: number): string {
  return Buffer.from(`${snapshot}:${offset}`).toString('base64url');
}

export function parseToken(token: string): { snapshot: number; offset: number } | undefined {
  const m = /^(\d+):(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return m ? { snapshot: Number(m[1]), offset: Number(m[2]) } : undefined;
}

/** Area A's error shape: `{ error: { code, message, target, details } }`. */
export const error = refusal([]);

/** The synchronization one synchronize (A3) starts from its template, listed from poll `polls` on. */
export function startedFrom(template: EmulatedStart, mode: string, polls: number): EmulatedSynchronization {
  const now = Date.now();
  const durationMs = template.durationMs ?? 60_000;
  return {
    synchronizationId: randomUUID(),
    synchronizationMode: mode,
    startTime: new Date(now).toISOString(),
    endTime: new Date(now + durationMs).toISOString(),
    durationMs,
    message: template.message,
    statuses: template.statuses ?? ['Queued', 'InProgress', 'Succeeded'],
    appearAfterPolls: polls + (template.appearAfterPolls ?? 0),
    details: template.details,
    generatedDetails: template.generatedDetails,
  };
}

/** A1's `$filter` and `$orderby`, or undefined where one is not supported (the 400 already sent). */
export function listingQuery(ctx: RequestContext) {
  const query = ctx.url.searchParams;
  const filter = parseFilter(query.get('$filter'));
  if (filter === 'invalid') {
    return error(ctx, 400, 'InvalidFilter', "Only $filter=status eq '<status>' is supported.", '$filter');
  }
  const order = parseOrderBy(query.get('$orderby'));
  if (order === 'invalid') {
    const message = 'Only $orderby=startTime [asc|desc] or durationMs [asc|desc] is supported.';
    return error(ctx, 400, 'InvalidOrderBy', message, '$orderby');
  }
  return { filter, order };
}

/** The synchronization of this id (ids compare case-insensitively). */
export function byId(list: EmulatedSynchronization[], id: unknown): EmulatedSynchronization | undefined {
  const wanted = String(id).toLowerCase();
  return list.find((s) => s.synchronizationId.toLowerCase() === wanted);
}
