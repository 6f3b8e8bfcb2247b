import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperationResult, StepRecord } from '../operations/types.js';
import { recordResult } from '../runtime/result-file.js';

/**
 * Where a step's result file goes on a runner: RUNNER_TEMP, named by run, attempt, job, leg and step. A matrix
 * leg is known to the step only by what it acts on, so the leg is a short hash of its instances: every leg of a
 * window holds other systems, and upload-artifact with `archive: false` needs a name unique within the run.
 */
export function resultFilePath(env: NodeJS.ProcessEnv, file: StepRecord): string {
  // The leg's own input where it has one (a matrix leg's erp-virtual-instance): a leg refused before it read a
  // system still gets a name of its own.
  const given = env['INPUT_ERP-VIRTUAL-INSTANCE'] || file.systems.map((s) => s.id ?? s.name).join('\n');
  const leg = createHash('sha256').update(given).digest('hex').slice(0, 10);
  const { id, attempt, job, step } = file.run;
  const parts = [id ?? 'local', attempt ?? '1', job ?? 'job', leg, step ?? 'step'];
  const name = `vendor-ops-result-${parts.join('-')}.json`.replace(/[^A-Za-z0-9._-]/g, '_');
  return join(env.RUNNER_TEMP || tmpdir(), name);
}

/** The action's result file of the step, under RUNNER_TEMP: its path, or undefined for an operation without one. */
export function writeStepResult(step: {
  operation: string;
  result: OperationResult;
  startedAt: number;
  endedAt: number;
}): string | undefined {
  return recordResult({ ...step, path: (file) => resultFilePath(process.env, file) });
}
