import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';
import { runCli } from '../helpers/run-cli.js';

/**
 * Issue 45's window as one page, run as the production example runs it: 60 systems, each leg of the matrix a
 * separate process of the bundle whose result file is gathered into one directory (as download-artifact with
 * merge-multiple leaves them); one system fails, one leg never runs; erp-report gives the one verdict.
 */
const SUB = '00000000-0000-4000-8000-0000000000e4';
const RG = 'rg-window';
const name = (i: number) => `W${String(i).padStart(4, '0')}`;
const id = (i: number) =>
  `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Vendor.Workloads/erpVirtualInstances/${name(i)}`;
const FAILING = 17;

/** Ten legs as a matrix: nine of 59 systems that run (7 a leg, the ninth 3), the tenth of one that never runs. */
const LEGS = [...Array.from({ length: 9 }, (_, l) => range(l * 7 + 1, Math.min(l * 7 + 7, 59))), [60]];
function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
const MATRIX = JSON.stringify({
  include: LEGS.map((systems, l) => ({
    leg: l + 1,
    'erp-virtual-instance': systems.map(id).join('\n'),
    names: systems.map(name).join(', '),
  })),
});

let emu: ServiceEmulator;
let results: string;
beforeAll(async () => {
  emu = await startEmulator({
    fleet: {
      systems: [{ generate: 60, subscription: SUB, resourceGroup: RG, prefix: 'W', tags: { window: 'sun' } }],
    },
    erp: { instances: { [name(FAILING)]: { steps: ['InProgress', 'Failed'] } } },
  });
  results = await mkdtemp(join(tmpdir(), 'vendor-ops-window-'));
  // The legs that run, three at a time, each a runner's step of its own: its file uploaded as its own artifact.
  for (let l = 0; l < 9; l += 3) {
    await Promise.all([l, l + 1, l + 2].map((leg) => runLeg(leg)));
  }
});
afterAll(async () => {
  await emu.close();
  await rm(results, { recursive: true, force: true });
});
beforeEach(() => {
  emu.requests.length = 0;
});

const RUN = { GITHUB_RUN_ID: '4242', GITHUB_JOB: 'window', GITHUB_ACTION: 'stop' };

async function runLeg(leg: number, attempt = '1', dir = results): Promise<ActionRun> {
  const run = await runAction(
    {
      operation: 'erp-stop',
      'base-url': emu.url,
      'access-token': 'emu-access-token',
      'erp-virtual-instance': LEGS[leg]!.map(id).join('\n'),
      'poll-interval': '0.05',
      'max-parallel': '7',
    },
    { env: { ...RUN, GITHUB_RUN_ATTEMPT: attempt } },
  );
  expectNoSecrets(run, emulatorSecrets(emu));
  const [file, text] = Object.entries(run.resultFiles)[0]!;
  expect(run.outputs['result-file']).toMatch(new RegExp(`${file.replace(/\./g, '\\.')}$`));
  // download-artifact puts each artifact's file into the one directory.
  await writeFile(join(dir, file), text);
  return unescapeCommands(run);
}

async function report(inputs: Record<string, string>, dir = results): Promise<ActionRun> {
  return unescapeCommands(await runAction({ operation: 'erp-report', results: dir, ...inputs }));
}
const instances = (r: ActionRun) =>
  JSON.parse(r.outputs.instances ?? '[]') as { name: string; leg: string; outcome: string; cause: unknown }[];

