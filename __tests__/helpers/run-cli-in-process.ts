import { main } from '../../src/cli/main.js';
import { inThisProcess } from './in-process.js';
import type { CliRun } from './run-cli.js';

/**
 * The command line (src/cli/main.ts's main(), what dist/cli.mjs awaits) run in this process, as runCli runs the
 * bundle: only the environment given, stdout and stderr as pipes. No Node start-up to pay, for a suite's many short
 * commands (usage errors, help); each suite keeps commands through the bundle itself. Not for signals.
 */
export async function runCliInProcess(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const run = await inThisProcess({ PATH: process.env.PATH ?? '', ...env }, async () => {
    try {
      return await main(args);
    } catch (error) {
      // What Node does with an error the bundle's top-level await throws: its stack on stderr, exit 1.
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      return 1;
    }
  });
  return { code: run.value, stdout: run.stdout, stderr: run.stderr };
}
