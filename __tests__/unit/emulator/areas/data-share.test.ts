import { afterEach, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../../../src/emulator/index.js';
import type { DataShareScenario } from '../../../../src/emulator/areas/data-share.js';

/** The emulator's A3–A5 as a client sees them on the wire: what the operations' tests rely on. */
let emu: ServiceEmulator;
afterEach(async () => {
  await emu?.close();
});

const SHARE =
  '/subscriptions/sub/resourceGroups/rg/providers/Vendor.DataShare/accounts/acct/shareSubscriptions/share';

/** The fields these tests read from an answer. */
interface Answer {
  value: Record<string, unknown>[];
  nextLink?: string;
  error: { code: string };
  synchronizationId?: string;
  status?: string;
}

async function post(action: string, body?: unknown) {
  const url = new URL(`${emu.url}${SHARE}/${action}`);
  url.searchParams.set('api-version', '2021-08-01');
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: 'Bearer emu-access-token',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? '' : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer };
}

const list = async () => (await post('listSynchronizations')).body.value;

describe('the emulator’s synchronize, cancelSynchronization and listSynchronizationDetails', () => {
  async function setUp(dataShare: DataShareScenario) {
    emu = await startEmulator({ dataShare });
    return emu.dataShare;
  }

  it('starts with a 202 in the vendor’s shape, records the mode, and refuses a second start with 409', async () => {
    const area = await setUp({ starts: [{ statuses: ['InProgress'] }] });
    const first = await post('synchronize', { synchronizationMode: 'FullSync' });
    expect(first.status).toBe(202);
    expect(first.body).toEqual({
      synchronizationId: expect.any(String),
      status: 'Accepted',
      startTime: expect.any(String),
    });
    expect(first.headers.get('vendor-asyncoperation')).toContain(
      `/operationResults/${first.body.synchronizationId}?api-version=2021-08-01`,
    );
    expect(area.synchronizeRequests).toEqual([
      { synchronizationId: first.body.synchronizationId, synchronizationMode: 'FullSync' },
    ]);
    // Running before it is listed, and after.
    const again = await post('synchronize', { synchronizationMode: 'Incremental' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('Conflict');
    expect(await list()).toEqual([expect.objectContaining({ status: 'InProgress' })]);
    expect((await post('synchronize', { synchronizationMode: 'Incremental' })).status).toBe(409);
  });

  it('refuses a body without its required field, or not JSON', async () => {
    await setUp({});
    expect((await post('synchronize', {})).body.error.code).toBe('InvalidRequestBody');
    expect((await post('synchronize', { synchronizationMode: 'Nightly' })).status).toBe(400);
    expect((await post('cancelSynchronization')).body.error.code).toBe('InvalidRequestBody');
    expect((await post('listSynchronizationDetails', { synchronizationId: 'nope' })).status).toBe(404);
  });

  it('ends a cancelled one with the cancel status in the next listing, unless it ended first', async () => {
    await setUp({
      cancel: { status: 'Canceled' },
      synchronizations: [
        { synchronizationId: 'a', startTime: '2026-01-02T00:00:00Z', statuses: ['InProgress'] },
        { synchronizationId: 'b', startTime: '2026-01-01T00:00:00Z', status: 'Succeeded' },
      ],
    });
    await list();
    const cancel = await post('cancelSynchronization', { synchronizationId: 'A' });
    expect(cancel.status).toBe(202);
    expect(cancel.body.status).toBe('Queued');
    expect((await list()).map((s) => s.status)).toEqual(['Canceled', 'Succeeded']);
    // An ended one is answered as it is.
    const ended = await post('cancelSynchronization', { synchronizationId: 'b' });
    expect(ended.status).toBe(200);
    expect(ended.body.status).toBe('Succeeded');
  });

  it('lists a queued run without a start, first in startTime desc, and ignores $orderby when told', async () => {
    const area = await setUp({
      synchronizations: [
        { synchronizationId: 'old', startTime: '2026-01-01T00:00:00Z', status: 'Succeeded' },
        {
          synchronizationId: 'q',
          startTime: '2026-01-02T00:00:00Z',
          startTimeAfterPolls: 1,
          statuses: ['Queued', 'InProgress'],
        },
      ],
    });
    const desc = async () => (await post('listSynchronizations?$orderby=startTime%20desc')).body.value;
    area.polls = 0;
    const first = await desc();
    expect(first.map((s) => s.synchronizationId)).toEqual(['q', 'old']);
    expect(first[0]!.startTime).toBeUndefined();
    expect((await desc())[0]!.startTime).toBe('2026-01-02T00:00:00Z');
    area.ignoreOrderBy = true;
    expect((await desc()).map((s) => s.synchronizationId)).toEqual(['old', 'q']);
  });

  it('pages the datasets of a synchronization, and fails them as told', async () => {
    const area = await setUp({
      detailsPageSize: 2,
      synchronizations: [
        { synchronizationId: 's', status: 'Failed', generatedDetails: { count: 3, failed: 2 } },
      ],
    });
    const page1 = await post('listSynchronizationDetails', { synchronizationId: 's' });
    expect(page1.body.value.map((d) => d.status)).toEqual(['Failed', 'Failed']);
    const next = new URL(page1.body.nextLink!);
    const page2 = await fetch(next, {
      method: 'POST',
      headers: { authorization: 'Bearer emu-access-token', 'content-type': 'application/json' },
      body: JSON.stringify({ synchronizationId: 's' }),
    });
    const body2 = (await page2.json()) as { value: { status: string }[]; nextLink?: string };
    expect(body2.value.map((d) => d.status)).toEqual(['Succeeded']);
    expect(body2.nextLink).toBeUndefined();
    area.detailsError = { status: 403, code: 'AuthorizationFailed', message: 'no' };
    const failed = await post('listSynchronizationDetails', { synchronizationId: 's' });
    expect(failed.status).toBe(403);
    expect(failed.body.error.code).toBe('AuthorizationFailed');
  });
});
