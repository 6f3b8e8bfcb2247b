import { run } from '../../src/action/main.js';
import { inThisProcess } from './in-process.js';
import { collectRun, stepFolder, type ActionRun } from './run-action.js';

/**
 * The action's adapter (src/action/main.ts's run(), what the bundle's entry awaits) run in this process, as a
 * runner runs the bundle: INPUT_* variables in an environment of their own, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and
 * RUNNER_TEMP files, stdout and stderr read line by line for commands. It costs no Node start-up (some 0.12 s of
 * processor a bundle run, docs/test-speed.md), so a suite's many short runs of the same code can take it; each
 * suite keeps runs through the bundle itself (runAction) for what only the bundle shows. Not for signals.
 */
export async function runActionInProcess(
  inputs: Record<string, string>,
  options: { env?: Record<string, string> } = {},
): Promise<ActionRun> {
  const { dir, env: files } = await stepFolder();
  // As runAction's child gets it: PATH and the step's own variables.
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', ...files, ...options.env };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const { stdout, stderr, exitCode } = await inThisProcess(env, run);
  return collectRun(dir, { code: exitCode ?? 0, stdout, stderr });
}
