import { describe, expect, it } from '@jest/globals';
import { bearerToken } from '../../../../src/client/auth.js';
import { VirtualClock } from '../../../../src/client/clock.js';
import { ServiceError } from '../../../../src/client/errors.js';
import { checkImageCached } from '../../../../src/operations/cached-images/check-image-cached-run.js';
import type { Logger, OperationContext } from '../../../../src/operations/types.js';
import { clientOver, errorAnswer, type FakeService } from '../../../helpers/fake-transport.js';

/** check-image-cached over several regions, against a fake service that says which region holds what. */

const ORIGIN = 'https://management.example';
const regionOf = (url: URL) => /\/locations\/([^/]+)\/cachedImages$/.exec(url.pathname)![1]!;

function setup(service: FakeService, location: string[], extra: { failIfMissing?: boolean } = {}) {
  const clock = new VirtualClock();
  const client = clientOver(service, { origin: ORIGIN, clock, credential: bearerToken('token') });
  const lines: string[] = [];
  const logger: Logger = {
    info: (line) => lines.push(line),
    warning: (line) => lines.push(`warning: ${line}`),
    group: (_name, work) => work(),
  };
  const ctx: OperationContext = { clock, logger, deadline: clock.now() + 60_000, pollIntervalMs: 50 };
  const run = () =>
    checkImageCached(
      {
        baseUrl: new URL(ORIGIN),
        apiVersion: '2025-09-01',
        subscriptionId: '00000000-0000-4000-8000-000000000001',
        location,
        images: ['nginx', 'redis:7'],
        failIfMissing: extra.failIfMissing ?? false,
      },
      client,
      ctx,
    );
  return { run, lines };
}

/** Each region holds nginx; `redisIn` also redis:7. One page each. */
const holding =
  (redisIn: string[]): FakeService =>
  ({ url }) => ({
    status: 200,
    json: {
      value: [
        { image: 'nginx', osType: 'Linux' },
        ...(redisIn.includes(regionOf(url)) ? [{ image: 'redis:7', osType: 'Linux' }] : []),
      ],
    },
  });

describe('checkImageCached over several regions', () => {
  it('lists the regions at once, at most 10 in flight, and answers in input order', async () => {
    const regions = Array.from({ length: 12 }, (_, i) => `region${i}`);
    let inFlight = 0;
    let most = 0;
    const service: FakeService = async (call) => {
      most = Math.max(most, ++inFlight);
      // Answered late in reverse order: the outputs still follow the input.
      await new Promise((resolve) => setTimeout(resolve, 12 - Number(regionOf(call.url).slice(6))));
      inFlight--;
      return holding(regions)(call);
    };
    const result = await setup(service, regions).run();
    expect(most).toBe(10);
    expect((result.outputs.regions as { location: string }[]).map((r) => r.location)).toEqual(regions);
    expect(result.outputs.cached).toBe(true);
  });

  it('marks each cell, puts the missing rows first and names each image and region in the failure', async () => {
    const { run } = setup(holding(['westeurope']), ['westeurope', 'northeurope', 'eastus'], {
      failIfMissing: true,
    });
    const result = await run();
    expect(result.failure).toBe('1 image(s) not cached: redis:7 in northeurope, eastus');
    expect(result.failureKind).toBe('image not cached');
    expect(result.outputs.missing).toEqual([
      { location: 'northeurope', image: 'redis:7' },
      { location: 'eastus', image: 'redis:7' },
    ]);
    const [table] = result.summary;
    expect(table!.header).toEqual(['Image', 'westeurope', 'northeurope', 'eastus']);
    expect(table!.rows).toEqual([
      ['redis:7', 'cached', 'not cached', 'not cached'],
      ['nginx', 'cached', 'cached', 'cached'],
    ]);
    expect(table!.cellMarks).toEqual([
      [undefined, 'succeeded', 'failed', 'failed'],
      [undefined, 'succeeded', 'succeeded', 'succeeded'],
    ]);
  });

  it('reports a refused region after reading the others; a sign-in refusal still ends the step', async () => {
    const refusing: FakeService = (call) =>
      regionOf(call.url) === 'nowhere'
        ? errorAnswer(404, 'LocationNotAvailableForResourceType')
        : holding(['westeurope'])(call);
    const { run, lines } = setup(refusing, ['nowhere', 'westeurope']);
    const result = await run();
    expect(result.failure).toMatch(
      /^the service refused 1 region\(s\): nowhere \(HTTP 404 LocationNotAvailable/,
    );
    expect(result.failureKind).toBe('not found');
    expect(result.outputs.regions).toEqual([
      expect.objectContaining({ location: 'nowhere', cached: false, 'missing-images': [] }),
      { location: 'westeurope', cached: true, 'missing-images': [] },
    ]);
    expect(result.outputs.cached).toBe(false);
    expect(lines).toContain('westeurope: Read 1 page(s), 2 cached image(s), the whole list.');

    const unauthorized = setup(
      () => errorAnswer(401, 'InvalidAuthenticationToken'),
      ['westeurope', 'northeurope'],
    );
    await expect(unauthorized.run()).rejects.toBeInstanceOf(ServiceError);
  });
});
