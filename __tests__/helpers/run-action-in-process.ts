import { summary } from '@actions/core';
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
  const { stdout, stderr, exitCode } = await inThisProcess(env, () => {
    // @actions/core keeps the summary file's path from its first write, as a process runs one step: each run here
    // is a step of its own, so the path it read (and anything left in the buffer) is forgotten first.
    Object.assign(summary, { _filePath: undefined });
    summary.emptyBuffer();
    return run();
  });
  // Where a later change to @actions/core keeps the path some other way: fail, rather than read an empty summary.
  const written = (summary as unknown as { _filePath?: string })._filePath;
  if (written !== undefined && written !== files.GITHUB_STEP_SUMMARY)
    throw new Error(`the step's summary went to ${written}, not to its own GITHUB_STEP_SUMMARY`);
  return collectRun(dir, { code: exitCode ?? 0, stdout, stderr });
}
