import { describe, expect, it } from '@jest/globals';
import { VirtualClock } from '../../../../src/client/clock.js';
import { HttpClient, intentOf, type HttpRequest, type HttpResponse } from '../../../../src/client/http.js';
import { ShareSubscription } from '../../../../src/operations/data-share/share.js';
import type { OperationContext } from '../../../../src/operations/types.js';
import { fakeTransport } from '../../../helpers/fake-transport.js';

/**
 * What each area A request says it does: the client's retry rule and the dry run key on it, so a list must say
 * `read` and a synchronize or cancel must be a change.
 */
function recordingShare() {
  const sent: HttpRequest[] = [];
  const clock = new VirtualClock(0);
  // A real client over a fake wire, told of each request as the operation hands it over.
  const client = new (class extends HttpClient {
    override send(req: HttpRequest): Promise<HttpResponse> {
      sent.push(req);
      return super.send(req);
    }
  })({
    origin: 'https://management.example',
    clock,
    dispatcher: fakeTransport(() => ({ status: 200, json: { value: [] } })),
  });
  const ctx: OperationContext = {
    clock,
    logger: { info() {}, warning() {}, debug() {}, group: (_n, work) => work() },
    deadline: 60_000,
    pollIntervalMs: 1_000,
  };
  const share = new ShareSubscription(
    {
      baseUrl: new URL('https://management.example'),
      apiVersion: '2021-08-01',
      subscriptionId: 'sub',
      resourceGroup: 'rg',
      accountName: 'acct',
      shareSubscription: 'share',
    },
    client,
    ctx,
  );
  return { share, sent };
}

describe('ShareSubscription', () => {
  it('reads with the lists (A1, A5) and changes with synchronize and cancelSynchronization (A3, A4)', async () => {
    const { share, sent } = recordingShare();
    for await (const page of share.listSynchronizations({})) void page;
    for await (const page of share.listSynchronizationDetails('s1')) void page;
    await share.change('synchronize', { synchronizationMode: 'FullSync' });
    await share.change('cancelSynchronization', { synchronizationId: 's1' }, { afterCancel: true });
    expect(sent.map((r) => [new URL(String(r.url)).pathname.split('/').pop(), intentOf(r)])).toEqual([
      ['listSynchronizations', 'read'],
      ['listSynchronizationDetails', 'read'],
      ['synchronize', 'change'],
      ['cancelSynchronization', 'change'],
    ]);
    expect(sent[1]!.json).toEqual({ synchronizationId: 's1' });
    expect(sent[2]!.json).toEqual({ synchronizationMode: 'FullSync' });
    expect(sent[3]!.afterCancel).toBe(true);
    expect(sent.every((r) => r.method === 'POST')).toBe(true);
  });
});
