import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { redactUrls } from '../client/url.js';
import { findOperation } from '../operations/registry.js';
import type { OperationResult, StepInput, StepRecord, StepRun } from '../operations/types.js';

/** The step's run as the runner names it; null where a variable is not set (the command line, local-action). */
export function runOfEnvironment(env: NodeJS.ProcessEnv): StepRun {
  return {
    id: env.GITHUB_RUN_ID || null,
    attempt: env.GITHUB_RUN_ATTEMPT || null,
    job: env.GITHUB_JOB || null,
    step: env.GITHUB_ACTION || null,
  };
}

/**
 * The step's result file, where its operation keeps one (`resultFile` in its module): built from the result, written
 * where the adapter says (`path`, given the file), and its path returned for the `result-file` output.
 */
export function recordResult(options: {
  operation: string;
  result: OperationResult;
  startedAt: number;
  endedAt: number;
  path: (file: StepRecord) => string;
  env?: NodeJS.ProcessEnv;
  /** The step's inputs (the command line's); the action's are read from its INPUT_ variables. */
  inputs?: (name: StepInput) => string | undefined;
}): string | undefined {
  const module = findOperation(options.operation);
  if (!module?.resultFile) return undefined;
  const run = runOfEnvironment(options.env ?? process.env);
  const env = options.env ?? process.env;
  const input = options.inputs ?? ((name: string) => env[`INPUT_${name.toUpperCase()}`]);
  const file = module.resultFile(options.result, {
    run,
    // A leg that fails before it reads a system still names the systems it was given.
    input,
    startedAt: options.startedAt,
    endedAt: options.endedAt,
  });
  const where = options.path(file);
  mkdirSync(dirname(where), { recursive: true });
  // A file people read and upload, as a summary is: a URL in the service's words keeps only its api-version.
  const shown = (_key: string, value: unknown) => (typeof value === 'string' ? redactUrls(value) : value);
  writeFileSync(where, `${JSON.stringify(file, shown, 2)}\n`);
  return where;
}
