/** One step as a runner runs it, for the test-action cases and `npm run summaries`. */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface StepResult {
  outcome: 'success' | 'failure';
  outputs: Record<string, string>;
  /** The step's `::error` lines, which say why it failed. */
  errors: string[];
  /** The job summary it wrote (`npm run summaries` renders it). */
  summary: string;
}

/** One step as a runner runs it: the main action.yml names, INPUT_* variables, GITHUB_OUTPUT and summary files. */
export async function runAction(inputs: Record<string, string>): Promise<StepResult> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const main = /^\s+main:\s*'?([^'\n]+)'?\s*$/m.exec(await readFile(join(root, 'action.yml'), 'utf8'))?.[1];
  if (!main) throw new Error('action.yml has no runs.main');
  const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-test-action-'));
  const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') };
  try {
    await Promise.all(Object.values(files).map((file) => writeFile(file, '')));
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', RUNNER_TEMP: dir, ...files };
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
    const child = spawn(process.execPath, [join(root, main)], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return {
      outcome: code === 0 ? 'success' : 'failure',
      outputs: parseOutputFile(await readFile(files.GITHUB_OUTPUT, 'utf8')),
      errors: log.split('\n').filter((l) => l.startsWith('::error')),
      summary: await readFile(files.GITHUB_STEP_SUMMARY, 'utf8'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** GITHUB_OUTPUT's `name<<delimiter … delimiter` records. */
function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const m of text.matchAll(/^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) outputs[m[1]!] = m[3]!;
  return outputs;
}
