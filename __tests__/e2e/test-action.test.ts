import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { startEmulator, type Scenario } from '../../src/emulator/index.js';
import { runAction } from '../helpers/run-action.js';

/**
 * scripts/test-action.ts is what the CI workflow's `uses: ./` job runs: these tests run it the way that job does,
 * against the demo scenario, so `npm test` checks here what the GitHub workflow would.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const SCRIPT = join(ROOT, 'scripts/test-action.ts');

async function script(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [SCRIPT, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

async function withDemoEmulator<T>(work: (url: string) => Promise<T>): Promise<T> {
  const scenario = JSON.parse(await readFile(join(ROOT, 'scenarios/demo.json'), 'utf8')) as Scenario;
  const emulator = await startEmulator(scenario);
  try {
    return await work(emulator.url);
  } finally {
    await emulator.close();
  }
}

/** The GITHUB_OUTPUT records `inputs` prints, as the runner reads them into `steps.case.outputs`. */
function records(text: string): Record<string, string> {
  return Object.fromEntries(
    [...text.matchAll(/^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)].map((m) => [m[1]!, m[3]!]),
  );
}

async function caseNames(): Promise<string[]> {
  const { stdout } = await script(['list']);
  return JSON.parse(stdout) as string[];
}

describe('scripts/test-action.ts', () => {
  it('runs every case through the bundle against the demo emulator, each as expected', async () => {
    const names = await caseNames();
    const { code, stdout } = await withDemoEmulator((url) => script(['run', url]));
    expect(stdout).toContain(`${names.length} of ${names.length} cases as expected`);
    for (const name of names) expect(stdout).toMatch(new RegExp(`^ok +${name}$`, 'm'));
    expect(code).toBe(0);
  }, 180_000);

  it('check passes the outputs of a real step and fails when one output or the outcome is wrong', async () => {
    const outputs = await withDemoEmulator(async (url) => {
      const inputs = records((await script(['inputs', 'check-image-cached', url])).stdout);
      return (await runAction(inputs)).outputs;
    });
    const check = (changed: Record<string, string>, outcome = 'success') =>
      script(['check', 'check-image-cached'], {
        OUTPUTS: JSON.stringify({ ...outputs, ...changed }),
        OUTCOME: outcome,
      });

    expect((await check({})).code).toBe(0);
    const wrongOutput = await check({ cached: 'true' });
    expect(wrongOutput.stdout).toContain("output 'cached' is not 'false' (got 'true')");
    expect(wrongOutput.code).toBe(1);
    const wrongOutcome = await check({}, 'failure');
    expect(wrongOutcome.stdout).toContain("the step's outcome is 'failure', expected 'success'");
    expect(wrongOutcome.code).toBe(1);
  }, 60_000);

  it('check fails every case whose step set no outputs, naming each output it expected', async () => {
    // One process a case, all at once: each only reads its case.
    const names = await caseNames();
    const runs = await Promise.all(
      names.map((name) => script(['check', name], { OUTPUTS: '{}', OUTCOME: 'success' })),
    );
    for (const { code, stdout } of runs) {
      expect(stdout).toMatch(/output '[a-z-]+' .* \(got nothing\)/);
      expect(code).toBe(1);
    }
  }, 60_000);

  it("the workflow's uses: ./ step passes on every input any case sets", async () => {
    const workflow = await readFile(join(ROOT, '.github/workflows/ci.yml'), 'utf8');
    const passed = new Set(
      [...workflow.matchAll(/^ +([a-z-]+): \$\{\{ steps\.case\.outputs\.([a-z-]+) \}\}$/gm)]
        .filter((m) => m[1] === m[2])
        .map((m) => m[1]!),
    );
    const used = await withDemoEmulator(async (url) => {
      const printed = await Promise.all((await caseNames()).map((name) => script(['inputs', name, url])));
      return new Set(printed.flatMap(({ stdout }) => Object.keys(records(stdout))));
    });
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((input) => !passed.has(input))).toEqual([]);
  }, 120_000);
});
