import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { COMPILE_CACHE, FAST_POLLS } from './run-action.js';

export const CLI = fileURLToPath(new URL('../../dist/cli.mjs', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command-line bundle as a user would, with only the environment given (no runner variables). */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', FAST_POLLS, CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', ...COMPILE_CACHE, ...env },
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

/** The subscription the command-line tests sign in to the emulator's resource manager with. */
export const CLI_SUB = '00000000-0000-4000-8000-0000000000e1';

/** The flags every resource-manager command of the command-line tests starts with: the emulator and its token. */
export function resourceManagerFlags(baseUrl: string): string[] {
  return ['--base-url', baseUrl, '--access-token', 'emu-access-token', '--subscription-id', CLI_SUB];
}

/** The flags of an app-management command of the command-line tests: the emulator and its user token. */
export function appManagementFlags(apiUrl: string): string[] {
  return ['--api-url', apiUrl, '--api-token', 'emu-user-token'];
}

/** Starts `vendor-ops emulator` from `cwd` and reads its banner to its last line. */
export async function startCliEmulator(args: string[], cwd: string) {
  const server = spawn(process.execPath, [CLI, 'emulator', '--port', '0', ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const banner: string[] = [];
  const lines = createInterface({ input: server.stdout });
  await new Promise<void>((resolve) =>
    lines.on('line', (line) => {
      banner.push(line);
      if (line === 'Ctrl-C stops it.') resolve();
    }),
  );
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner[0] ?? '')?.[1];
  return {
    url: url!,
    banner: banner.join('\n'),
    stop: async () => {
      server.kill('SIGTERM');
      return new Promise((resolve) => server.on('close', resolve));
    },
  };
}
