import * as core from '@actions/core';
import { redactUrls } from '../client/url.js';
import type { OperationResult } from '../operations/types.js';
import { outputText } from '../runtime/run.js';
import type { StepSecrets } from '../runtime/secrets.js';
import { fitOutputs } from './limits.js';

/** Why outputs were not set: `failures` fail the step, `warnings` do not (a file holds what was left out). */
export interface OutputsSet {
  failures: string[];
  warnings: string[];
}

/**
 * Sets the step's outputs within the runner's limits, with every secret of the step scrubbed (a polling URL stays
 * whole: its signature is not a secret the step registered). Never throws: an output file the runner cannot take
 * (GITHUB_OUTPUT on a full disk, or not a file) is a failure named once, so the step still ends with its
 * annotation and its summary instead of a stack trace.
 */
export function setOutputs(
  outputs: OperationResult['outputs'],
  step: { operation?: string; secrets: StepSecrets },
): OutputsSet {
  const texts = Object.entries(outputs)
    .filter((entry): entry is [string, string | number | boolean | object] => entry[1] !== undefined)
    .map(([name, value]): [string, string] => [name, step.secrets.scrub(outputText(value))]);
  const fitted = fitOutputs(texts, step.operation);
  const unwritten: string[] = [];
  let why = '';
  for (const [name, text] of fitted.set) {
    try {
      core.setOutput(name, text);
    } catch (error) {
      unwritten.push(name);
      why ||= error instanceof Error ? error.message : String(error);
    }
  }
  const failures = [...fitted.refused];
  if (unwritten.length > 0) {
    failures.push(
      `The step's outputs (${unwritten.join(', ')}) could not be written to the runner's output file GITHUB_OUTPUT: ${redactUrls(why)}.`,
    );
  }
  return { failures, warnings: fitted.warnings };
}
