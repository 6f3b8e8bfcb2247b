import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findOperation } from '../../src/operations/registry.js';
import type { TargetRow } from '../../src/operations/types.js';
import { runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';
import { runCli } from '../helpers/run-cli.js';

/**
 * Issue 49: erp-report's page within GitHub's limits at any size (the audit's c07), and its command-line page as
 * harmless as the summary (c12). The legs' files are written by the operation's own writer, straight from rows,
 * so no fleet has to run: 2 000 systems that failed with a long cause, in 20 legs.
 */
const RUN_ID = '4949';
const SYSTEMS = 2_000;
const LEGS = 20;
const MIB = 1024 * 1024;
const CAUSE = `The client 'ci' does not have authorization to perform action 'Vendor.Workloads/erpVirtualInstances/read' over scope '/subscriptions/00000000-0000-4000-8000-000000000049/resourceGroups/rg'. ${'The role assignment may take up to 30 minutes to apply; sign in again after it. '.repeat(18)}`;
const T0 = Date.parse('2026-11-28T01:00:00.000Z');

const row = (name: string, cause: string, at = T0): TargetRow => ({
  target: name,
  id: `/subscriptions/00000000-0000-4000-8000-000000000049/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/${name}`,
  before: 'Running',
  after: 'Running',
  outcome: 'failed',
  word: 'failed',
  startedAt: at + 1000,
  endedAt: at + 3000,
  cause: { text: cause, kind: 'permission' },
});

/** One leg's result file, as erp-stop writes it (its module's own writer), in `dir`. */
async function writeLeg(dir: string, leg: number, rows: TargetRow[]): Promise<void> {
  const file = findOperation('erp-stop')!.resultFile!(
    { outputs: {}, summary: [], rows, failure: `${rows.length} failed` },
    { run: { id: RUN_ID, attempt: '1', job: 'window', step: 'stop' }, startedAt: T0, endedAt: T0 + 4000 },
  );
  await writeFile(join(dir, `leg-${leg}.json`), JSON.stringify(file));
}

let results: string;
beforeAll(async () => {
  results = await mkdtemp(join(tmpdir(), 'vendor-ops-limits-'));
  await mkdir(join(results, 'big'));
  const name = (i: number) => `F${String(i).padStart(4, '0')}`;
  for (let l = 0; l < LEGS; l++) {
    const per = SYSTEMS / LEGS;
    await writeLeg(
      join(results, 'big'),
      l + 1,
      Array.from({ length: per }, (_, i) => row(name(l * per + i), CAUSE)),
    );
  }
});
afterAll(() => rm(results, { recursive: true, force: true }));

const mermaidOf = (summary: string) => /```mermaid\n([\s\S]*?)\n```/.exec(summary)?.[1] ?? '';

describe("erp-report's page within GitHub's limits", () => {
  it('2 000 failed systems with long causes: summary < 1 MiB, Mermaid < 50 000 characters, outputs < 1 MiB', async () => {
    const r: ActionRun = unescapeCommands(
      await runAction(
        { operation: 'erp-report', results: join(results, 'big') },
        { env: { GITHUB_RUN_ID: RUN_ID, GITHUB_JOB: 'report', GITHUB_ACTION: 'report' } },
      ),
    );
    expect(r.code).toBe(1);
    expect(Buffer.byteLength(r.summary)).toBeLessThan(MIB);
    // The failed come first and those left out are counted.
    expect(r.summary).toMatch(/\d+ of 2000 rows are not shown: GitHub limits a job summary to 1 MiB/);
    const gantt = mermaidOf(r.summary);
    expect(gantt.length).toBeGreaterThan(10_000);
    expect(gantt.length).toBeLessThan(50_000);
    expect(r.summary).toMatch(
      /The timeline shows every failed system, then the slowest: \d+ of 2000; \d+ failed/,
    );
    // The legs in their order, leg 2 before leg 10.
    const sections = [...gantt.matchAll(/section leg (\S+)/g)].map((m) => m[1]);
    expect(sections.indexOf('leg-2.json')).toBeLessThan(sections.indexOf('leg-10.json'));
    // The outputs within the job's 1 MiB: result holds the counts, instances left out for the report file.
    const outputs = Object.entries(r.outputs).reduce((n, [k, v]) => n + Buffer.byteLength(k + v), 0);
    expect(outputs).toBeLessThan(MIB);
    expect(JSON.parse(r.outputs.result!)).toMatchObject({ count: SYSTEMS, outcomes: { failed: SYSTEMS } });
    expect(r.outputs.instances).toBeUndefined();
    expect(r.warnings.join('\n')).toMatch(
      /The output instances is \d+ bytes, so it was left out .*report-file/,
    );
    const report = Object.entries(r.resultFiles).find(([name]) => name.startsWith('vendor-ops-report-'));
    expect(r.outputs['report-file']).toMatch(new RegExp(`${report![0]}$`));
    expect(JSON.parse(report![1]).instances).toHaveLength(SYSTEMS);
  });

  it("the command line's page: a cause's ::warning:: line, ANSI escapes and a signed URL made harmless", async () => {
    const dir = join(results, 'hostile');
    await mkdir(dir);
    const cause =
      'see https://h.example/op?api-version=1&sig=SIGNATURE \u001b[2J\u001b[31mcleared\n::warning::injected';
    await writeLeg(dir, 1, [row('X02\n::error::from a name', cause)]);
    const r = await runCli(['erp-report', '--results', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('X02');
    expect(r.stderr).not.toContain('SIGNATURE');
    expect(r.stderr).not.toContain('\u001b');
    // No line a runner's `run:` step would read as a workflow command.
    expect(r.stderr.split('\n').filter((l) => /^\s*::/.test(l) || l.includes('##['))).toEqual([]);
  });
});
