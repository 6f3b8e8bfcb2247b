import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Dispatcher } from 'undici';
import { bearerToken } from '../../../../src/client/auth.js';
import { VirtualClock } from '../../../../src/client/clock.js';
import { createDispatcher } from '../../../../src/client/dispatcher.js';
import { InputError, ServiceError } from '../../../../src/client/errors.js';
import { HttpClient } from '../../../../src/client/http.js';
import { startEmulator, type ServiceEmulator } from '../../../../src/emulator/index.js';
import type { CachedImageEntry } from '../../../../src/emulator/areas/cached-images.js';
import {
  checkImageCached,
  type CheckImageCachedOptions,
} from '../../../../src/operations/cached-images/check-image-cached-run.js';
import type { Logger, OperationContext } from '../../../../src/operations/types.js';

const SUBSCRIPTION = '00000000-0000-4000-8000-0000000000b2';
let emulator: ServiceEmulator;
let dispatcher: Dispatcher;
let knobs: { pageSize: number; nextLinkOnSecondOrigin: boolean };

beforeAll(async () => {
  emulator = await startEmulator();
  dispatcher = createDispatcher({ requestTimeoutMs: 10_000 });
  const { pageSize, nextLinkOnSecondOrigin } = emulator.cachedImages;
  knobs = { pageSize, nextLinkOnSecondOrigin };
});
// The emulator is shared by every test: knobs a test turns are put back after it, pass or fail.
afterEach(() => {
  Object.assign(emulator.cachedImages, knobs);
});
afterAll(async () => {
  await dispatcher.destroy();
  await emulator.close();
});

function setup(extra: Partial<CheckImageCachedOptions> = {}) {
  const clock = new VirtualClock();
  const client = new HttpClient({
    origin: new URL(emulator.url).origin,
    dispatcher,
    clock,
    credential: bearerToken('emu-access-token'),
  });
  const lines: { level: string; line: string }[] = [];
  const logger: Logger = {
    info: (line) => lines.push({ level: 'info', line }),
    warning: (line) => lines.push({ level: 'warning', line }),
    debug: (line) => lines.push({ level: 'debug', line }),
    group: (_name, work) => work(),
  };
  const ctx: OperationContext = { clock, logger, deadline: clock.now() + 60_000, pollIntervalMs: 50 };
  const options: CheckImageCachedOptions = {
    baseUrl: new URL(emulator.url),
    apiVersion: '2025-09-01',
    subscriptionId: SUBSCRIPTION,
    location: 'northeurope',
    images: ['nginx'],
    failIfMissing: false,
    ...extra,
  };
  return { run: () => checkImageCached(options, client, ctx), client, lines };
}

const images = (...entries: CachedImageEntry[]) => emulator.cachedImages.setImages('northeurope', entries);

describe('checkImageCached', () => {
  it('reads exactly k pages for an image on page k, and every page when it is missing', async () => {
    const area = emulator.cachedImages;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 8 }),
        fc.nat(),
        fc.nat(),
        async (pageSize, pageCount, pageSeed, slotSeed) => {
          const total = pageSize * pageCount;
          const position = (pageSeed % pageCount) * pageSize + (slotSeed % pageSize);
          area.pageSize = pageSize;
          images(
            { generate: position },
            { image: 'ghcr.io/org/app:2', osType: 'Linux' },
            { generate: total - position - 1 },
          );
          const k = Math.floor(position / pageSize) + 1;

          const before = area.pagesServed;
          const found = setup({ images: ['ghcr.io/org/app:2'] });
          const result = await found.run();
          expect(result.outputs.cached).toBe(true);
          expect(area.pagesServed - before).toBe(k);
          expect(found.client.requestCount).toBe(k);

          const middle = area.pagesServed;
          const missing = setup({ images: ['ghcr.io/org/app:2', 'ghcr.io/org/app:3'] });
          expect((await missing.run()).outputs['missing-images']).toEqual(['ghcr.io/org/app:3']);
          expect(area.pagesServed - middle).toBe(pageCount);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('stops only when every requested image has been found', async () => {
    emulator.cachedImages.pageSize = 2;
    images(
      { image: 'nginx', osType: 'Linux' },
      { generate: 3 },
      { image: 'redis:7', osType: 'Linux' },
      { generate: 10 },
    );
    const before = emulator.cachedImages.pagesServed;
    const { run } = setup({ images: ['redis:7', 'docker.io/library/nginx'] });
    const result = await run();
    expect(result.outputs.cached).toBe(true);
    expect(emulator.cachedImages.pagesServed - before).toBe(3);
  });

  it('refuses an invalid reference with InputError before any request, whatever its position', async () => {
    const { run, client } = setup({ images: ['nginx', 'redis:7', 'Redis'] });
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).input).toBe('image');
    expect((error as Error).message).toBe(
      `Input 'image': "Redis" is not a valid image reference: the repository path "Redis" must be lowercase`,
    );
    expect(client.requestCount).toBe(0);
  });

  it('reports each spelling of one image, and the image once', async () => {
    images({ image: 'nginx:latest', osType: 'Linux' }, { image: 'nginx:latest', osType: 'Windows' });
    const { run } = setup({ images: ['nginx', 'library/nginx', 'nginx:1'] });
    const result = await run();
    expect(result.outputs.cached).toBe(false);
    expect(result.outputs['missing-images']).toEqual(['nginx:1']);
    expect(result.outputs.images).toEqual([
      { image: 'nginx:latest', osType: 'Linux' },
      { image: 'nginx:latest', osType: 'Windows' },
    ]);
    expect(result.failure).toBeUndefined();
    expect(result.summary[0]!.rows).toEqual([
      ['nginx', 'yes', 'Linux, Windows', 'nginx:latest'],
      ['library/nginx', 'yes', 'Linux, Windows', 'nginx:latest'],
      ['nginx:1', 'no', '—', '—'],
    ]);
  });

  it('returns a failure naming the missing images with failIfMissing, and no warning', async () => {
    images({ image: 'nginx', osType: 'Windows' });
    const { run, lines } = setup({ images: ['nginx', 'redis'], osType: 'Linux', failIfMissing: true });
    const result = await run();
    expect(result.failure).toBe('2 image(s) not cached in northeurope (OS type Linux): nginx, redis');
    expect(result.outputs.cached).toBe(false);
    expect(lines.filter((l) => l.level === 'warning')).toEqual([]);
  });

  it('skips cached entries that are not references, with a debug line each', async () => {
    images({ image: 'Not/Valid!' }, { image: null }, { image: 'nginx', osType: 'Linux' });
    const { run, lines } = setup();
    expect((await run()).outputs.cached).toBe(true);
    expect(lines.filter((l) => l.level === 'debug' && l.line.startsWith('Skipped'))).toHaveLength(2);
  });

  it('fails with the service error of a failed page, and on a page of the wrong shape', async () => {
    const unknownRegion = setup({ location: 'nowhere' });
    const error = await unknownRegion.run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).status).toBe(404);
    expect((error as ServiceError).code).toBe('LocationNotAvailableForResourceType');
    expect((error as ServiceError).target).toBe('location');

    images({ image: 'redis' });
    emulator.addFault({
      fault: { kind: 'status', status: 200, body: '{"value":"not a list"}' },
      times: 1,
      path: /cachedImages$/,
    });
    const shape = await setup()
      .run()
      .catch((e: unknown) => e);
    expect(shape).toBeInstanceOf(ServiceError);
    expect((shape as ServiceError).code).toBe('InvalidResponse');
    expect((shape as Error).message).toContain('cached images list');
  });
});

