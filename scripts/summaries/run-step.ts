/** Runs the action's bundle as a runner runs a step, and returns the job summary it wrote. */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BUNDLE = new URL('../../dist/index.js', import.meta.url).pathname;

export async function runStep(
  inputs: Record<string, string>,
): Promise<{ code: number | null; summary: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-summary-'));
  const file = join(dir, 'summary.md');
  await writeFile(file, '');
  await writeFile(join(dir, 'out'), '');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GITHUB_STEP_SUMMARY: file,
    GITHUB_OUTPUT: join(dir, 'out'),
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const child = spawn(process.execPath, [BUNDLE], {
    env,
    stdio: process.env.SUMMARIES_VERBOSE ? 'inherit' : 'ignore',
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const summary = await readFile(file, 'utf8');
  await rm(dir, { recursive: true, force: true });
  return { code, summary };
}
