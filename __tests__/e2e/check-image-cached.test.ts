import { describe, expect, it } from '@jest/globals';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, type ActionRun } from '../helpers/run-action.js';
import { resourceManagerFlags, runCli } from '../helpers/run-cli.js';
import { parseRunnerOutput } from '../../scripts/runner-commands.js';

const SUBSCRIPTION = '00000000-0000-4000-8000-0000000000b1';
const SHA = 'c'.repeat(64);
const LIST_PATH = `/subscriptions/${SUBSCRIPTION}/providers/Vendor.ContainerInstance/locations/westeurope/cachedImages`;

const emu = useEmulator(() => ({
  cachedImages: {
    regions: {
      westeurope: [
        { image: 'docker.io/library/nginx:latest', osType: 'Linux' },
        { image: 'mcr.microsoft.com/windows/servercore:ltsc2022', osType: 'Windows' },
        { image: 'redis:7', osType: 'linux' },
      ],
      // The failover region of the checks across regions: nginx only.
      northeurope: [{ image: 'docker.io/library/nginx:latest', osType: 'Linux' }],
    },
  },
}));

const check = async (extra: Record<string, string>): Promise<ActionRun> => {
  const run = await runAction({
    operation: 'check-image-cached',
    'base-url': emu.get().url,
    'access-token': 'emu-access-token',
    'subscription-id': SUBSCRIPTION,
    location: 'westeurope',
    ...extra,
  });
  expectNoSecrets(run, emulatorSecrets(emu.get()));
  return run;
};

const json = (run: ActionRun, output: string): unknown => JSON.parse(run.outputs[output] ?? 'null');
const warnings = (run: ActionRun) => run.warnings;
const listRequests = (origin: 'primary' | 'secondary' = 'primary') =>
  emu.get().requestsTo(/\/cachedImages$/, origin);

