import {
  sendJson,
  shapeLink,
  type AreaModule,
  type Emulator,
  type RequestContext,
  type Route,
} from '../emulator.js';
import { SHARE_PATH } from './data-share-scenario.js';
import {
  accept,
  acceptJson,
  startedFrom,
  present,
  sortBy,
  detailsOf,
  notFound,
  byId,
  listingQuery,
  makeToken,
  parseToken,
  error,
} from './data-share-wire.js';
import { DataShareState } from './data-share-state.js';

export * from './data-share-scenario.js';

/**
 * Area A: synchronizations of a share subscription and its source share's synchronization settings, its five routes
 * (its state, and how the polls move it: data-share-state.ts).
 */
export class DataShareArea extends DataShareState implements AreaModule {
  readonly name = 'data-share';

  routes(emulator: Emulator): Route[] {
    const post = (action: string, handle: (ctx: RequestContext, emulator: Emulator) => void): Route => ({
      method: 'POST',
      path: new RegExp(`${SHARE_PATH}/${action}$`),
      handle: (ctx) => handle.call(this, ctx, emulator),
    });
    return [
      post('listSynchronizations', this.listSynchronizations),
      post('listSourceShareSynchronizationSettings', this.listSettings),
      post('synchronize', this.synchronize),
      post('cancelSynchronization', this.cancelSynchronization),
      post('listSynchronizationDetails', this.listSynchronizationDetails),
    ];
  }

  /** A3: starts the next of `starts`, unless one runs (409). */
  private synchronize(ctx: RequestContext, emulator: Emulator): void {
    const body = acceptJson(ctx, emulator, this, 'synchronizationMode');
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
    const sync = startedFrom(template, mode, this.polls);
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
    const body = acceptJson(ctx, emulator, this, 'synchronizationId');
    if (!body) return;
    const sync = byId(this.synchronizations, body.synchronizationId);
    if (!sync) return notFound(ctx, body.synchronizationId);
    this.cancelRequests.push(sync.synchronizationId);
    const status = this.statusAt(sync, this.polls + 1);
    const refused = this.scenario.cancelEnded;
    if (!this.runs(sync) && refused) return error(ctx, refused.status, refused.code, refused.message);
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
    const body = acceptJson(ctx, emulator, this, 'synchronizationId');
    if (!body) return;
    if (this.detailsError) {
      const { status, code, message } = this.detailsError;
      return error(ctx, status, code, message);
    }
    const sync = byId(this.synchronizations, body.synchronizationId);
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

  private listSynchronizations(ctx: RequestContext, emulator: Emulator): void {
    if (!accept(ctx, emulator, this)) return;
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
    const shape = listingQuery(ctx);
    if (!shape) return;
    const { filter, order } = shape;
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
    if (!accept(ctx, emulator, this)) return;
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

  private nextLink(ctx: RequestContext, emulator: Emulator, token: string): string {
    const origin = this.nextLinkOrigin === 'secondary' ? emulator.secondUrl : emulator.url;
    const url = new URL(ctx.url.pathname + ctx.url.search, origin);
    url.searchParams.set('$skipToken', token);
    return shapeLink(url.href, this.nextLinkForm);
  }
}
