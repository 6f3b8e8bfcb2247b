import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';

/**
 * Issue 45's selection mistakes and issue 43's gate, through the bundle: a selection that selects nothing says why,
 * and one that selected stays true when the system changes after the listing.
 */
const SUB = '00000000-0000-4000-8000-0000000000a5';
const SUB_2 = '00000000-0000-4000-8000-0000000000b5';
const GATE = '00000000-0000-4000-8000-0000000000c5';

let emu: ServiceEmulator;
beforeAll(async () => {
  emu = await startEmulator({
    fleet: {
      pageSize: 3,
      systems: [
        {
          subscription: SUB,
          resourceGroup: 'rg',
          name: 'S01',
          tags: { SnoozeSAPSystem: 'True', maintenance: 'sunday' },
        },
        { subscription: SUB, resourceGroup: 'rg', name: 'S02', tags: { SnoozeSAPSystem: 'True ' } },
        {
          subscription: SUB,
          resourceGroup: 'rg',
          name: 'S03',
          tags: { snooze: 'True', maintenance: 'sunday' },
        },
        {
          subscription: SUB,
          resourceGroup: 'rg',
          name: 'S04',
          environment: 'nonprod',
          tags: { snooze: 'True' },
        },
        {
          subscription: SUB_2,
          resourceGroup: 'rg',
          name: 'S05',
          tags: { maintenance: 'sunday', snooze: 'True' },
        },
        // The gate: one system Offline, one tagged but not registered and still Running.
        { subscription: GATE, resourceGroup: 'rg', name: 'G01', status: 'Offline', tags: { gate: 'x' } },
        {
          subscription: GATE,
          resourceGroup: 'rg',
          name: 'G02',
          state: 'RegistrationFailed',
          tags: { gate: 'x' },
        },
        {
          subscription: GATE,
          resourceGroup: 'rg',
          name: 'G03',
          state: 'RegistrationFailed',
          status: 'Offline',
          tags: { gate: 'y' },
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
  emu.fleet.afterListing = undefined;
});

async function run(inputs: Record<string, string>): Promise<ActionRun> {
  const done = await runAction({
    'base-url': emu.url,
    'access-token': 'emu-access-token',
    'subscription-id': SUB,
    ...(inputs.operation === 'erp-stop' || inputs.operation === 'erp-start'
      ? { 'poll-interval': '0.05' }
      : {}),
    ...inputs,
  });
  expectNoSecrets(done, emulatorSecrets(emu));
  return unescapeCommands(done);
}
const names = (r: ActionRun) =>
  (JSON.parse(r.outputs.instances ?? '[]') as { name: string; outcome?: string }[]).map((i) =>
    i.outcome ? `${i.name} ${i.outcome}` : i.name,
  );

describe('a selection that selects nothing says why', () => {
  it('a value in another case or with a space is named in one warning, never selected; fail-if-empty fails', async () => {
    const listed = await run({ operation: 'erp-list', tag: 'SnoozeSAPSystem=true' });
    expect(listed.code).toBe(0);
    expect(listed.outputs.count).toBe('0');
    expect(listed.warnings).toEqual([
      expect.stringContaining('2 system(s) carry what differs from the selection only in case or space'),
    ]);
    expect(listed.warnings[0]).toContain('S01 (SnoozeSAPSystem=True), S02 (SnoozeSAPSystem=True )');

    const stop = await run({ operation: 'erp-stop', tag: 'SnoozeSAPSystem=true', 'fail-if-empty': 'true' });
    expect(stop.code).toBe(1);
    expect(stop.errors[0]).toContain(
      'No system selected by the tag and environment given, and fail-if-empty is true',
    );
    expect(emu.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('an environment of another case is a close miss, not selected', async () => {
    const listed = await run({ operation: 'erp-list', tag: 'snooze=True', environment: 'NonProd' });
    expect(names(listed)).toEqual(['S03']);
    expect(listed.warnings).toEqual([expect.stringContaining('S04 (environment nonprod)')]);
  });

  it.each([
    ['SnoozeSAPSystem: True', "'SnoozeSAPSystem: True' is not a tag: write name=value (not name: value)"],
    ['owners=a,b', 'a tag value holds no comma'],
  ])('tag %j fails before any request, naming the form', async (tag, message) => {
    for (const operation of ['erp-list', 'erp-stop']) {
      const r = await run({ operation, tag });
      expect(r.code).toBe(1);
      expect(r.errors[0]).toContain(`Input 'tag': `);
      expect(r.errors[0]).toContain(message);
    }
    expect(emu.requests).toEqual([]);
  });

  it('comma-separated tags are several tags, every one matching', async () => {
    const listed = await run({ operation: 'erp-list', tag: 'maintenance=sunday, snooze=True' });
    expect(listed.code).toBe(0);
    expect(names(listed)).toEqual(['S03']);
  });

  it('subscription-id takes a list (per line or comma); an item that is not a UUID fails before any request', async () => {
    const both = await run({
      operation: 'erp-status',
      'subscription-id': `${SUB},${SUB_2}`,
      tag: 'maintenance=sunday',
    });
    expect(both.code).toBe(0);
    expect(names(both)).toEqual(['S01 read', 'S03 read', 'S05 read']);

    emu.requests.length = 0;
    const wrong = await run({ operation: 'erp-stop', 'subscription-id': 'A,B', tag: 'snooze=True' });
    expect(wrong.code).toBe(1);
    expect(wrong.errors[0]).toContain(
      "Input 'subscription-id': item 'A' is not a subscription id: each is a UUID",
    );
    expect(emu.requests).toEqual([]);
    // Refused before any system, the step still leaves its result file: the window's report names its cause.
    const [file] = Object.values(wrong.resultFiles).map((t) => JSON.parse(t) as object);
    expect(file).toMatchObject({
      systems: [],
      failure: expect.stringContaining("item 'A' is not a subscription id"),
    });
    expect(wrong.outputs['result-file']).toMatch(/vendor-ops-result-local-1-job-\w+-step\.json$/);
  });
});

describe('a selection that stays true', () => {
  it('erp-status with expect-status fails for a tagged system left out of stop and start that is in another status', async () => {
    // Issue 43: G02 is tagged and Running but not RegistrationComplete; the gate passed without it.
    const gate = await run({
      operation: 'erp-status',
      'subscription-id': GATE,
      tag: 'gate',
      'expect-status': 'Offline',
    });
    expect(gate.code).toBe(1);
    expect(gate.errors[0]).toContain("'G02' is Running");
    // Every system the tag selected is read, the ones the service offers no stop or start included.
    expect(names(gate)).toEqual(['G01 read', 'G02 read', 'G03 read']);
  });

  it('a system un-tagged after the listing is left alone, named in a warning', async () => {
    emu.fleet.afterListing = () => {
      const s03 = emu.fleet.systems.find((s) => 'name' in s && s.name === 'S03')!;
      s03.tags = { maintenance: 'monday' };
    };
    const stop = await run({ operation: 'erp-stop', tag: 'maintenance=sunday' });
    expect(stop.code).toBe(0);
    expect(names(stop)).toEqual(['S01 stopped', 'S03 skipped']);
    expect(emu.erp.stops.map((s) => s.instance)).toEqual(['S01']);
    expect(stop.warnings).toEqual([expect.stringContaining('S03: left alone, no longer selected')]);
  });

  it('a whole-system window sends no step at all to a system un-tagged after the listing', async () => {
    emu.fleet.afterListing = () => {
      const s05 = emu.fleet.systems.find((s) => 'name' in s && s.name === 'S05')!;
      s05.tags = {};
    };
    const stops = emu.erp.stops.length;
    const stop = await run({
      operation: 'erp-stop',
      'subscription-id': SUB_2,
      tag: 'snooze=True',
      'whole-system': 'true',
    });
    expect(stop.code).toBe(0);
    expect(names(stop)).toEqual(['S05 skipped']);
    expect(emu.erp.stops).toHaveLength(stops);
    expect(emu.erp.parts.actions.filter((a) => a.system === 'S05')).toEqual([]);
    // Said at the window's first step, the read of the system, before anything is sent.
    expect(stop.warnings).toEqual([
      expect.stringMatching(
        /^S05: 1\/2 application stop: left alone, no longer selected: .*\(no tags; environment NonProd\)/,
      ),
    ]);
  });
});
