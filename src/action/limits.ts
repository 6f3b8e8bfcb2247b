/**
 * GitHub's limits: a step's job summary is at most 1 MiB and each output at most 1 MB; past them the runner
 * drops the summary or fails the step. Both are kept inside with room to spare, and what was cut is said.
 */
export const SUMMARY_BYTES = 1024 * 1024 - 16 * 1024;
export const OUTPUT_BYTES = 1_000_000 - 1_000;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Outputs that list systems: too many systems for one step is met by splitting them into legs. */
const PER_SYSTEM_OUTPUTS = new Set(['operation-urls', 'instances', 'result', 'plan']);

/**
 * Why an output cannot be set (its text passes the runner's limit), or undefined where it fits. An output is
 * never cut: a cut operation-urls would drop operations a later job must resume, with the step green.
 */
export function outputTooLarge(output: {
  name: string;
  text: string;
  operation?: string;
}): string | undefined {
  const { name, text, operation } = output;
  const size = bytes(text);
  if (size <= OUTPUT_BYTES) return undefined;
  const wayOut = !PER_SYSTEM_OUTPUTS.has(name)
    ? 'the value the service gave is longer than an output can carry'
    : operation === 'erp-list'
      ? 'narrow the selection (resource-group, tag, environment) and list in several steps'
      : "run fewer systems per step: erp-list's matrix output splits them into legs (per-leg), one job each";
  return `The output ${name} is ${size} bytes, over the runner's limit of ${OUTPUT_BYTES} bytes an output, so it was not set (it is never cut): ${wayOut}.`;
}

export { bytes };
