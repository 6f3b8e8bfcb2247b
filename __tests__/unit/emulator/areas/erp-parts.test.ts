import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../../../src/emulator/index.js';

const SUB = '00000000-0000-4000-8000-0000000000d1';
const S = (name: string) =>
  `/subscriptions/${SUB}/resourceGroups/rg-erp/providers/Vendor.Workloads/erpVirtualInstances/${name}`;
const V = '?api-version=2024-09-01';

let e: ServiceEmulator;
beforeAll(async () => {
  e = await startEmulator({
    erp: {
      parts: {
        systems: {
          W01: { databases: [{ name: 'db0' }, { name: 'db1' }, { name: 'db2' }], pageSize: 2 },
          W02: { databases: [{ name: 'ora', databaseType: 'Oracle' }], pollingUrlForm: 'bare' },
        },
      },
    },
  });
});
afterAll(() => e.close());

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const url = path.startsWith('http') ? path : `${e.url}/${path.replace(/^\//, '')}`;
  const response = await fetch(url, {
    method,
    headers: { authorization: 'Bearer emu-access-token', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

/** Sends the action and polls its operation to its end: the operation's last answer. */
async function act(path: string, body: unknown) {
  const sent = await call('POST', `${path}${V}`, body);
  if (sent.status !== 202) return sent.json as { error: { code: string } };
  const link = sent.headers.get('vendor-asyncoperation')!;
  for (;;) {
    const polled = await call('GET', link);
    if (/^(succeeded|failed)$/i.test(polled.json.status)) return polled.json;
  }
}

const statusOf = async (path: string) => (await call('GET', `${path}${V}`)).json.properties.status;

describe("the emulator's parts of a system (C3, C4)", () => {
  it('fails a database stop sent after the machines were deallocated, as the service does', async () => {
    expect((await act(`${S('X01')}/stop`, { softStopTimeoutSeconds: 0, deallocateVm: true })).status).toBe(
      'Succeeded',
    );
    expect(await statusOf(`${S('X01')}/databaseInstances/db0`)).toBe('Unavailable');
    const stop = await act(`${S('X01')}/databaseInstances/db0/stop`, { softStopTimeoutSeconds: 0 });
    expect(stop.status).toBe('Failed');
    expect(stop.error.code).toBe('SapDbOpsNotInExpected State');
    // The application cannot start while its database is down.
    const start = await act(`${S('X01')}/start`, {});
    expect(start.status).toBe('Failed');
    expect(start.error.code).toBe('DatabaseNotRunning');
  });

  it('takes the safe order: application, database, application machines, database machines', async () => {
    const ends = [
      await act(`${S('X02')}/stop`, { softStopTimeoutSeconds: 60 }),
      await act(`${S('X02')}/databaseInstances/db0/stop`, { softStopTimeoutSeconds: 300 }),
      await act(`${S('X02')}/stop`, { softStopTimeoutSeconds: 0, deallocateVm: true }),
      await act(`${S('X02')}/databaseInstances/db0/stop`, { softStopTimeoutSeconds: 0, deallocateVm: true }),
    ];
    expect(ends.map((o) => o.status)).toEqual(['Succeeded', 'Succeeded', 'Succeeded', 'Succeeded']);
    expect(await statusOf(`${S('X02')}/databaseInstances/db0`)).toBe('Offline');
    expect(await statusOf(`${S('X02')}/applicationInstances/app0`)).toBe('Offline');
    expect((await act(`${S('X02')}/databaseInstances/db0/start`, { startVm: true })).status).toBe(
      'Succeeded',
    );
    expect((await act(`${S('X02')}/start`, { startVm: true })).status).toBe('Succeeded');
    expect(await statusOf(`${S('X02')}/centralInstances/cs0`)).toBe('Running');
  });

  it('refuses a soft stop of the central instance, a non-HANA database, and soft stops past the limits', async () => {
    const central = await call('POST', `${S('X03')}/centralInstances/cs0/stop${V}`, {
      softStopTimeoutSeconds: 60,
    });
    expect([central.status, central.json.error.code]).toEqual([400, 'SoftStopUnsupported']);
    const oracle = await call('POST', `${S('W02')}/databaseInstances/ora/stop${V}`, {});
    expect(oracle.status).toBe(400);
    const hana = await call('POST', `${S('X03')}/databaseInstances/db0/stop${V}`, {
      softStopTimeoutSeconds: 1800,
    });
    expect(hana.status).toBe(400);
  });

  it('lists the databases page by page and hands out a bare polling path where asked', async () => {
    const first = await call('GET', `${S('W01')}/databaseInstances${V}`);
    expect(first.json.value.map((d: { name: string }) => d.name)).toEqual(['db0', 'db1']);
    const second = await call('GET', first.json.nextLink);
    expect(second.json.value.map((d: { name: string }) => d.name)).toEqual(['db2']);
    expect(second.json.nextLink).toBeUndefined();
    e.erp.parts.setParts('W03', { pollingUrlForm: 'bare', retryAfter: '3' });
    const sent = await call('POST', `${S('W03')}/databaseInstances/db0/stop${V}`, {});
    const link = sent.headers.get('vendor-asyncoperation')!;
    expect(link).toMatch(/^subscriptions\/.*operationStatuses\/[^/]+\*/);
    // Retry-After on the 202 and on every poll while the operation runs.
    expect(sent.headers.get('retry-after')).toBe('3');
    const polled = await call('GET', link);
    expect([polled.json.status, polled.headers.get('retry-after')]).toEqual(['InProgress', '3']);
  });
});

describe("the emulator's read bucket", () => {
  it('answers 429 with Retry-After to the read past the bucket, and lets writes through', async () => {
    const limited = await startEmulator({ emulator: { readBucket: { capacity: 2, refillPerSecond: 0.5 } } });
    try {
      const get = () =>
        fetch(`${limited.url}${S('X01')}/databaseInstances${V}`, {
          headers: { authorization: 'Bearer emu-access-token' },
        });
      const answers = [await get(), await get(), await get()];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers[2]!.headers.get('retry-after')).toBe('2');
      const stop = await fetch(`${limited.url}${S('X01')}/stop${V}`, {
        method: 'POST',
        headers: { authorization: 'Bearer emu-access-token', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(stop.status).toBe(202);
    } finally {
      await limited.close();
    }
  });
});
