import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { redactUrls } from '../client/url.js';
import { findOperation } from '../operations/registry.js';
import type { OperationResult, StepInput, StepRecord, StepRun } from '../operations/types.js';
import type { StepSecrets } from './secrets.js';

/** The step's run as the runner names it; null where a variable is not set (the command line, local-action). */
export function runOfEnvironment(env: NodeJS.ProcessEnv): StepRun {
  return {
    id: env.GITHUB_RUN_ID || null,
    attempt: env.GITHUB_RUN_ATTEMPT || null,
    job: env.GITHUB_JOB || null,
    step: env.GITHUB_ACTION || null,
  };
}

/** The result of a step that failed before it had one (an input refused, a sign-in, a crash): its cause alone. */
export function failedBefore(cause: string): OperationResult {
  return { outputs: {}, summary: [], failure: redactUrls(cause) };
}

/** Where the file went (`path`), or why it could not be written (`warning`); neither for an operation without one. */
export interface Recorded {
  path?: string;
  warning?: string;
}

/**
 * The step's result file, where its operation keeps one (`resultFile` in its module): built from the result, written
 * where the adapter says (`path`, given the file), whole or not at all, with every secret of the step scrubbed. A
 * file that cannot be written is said (`warning`), never thrown: the adapters set the step's outputs first.
 */
export function recordResult(options: {
  operation: string;
  result: OperationResult;
  startedAt: number;
  endedAt: number;
  path: (file: StepRecord) => string;
  secrets: StepSecrets;
  env?: NodeJS.ProcessEnv;
  /** The step's inputs (the command line's); the action's are read from its INPUT_ variables. */
  inputs?: (name: StepInput) => string | undefined;
}): Recorded {
  const module = findOperation(options.operation);
  if (!module?.resultFile) return {};
  let where: string | undefined;
  try {
    const env = options.env ?? process.env;
    const input = options.inputs ?? ((name: string) => env[`INPUT_${name.toUpperCase()}`]);
    const file = module.resultFile(options.result, {
      run: runOfEnvironment(env),
      // A leg that fails before it reads a system still names the systems it was given.
      input,
      startedAt: options.startedAt,
      endedAt: options.endedAt,
    });
    where = options.path(file);
    // A file people read and upload, as a summary is: a URL in the service's words keeps only its api-version,
    // and a secret the service echoed back (its error text quoting the Authorization header) is `***`.
    const shown = (_key: string, value: unknown) =>
      typeof value === 'string' ? options.secrets.scrub(redactUrls(value)) : value;
    writeWhole(where, `${JSON.stringify(file, shown, 2)}\n`);
    return { path: where };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { warning: `The result file${where ? ` ${where}` : ''} could not be written: ${redactUrls(why)}` };
  }
}

/**
 * Written to a temporary name in the same folder, then renamed over the path: a kill or a full disk leaves the
 * old file or none, never a torn one (a rename within a folder is atomic), and the temporary one is removed.
 */
export function writeWhole(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temporary, text, { flag: 'wx' });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
