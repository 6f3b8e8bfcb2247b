import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';
import { runCli } from '../helpers/run-cli.js';

/**
 * Issue 49: the window's verdict is never green for a window that failed, whatever the files say. The legs that the
 * point is what the action writes run the bundle against the emulator; the other cases write the files directly.
 */
const SUB = '00000000-0000-4000-8000-0000000000f9';
const RG = 'rg-verdict';
const name = (i: number) => `V${String(i).padStart(4, '0')}`;
const id = (i: number) =>
  `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Vendor.Workloads/erpVirtualInstances/${name(i)}`;
const RUN = '4949';
const env = (step: string) => ({
  GITHUB_RUN_ID: RUN,
  GITHUB_RUN_ATTEMPT: '1',
  GITHUB_JOB: 'window',
  GITHUB_ACTION: step,
});

let emu: ServiceEmulator;
const dirs: string[] = [];
async function folder(files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-verdict-'));
  dirs.push(dir);
  for (const [f, text] of Object.entries(files)) await writeFile(join(dir, f), text);
  return dir;
}
beforeAll(async () => {
  emu = await startEmulator({
    fleet: {
      systems: [{ generate: 2, subscription: SUB, resourceGroup: RG, prefix: 'V', tags: { window: 'sun' } }],
    },
    // V0002's stop is still running when a stop with wait: false answers: wait-for-operation follows it.
    erp: { instances: { [name(2)]: { steps: ['InProgress', 'InProgress', 'Succeeded'] } } },
  });
});
afterAll(async () => {
  await emu.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** One step of the bundle, its result file as download-artifact leaves it (one artifact per step). */
async function step(inputs: Record<string, string>, name: string): Promise<[string, ActionRun]> {
  const run = unescapeCommands(
    await runAction(
      {
        'base-url': emu.url,
        'access-token': 'emu-access-token',
        ...(inputs.operation === 'erp-list' ? {} : { 'poll-interval': '0.05' }),
        ...inputs,
      },
      { env: env(name) },
    ),
  );
  const text = Object.values(run.resultFiles)[0] ?? '';
  return [text, run];
}
const report = async (dir: string, inputs: Record<string, string> = {}, runId = RUN) =>
  unescapeCommands(
    await runAction({ operation: 'erp-report', results: dir, ...inputs }, { env: { GITHUB_RUN_ID: runId } }),
  );

/** A result file as a leg of run 4949 writes it. */
function file(o: {
  operation?: string;
  run?: string;
  ended: number;
  systems?: [number, string, string][];
  failure?: string;
  dryRun?: boolean;
}): string {
  const at = (m: number) => `2026-11-29T01:${String(m).padStart(2, '0')}:00.000Z`;
  return JSON.stringify({
    format: 'vendor-ops-result/1',
    operation: o.operation ?? 'erp-stop',
    dryRun: o.dryRun ?? false,
    run: { id: o.run ?? RUN, attempt: '1', job: 'window', step: 'leg' },
    startedAt: at(0),
    endedAt: at(o.ended),
    failure: o.failure ?? null,
    failureKind: o.failure ? 'timeout' : null,
    systems: (o.systems ?? []).map(([i, outcome, word]) => ({
      name: name(i),
      id: id(i),
      before: 'Running',
      after: outcome === 'succeeded' ? 'Offline' : 'Running',
      outcome,
      word,
      startedAt: at(0),
      endedAt: at(o.ended),
      cause:
        outcome === 'failed' || outcome === 'running'
          ? { text: `${name(i)}: ${word}`, kind: 'service failed' }
          : null,
    })),
  });
}
const FAILED_STOP = file({ ended: 5, systems: [[1, 'failed', 'failed']] });

describe('erp-report: a verdict that reads everything (issue 49)', () => {
  it("the listing's file, a leg refused at sign-in, and the README's recipe with a refused start: red, the 401 on the page", async () => {
    const [list, listed] = await step(
      { operation: 'erp-list', 'subscription-id': SUB, tag: 'window=sun', 'per-leg': '1' },
      'list',
    );
    expect(listed.code).toBe(0);
    const [[leg1], [leg2, refused]] = await Promise.all([
      step({ operation: 'erp-stop', 'erp-virtual-instance': id(1) }, 'stop'),
      step({ operation: 'erp-stop', 'erp-virtual-instance': id(2), 'access-token': 'not-the-token' }, 'stop'),
    ]);
    expect(refused.code).toBe(1);
    // The README's recipe: its start refused at sign-in as this leg's stop was (the same way out, the same file).
    const start = JSON.stringify({
      ...JSON.parse(leg2),
      operation: 'erp-start',
      asked: [id(1)],
      endedAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const withListing = await folder({ 'list.json': list, 'leg-1.json': leg1, 'leg-2.json': leg2 });
    const withoutListing = await folder({ 'leg-1.json': leg1, 'leg-2.json': leg2 });
    const recipe = await folder({ 'stop.json': leg1, 'start.json': start });
    const [a, b, c] = await Promise.all([report(withListing), report(withoutListing), report(recipe)]);
    // With the listing: no expected input, and the refused leg's system failed with its cause, on its leg.
    expect(a.code).toBe(1);
    expect(a.summary).toContain('window: 1 stopped, 1 failed; 1 step(s) failed');
    const failed = (
      JSON.parse(a.outputs.instances!) as { name: string; leg: string; cause: { text: string } }[]
    )[0]!;
    expect([failed.name, failed.leg]).toEqual([name(2), '2']);
    expect(failed.cause.text).toContain('401');
    // Without it: the leg's failure still fails the window, with its cause.
    expect(b.code).toBe(1);
    expect(b.summary).toMatch(/window: 1 stopped, 1 failed/);
    expect(b.summary).toContain('401');
    // The README's recipe: the stop went through, the start never signed in: not a green window.
    expect(c.code).toBe(1);
    expect(c.summary).toContain('window: 1 failed; 1 step(s) failed');
    expect(c.summary).toContain('erp-stop stopped, erp-start failed');
  });

  it('a timed-out leg, an empty folder, an all-torn folder: red', async () => {
    const timedOut = file({
      ended: 9,
      systems: [[1, 'running', 'stopping']],
      failure: 'did not end within the timeout',
    });
    const torn = FAILED_STOP.slice(0, 60);
    const [a, b, c] = await Promise.all([
      report(await folder({ 'leg.json': timedOut })),
      report(await folder()),
      report(await folder({ 'leg-1.json': torn, 'leg-2.json': '' })),
    ]);
    expect([a.code, b.code, c.code]).toEqual([1, 1, 1]);
    expect(a.summary).toContain('window: 1 still running');
    expect(b.summary).toContain('window: no result read');
    expect(c.summary).toContain('window: no result read; 2 file(s) lost');
    expect(c.warnings).toContain(
      'Lost leg-1.json: it does not parse as JSON (torn or cut short); the verdict fails.',
    );
  });

  it('a later status read, a start that skips, a dry run, another run: never over a failure', async () => {
    // Four systems whose stop failed, each with a later file of its own kind over the failure.
    const failed = file({
      ended: 5,
      systems: [1, 2, 3, 4].map((i) => [i, 'failed', 'failed'] as [number, string, string]),
    });
    const r = await report(
      await folder({
        'stop.json': failed,
        'status.json': file({ operation: 'erp-status', ended: 20, systems: [[1, 'succeeded', 'read']] }),
        'start.json': file({ operation: 'erp-start', ended: 20, systems: [[2, 'skipped', 'skipped']] }),
        'plan.json': file({ ended: 20, dryRun: true, systems: [[3, 'planned', 'planned']] }),
        'other.json': file({ run: '4948', ended: 50, systems: [[4, 'succeeded', 'stopped']] }),
      }),
    );
    expect(r.code).toBe(1);
    expect(r.summary).toContain('window: 4 failed');
    expect(r.summary).toContain('erp-stop failed, erp-status read');
    expect(r.summary).toContain('erp-stop failed, erp-start skipped');
    expect(r.warnings).toEqual([
      "Skipped other.json: it is of run 4948, not this window's run 4949.",
      'Skipped plan.json: it is a dry run of erp-stop: a plan, not a result.',
    ]);
  });

  it('a 2 000-system listing and no expected input: the one system without a result is missing, with its leg', async () => {
    const dir = await folder();
    const all = Array.from({ length: 2000 }, (_, i) => i + 1);
    const listing = JSON.parse(file({ operation: 'erp-list', ended: 1 })) as Record<string, unknown>;
    listing.selection = {
      tag: 'window=sun',
      environment: null,
      systems: all.map((i) => ({ id: id(i), name: name(i), leg: String(Math.ceil(i / 8)) })),
    };
    await writeFile(join(dir, 'list.json'), JSON.stringify(listing));
    for (let leg = 0; leg < 250; leg++) {
      const systems = all.slice(leg * 8, leg * 8 + 8).filter((i) => i !== 1999);
      await writeFile(
        join(dir, `leg-${leg + 1}.json`),
        file({ ended: 5, systems: systems.map((i) => [i, 'succeeded', 'stopped']) }),
      );
    }
    const r = await report(dir);
    expect(r.code).toBe(1);
    expect(r.summary).toContain('window: 1999 stopped, 1 missing');
    const row = (JSON.parse(r.outputs.instances!) as { leg: string; cause: { text: string } }[])[0]!;
    expect(row.cause.text).toBe(
      "no result for it: leg 250 was to act on it, and that leg's file does not name it",
    );
  });

  it('a 600 MiB sparse stray file, links and a missing results directory: the page survives', async () => {
    const dir = await folder({
      'leg.json': file({
        ended: 5,
        systems: [
          [1, 'succeeded', 'stopped'],
          [2, 'failed', 'failed'],
        ],
      }),
    });
    await writeFile(join(dir, 'stray.bin'), '');
    await truncate(join(dir, 'stray.bin'), 600 * 1024 * 1024);
    await mkdir(join(dir, 'sub'));
    const { symlink } = await import('node:fs/promises');
    await symlink('/etc/passwd', join(dir, 'sub', 'link.json'));
    const [r, none] = await Promise.all([
      report(dir),
      report(join(dir, 'none'), { expected: `${id(1)}\n${id(2)}` }),
    ]);
    expect(r.code).toBe(1);
    expect(r.summary).toContain('window: 1 stopped, 1 failed');
    expect(r.warnings).toEqual([
      'Skipped stray.bin: it is too large for a result file (629145600 bytes), not read.',
      'Skipped sub/link.json: it is a symbolic link, not followed.',
    ]);
    expect(none.code).toBe(1);
    expect(none.summary).toContain('window: 2 missing');
    expect(await readdir(dir)).toHaveLength(3);
  });

  it("the command line: the newest file's run, or --run-id; the other run named", async () => {
    const other = file({ run: '4948', ended: 50, systems: [[1, 'succeeded', 'stopped']] });
    const dir = await folder({ 'stop.json': FAILED_STOP, 'other.json': other });
    const [newest, given] = await Promise.all([
      // A command line inside a workflow's run step still takes the newest file's run: GITHUB_RUN_ID is the action's.
      runCli(['erp-report', '--results', dir], { GITHUB_RUN_ID: RUN }),
      runCli(['erp-report', '--results', dir, '--run-id', RUN]),
    ]);
    expect(newest.code).toBe(0);
    expect(newest.stderr).toContain("Skipped stop.json: it is of run 4949, not this window's run 4948.");
    expect(given.code).toBe(1);
    expect(given.stderr).toContain('window: 1 failed');
    expect(given.stderr).toContain("Skipped other.json: it is of run 4948, not this window's run 4949.");
  });

  it("wait-for-operation's file names the stop it resumed: one stop, the later standing", async () => {
    const [stop, started] = await step(
      { operation: 'erp-stop', 'erp-virtual-instance': id(2), wait: 'false' },
      'stop',
    );
    expect(started.code).toBe(0);
    const [waited, run] = await step(
      { operation: 'wait-for-operation', 'operation-url': started.outputs.operations! },
      'wait',
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(waited)).toMatchObject({ operation: 'wait-for-operation', resumes: 'erp-stop' });
    const r = await report(await folder({ 'stop.json': stop, 'wait.json': waited }));
    expect(r.code).toBe(0);
    expect(r.summary).toContain('window: 1 stopped');
    expect(r.summary).toContain(`${name(2)} in two files: the newer (wait.json) stands over stop.json.`);
  });
});
