import { run } from '../../src/action/main.js';
// The same test settings a bundle run gets by `node --import` (polls at the test's interval), on this process's
// globals, which the source modules imported here read.
import './fast-polls.mjs';
import { collectRun, stepFolder, type ActionRun } from './run-action.js';

/**
 * The action's adapter (src/action/main.ts's run(), what the bundle's entry awaits) run in this process, as a
 * runner runs the bundle: INPUT_* variables in an environment of their own, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and
 * RUNNER_TEMP files, stdout and stderr read line by line for commands. It costs no Node start-up (some 0.12 s of
 * processor a bundle run, docs/test-speed.md), so a suite's many short runs of the same code can take it; each
 * suite keeps runs through the bundle itself (runAction) for what only the bundle shows.
 *
 * Not for signals (the step's handlers are the test process's here) nor for two runs at once: the environment,
 * the streams and the exit code are the process's, so runs are queued one after the other.
 */
export async function runActionInProcess(
  inputs: Record<string, string>,
  options: { env?: Record<string, string> } = {},
): Promise<ActionRun> {
  const turn = queue.then(() => oneRun(inputs, options));
  queue = turn.catch(() => undefined);
  return turn;
}

let queue: Promise<unknown> = Promise.resolve();

async function oneRun(inputs: Record<string, string>, options: { env?: Record<string, string> }) {
  const { dir, env: files } = await stepFolder();
  // As runAction's child gets it: PATH and the step's own variables, nothing of the test process's (a CI's
  // GITHUB_RUN_ID or ACTIONS_ID_TOKEN_REQUEST_URL would change what the step does).
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', ...files, ...options.env };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const saved = {
    env: process.env,
    exitCode: process.exitCode,
    stdout: process.stdout.write,
    stderr: process.stderr.write,
    setTimeout: globalThis.setTimeout,
  };
  let stdout = '';
  let stderr = '';
  // run() ends the process 1 s after the step is done (its linger net): that timer is cleared here instead.
  const exits: NodeJS.Timeout[] = [];
  process.env = env;
  process.exitCode = undefined;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = saved.setTimeout(callback, ms, ...args);
    if (String(callback).includes('process.exit')) exits.push(timer);
    return timer;
  }) as typeof setTimeout;
  let code: number;
  try {
    await run();
    code = Number(process.exitCode ?? 0);
  } finally {
    for (const timer of exits) clearTimeout(timer);
    globalThis.setTimeout = saved.setTimeout;
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
    process.exitCode = saved.exitCode;
    process.env = saved.env;
  }
  return collectRun(dir, { code, stdout, stderr });
}
