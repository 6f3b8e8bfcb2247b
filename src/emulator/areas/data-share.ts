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
 *   "retryAfter": "2"                            // a Retry-After header on every listSynchronizations answer
 * }
 * ```
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

  constructor(readonly scenario: DataShareScenario = {}) {
    this.pageSize = scenario.pageSize ?? 50;
    this.apiVersion = scenario.apiVersion ?? '2021-08-01';
    this.shareSubscription = scenario.shareSubscription;
    this.synchronizations = [...(scenario.synchronizations ?? [])];
    this.settings = scenario.settings ?? [];
    this.repeatNextLink = scenario.repeatNextLink ?? false;
    this.nextLinkOrigin = scenario.nextLinkOrigin ?? 'primary';
    this.nextLinkForm = scenario.nextLinkForm ?? 'absolute';
    this.retryAfter = scenario.retryAfter;
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
    ];
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
    if (order) items = sortBy(items, order.key, order.desc);
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

  /** The synchronizations as the listing of poll `snapshot` shows them. */
  private visible(snapshot: number): EmulatedSynchronization[] {
    const out: EmulatedSynchronization[] = [];
    for (const s of this.synchronizations) {
      const appear = s.appearAfterPolls ?? 0;
      if (snapshot <= appear) continue;
      if (!s.statuses?.length && s.appearAfterPolls === undefined) {
        out.push(s);
        continue;
      }
      const status = s.statuses?.length
        ? s.statuses[Math.min(snapshot - appear - 1, s.statuses.length - 1)]!
        : s.status;
      out.push(present(s, status));
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

/** The service's view of a record: knobs dropped, an end only once it has ended. */
function present(s: EmulatedSynchronization, status: string | undefined): EmulatedSynchronization {
  const ended = TERMINAL.has((status ?? '').toLowerCase());
  return {
    synchronizationId: s.synchronizationId,
    synchronizationMode: s.synchronizationMode,
    status,
    message: s.message,
    startTime: s.startTime,
    ...(ended ? { endTime: s.endTime, durationMs: s.durationMs } : {}),
  };
}

function sortBy(items: EmulatedSynchronization[], key: 'startTime' | 'durationMs', desc: boolean) {
  const value = (s: EmulatedSynchronization) =>
    key === 'startTime' ? Date.parse(s.startTime ?? '') || 0 : (s.durationMs ?? 0);
  return [...items].sort((a, b) => (desc ? value(b) - value(a) : value(a) - value(b)));
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
