import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { Agent } from 'undici';
import { VirtualClock } from '../../../../src/client/clock.js';
import { HttpClient } from '../../../../src/client/http.js';
import { startEmulator, type ServiceEmulator } from '../../../../src/emulator/index.js';
import type { DataShareScenario } from '../../../../src/emulator/areas/data-share.js';
import type { Logger, OperationContext } from '../../../../src/operations/types.js';
import { waitForSync } from '../../../../src/operations/data-share/wait-for-sync-run.js';
import type { WaitForSyncOptions } from '../../../../src/operations/data-share/options.js';

/** The operation in-process against the emulator, on a virtual clock: many polls in milliseconds. */
let emu: ServiceEmulator;
let agent: Agent;
beforeEach(() => {
  agent = new Agent();
});
afterEach(async () => {
  await emu?.close();
  await agent.close();
});

const LIST = /\/listSynchronizations$/;

async function setUp(dataShare: DataShareScenario) {
  emu = await startEmulator({ dataShare });
  const clock = new VirtualClock(Date.parse('2026-11-22T12:00:00Z'));
  const lines: string[] = [];
  const logger: Logger = {
    info: (l) => lines.push(l),
    warning: (l) => lines.push(`warning: ${l}`),
    debug: () => {},
    group: (_n, work) => work(),
  };
  const controller = new AbortController();
  const client = new HttpClient({
    origin: emu.url,
    dispatcher: agent,
    clock,
    signal: controller.signal,
    credential: { headers: async () => ({ authorization: 'Bearer emu-access-token' }) },
  });
  const ctx: OperationContext = {
    clock,
    logger,
    signal: controller.signal,
    deadline: clock.now() + 60_000,
    pollIntervalMs: 5_000,
  };
  const options: WaitForSyncOptions = {
    baseUrl: new URL(emu.url),
    apiVersion: '2021-08-01',
    subscriptionId: 'sub',
    resourceGroup: 'rg',
    accountName: 'acct',
    shareSubscription: 'share',
  };
  return { clock, lines, client, ctx, options, controller };
}

const running = (id: string, startTime: string, statuses: string[], extra: object = {}) => ({
  synchronizationId: id,
  synchronizationMode: 'Incremental',
  startTime,
  endTime: '2026-11-22T12:10:00Z',
  durationMs: 600_000,
  statuses,
  ...extra,
});

describe('waitForSync against the emulator', () => {
  it('reads one page per poll over a 10 000-record history in 100 pages, following the newest', async () => {
    const newest = running('new', '2026-11-22T11:59:00Z', [
      'Queued',
      'InProgress',
      'InProgress',
      'Succeeded',
    ]);
    const t = await setUp({ pageSize: 100, synchronizations: [newest], generatedHistory: { count: 9_999 } });
    const result = await waitForSync(t.options, t.client, t.ctx);
    expect(result.failure).toBeUndefined();
    expect(result.outputs['synchronization-id']).toBe('new');
    expect(result.outputs['synchronization-status']).toBe('Succeeded');
    const lists = emu.requestsTo(LIST);
    expect(emu.dataShare.polls).toBe(4);
    expect(lists).toHaveLength(4);
    expect(lists.every((r) => !r.url.searchParams.has('$skipToken'))).toBe(true);
    // One line per change of status: Queued, InProgress, Succeeded.
    expect(t.lines.filter((l) => l.startsWith('Synchronization new:'))).toEqual([
      'Synchronization new: Queued',
      'Synchronization new: InProgress',
      'Synchronization new: Succeeded',
    ]);
    expect(t.clock.sleeps).toEqual([5_000, 5_000, 5_000]);
  });

  it('reads all 100 pages once for the user’s own orderby, then one page per poll', async () => {
    const newest = running('new', '2026-11-22T11:59:00Z', ['InProgress', 'Succeeded'], { durationMs: 1 });
    const t = await setUp({ pageSize: 100, synchronizations: [newest], generatedHistory: { count: 9_999 } });
    const result = await waitForSync({ ...t.options, orderby: 'durationMs desc' }, t.client, t.ctx);
    expect(result.outputs['synchronization-id']).toBe('new');
    const lists = emu.requestsTo(LIST);
    expect(lists).toHaveLength(101);
    expect(lists.slice(0, 100).every((r) => r.url.searchParams.get('$orderby') === 'durationMs desc')).toBe(
      true,
    );
    expect(lists[100]!.url.searchParams.get('$orderby')).toBe('startTime desc');
  });

  it('looks the chosen synchronization up without the filter, which would hide it once it ends', async () => {
    const t = await setUp({
      synchronizations: [running('s1', '2026-11-22T11:00:00Z', ['InProgress', 'InProgress', 'Succeeded'])],
    });
    const result = await waitForSync({ ...t.options, filter: "status eq 'InProgress'" }, t.client, t.ctx);
    expect(result.failure).toBeUndefined();
    expect(result.outputs['synchronization-status']).toBe('Succeeded');
    const filters = emu.requestsTo(LIST).map((r) => r.url.searchParams.get('$filter'));
    expect(filters).toEqual(["status eq 'InProgress'", null, null]);
  });

  it('waits as long as the service’s Retry-After says', async () => {
    const t = await setUp({
      retryAfter: '7',
      synchronizations: [running('s1', '2026-11-22T11:00:00Z', ['InProgress', 'Succeeded'])],
    });
    await waitForSync(t.options, t.client, t.ctx);
    expect(t.clock.sleeps).toEqual([7_000]);
  });

  it('times out at the deadline, naming the last status', async () => {
    const t = await setUp({ synchronizations: [running('s1', '2026-11-22T11:00:00Z', ['InProgress'])] });
    const result = await waitForSync(t.options, t.client, { ...t.ctx, deadline: t.clock.now() + 12_000 });
    expect(result.failure).toBe(
      'Timed out after 12 s waiting for synchronization s1; last status: InProgress.',
    );
    expect(t.clock.sleeps).toEqual([5_000, 5_000, 2_000]);
    expect(result.outputs['synchronization-id']).toBe('s1');
  });

  it('says when synchronizations are listed but none started after the given time', async () => {
    const t = await setUp({ synchronizations: [running('old', '2026-11-20T11:00:00Z', ['Succeeded'])] });
    const result = await waitForSync(
      { ...t.options, startedAfter: new Date('2026-11-22T00:00:00Z') },
      t.client,
      { ...t.ctx, deadline: t.clock.now() + 10_000 },
    );
    expect(result.failure).toBe(
      'Timed out after 10 s: no synchronization started at or after 2026-11-22T00:00:00.000Z appeared (other synchronizations are listed, none of them matching).',
    );
  });

  it('ends at once on cancellation with a failure naming the last status', async () => {
    const t = await setUp({ synchronizations: [running('s1', '2026-11-22T11:00:00Z', ['InProgress'])] });
    const clock = t.clock;
    const sleep = clock.sleep.bind(clock);
    clock.sleep = async (ms, signal) => {
      t.controller.abort(new Error('The job was cancelled'));
      return sleep(ms, signal);
    };
    const result = await waitForSync(t.options, t.client, t.ctx);
    expect(result.failure).toBe('Cancelled while waiting for synchronization s1; last status: InProgress.');
    expect(emu.requestsTo(LIST)).toHaveLength(1);
  });
});

