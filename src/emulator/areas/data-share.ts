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

/** One synchronization as the service lists it, plus the emulator's knobs for how it appears and moves. */
export interface EmulatedSynchronization {
  synchronizationId: string;
  synchronizationMode?: string;
  /** The status when `statuses` is not given. */
  status?: string;
  message?: string;
  startTime?: string;
  endTime?: string;
  durationMs?: number;
  /** Absent from the first N listings (a listing is a request without `$skipToken`); present from the next. */
  appearAfterPolls?: number;
  /** Its status in the 1st, 2nd, … listing where it is present; the last one stays. */
  statuses?: string[];
  /** Listed without `startTime` in its first N listings (queued, not started yet). */
  startTimeAfterPolls?: number;
  /** What listSynchronizationDetails (A5) lists for it. */
  details?: EmulatedDatasetDetail[];
  /** Or `count` generated datasets, the first `failed` of them Failed. */
  generatedDetails?: { count: number; failed?: number };
}

/** One dataset of a synchronization as A5 lists it (the counters are left out: nothing reads them). */
export interface EmulatedDatasetDetail {
  name: string;
  dataSetId?: string;
  dataSetType?: string;
  status?: string;
  message?: string;
  startTime?: string;
  endTime?: string;
  durationMs?: number;
}

/** What one synchronize (A3) starts; the scenario's `starts` are used in turn, the last one repeating. */
export interface EmulatedStart {
  /** Its status in the 1st, 2nd, … listing where it is present (default Queued, InProgress, Succeeded). */
  statuses?: string[];
  /** Listings after the start in which it is not listed yet (the id shows up late in A1). */
  appearAfterPolls?: number;
  message?: string;
  durationMs?: number;
  details?: EmulatedDatasetDetail[];
  generatedDetails?: { count: number; failed?: number };
  /** 202 (default, with status Accepted and a vendor-AsyncOperation header) or 200 (with its first status). */
  answer?: 200 | 202;
  /** The answer carries no synchronizationId. */
  omitId?: boolean;
}

/**
 * Area A's scenario (the `dataShare` section of a scenario file). Every field is optional:
 *
 * ```json
 * {
 *   "shareSubscription": "share-sub",           // only this name exists (default: any name)
 *   "apiVersion": "2021-08-01",
 *   "pageSize": 50,                              // items per page of either list
 *   "synchronizations": [{ "synchronizationId": "…", "status": "InProgress", "statuses": ["Queued", "Succeeded"],
 *                          "appearAfterPolls": 2, "startTime": "…", … }],
 *   "generatedHistory": { "count": 10000, "newest": "2026-11-01T00:00:00Z", "spacingMinutes": 60 },
 *   "settings": [{ "kind": "ScheduleBased", "properties": { "recurrenceInterval": "Day", "synchronizationTime": "…" } }],
 *   "repeatNextLink": false,                     // every nextLink after the first points at the same page again
 *   "nextLinkOrigin": "primary",                 // "secondary": nextLinks point at the emulator's second origin
 *   "nextLinkForm": "absolute",                  // "relative": a path only; "malformed": a URL no parser accepts
 *   "retryAfter": "2",                           // a Retry-After header on every listSynchronizations answer
 *   "ignoreOrderBy": false,                      // true: listed in the order given, whatever $orderby says
 *   "starts": [{ "statuses": ["Queued", "Failed"], "appearAfterPolls": 1, "generatedDetails": { "count": 3, "failed": 1 } }],
 *   "conflictCode": "Conflict",                  // synchronize while one runs: 409 with this code
 *   "cancel": { "status": "Cancelled", "afterPolls": 1 }, // a cancelled one ends so in the listing N after the cancel
 *   "detailsPageSize": 50,                       // datasets per page of listSynchronizationDetails
 *   "detailsError": { "status": 403, "code": "AuthorizationFailed", "message": "…" } // A5 fails so
 * }
 * ```
 *
 * A synchronization runs while the latest listing shows it with a status that is not an end (a started one runs
 * from its start, listed or not); a synchronize while one runs is refused with 409. A cancelled one ends with
 * `cancel.status` unless its own statuses reached an end first. Items without `startTime` sort as the newest in
 * `startTime desc` (as PostgreSQL puts nulls first in a descending order).
 *
 * `generatedHistory` adds `count` finished synchronizations, one every `spacingMinutes` back from `newest`, all
 * older than any given in `synchronizations` when `newest` is left out: the benchmark's long history.
 */
