import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';
import { summaryText } from '../helpers/summary-text.js';

/**
 * erp-list through the bundle, all on one emulator: a fleet in three subscriptions and several resource groups,
 * listed two systems a page, so every listing below pages.
 */
const SUB_A = '00000000-0000-4000-8000-0000000000a1';
const SUB_B = '00000000-0000-4000-8000-0000000000b2';
const SUB_BIG = '00000000-0000-4000-8000-0000000000c3';
const SUB_HUGE = '00000000-0000-4000-8000-0000000000d4';
const SNOOZE = { SnoozeSAPSystem: 'True' };

const id = (sub: string, rg: string, name: string) =>
  `/subscriptions/${sub}/resourceGroups/${rg}/providers/Vendor.Workloads/erpVirtualInstances/${name}`;

let emu: ServiceEmulator;
beforeAll(async () => {
  emu = await startEmulator({
    fleet: {
      pageSize: 2,
      systems: [
        {
          subscription: SUB_A,
          resourceGroup: 'rg-1',
          name: 'X01',
          tags: { ...SNOOZE, maintenance: 'sunday' },
        },
        // The tag's name in another case still matches; its value must match exactly.
        {
          subscription: SUB_A,
          resourceGroup: 'rg-1',
          name: 'X02',
          environment: 'Prod',
          tags: { snoozesapsystem: 'True', Maintenance: 'sunday' },
        },
        { subscription: SUB_A, resourceGroup: 'rg-2', name: 'X03', tags: { SnoozeSAPSystem: 'true' } },
        {
          subscription: SUB_A,
          resourceGroup: 'rg-2',
          name: 'X04',
          tags: SNOOZE,
          state: 'RegistrationFailed',
        },
        {
          subscription: SUB_B,
          resourceGroup: 'rg-1',
          name: 'X05',
          tags: { ...SNOOZE, maintenance: 'saturday' },
        },
        { subscription: SUB_B, resourceGroup: 'rg-3', name: 'X06' },
        { generate: 300, subscription: SUB_BIG, resourceGroup: 'rg-big', tags: { fleet: 'big' } },
        {
          generate: 8000,
          subscription: SUB_HUGE,
          resourceGroup: 'rg-huge',
          prefix: 'SYSTEM-WITH-A-RATHER-LONG-NAME-',
        },
      ],
    },
  });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => {
  emu.requests.length = 0;
  emu.fleet.pageSize = 2;
  emu.fleet.nextLinkOrigin = 'primary';
  emu.fleet.itemBytes = 2048;
  emu.fleet.nextLinkForm = 'absolute';
  emu.fleet.wrongPage = undefined;
});

/** The bundle as a runner runs it (erp-list polls nothing, so it reads no poll-interval). */
async function runOnEmulator(emulator: ServiceEmulator, inputs: Record<string, string>): Promise<ActionRun> {
  const run = await runAction({ 'base-url': emulator.url, 'access-token': 'emu-access-token', ...inputs });
  expectNoSecrets(run, emulatorSecrets(emulator));
  return unescapeCommands(run);
}

const list = (inputs: Record<string, string>) =>
  runOnEmulator(emu, { operation: 'erp-list', 'subscription-id': `${SUB_A}\n${SUB_B}`, ...inputs });
const json = (run: ActionRun, output: string): unknown => JSON.parse(run.outputs[output] ?? 'null');
const names = (run: ActionRun) => (json(run, 'instances') as { name: string }[]).map((i) => i.name);
const listings = () => emu.requestsTo(/\/erpVirtualInstances$/);

describe('erp-list', () => {
  it('selects by one tag over two subscriptions and every page, a tag name in another case included', async () => {
    const run = await list({ tag: 'SnoozeSAPSystem=True' });
    expect(run.code).toBe(0);
    expect(names(run)).toEqual(['X01', 'X02', 'X04', 'X05']);
    expect(run.outputs.ids).toBe(
      [id(SUB_A, 'rg-1', 'X01'), id(SUB_A, 'rg-1', 'X02'), id(SUB_B, 'rg-1', 'X05')].join('\n'),
    );
    expect(run.outputs.count).toBe('3');
    expect(json(run, 'result')).toEqual(json(run, 'instances'));
    expect((json(run, 'instances') as object[])[0]).toEqual({
      id: id(SUB_A, 'rg-1', 'X01'),
      name: 'X01',
      'subscription-id': SUB_A,
      'resource-group': 'rg-1',
      location: 'westeurope',
      environment: 'NonProd',
      status: 'Running',
      health: 'Healthy',
      state: 'RegistrationComplete',
      tags: { SnoozeSAPSystem: 'True', maintenance: 'sunday' },
    });
    // 4 systems of SUB_A in 2 pages, 2 of SUB_B in 1: each nextLink followed to the end.
    expect(listings().map((r) => r.url.searchParams.get('$skipToken'))).toEqual([null, '2', null]);
    expect(emu.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('leaves a system not registered out of ids and matrix, named in one warning', async () => {
    const run = await list({ tag: 'SnoozeSAPSystem=True' });
    // The other warning names X03, whose value differs in case only (tests of selection mistakes: fleet-selection).
    const left = run.warnings.filter((w) => w.includes('not RegistrationComplete'));
    expect(left).toHaveLength(1);
    expect(left[0]).toContain('X04 (RegistrationFailed)');
    const x04 = (json(run, 'instances') as { name: string; state: string }[]).find((i) => i.name === 'X04');
    expect(x04?.state).toBe('RegistrationFailed');
    expect(run.outputs.ids).not.toContain('X04');
    expect(run.outputs.matrix).not.toContain('X04');
  });

  it('selects by two tags, every one matching (names without case, values with case)', async () => {
    const run = await list({ tag: 'SnoozeSAPSystem=True\nMAINTENANCE=sunday' });
    expect(names(run)).toEqual(['X01', 'X02']);
    const present = await list({ tag: 'maintenance' });
    expect(names(present)).toEqual(['X01', 'X02', 'X05']);
  });

  it('selects by environment, with a tag or alone', async () => {
    expect(
      names(await list({ tag: 'SnoozeSAPSystem=True\nmaintenance=sunday', environment: 'NonProd' })),
    ).toEqual(['X01']);
    expect(names(await list({ environment: 'Prod' }))).toEqual(['X02']);
  });

  it('lists only the resource groups given, in every subscription', async () => {
    const run = await list({ 'resource-group': 'rg-1' });
    expect(names(run)).toEqual(['X01', 'X02', 'X05']);
    expect(listings().map((r) => r.url.pathname)).toEqual([
      `/subscriptions/${SUB_A}/resourceGroups/rg-1/providers/Vendor.Workloads/erpVirtualInstances`,
      `/subscriptions/${SUB_B}/resourceGroups/rg-1/providers/Vendor.Workloads/erpVirtualInstances`,
    ]);
  });

  it('groups per-leg systems a leg in the matrix', async () => {
    const run = await list({ tag: 'SnoozeSAPSystem=True', 'per-leg': '2' });
    expect(json(run, 'matrix')).toEqual({
      include: [
        {
          leg: 1,
          'erp-virtual-instance': `${id(SUB_A, 'rg-1', 'X01')}\n${id(SUB_A, 'rg-1', 'X02')}`,
          names: 'X01, X02',
          // The selection, so a leg that hands its entry on re-checks it before acting.
          tag: 'SnoozeSAPSystem=True',
        },
        {
          leg: 2,
          'erp-virtual-instance': id(SUB_B, 'rg-1', 'X05'),
          names: 'X05',
          tag: 'SnoozeSAPSystem=True',
        },
      ],
    });
    const one = await list({ tag: 'SnoozeSAPSystem=True' });
    expect((json(one, 'matrix') as { include: unknown[] }).include).toHaveLength(3);
  });

  it('refuses more than 256 legs after the listing, naming the count and the per-leg that fits', async () => {
    emu.fleet.pageSize = 100;
    const run = await runOnEmulator(emu, { operation: 'erp-list', 'subscription-id': SUB_BIG });
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain('300 systems at per-leg 1 make 300 legs');
    expect(run.errors[0]).toContain('set per-leg to 2 or more');
    expect(listings()).toHaveLength(3);
    expect(run.outputs.matrix).toBeUndefined();
    const fits = await runOnEmulator(emu, {
      operation: 'erp-list',
      'subscription-id': SUB_BIG,
      'per-leg': '2',
    });
    expect(fits.code).toBe(0);
    expect((json(fits, 'matrix') as { include: unknown[] }).include).toHaveLength(150);
  });

  it("refuses a matrix over the 1 MiB of a job's outputs (UTF-16) rather than let the runner cut it", async () => {
    emu.fleet.pageSize = 1000;
    emu.fleet.itemBytes = 0;
    const run = await runOnEmulator(emu, {
      operation: 'erp-list',
      'subscription-id': SUB_HUGE,
      'per-leg': '32',
    });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toMatch(
      /matrix would be \d\.\d\d MiB as GitHub counts a job's outputs \(UTF-16\), over its limit of 1 MiB: narrow the scope/,
    );
    expect(run.outputs.ids).toBeUndefined();
    expect(run.outputs.matrix).toBeUndefined();
    expect(run.outputs.count).toBe('8000');
  });

  it('selects nothing: count 0, ids empty, an empty matrix, and success unless fail-if-empty', async () => {
    const run = await list({ tag: 'SnoozeSAPSystem=Never' });
    expect(run.code).toBe(0);
    expect(run.outputs.count).toBe('0');
    expect(run.outputs.ids).toBe('');
    expect(json(run, 'matrix')).toEqual({ include: [] });
    expect(json(run, 'instances')).toEqual([]);

    const strict = await list({ tag: 'SnoozeSAPSystem=Never', 'fail-if-empty': 'true' });
    expect(strict.code).toBe(1);
    expect(strict.errors).toHaveLength(1);
    expect(strict.errors[0]).toContain('No system selected');
    expect(strict.outputs.count).toBe('0');
  });

  it.each(['resource', 'query', 'segment', 'relative'] as const)(
    "reads every page of a nextLink written relative (%s) at the listing's own path",
    async (form) => {
      emu.fleet.nextLinkForm = form;
      const run = await list({ tag: 'SnoozeSAPSystem=True' });
      expect(run.code).toBe(0);
      expect(names(run)).toEqual(['X01', 'X02', 'X04', 'X05']);
      expect(listings().map((r) => r.url.searchParams.get('$skipToken'))).toEqual([null, '2', null]);
      expect(emu.requests.filter((r) => !/\/erpVirtualInstances$/.test(r.url.pathname))).toEqual([]);
    },
  );

  it.each(['empty object', 'null value'] as const)(
    'fails naming the page where a page is not a list (%s), not ending the listing there',
    async (body) => {
      emu.fleet.wrongPage = { page: 2, body };
      const run = await list({ tag: 'SnoozeSAPSystem=True' });
      expect(run.code).toBe(1);
      expect(run.errors).toHaveLength(1);
      expect(run.errors[0]).toContain('page 2 of the erp virtual instances list');
      expect(run.errors[0]).toContain('is not { value: [ … ] }');
      expect(run.outputs.ids).toBeUndefined();
    },
  );

  it('refuses a nextLink to another origin, which receives nothing', async () => {
    emu.fleet.nextLinkOrigin = 'secondary';
    const run = await list({ tag: 'SnoozeSAPSystem=True' });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain(`Refused to follow the nextLink on ${emu.secondUrl}`);
    expect(emu.requests.filter((r) => r.origin === 'secondary')).toEqual([]);
    expect(emu.secondOriginCredentialLeaks).toEqual([]);
    expect(run.outputs.ids).toBeUndefined();
  });

  it.each([
    [{ tag: '=True' }, "Input 'tag': '=True' has no tag name"],
    [{ tag: 'env=a\nENV=b' }, "names tag 'ENV' twice with different values"],
    [{ environment: 'Production' }, "Input 'environment': must be Prod or NonProd"],
    [{ 'per-leg': '0' }, "Input 'per-leg': must be a whole number from 1 to 1000"],
    [{ 'subscription-id': 'a/b' }, "Input 'subscription-id': item 'a/b' is not a subscription id"],
  ])('refuses %j before any request', async (inputs, message) => {
    const run = await list(inputs);
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain(message);
    expect(emu.requests).toEqual([]);
  });

  it('takes repeated --subscription-id and --tag flags on the command line, every value counting', async () => {
    const run = await runCli([
      'erp-list',
      ...['--base-url', emu.url, '--access-token', 'emu-access-token'],
      ...['--subscription-id', SUB_A, '--subscription-id', SUB_B],
      ...['--tag', 'SnoozeSAPSystem=True', '--tag', 'maintenance', '--json'],
    ]);
    expect(run.code).toBe(0);
    const outputs = JSON.parse(run.stdout) as { instances: { name: string }[]; count: string };
    expect(outputs.instances.map((i) => i.name)).toEqual(['X01', 'X02', 'X05']);
  });
});

describe('erp-stop, erp-start and erp-status by tag and environment', () => {
  // erp-status polls nothing, so it reads no poll-interval.
  const act = (inputs: Record<string, string>) =>
    runOnEmulator(emu, {
      'subscription-id': SUB_A,
      ...(inputs.operation === 'erp-status' ? {} : { 'poll-interval': '0.05' }),
      ...inputs,
    });

  it('erp-stop acts exactly on the selection, as if its ids had been given', async () => {
    const run = await act({ operation: 'erp-stop', tag: 'SnoozeSAPSystem=True', environment: 'NonProd' });
    expect(run.code).toBe(0);
    expect(emu.erp.stops.map((s) => [s.subscriptionId, s.resourceGroup, s.instance])).toEqual([
      [SUB_A, 'rg-1', 'X01'],
    ]);
    expect(
      (json(run, 'instances') as { name: string; outcome: string }[]).map((i) => [i.name, i.outcome]),
    ).toEqual([['X01', 'stopped']]);
    // X04 is selected but not registered: left out, with its one warning; X03 carries `true`, a close miss.
    expect(run.warnings).toEqual([
      expect.stringContaining('X03 (SnoozeSAPSystem=true)'),
      expect.stringContaining('X04 (RegistrationFailed)'),
    ]);
    // The close miss in the summary as in the log, beside the rows of what was selected.
    expect(summaryText(run.summary)).toMatch(/Near misses of the selection [^]*X03 \(SnoozeSAPSystem=true\)/);
  });

  it('a dry run shows the selection and sends nothing that changes anything', async () => {
    const stops = emu.erp.stops.length;
    const run = await act({ operation: 'erp-start', tag: 'SnoozeSAPSystem=True', 'dry-run': 'true' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Selected 2 system(s): X01, X02.');
    // X01 was stopped above; X02 is Running already, so skip-if-done plans no start for it.
    expect((json(run, 'plan') as { target: string }[]).map((p) => p.target)).toEqual(['X01']);
    expect(emu.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(emu.erp.stops).toHaveLength(stops);
  });

  it('erp-status reads the systems selected', async () => {
    const run = await act({ operation: 'erp-status', tag: 'maintenance=sunday' });
    expect(run.code).toBe(0);
    expect((json(run, 'instances') as { name: string }[]).map((i) => i.name)).toEqual(['X01', 'X02']);
  });

  it.each([
    [
      { operation: 'erp-status', environment: 'Prod', 'subscription-id': '' },
      "Input 'subscription-id': is required with tag or environment",
    ],
    [
      { operation: 'erp-start' },
      "Input 'erp-virtual-instance': is required for erp-start (or select by tag and environment, or from-result)",
    ],
  ])('refuses %j before any request', async (inputs, message) => {
    const run = await act(inputs);
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain(message);
    expect(emu.requests).toEqual([]);
  });
});