describe('check-image-cached', () => {
  it('finds a cached docker.io/library/nginx:latest when nginx is asked for', async () => {
    const run = await check({ image: 'nginx' });
    expect(run.code).toBe(0);
    expect(run.outputs.cached).toBe('true');
    expect(json(run, 'missing-images')).toEqual([]);
    expect(json(run, 'images')).toEqual([{ image: 'docker.io/library/nginx:latest', osType: 'Linux' }]);
    expect(json(run, 'result')).toEqual([
      {
        image: 'nginx',
        reference: 'docker.io/library/nginx:latest',
        cached: true,
        matches: [{ image: 'docker.io/library/nginx:latest', osType: 'Linux' }],
      },
    ]);
    expect(run.outputs['request-id']).toMatch(/^emu-req-/);
    expect(warnings(run)).toEqual([]);

    const requests = listRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.target).toBe(`${LIST_PATH}?api-version=2025-09-01`);
    expect(requests[0]!.headers.authorization).toBe('Bearer emu-access-token');
    expect(requests[0]!.body).toBe('');
    expect(run.summary).toContain('Cached images in westeurope');
    expect(run.summary).toMatch(/<td>nginx<\/td><td>yes<\/td><td>Linux<\/td>/);
  });

  it('finds a cached nginx when docker.io/library/nginx:latest (or another spelling) is asked for', async () => {
    emu.get().cachedImages.setImages('westeurope', [
      { image: 'busybox:1', osType: 'Linux' },
      { image: 'nginx', osType: 'Linux' },
    ]);
    const run = await check({
      image: 'docker.io/library/nginx:latest\nindex.docker.io/nginx, library/nginx:latest',
    });
    expect(run.code).toBe(0);
    expect(run.outputs.cached).toBe('true');
    expect(json(run, 'missing-images')).toEqual([]);
    // One image however many spellings ask for it; the service's own name is what is reported.
    expect(json(run, 'images')).toEqual([{ image: 'nginx', osType: 'Linux' }]);
    expect((json(run, 'result') as { cached: boolean }[]).map((r) => r.cached)).toEqual([true, true, true]);
  });

  it('warns about a missing image and passes without fail-if-missing', async () => {
    const run = await check({ image: 'nginx\nnginx:1.27\nredis:7' });
    expect(run.code).toBe(0);
    expect(run.errors).toEqual([]);
    expect(run.outputs.cached).toBe('false');
    expect(json(run, 'missing-images')).toEqual(['nginx:1.27']);
    expect(json(run, 'images')).toEqual([
      { image: 'docker.io/library/nginx:latest', osType: 'Linux' },
      { image: 'redis:7', osType: 'linux' },
    ]);
    expect(warnings(run)).toHaveLength(1);
    expect(warnings(run)[0]).toContain('1 image(s) not cached in westeurope: nginx:1.27');
    expect(run.summary).toMatch(/<td>nginx:1.27<\/td><td>no<\/td>/);
    // Not every image was found, so the whole list was read.
    expect(emu.get().cachedImages.pagesServed).toBe(1);
  });

  it('fails the step naming each missing image with fail-if-missing, outputs still set', async () => {
    const digestRef = `ghcr.io/org/app@sha256:${SHA}`;
    const run = await check({ image: `nginx, nginx:1.27, ${digestRef}`, 'fail-if-missing': 'true' });
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain(`2 image(s) not cached in westeurope: nginx:1.27, ${digestRef}`);
    expect(warnings(run)).toEqual([]);
    expect(run.outputs.cached).toBe('false');
    expect(json(run, 'missing-images')).toEqual(['nginx:1.27', digestRef]);
    expect(json(run, 'images')).toEqual([{ image: 'docker.io/library/nginx:latest', osType: 'Linux' }]);
    expect(run.summary).toContain('<strong>Failed:</strong>');
  });

  it('counts only images of the requested OS type, compared without case', async () => {
    const servercore = 'mcr.microsoft.com/windows/servercore:ltsc2022';
    const linux = await check({ image: `${servercore}\nredis:7`, 'os-type': 'linux' });
    expect(linux.code).toBe(0);
    expect(json(linux, 'missing-images')).toEqual([servercore]);
    // The service wrote "linux" in lower case; it still counts.
    expect(json(linux, 'images')).toEqual([{ image: 'redis:7', osType: 'linux' }]);
    expect(warnings(linux)[0]).toContain(`not cached in westeurope (OS type Linux): ${servercore}`);

    const windows = await check({ image: `${servercore}\nredis:7`, 'os-type': 'WINDOWS' });
    expect(windows.code).toBe(0);
    expect(json(windows, 'missing-images')).toEqual(['redis:7']);
    expect(json(windows, 'images')).toEqual([{ image: servercore, osType: 'Windows' }]);
    expect(windows.summary).toMatch(
      /<td>mcr.microsoft.com\/windows\/servercore:ltsc2022<\/td><td>yes<\/td><td>Windows<\/td>/,
    );
  });

  it('rejects a subscription-id that is not a UUID, before any request', async () => {
    const run = await check({ image: 'nginx', 'subscription-id': 'my-subscription' });
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain("Input 'subscription-id': must be a UUID");
    expect(emu.get().requests).toHaveLength(0);
  });

  it('rejects an invalid image reference with the reason, before any request', async () => {
    const run = await check({ image: 'nginx\nredis:\nOrg/App' });
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain(
      `Input 'image': "redis:" is not a valid image reference: the tag is empty`,
    );
    expect(emu.get().requests).toHaveLength(0);
  });

  it('stops after page 2 of 5 when the image is on page 2', async () => {
    const area = emu.get().cachedImages;
    area.pageSize = 100;
    area.setImages('westeurope', [
      { generate: 150 },
      { image: 'ghcr.io/org/app:1.2.3', osType: 'Linux' },
      { generate: 349, osType: 'Windows' },
    ]);
    expect(area.imageCount('westeurope')).toBe(500);
    const run = await check({ image: 'GHCR.IO/org/app:1.2.3' });
    expect(run.code).toBe(0);
    expect(run.outputs.cached).toBe('true');
    expect(json(run, 'images')).toEqual([{ image: 'ghcr.io/org/app:1.2.3', osType: 'Linux' }]);
    expect(area.pagesServed).toBe(2);
    const requests = listRequests();
    expect(requests.map((r) => r.target)).toEqual([
      `${LIST_PATH}?api-version=2025-09-01`,
      `${LIST_PATH}?api-version=2025-09-01&%24skipToken=100`,
    ]);
    expect(requests[1]!.headers.authorization).toBe('Bearer emu-access-token');
  });

  it('reads every page of thousands of images when one image is missing', async () => {
    const area = emu.get().cachedImages;
    area.pageSize = 500;
    area.setImages('westeurope', [
      { image: 'nginx:1.27', osType: 'Linux' },
      { generate: 4999, osType: 'Linux' },
    ]);
    const run = await check({ image: 'nginx:1.27\nnginx:1.28' });
    expect(run.code).toBe(0);
    expect(json(run, 'missing-images')).toEqual(['nginx:1.28']);
    expect(area.pagesServed).toBe(10);
    expect(listRequests()).toHaveLength(10);
    expect(run.summary).toContain('Read 10 page(s) (5000 cached images)');
  });

  it('refuses a nextLink on another origin, and that origin receives nothing', async () => {
    const area = emu.get().cachedImages;
    area.pageSize = 2;
    area.nextLinkOnSecondOrigin = true;
    const run = await check({ image: 'redis:7' });
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain(
      `Refused to follow the nextLink on ${emu.get().secondUrl}: credentials are sent only to ${emu.get().url}`,
    );
    expect(listRequests('secondary')).toHaveLength(0);
    expect(emu.get().requests.filter((r) => r.origin === 'secondary')).toHaveLength(0);
    expect(area.pagesServed).toBe(1);
  });

  it('skips cached entries that are not image references, and still finds the image', async () => {
    emu
      .get()
      .cachedImages.setImages('westeurope', [
        { image: 'NOT A REFERENCE!', osType: 'Linux' },
        { osType: 'Linux' },
        { image: 42, osType: 'Linux' },
        null as never,
        { image: 'nginx:', osType: 'Linux' },
        { image: 'nginx:1.27', osType: 'Linux' },
      ]);
    const run = await check({ image: 'nginx:1.27' });
    expect(run.code).toBe(0);
    expect(run.outputs.cached).toBe('true');
    expect(json(run, 'images')).toEqual([{ image: 'nginx:1.27', osType: 'Linux' }]);
    expect(run.summary).toContain('Skipped 5 cached entries that are not valid image references.');
  });

  it('cannot be made to issue a workflow command by what the service returns', async () => {
    // Each line a runner would execute if the log carried it as it is: trimmed `::` forms and `##[` anywhere.
    const osType = 'Linux\n::error::injected\r ::add-mask::Linux\n##[set-output name=cached]false';
    emu.get().cachedImages.setImages('westeurope', [{ image: 'nginx', osType }]);
    const run = await check({ image: 'nginx' });
    expect(run.code).toBe(0);
    // The runner executes only the action's own commands: its debug lines, the masked token; no annotation.
    expect(run.commands.filter((c) => c.name !== 'debug').map((c) => c.name)).toEqual(['add-mask']);
    expect(run.masks).toEqual(['emu-access-token']);
    // The service's text reaches the log as it is, as plain lines between the action's stop and resume.
    const log = parseRunnerOutput(run.stdout).entries;
    const shown = log.findIndex((e) => e.kind === 'output' && e.line === 'nginx: cached as nginx (Linux');
    expect(log.slice(shown - 1, shown + 5).map((e) => e.kind)).toEqual([
      'stop',
      'output',
      'output',
      'output',
      'output',
      'resume',
    ]);
    expect(log.slice(shown, shown + 4).map((e) => e.kind === 'output' && e.line)).toEqual([
      'nginx: cached as nginx (Linux',
      '::error::injected',
      ' ::add-mask::Linux',
      '##[set-output name=cached]false)',
    ]);
    // The outputs keep the service's value exactly.
    expect(json(run, 'images')).toEqual([{ image: 'nginx', osType }]);
    expect(run.outputs.cached).toBe('true');
  });

  it('refuses a location that is no region name before any request, and reports the service error of an unknown one', async () => {
    // Contract v6: a space inside, or a character no region name holds, is refused before any request (it was
    // sent as one encoded segment and answered 404 before); `/`, `?`, `#` and `%` never were.
    const spaced = await check({ image: 'nginx', location: 'north europe&x=1' });
    expect(spaced.code).toBe(1);
    expect(spaced.errors).toEqual([
      expect.stringContaining("Input 'location': item 'north europe&x=1' has whitespace inside"),
    ]);
    expect(listRequests()).toHaveLength(0);
    const run = await check({ image: 'nginx', location: 'nowhere' });
    expect(run.code).toBe(1);
    const requests = listRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.target).toBe(
      `/subscriptions/${SUBSCRIPTION}/providers/Vendor.ContainerInstance/locations/nowhere/cachedImages?api-version=2025-09-01`,
    );
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain('HTTP 404');
    expect(run.errors[0]).toContain('LocationNotAvailableForResourceType');
    expect(run.errors[0]).toMatch(/request-id: emu-req-\d+/);
  });

  it('passes an api-version override through', async () => {
    emu.get().cachedImages.apiVersions.add('2026-01-01-preview');
    const run = await check({ image: 'nginx', 'api-version': '2026-01-01-preview' });
    expect(run.code).toBe(0);
    expect(listRequests()[0]!.target).toBe(`${LIST_PATH}?api-version=2026-01-01-preview`);
  });
});