describe('erp-report', () => {
  it('60 systems in 10 legs, one failed and one leg never run: one verdict, the two first, exit 1', async () => {
    const r = await report({ expected: MATRIX });
    expect(r.code).toBe(1);
    expect(r.summary).toContain('window: 58 stopped, 1 failed, 1 missing');
    expect(r.errors[0]).toContain('window: 58 stopped, 1 failed, 1 missing');
    expect(r.outputs.count).toBe('60');
    expect(r.outputs.failed).toBe('1');
    expect(JSON.parse(r.outputs.missing!)).toEqual([id(60)]);
    const all = instances(r);
    expect(all.slice(0, 2).map((s) => [s.name, s.leg, s.outcome])).toEqual([
      [name(FAILING), '3', 'failed'],
      [name(60), '10', 'missing'],
    ]);
    expect(all).toHaveLength(60);
    // The page: the two first with their legs, the succeeded folded, one timeline with the failed system in it.
    const failedRow = r.summary.indexOf(name(FAILING));
    expect(failedRow).toBeGreaterThan(-1);
    expect(failedRow).toBeLessThan(r.summary.indexOf('<details>'));
    expect(r.summary).toMatch(/<details><summary>58 stopped<\/summary>/);
    expect(r.summary).toContain('<strong>What to do:</strong> A missing system has no result');
    const gantt = /```mermaid\n([\s\S]*?)\n```/.exec(r.summary)?.[1] ?? '';
    expect(gantt).toContain(`${name(FAILING)} (failed) :crit,`);
    const parsed = await mermaid(gantt);
    expect(parsed.error).toBeUndefined();
    expect(parsed.tasks?.filter((t) => t.crit).map((t) => t.task)).toEqual([`${name(FAILING)} (failed)`]);
    // No request: erp-report sends nothing and signs in nowhere.
    expect(emu.requests).toEqual([]);
  });

  it('fail-on: none reports the same window and exits 0', async () => {
    const r = await report({ expected: MATRIX, 'fail-on': 'none' });
    expect(r.code).toBe(0);
    expect(r.summary).toContain('window: 58 stopped, 1 failed, 1 missing');
  });

  it('a leg run again: the newer result stands, and the summary says so', async () => {
    const dir = await copyOf(results);
    emu.erp.scenario.instances![name(FAILING)] = {};
    const again = await runLeg(2, '2', dir);
    expect(again.code).toBe(0);
    const r = await report({ expected: MATRIX }, dir);
    // Leg 3 again: its six stopped systems are skipped now, and the one that failed is stopped.
    expect(r.code).toBe(1);
    expect(r.summary).toContain('window: 53 stopped, 6 skipped, 1 missing');
    expect(r.summary).toMatch(
      new RegExp(
        `W0015, W0016, ${name(FAILING)}, W0018, W0019, W0020, W0021 in two files: the newer \\(vendor-ops-result-4242-2-`,
      ),
    );
    expect(instances(r).find((s) => s.name === name(FAILING))?.outcome).toBe('stopped');
  });

  it('a file of another format, or that does not parse, is named and skipped', async () => {
    const dir = await copyOf(results);
    await mkdir(join(dir, 'nested'));
    await writeFile(join(dir, 'nested', 'other.json'), JSON.stringify({ format: 'junit/2', tests: [] }));
    await writeFile(join(dir, 'broken.json'), '{"format": "vendor-ops-result/1", ');
    const r = await report({ expected: MATRIX });
    const skipped = await report({ expected: MATRIX }, dir);
    expect(skipped.summary).toContain('window: 58 stopped, 1 failed, 1 missing');
    // Another format is named and left out; a file that does not parse is a leg's result lost (issue 49).
    expect(skipped.summary).toContain('window: 58 stopped, 1 failed, 1 missing; 1 file(s) lost');
    expect(skipped.warnings).toEqual([
      "Skipped nested/other.json: it is of an unknown format ('junit/2'; this version reads vendor-ops-result/1).",
      'Lost broken.json: it does not parse as JSON (torn or cut short); the verdict fails.',
    ]);
    expect(r.warnings).toEqual([]);
  });

  it('a directory that is not there is a window with no result, and expected that is neither ids nor a matrix', async () => {
    const none = await report({}, join(results, 'no-such-dir'));
    expect(none.code).toBe(1);
    expect(none.errors[0]).toContain('window: no result read.');
    const wrong = await report({ expected: '{"legs": []}' });
    expect(wrong.errors[0]).toContain("Input 'expected': is not erp-list's matrix");
  });
});

const copies: string[] = [];
afterAll(async () => {
  for (const dir of copies) await rm(dir, { recursive: true, force: true });
});

describe("a leg's result file", () => {
  it('names each system by its id, with its own start and end (the rows carry them)', async () => {
    const { readdir } = await import('node:fs/promises');
    const files = (await readdir(results)).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const written = JSON.parse(await readFile(join(results, f), 'utf8')) as {
        systems: { name: string; id: string | null; startedAt: string | null; endedAt: string | null }[];
      };
      for (const s of written.systems) {
        expect(s.id).toBe(id(Number(s.name.slice(1))));
        expect(Date.parse(s.endedAt!)).toBeGreaterThanOrEqual(Date.parse(s.startedAt!));
      }
    }
  });
});

describe('the command line', () => {
  it("--result-file writes the step's result file there, and erp-report reads it", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-window-cli-'));
    copies.push(dir);
    const file = join(dir, 'leg', 'status.json');
    const status = await runCli([
      'erp-status',
      ...['--base-url', emu.url, '--access-token', 'emu-access-token'],
      ...['--erp-virtual-instance', `${id(1)}\n${id(60)}`, '--result-file', file, '--json'],
    ]);
    expect(status.code).toBe(0);
    expect((JSON.parse(status.stdout) as Record<string, string>)['result-file']).toBe(file);
    const written = JSON.parse(await readFile(file, 'utf8')) as {
      format: string;
      systems: { name: string; id: string | null; startedAt: string | null; endedAt: string | null }[];
    };
    expect(written.format).toBe('vendor-ops-result/1');
    expect(written.systems.map((s) => s.name)).toEqual([name(1), name(60)]);
    // Each system by its id, with the times of its own read (its row's), none left null.
    expect(written.systems.map((s) => s.id)).toEqual([id(1), id(60)]);
    for (const s of written.systems)
      expect(Date.parse(s.endedAt!)).toBeGreaterThanOrEqual(Date.parse(s.startedAt!));
    expect(await readFile(file, 'utf8')).not.toContain('emu-access-token');
    const r = await runCli(['erp-report', '--results', dir, '--expected', `${id(1)},${id(60)}`]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('window: 2 read');
  });
});

async function copyOf(dir: string): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'vendor-ops-window-copy-'));
  copies.push(copy);
  const { readdir } = await import('node:fs/promises');
  for (const f of await readdir(dir)) await writeFile(join(copy, f), await readFile(join(dir, f)));
  return copy;
}

const HELPER = fileURLToPath(new URL('../helpers/mermaid-gantt.mjs', import.meta.url));
interface Task {
  task: string;
  crit: boolean;
}
function mermaid(text: string): Promise<{ tasks?: Task[]; error?: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [HELPER], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', () => resolve(JSON.parse(out || '{"error":"no output"}')));
    child.stdin.end(text);
  });
}