describe('the emulator, area B', () => {
  const list = (
    path: string,
    headers: Record<string, string> = { authorization: 'Bearer emu-access-token' },
  ) =>
    fetch(new URL(path, emulator.url), { headers }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as {
        value?: { image: string; osType: string }[];
        nextLink?: string;
        error?: { code: string; message: string; target: string; details: unknown[] };
      },
    }));
  const path = (sub = SUBSCRIPTION, location = 'northeurope') =>
    `/subscriptions/${sub}/providers/Vendor.ContainerInstance/locations/${location}/cachedImages`;

  it('answers without a valid bearer token with 401', async () => {
    const res = await list(`${path()}?api-version=2025-09-01`, {});
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe('InvalidAuthenticationToken');
  });

  it.each([
    ['MissingApiVersionParameter', path(), 'api-version'],
    ['InvalidApiVersionParameter', `${path()}?api-version=1999-01-01`, 'api-version'],
    ['InvalidSubscriptionId', `${path('not-a-uuid')}?api-version=2025-09-01`, 'subscriptionId'],
    ['InvalidSkipToken', `${path()}?api-version=2025-09-01&$skipToken=x`, '$skipToken'],
  ])('answers a bad request with a 400 cloud error %s', async (code, target, field) => {
    const res = await list(target);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code, message: expect.any(String), target: field, details: [] });
  });

  it('serves a million generated images a page at a time, region names without case', async () => {
    emulator.cachedImages.pageSize = 1000;
    images({ image: 'nginx', osType: 'Linux' }, { generate: 999_999, osType: 'Windows', prefix: 'gen/win' });
    expect(emulator.cachedImages.imageCount('NorthEurope')).toBe(1_000_000);
    const first = await list(`${path(SUBSCRIPTION, 'NorthEurope')}?api-version=2025-09-01`);
    expect(first.body.value).toHaveLength(1000);
    expect(first.body.value![0]).toEqual({ image: 'nginx', osType: 'Linux' });
    expect(first.body.value![1]).toEqual({ image: 'gen/win-0:v1', osType: 'Windows' });
    expect(first.body.nextLink).toBe(
      `${emulator.url}${path(SUBSCRIPTION, 'NorthEurope')}?api-version=2025-09-01&%24skipToken=1000`,
    );
    const last = await list(`${path()}?api-version=2025-09-01&$skipToken=999000`);
    expect(last.body.value).toHaveLength(1000);
    expect(last.body.value![999]).toEqual({ image: 'gen/win-999998:v1', osType: 'Windows' });
    expect(last.body.nextLink).toBeUndefined();
  });

  it('puts the nextLink on the second origin when told to', async () => {
    emulator.cachedImages.pageSize = 1;
    emulator.cachedImages.nextLinkOnSecondOrigin = true;
    images({ image: 'a' }, { image: 'b' });
    const res = await list(`${path()}?api-version=2025-09-01`);
    expect(new URL(res.body.nextLink!).origin).toBe(emulator.secondUrl);
  });
});
