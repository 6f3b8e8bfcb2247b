// The same test settings a bundle run gets by `node --import` (polls at the test's interval), on this process's
// globals, which the source modules the in-process runners import read.
import './fast-polls.mjs';

/** What a step or command run in this process wrote, and what its work returned. */
export interface Captured<T> {
  value: T;
  stdout: string;
  stderr: string;
  /** process.exitCode as the work left it (what the process would exit with). */
  exitCode: number | undefined;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` as a bundle's process would run it, in this one: an environment of its own (nothing of the test
 * process's: a CI's GITHUB_RUN_ID would change what a step does), stdout and stderr captured as the pipes of a child
 * would take them (no terminal width), a timer that would end the process cleared. Not for signals (the handlers
 * are the test process's) nor for two runs at once: the environment, the streams and the exit code are the
 * process's, so runs are queued one after the other.
 */
export function inThisProcess<T>(env: Record<string, string>, work: () => Promise<T>): Promise<Captured<T>> {
  const turn = queue.then(() => captured(env, work));
  queue = turn.catch(() => undefined);
  return turn;
}

async function captured<T>(env: Record<string, string>, work: () => Promise<T>): Promise<Captured<T>> {
  const saved = {
    env: process.env,
    exitCode: process.exitCode,
    stdout: process.stdout.write,
    stderr: process.stderr.write,
    columns: Object.getOwnPropertyDescriptor(process.stdout, 'columns'),
  };
  let stdout = '';
  let stderr = '';
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
  Object.defineProperty(process.stdout, 'columns', { value: undefined, configurable: true, writable: true });
  try {
    const value = await work();
    return {
      value,
      stdout,
      stderr,
      exitCode: process.exitCode === undefined ? undefined : Number(process.exitCode),
    };
  } finally {
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
    if (saved.columns) Object.defineProperty(process.stdout, 'columns', saved.columns);
    else delete (process.stdout as { columns?: number }).columns;
    process.exitCode = saved.exitCode;
    process.env = saved.env;
  }
}
