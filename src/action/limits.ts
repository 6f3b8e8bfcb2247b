/**
 * GitHub's limits: a step's job summary is at most 1 MiB, each output at most 1 MB, and a job's outputs together
 * at most 1 MiB; past them the runner drops the summary or fails the step. Each is kept inside with room to spare,
 * and what was cut is said.
 */
export const SUMMARY_BYTES = 1024 * 1024 - 16 * 1024;
export const OUTPUT_BYTES = 1_000_000 - 1_000;
/** Every output of the step together: a job passes them on, and a job's outputs are limited to 1 MiB in all. */
export const OUTPUTS_BYTES = 1024 * 1024 - 16 * 1024;
/** Mermaid draws nothing past its default `maxTextSize` of 50 000 characters; the timeline keeps under it. */
export const MERMAID_CHARACTERS = 50_000 - 2_000;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Outputs that list systems: too many systems for one step is met by splitting them into legs. */
const PER_SYSTEM_OUTPUTS = new Set(['operation-urls', 'instances', 'result', 'plan']);

/**
 * Outputs an operation leaves out past the budget because a file it writes holds the same (the output naming it):
 * a warning, not a failure. erp-report's merged window is in report-file, whatever the fleet's size.
 */
const HELD_IN_A_FILE: Record<string, Record<string, string>> = {
  'erp-report': { instances: 'report-file' },
};

/** The way out of an output too large, as it applies to this operation. */
function wayOut(name: string, operation: string | undefined): string {
  const file = operation ? Object.values(HELD_IN_A_FILE[operation] ?? {})[0] : undefined;
  if (file) return `read the window from the file the ${file} output names, which holds every system`;
  if (!PER_SYSTEM_OUTPUTS.has(name)) return 'the value the service gave is longer than an output can carry';
  return operation === 'erp-list'
    ? 'narrow the selection (resource-group, tag, environment) and list in several steps'
    : "run fewer systems per step: erp-list's matrix output splits them into legs (per-leg), one job each";
}

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
  return `The output ${name} is ${size} bytes, over the runner's limit of ${OUTPUT_BYTES} bytes an output, so it was not set (it is never cut): ${wayOut(name, operation)}.`;
}

/** The outputs that are set, those left out with a warning (a file holds them), and those refused (a failure). */
export interface FittedOutputs {
  set: [string, string][];
  warnings: string[];
  refused: string[];
}

/**
 * The step's outputs within the runner's limits: each within an output's, and erp-report's all within a job's. An
 * output a file holds is left out first, with a warning naming the file; any other that does not fit is refused,
 * never cut.
 */
export function fitOutputs(outputs: [string, string][], operation?: string): FittedOutputs {
  const held = HELD_IN_A_FILE[operation ?? ''] ?? {};
  const fitted: FittedOutputs = { set: [], warnings: [], refused: [] };
  const leftOut = (name: string, size: number, limit: string) =>
    `The output ${name} is ${size} bytes, so it was left out (${limit}): the file the ${held[name]} output names holds it whole.`;
  // The total is held to a job's limit where the operation's outputs are a job's (erp-report's, the last job of a
  // window); a step's own outputs are limited one by one, and operation-urls is never refused for its neighbours.
  const together = Object.keys(held).length > 0;
  let total = outputs.reduce((sum, [name, text]) => sum + bytes(name) + bytes(text), 0);
  // Largest first: leaving out one large output keeps every small one.
  const bySize = [...outputs].sort(([, a], [, b]) => bytes(b) - bytes(a));
  const dropped = new Set<string>();
  for (const [name, text] of bySize) {
    const size = bytes(text);
    const alone = size > OUTPUT_BYTES;
    if (!alone && (!together || total <= OUTPUTS_BYTES)) break;
    if (held[name]) {
      fitted.warnings.push(
        leftOut(
          name,
          size,
          alone
            ? `an output is at most ${OUTPUT_BYTES}`
            : `a job's outputs are at most ${OUTPUTS_BYTES} together`,
        ),
      );
    } else {
      fitted.refused.push(
        alone
          ? outputTooLarge({ name, text, operation })!
          : `The outputs are ${total} bytes together, over the ${OUTPUTS_BYTES} bytes a job's outputs may hold, so ${name} (${size} bytes) was not set: ${wayOut(name, operation)}.`,
      );
    }
    dropped.add(name);
    total -= bytes(name) + size;
  }
  fitted.set = outputs.filter(([name]) => !dropped.has(name));
  return fitted;
}

export { bytes };
