import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FAST_POLLS } from './run-action.js';

export const CLI = fileURLToPath(new URL('../../dist/cli.mjs', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command-line bundle as a user would, with only the environment given (no runner variables). */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', FAST_POLLS, CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const kill = setTimeout(() => child.kill('SIGKILL'), 50_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(kill);
  return { code, stdout, stderr };
}
