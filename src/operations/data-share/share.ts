import { parseBody, type HttpClient, type HttpRequest, type HttpResponse } from '../../client/http.js';
import { listPages, pages, type Page } from '../../client/pages.js';
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
  private readonly path: string;

  readonly options: ShareSubscriptionOptions;
  private readonly client: HttpClient;
  private readonly ctx: OperationContext;
  constructor(options: ShareSubscriptionOptions, client: HttpClient, ctx: OperationContext) {
    this.options = options;
    this.client = client;
    this.ctx = ctx;
    const o = options;
    this.path = servicePath`/subscriptions/${o.subscriptionId}/resourceGroups/${o.resourceGroup}/providers/Vendor.DataShare/accounts/${o.accountName}/shareSubscriptions/${o.shareSubscription}`;
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
    return listPages(
      this.client,
      'POST',
      this.url('listSynchronizations', query),
      synchronizationListSchema,
      'listSynchronizations',
      {
        signal: this.ctx.signal,
        onResponse: (response: HttpResponse) =>
          (this.retryAfterMs = parseRetryAfter(response.headers['retry-after'], this.ctx.clock.now())),
      },
    );
  }

  /**
   * A5 for one synchronization, lazily paged. A POST with a body on every page, which `listPages` does not send,
   * so its pager `pages` is driven here; a read, like the other lists.
   */
  listSynchronizationDetails(synchronizationId: string): AsyncIterable<Page<SynchronizationDetail>> {
    const what = 'listSynchronizationDetails';
    const read = async (url: URL | string, urlWhat?: string) => {
      const response = await this.client.send({
        method: 'POST',
        url,
        what: urlWhat,
        json: { synchronizationId },
        intent: 'read',
      });
      const body = parseBody(response, synchronizationDetailListSchema, what);
      return { value: body.value ?? [], nextLink: body.nextLink };
    };
    const listing = this.url(what);
    // The nextLink must keep A5's path (the client's rule): a POST with a body goes nowhere else.
    return pages(
      () => read(listing),
      (link) => read(link, 'nextLink'),
      { signal: this.ctx.signal, what, listing },
    );
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
