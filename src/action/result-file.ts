import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperationResult, StepRecord } from '../operations/types.js';
import { recordResult, runOfEnvironment, writeWhole, type Recorded } from '../runtime/result-file.js';
import type { StepSecrets } from '../runtime/secrets.js';

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

/** The action's result file of the step, under RUNNER_TEMP: where it went, or why it could not be written. */
export function writeStepResult(step: {
  operation: string;
  result: OperationResult;
  startedAt: number;
  endedAt: number;
  secrets: StepSecrets;
}): Recorded {
  return recordResult({ ...step, path: (file) => resultFilePath(process.env, file) });
}

/**
 * erp-report's merged window as a file under RUNNER_TEMP (`report-file`): every system, whatever the fleet's size,
 * where the `instances` output may be left out past the runner's limits. Written whole, secrets scrubbed.
 */
export function writeReportFile(
  report: { title: string; instances: unknown },
  secrets: StepSecrets,
): Recorded {
  const { id, attempt, job, step } = runOfEnvironment(process.env);
  const parts = [id ?? 'local', attempt ?? '1', job ?? 'job', step ?? 'step'];
  const name = `vendor-ops-report-${parts.join('-')}.json`.replace(/[^A-Za-z0-9._-]/g, '_');
  const path = join(process.env.RUNNER_TEMP || tmpdir(), name);
  try {
    const body = { format: REPORT_FORMAT, title: report.title, instances: report.instances };
    const shown = (_key: string, value: unknown) =>
      typeof value === 'string' ? secrets.scrub(value) : value;
    writeWhole(path, `${JSON.stringify(body, shown, 2)}\n`);
    return { path };
  } catch (error) {
    return { warning: `The report file ${path} could not be written: ${(error as Error).message}` };
  }
}

/** The report file's own format, apart from the result files': erp-report never reads it back as a leg. */
const REPORT_FORMAT = 'vendor-ops-report/1';
