import type { OperationResult, StepFacts, StepRecord } from '../../types.js';
import { RESULT_FORMAT } from '../report/format.js';
import type { SystemCheck } from './run.js';
import { firstLine } from '../wording.js';

/**
 * erp-check's result file: the result file's envelope (format, operation, run, times, failure) and each system's
 * checks, `{name, id, ready, findings}`, never an outcome: erp-report shows it as the window's checks.
 */
export interface CheckResultFile extends StepRecord {
  format: typeof RESULT_FORMAT;
  operation: 'erp-check';
  startedAt: string;
  endedAt: string;
  failure: string | null;
  systems: SystemCheck[];
}

export function checkResultFile(result: OperationResult, step: StepFacts): CheckResultFile {
  return {
    format: RESULT_FORMAT,
    operation: 'erp-check',
    run: step.run,
    startedAt: new Date(step.startedAt).toISOString(),
    endedAt: new Date(step.endedAt).toISOString(),
    failure: result.failure === undefined ? null : firstLine(result.failure),
    systems: (result.outputs.checks ?? []) as SystemCheck[],
  };
}