describe('the emulator’s area A', () => {
  const path =
    '/subscriptions/sub/resourceGroups/rg/providers/Vendor.DataShare/accounts/acct/shareSubscriptions/share/listSynchronizations';
  const post = (url: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { authorization: 'Bearer emu-access-token', ...init.headers },
      body: init.body,
    });

  it('refuses a POST with a body, in area A’s error shape', async () => {
    await setUp({});
    const res = await post(`${emu.url}${path}?api-version=2021-08-01`, { body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'UnexpectedRequestBody', message: 'This operation takes no request body.', details: [] },
    });
  });

  it('refuses a POST without Content-Length with 411, in area A’s error shape', async () => {
    await setUp({});
    const url = new URL(`${emu.url}${path}?api-version=2021-08-01`);
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: 'POST',
          headers: { authorization: 'Bearer emu-access-token', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(411);
    expect(JSON.parse(body).error.code).toBe('LengthRequired');
  });

  it('requires api-version and a bearer token', async () => {
    await setUp({});
    const noVersion = await post(`${emu.url}${path}`, { headers: { 'content-length': '0' } });
    expect(noVersion.status).toBe(400);
    expect(((await noVersion.json()) as { error: { code: string } }).error.code).toBe(
      'MissingApiVersionParameter',
    );
    const noToken = await fetch(`${emu.url}${path}?api-version=2021-08-01`, { method: 'POST' });
    expect(noToken.status).toBe(401);
  });

  it('pages by $skipToken, filters by status and orders by startTime', async () => {
    await setUp({
      pageSize: 2,
      synchronizations: [
        { synchronizationId: 'a', status: 'Succeeded', startTime: '2026-01-01T00:00:00Z' },
        { synchronizationId: 'b', status: 'Failed', startTime: '2026-01-03T00:00:00Z' },
        { synchronizationId: 'c', status: 'Succeeded', startTime: '2026-01-02T00:00:00Z' },
        { synchronizationId: 'd', status: 'Succeeded', startTime: '2026-01-04T00:00:00Z' },
      ],
    });
    const first = await post(
      `${emu.url}${path}?api-version=2021-08-01&$filter=${encodeURIComponent("status eq 'Succeeded'")}&$orderby=startTime%20asc`,
    );
    const page1 = (await first.json()) as { value: { synchronizationId: string }[]; nextLink: string };
    expect(page1.value.map((s) => s.synchronizationId)).toEqual(['a', 'c']);
    const next = new URL(page1.nextLink);
    expect(next.searchParams.get('$skipToken')).toBeTruthy();
    expect(next.searchParams.get('$filter')).toBe("status eq 'Succeeded'");
    const page2 = (await (await post(page1.nextLink)).json()) as {
      value: { synchronizationId: string }[];
      nextLink?: string;
    };
    expect(page2.value.map((s) => s.synchronizationId)).toEqual(['d']);
    expect(page2.nextLink).toBeUndefined();
  });
});