/** The contract's "Pre-deploy: the image check across regions": every image in every region, in one step. */
const NGINX = { image: 'docker.io/library/nginx:latest', osType: 'Linux' };
const REDIS = { image: 'redis:7', osType: 'linux' };
const TWO = 'nginx\nredis:7';
const listedRegions = () => emu.get().cachedImages.servedPages.map((p) => p.location);

describe('check-image-cached across regions', () => {
  it('answers every image in every region: one missing in one region passes, reported', async () => {
    const run = await check({ location: 'westeurope\nnortheurope', image: TWO });
    expect(run.code).toBe(0);
    expect(run.errors).toEqual([]);
    expect(run.outputs.cached).toBe('false');
    expect(json(run, 'missing-images')).toEqual(['redis:7']);
    expect(json(run, 'missing')).toEqual([{ location: 'northeurope', image: 'redis:7' }]);
    expect(json(run, 'regions')).toEqual([
      { location: 'westeurope', cached: true, 'missing-images': [] },
      { location: 'northeurope', cached: false, 'missing-images': ['redis:7'] },
    ]);
    expect(json(run, 'images')).toEqual([
      { ...NGINX, location: 'westeurope' },
      { ...REDIS, location: 'westeurope' },
      { ...NGINX, location: 'northeurope' },
    ]);
    expect(run.warnings).toEqual([expect.stringContaining('not cached: redis:7 in northeurope')]);
    expect(listedRegions().sort()).toEqual(['northeurope', 'westeurope']);
    // One table: the missing row first, a column per region, a mark in each cell.
    const table = run.summary.slice(run.summary.indexOf('<table>'));
    expect(table).toMatch(/<th>Image<\/th><th>westeurope<\/th><th>northeurope<\/th>/);
    expect(table.indexOf('<td>redis:7</td>')).toBeLessThan(table.indexOf('<td>nginx</td>'));
    expect(table).toMatch(/<td>redis:7<\/td><td>✅ cached<\/td><td>❌ not cached<\/td>/);
  });

  it('fails with fail-if-missing, naming the image and the region', async () => {
    const run = await check({ location: 'westeurope,northeurope', image: TWO, 'fail-if-missing': 'true' });
    expect(run.code).toBe(1);
    expect(run.errors).toEqual([expect.stringContaining('not cached: redis:7 in northeurope')]);
    expect(json(run, 'missing')).toEqual([{ location: 'northeurope', image: 'redis:7' }]);
  });

  it('reads and reports the known region beside an unknown one, then fails naming the unknown', async () => {
    const run = await check({ location: 'nowhere\nwesteurope', image: TWO });
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain('nowhere');
    expect(run.errors[0]).toContain('LocationNotAvailableForResourceType');
    expect(run.errors[0]).not.toContain('westeurope');
    expect(json(run, 'regions')).toEqual([
      expect.objectContaining({ location: 'nowhere', cached: false }),
      { location: 'westeurope', cached: true, 'missing-images': [] },
    ]);
    expect(json(run, 'images')).toEqual([
      { ...NGINX, location: 'westeurope' },
      { ...REDIS, location: 'westeurope' },
    ]);
    expect(run.outputs.cached).toBe('false');
  });

  it('reads a comma inside one line as two regions, and refuses a space inside a name before any request', async () => {
    const split = await check({ location: 'westeurope, northeurope\n', image: 'nginx' });
    expect(split.code).toBe(0);
    expect(json(split, 'regions')).toEqual([
      { location: 'westeurope', cached: true, 'missing-images': [] },
      { location: 'northeurope', cached: true, 'missing-images': [] },
    ]);
    emu.get().requests.length = 0;
    const spaced = await check({ location: 'westeurope\nnorth europe', image: TWO });
    expect(spaced.code).toBe(1);
    expect(spaced.errors).toEqual([expect.stringContaining("Input 'location': item 'north europe'")]);
    expect(emu.get().requests).toHaveLength(0);
  });

  it('prints the same table on the command line', async () => {
    const run = await runCli([
      'check-image-cached',
      ...resourceManagerFlags(emu.get().url),
      '--location',
      'westeurope,northeurope',
      '--image',
      'nginx',
      '--image',
      'redis:7',
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^outcome +Image +westeurope +northeurope$/m);
    expect(run.stderr).toMatch(/^❌ not cached +redis:7 +✅ cached +❌ not cached$/m);
    expect(run.stderr).toMatch(/^✅ cached +nginx +✅ cached +✅ cached$/m);
  });
});
