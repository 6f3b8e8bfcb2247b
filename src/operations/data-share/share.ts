import type { HttpClient, HttpRequest, HttpResponse } from '../../client/http.js';
import { listPages, type Page } from '../../client/pages.js';
import { parseRetryAfter } from '../../client/retry.js';
import {
  synchronizationDetailListSchema,
  synchronizationListSchema,
  type Synchronization,
  type SynchronizationDetail,
} from '../../client/schemas/data-share.js';
import { joinUrl, servicePath } from '../../client/url.js';
import { required, withDefault, type ClientOptions, type OptionsOf } from '../module.js';
import type { OperationContext } from '../types.js';

/** The inputs that name a share subscription, which every synchronization operation reads. */
export const SHARE_INPUTS = {
  apiVersion: withDefault('api-version', '2021-08-01'),
  subscriptionId: required('subscription-id'),
  resourceGroup: required('resource-group'),
  accountName: required('account-name'),
  shareSubscription: required('share-subscription'),
};

/** The inputs every synchronization operation reads to name its share subscription, as the registry types them. */
export type ShareSubscriptionOptions = OptionsOf<typeof SHARE_INPUTS> & ClientOptions<'resource-manager'>;

/**
 * A share subscription's endpoints (A1–A5). The lists are reads (bodiless POSTs, or A5's POST with a body);
 * synchronize and cancelSynchronization are changes, the default of a POST.
 */
export class ShareSubscription {
  /** The `Retry-After` of the last listSynchronizations answer, in ms: the wait before the next poll. */
  retryAfterMs?: number;
  /** When the step opened it, which is when its run started: how long it waited, in a time-out's message. */
  private readonly openedAt: number;
  private readonly path: string;

  readonly options: ShareSubscriptionOptions;
  private readonly client: HttpClient;
  private readonly ctx: OperationContext;
  constructor(options: ShareSubscriptionOptions, client: HttpClient, ctx: OperationContext) {
    this.options = options;
    this.client = client;
    this.ctx = ctx;
    this.openedAt = ctx.clock.now();
    const o = options;
    this.path = servicePath`/subscriptions/${o.subscriptionId}/resourceGroups/${o.resourceGroup}/providers/Vendor.DataShare/accounts/${o.accountName}/shareSubscriptions/${o.shareSubscription}`;
  }

  /** Since the step opened the share subscription, in ms. */
  waitedMs(): number {
    return this.ctx.clock.now() - this.openedAt;
  }

  url(action: string, query: Record<string, string | undefined> = {}): URL {
    return joinUrl(this.options.baseUrl, `${this.path}/${action}`, {
      'api-version': this.options.apiVersion,
      ...query,
    });
  }

  /** A1, lazily paged; each answer's Retry-After is kept for the next poll. */
  listSynchronizations(query: Record<string, string | undefined>): AsyncIterable<Page<Synchronization>> {
    this.retryAfterMs = undefined;
    // A bodiless POST: the client sends Content-Length: 0.
    return listPages(this.client, {
      method: 'POST',
      url: this.url('listSynchronizations', query),
      schema: synchronizationListSchema,
      what: 'listSynchronizations',
      signal: this.ctx.signal,
      onResponse: (response: HttpResponse) =>
        (this.retryAfterMs = parseRetryAfter(response.headers['retry-after'], this.ctx.clock.now())),
    });
  }

  /** A5 for one synchronization, lazily paged: a POST with the same body on every page, a read like the others. */
  listSynchronizationDetails(synchronizationId: string): AsyncIterable<Page<SynchronizationDetail>> {
    return listPages(this.client, {
      method: 'POST',
      url: this.url('listSynchronizationDetails'),
      schema: synchronizationDetailListSchema,
      what: 'listSynchronizationDetails',
      json: { synchronizationId },
      signal: this.ctx.signal,
    });
  }

  /** A3 or A4: a change, sent once where it may have reached the service (the client's rule). */
  async change(
    action: 'synchronize' | 'cancelSynchronization',
    json: Record<string, string>,
    extra: Pick<HttpRequest, 'hint' | 'afterCancel' | 'clientRequestId'> = {},
  ): Promise<HttpResponse> {
    return this.client.send({ method: 'POST', url: this.url(action), json, ...extra });
  }
}