export interface DataShareScenario {
  shareSubscription?: string;
  apiVersion?: string;
  pageSize?: number;
  synchronizations?: EmulatedSynchronization[];
  generatedHistory?: { count: number; newest?: string; spacingMinutes?: number };
  settings?: unknown[];
  repeatNextLink?: boolean;
  nextLinkOrigin?: 'primary' | 'secondary';
  nextLinkForm?: LinkForm;
  retryAfter?: string;
  ignoreOrderBy?: boolean;
  starts?: EmulatedStart[];
  conflictCode?: string;
  cancel?: { status?: string; afterPolls?: number };
  detailsPageSize?: number;
  detailsError?: { status: number; code: string; message: string };
}

const SHARE_PATH =
  '^/subscriptions/([^/]+)/resourceGroups/([^/]+)/providers/Vendor\\.DataShare/accounts/([^/]+)/shareSubscriptions/([^/]+)';
const TERMINAL = new Set(['succeeded', 'completed', 'failed', 'canceled', 'cancelled']);
const DEFAULT_GENERATED_NEWEST = Date.UTC(2026, 0, 1);

/** Area A: synchronizations of a share subscription and its source share's synchronization settings. */
export class DataShareArea implements AreaModule {
  readonly name = 'data-share';
  pageSize: number;
  apiVersion: string;
  shareSubscription?: string;
  /** Newest last or in any order: the listing orders them only when asked to. */
  synchronizations: EmulatedSynchronization[];
  settings: unknown[];
  repeatNextLink: boolean;
  nextLinkOrigin: 'primary' | 'secondary';
  nextLinkForm: LinkForm;
  retryAfter?: string;
  /** listSynchronizations requests without `$skipToken` so far: what makes synchronizations appear and move. */
  polls = 0;
  ignoreOrderBy: boolean;
  starts: EmulatedStart[];
  conflictCode: string;
  cancelStatus: string;
  cancelAfterPolls: number;
  detailsPageSize?: number;
  detailsError?: { status: number; code: string; message: string };
  /** What each synchronize asked for, in order: the modes recorded. */
  readonly synchronizeRequests: { synchronizationId: string; synchronizationMode: string }[] = [];
  /** The ids each cancelSynchronization named, in order. */
  readonly cancelRequests: string[] = [];
  /** The synchronizations A3 started: they run from their start, listed or not. */
  private readonly started = new WeakSet<EmulatedSynchronization>();
  /** The poll count at which each cancelled synchronization was cancelled. */
  private readonly cancelledAt = new WeakMap<EmulatedSynchronization, number>();
  /** When each cancel was asked for (ms): a cancelled synchronization ends about then, not at its planned end. */
  private readonly cancelAskedAt = new WeakMap<EmulatedSynchronization, number>();

  readonly scenario: DataShareScenario;
  constructor(scenario: DataShareScenario = {}) {
    this.scenario = scenario;
    this.pageSize = scenario.pageSize ?? 50;
    this.apiVersion = scenario.apiVersion ?? '2021-08-01';
    this.shareSubscription = scenario.shareSubscription;
    this.synchronizations = [...(scenario.synchronizations ?? [])];
    this.settings = scenario.settings ?? [];
    this.repeatNextLink = scenario.repeatNextLink ?? false;
    this.nextLinkOrigin = scenario.nextLinkOrigin ?? 'primary';
    this.nextLinkForm = scenario.nextLinkForm ?? 'absolute';
    this.retryAfter = scenario.retryAfter;
    this.ignoreOrderBy = scenario.ignoreOrderBy ?? false;
    this.starts = scenario.starts ?? [];
    this.conflictCode = scenario.conflictCode ?? 'Conflict';
    this.cancelStatus = scenario.cancel?.status ?? 'Cancelled';
    this.cancelAfterPolls = scenario.cancel?.afterPolls ?? 1;
    this.detailsPageSize = scenario.detailsPageSize;
    this.detailsError = scenario.detailsError;
    if (scenario.generatedHistory) this.generateHistory(scenario.generatedHistory);
  }

