import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emulatorSecrets } from '../helpers/emulator.js';
import { summaryText } from '../helpers/summary-text.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';

/**
 * Issue 45's selection mistakes and issue 43's gate, through the bundle: a selection that selects nothing says why,
 * and one that selected stays true when the system changes after the listing.
 */
const SUB = '00000000-0000-4000-8000-0000000000a5';
const SUB_2 = '00000000-0000-4000-8000-0000000000b5';
const GATE = '00000000-0000-4000-8000-0000000000c5';
const LEGS = '00000000-0000-4000-8000-0000000000d5';

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
        // Issue 50: a window's legs, its empty selections, and its morning start.
        {
          subscription: LEGS,
          resourceGroup: 'rg',
          name: 'L01',
          tags: { maintenance: 'sunday', snooze: 'True' },
        },
        { subscription: LEGS, resourceGroup: 'rg', name: 'L02', tags: { maintenance: 'sunday' } },
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
      'No system selected by tag SnoozeSAPSystem=true, and fail-if-empty is true',
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

describe('issue 50: an empty selection is never green on a step that changes things', () => {
  const empty = { operation: 'erp-stop', 'subscription-id': LEGS, tag: 'maintenance=saturday, snooze=' };

  it('erp-stop selecting nothing by tag fails, the near values in the summary', async () => {
    const stop = await run(empty);
    expect(stop.code).toBe(1);
    expect(stop.errors[0]).toContain('No system selected by tags maintenance=saturday, snooze=');
    const page = summaryText(stop.summary);
    expect(page).toContain('erp-stop: failed (no system selected)');
    // The values the tag's name does carry, an empty value read, and how many matched each part.
    expect(page).toContain(
      'No system listed carries maintenance=saturday: the values of maintenance listed: sunday (2)',
    );
    expect(page).toContain('Tag snooze= was read with an empty value');
    expect(page).toContain('each part matched: maintenance=saturday 0, snooze= 0');
    // Its "What to do" is the near misses, not a step log that does not explain it.
    expect(page).not.toContain('See the step log');
    expect(emu.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('with fail-if-empty: false it succeeds, titled no system selected', async () => {
    const stop = await run({ ...empty, 'fail-if-empty': 'false' });
    expect(stop.code).toBe(0);
    const page = summaryText(stop.summary);
    expect(page).toContain('erp-stop: no system selected');
    expect(page).not.toContain('erp-stop: done');
    expect(page).toContain('sunday (2)');
  });
});

describe('issue 50: the re-check in every leg, and the start of what was stopped', () => {
  const system = (name: string) => emu.fleet.systems.find((s) => 'name' in s && s.name === name)!;
  let stopFile = '';

  it('a leg handing on its matrix entry leaves alone a system un-tagged after the listing', async () => {
    const listed = await run({
      operation: 'erp-list',
      'subscription-id': LEGS,
      tag: 'maintenance=sunday',
      'per-leg': '2',
    });
    const [leg] = (JSON.parse(listed.outputs.matrix!) as { include: Record<string, string>[] }).include;
    expect(leg).toMatchObject({ names: 'L01, L02', tag: 'maintenance=sunday' });
    // The approval takes hours; meanwhile L02 leaves the window.
    system('L02').tags = {};
    const stop = await run({
      operation: 'erp-stop',
      'erp-virtual-instance': leg!['erp-virtual-instance']!,
      tag: leg!.tag!,
    });
    expect(stop.code).toBe(0);
    expect(names(stop)).toEqual(['L01 stopped', 'L02 skipped']);
    expect(emu.erp.stops.filter((s) => s.instance.startsWith('L')).map((s) => s.instance)).toEqual(['L01']);
    expect(stop.warnings).toEqual([expect.stringContaining('L02: left alone, no longer selected')]);
    expect(summaryText(stop.summary)).toMatch(/L02 .*no longer selected/);
    stopFile = Object.values(stop.resultFiles)[0]!;

    // Without the read before acting there would be no re-check: refused, not silently left out.
    emu.requests.length = 0;
    const unread = await run({
      operation: 'erp-stop',
      'erp-virtual-instance': leg!['erp-virtual-instance']!,
      tag: leg!.tag!,
      'skip-if-done': 'false',
      verify: 'false',
    });
    expect(unread.code).toBe(1);
    expect(unread.errors[0]).toContain("Input 'tag': with erp-virtual-instance is the re-check");
    expect(emu.requests).toEqual([]);
  });

  it("erp-start from the stop's result file starts what it stopped, whatever its tags now", async () => {
    system('L01').tags = {};
    const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-from-result-'));
    const path = join(dir, 'stop.json');
    await writeFile(path, stopFile);
    const start = await run({ operation: 'erp-start', 'from-result': path });
    expect(start.code).toBe(0);
    // L02 was skipped by the stop (left alone): not the stop's to bring back.
    expect(names(start)).toEqual(['L01 started']);
    expect(start.stdout).toContain('1 system(s) it acted on (1 it skipped or planned left out)');

    emu.requests.length = 0;
    const both = await run({ operation: 'erp-start', 'from-result': path, tag: 'maintenance=sunday' });
    expect(both.code).toBe(1);
    expect(both.errors[0]).toContain("Input 'from-result': is given with tag or environment");
    expect(emu.requests).toEqual([]);
  });
});