  /** Adds `count` finished synchronizations, cheaply: one small object each, older than all others. */
  generateHistory({
    count,
    newest,
    spacingMinutes = 60,
  }: NonNullable<DataShareScenario['generatedHistory']>) {
    const oldestGiven = Math.min(
      ...this.synchronizations.map((s) => Date.parse(s.startTime ?? '')).filter((t) => !Number.isNaN(t)),
    );
    const top = newest
      ? Date.parse(newest)
      : Number.isFinite(oldestGiven)
        ? oldestGiven - spacingMinutes * 60_000
        : DEFAULT_GENERATED_NEWEST;
    for (let i = 0; i < count; i++) {
      const start = top - i * spacingMinutes * 60_000;
      const durationMs = 60_000 + (i % 7) * 1_000;
      this.synchronizations.push({
        synchronizationId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        synchronizationMode: i % 10 === 0 ? 'FullSync' : 'Incremental',
        status: i % 13 === 5 ? 'Failed' : 'Succeeded',
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + durationMs).toISOString(),
        durationMs,
      });
    }
  }

  routes(emulator: Emulator): Route[] {
    return [
      {
        method: 'POST',
        path: new RegExp(`${SHARE_PATH}/listSynchronizations$`),
        handle: (ctx) => this.listSynchronizations(ctx, emulator),
      },
      {
        method: 'POST',
        path: new RegExp(`${SHARE_PATH}/listSourceShareSynchronizationSettings$`),
        handle: (ctx) => this.listSettings(ctx, emulator),
      },
      {
        method: 'POST',
        path: new RegExp(`${SHARE_PATH}/synchronize$`),
        handle: (ctx) => this.synchronize(ctx, emulator),
      },
      {
        method: 'POST',
        path: new RegExp(`${SHARE_PATH}/cancelSynchronization$`),
        handle: (ctx) => this.cancelSynchronization(ctx, emulator),
      },
      {
        method: 'POST',
        path: new RegExp(`${SHARE_PATH}/listSynchronizationDetails$`),
        handle: (ctx) => this.listSynchronizationDetails(ctx, emulator),
      },
    ];
  }

  /** A3: starts the next of `starts`, unless one runs (409). */
  private synchronize(ctx: RequestContext, emulator: Emulator): void {
    const body = this.acceptJson(ctx, emulator, 'synchronizationMode');
    if (!body) return;
    const mode = body.synchronizationMode;
    if (mode !== 'Incremental' && mode !== 'FullSync') {
      return error(
        ctx,
        400,
        'InvalidSynchronizationMode',
        `'${String(mode)}' is not a synchronization mode.`,
      );
    }
    const running = this.synchronizations.find((s) => this.runs(s));
    if (running) {
      return error(
        ctx,
        409,
        this.conflictCode,
        `Synchronization ${running.synchronizationId} is in progress for share subscription '${ctx.params[3]}'.`,
      );
    }
    const template = this.starts[Math.min(this.synchronizeRequests.length, this.starts.length - 1)] ?? {};
    const now = Date.now();
    const durationMs = template.durationMs ?? 60_000;
    const sync: EmulatedSynchronization = {
      synchronizationId: randomUUID(),
      synchronizationMode: mode,
      startTime: new Date(now).toISOString(),
      endTime: new Date(now + durationMs).toISOString(),
      durationMs,
      message: template.message,
      statuses: template.statuses ?? ['Queued', 'InProgress', 'Succeeded'],
      appearAfterPolls: this.polls + (template.appearAfterPolls ?? 0),
      details: template.details,
      generatedDetails: template.generatedDetails,
    };
    this.started.add(sync);
    this.synchronizations.push(sync);
    this.synchronizeRequests.push({ synchronizationId: sync.synchronizationId, synchronizationMode: mode });
    const answer = {
      ...(template.omitId ? {} : { synchronizationId: sync.synchronizationId }),
      status: template.answer === 200 ? sync.statuses![0] : 'Accepted',
      startTime: sync.startTime,
    };
    if (template.answer === 200) return sendJson(ctx, 200, answer);
    const operation = new URL(
      `${ctx.url.pathname.replace(/\/synchronize$/, '')}/operationResults/${sync.synchronizationId}?api-version=${this.apiVersion}`,
      emulator.url,
    );
    sendJson(ctx, 202, answer, { 'vendor-asyncoperation': operation.href });
  }

  /** A4: a running one ends with `cancelStatus` `cancelAfterPolls` listings later; an ended one stays as it is. */
  private cancelSynchronization(ctx: RequestContext, emulator: Emulator): void {
    const body = this.acceptJson(ctx, emulator, 'synchronizationId');
    if (!body) return;
    const sync = this.byId(body.synchronizationId);
    if (!sync) return notFound(ctx, body.synchronizationId);
    this.cancelRequests.push(sync.synchronizationId);
    const status = this.statusAt(sync, this.polls + 1);
    if (!this.runs(sync)) return sendJson(ctx, 200, present(sync, status));
    if (!this.cancelledAt.has(sync)) {
      this.cancelledAt.set(sync, this.polls);
      this.cancelAskedAt.set(sync, Date.now());
    }
    // The vendor's sample: 202 with status Queued while the cancel is under way.
    sendJson(ctx, 202, { ...present(sync, status), status: 'Queued' });
  }

  /** A5: the datasets of one synchronization, paged by `$skipToken`. */
  private listSynchronizationDetails(ctx: RequestContext, emulator: Emulator): void {
    const body = this.acceptJson(ctx, emulator, 'synchronizationId');
    if (!body) return;
    if (this.detailsError) {
      const { status, code, message } = this.detailsError;
      return error(ctx, status, code, message);
    }
    const sync = this.byId(body.synchronizationId);
    if (!sync) return notFound(ctx, body.synchronizationId);
    const token = ctx.url.searchParams.get('$skipToken');
    const offset = token === null ? 0 : parseToken(token)?.offset;
    if (offset === undefined) {
      return error(ctx, 400, 'InvalidSkipToken', 'The $skipToken is not valid.', '$skipToken');
    }
    const all = detailsOf(sync);
    const size = this.detailsPageSize ?? this.pageSize;
    const next = offset + size < all.length;
    sendJson(ctx, 200, {
      value: all.slice(offset, offset + size),
      ...(next ? { nextLink: this.nextLink(ctx, emulator, makeToken(0, offset + size)) } : {}),
    });
  }

  private byId(id: unknown): EmulatedSynchronization | undefined {
    const wanted = String(id).toLowerCase();
    return this.synchronizations.find((s) => s.synchronizationId.toLowerCase() === wanted);
  }

  /** Runs now: as the latest listing shows it, or started by A3 and not listed yet. */
  private runs(s: EmulatedSynchronization): boolean {
    const listed = this.polls > (s.appearAfterPolls ?? 0);
    if (!listed && !this.started.has(s)) return false;
    return !TERMINAL.has(
      (this.statusAt(s, Math.max(this.polls, (s.appearAfterPolls ?? 0) + 1)) ?? '').toLowerCase(),
    );
  }

  /** Its status in the listing of poll `snapshot` (where it is present there), a cancel included. */
  private statusAt(s: EmulatedSynchronization, snapshot: number): string | undefined {
    const own = (n: number) =>
      s.statuses?.length
        ? s.statuses[Math.max(0, Math.min(n - (s.appearAfterPolls ?? 0) - 1, s.statuses.length - 1))]!
        : s.status;
    const cancelled = this.cancelledAt.get(s);
    if (cancelled === undefined) return own(snapshot);
    const effect = cancelled + this.cancelAfterPolls;
    if (snapshot < effect || TERMINAL.has((own(effect) ?? '').toLowerCase())) return own(snapshot);
    return this.cancelStatus;
  }

  private listSynchronizations(ctx: RequestContext, emulator: Emulator): void {
    if (!this.accept(ctx, emulator)) return;
    const query = ctx.url.searchParams;
    const token = query.get('$skipToken');
    let snapshot: number;
    let offset = 0;
    if (token === null) {
      snapshot = ++this.polls;
    } else {
      const parsed = parseToken(token);
      if (!parsed) return error(ctx, 400, 'InvalidSkipToken', 'The $skipToken is not valid.', '$skipToken');
      ({ snapshot, offset } = parsed);
    }
    const filter = parseFilter(query.get('$filter'));
    if (filter === 'invalid') {
      return error(ctx, 400, 'InvalidFilter', "Only $filter=status eq '<status>' is supported.", '$filter');
    }
    const order = parseOrderBy(query.get('$orderby'));
    if (order === 'invalid') {
      return error(
        ctx,
        400,
        'InvalidOrderBy',
        'Only $orderby=startTime [asc|desc] or durationMs [asc|desc] is supported.',
        '$orderby',
      );
    }
    // A listing's pages all show the state of the poll that began it, as a snapshot token would.
    let items = this.visible(snapshot);
    if (filter) items = items.filter((s) => (s.status ?? '').toLowerCase() === filter.toLowerCase());
    if (order && !this.ignoreOrderBy) items = sortBy(items, order.key, order.desc);
    const value = items.slice(offset, offset + this.pageSize);
    const next = offset + this.pageSize < items.length;
    const nextToken = makeToken(
      snapshot,
      this.repeatNextLink && token !== null ? offset : offset + this.pageSize,
    );
    const headers: Record<string, string> = this.retryAfter ? { 'retry-after': this.retryAfter } : {};
    sendJson(
      ctx,
      200,
      { value, ...(next ? { nextLink: this.nextLink(ctx, emulator, nextToken) } : {}) },
      headers,
    );
  }

  private listSettings(ctx: RequestContext, emulator: Emulator): void {
    if (!this.accept(ctx, emulator)) return;
    const token = ctx.url.searchParams.get('$skipToken');
    const offset = token === null ? 0 : parseToken(token)?.offset;
    if (offset === undefined) {
      return error(ctx, 400, 'InvalidSkipToken', 'The $skipToken is not valid.', '$skipToken');
    }
    const value = this.settings.slice(offset, offset + this.pageSize);
    const next = offset + this.pageSize < this.settings.length;
    sendJson(ctx, 200, {
      value,
      ...(next ? { nextLink: this.nextLink(ctx, emulator, makeToken(0, offset + this.pageSize)) } : {}),
    });
  }

  /** The checks every area A request passes: bearer, the share subscription, api-version, an empty POST. */
  private accept(ctx: RequestContext, emulator: Emulator): boolean {
    if (!this.acceptShare(ctx, emulator)) return false;
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
  private acceptJson(
    ctx: RequestContext,
    emulator: Emulator,
    field: string,
  ): Record<string, unknown> | undefined {
    if (!this.acceptShare(ctx, emulator)) return undefined;
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
  private acceptShare(ctx: RequestContext, emulator: Emulator): boolean {
    if (!emulator.checkBearer(ctx)) return false;
    const name = ctx.params[3];
    if (this.shareSubscription !== undefined && name !== this.shareSubscription) {
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
    if (version !== this.apiVersion) {
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

  /** The synchronizations as the listing of poll `snapshot` shows them. */
  private visible(snapshot: number): EmulatedSynchronization[] {
    const out: EmulatedSynchronization[] = [];
    for (const s of this.synchronizations) {
      const appear = s.appearAfterPolls ?? 0;
      if (snapshot <= appear) continue;
      const moves =
        s.statuses?.length ||
        s.appearAfterPolls !== undefined ||
        s.startTimeAfterPolls !== undefined ||
        this.cancelledAt.has(s);
      if (!moves) {
        out.push(s);
        continue;
      }
      const queued = snapshot - appear <= (s.startTimeAfterPolls ?? 0);
      const status = this.statusAt(s, snapshot);
      const shown = present(s, status, queued);
      const asked = this.cancelAskedAt.get(s);
      if (asked !== undefined && status === this.cancelStatus && shown.endTime) {
        shown.endTime = new Date(asked).toISOString();
        shown.durationMs = Math.max(0, asked - (Date.parse(s.startTime ?? '') || asked));
      }
      out.push(shown);
    }
    return out;
  }

  private nextLink(ctx: RequestContext, emulator: Emulator, token: string): string {
    const origin = this.nextLinkOrigin === 'secondary' ? emulator.secondUrl : emulator.url;
    const url = new URL(ctx.url.pathname + ctx.url.search, origin);
    url.searchParams.set('$skipToken', token);
    return shapeLink(url.href, this.nextLinkForm);
  }
}

/** The service's view of a record: knobs dropped, an end only once it has ended, no start while queued. */
function present(
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
function sortBy(items: EmulatedSynchronization[], key: 'startTime' | 'durationMs', desc: boolean) {
  const value = (s: EmulatedSynchronization) =>
    key === 'startTime' ? Date.parse(s.startTime ?? '') || Infinity : (s.durationMs ?? 0);
  return [...items].sort((a, b) => {
    const [x, y] = desc ? [value(b), value(a)] : [value(a), value(b)];
    return x === y ? 0 : x < y ? -1 : 1;
  });
}

/** The datasets A5 lists: the given ones, or `count` generated, the first `failed` of them Failed. */
function detailsOf(s: EmulatedSynchronization): EmulatedDatasetDetail[] {
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

function notFound(ctx: RequestContext, id: unknown): void {
  error(ctx, 404, 'ResourceNotFound', `The synchronization '${String(id)}' was not found.`);
}

function parseFilter(raw: string | null): string | undefined | 'invalid' {
  if (raw === null) return undefined;
  const m = /^\s*status\s+eq\s+'([^']*)'\s*$/i.exec(raw);
  return m ? m[1]! : 'invalid';
}

function parseOrderBy(
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

function makeToken(snapshot: number, offset: number): string {
  return Buffer.from(`${snapshot}:${offset}`).toString('base64url');
}

function parseToken(token: string): { snapshot: number; offset: number } | undefined {
  const m = /^(\d+):(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return m ? { snapshot: Number(m[1]), offset: Number(m[2]) } : undefined;
}

/** Area A's error shape: `{ error: { code, message, target, details } }`. */
function error(ctx: RequestContext, status: number, code: string, message: string, target?: string): void {
  sendJson(ctx, status, { error: { code, message, ...(target ? { target } : {}), details: [] } });
}
