import type { FleetMember } from './listing.js';
import type { Selection } from './selection.js';

/** GitHub's limit of one job matrix. */
export const MAX_LEGS = 256;

/** One entry of `matrix.include`: a leg of the job matrix, and the systems it acts on. */
export interface Leg {
  leg: number;
  'erp-virtual-instance': string;
  names: string;
  /** The selection's, where the listing selected by them: a leg hands them on as its re-check before acting. */
  tag?: string;
  environment?: string;
}

/** The tag rules as the `tag` input reads them, one per line: a leg passes it on as it is. */
export const tagInput = (selection: Selection) =>
  selection.tags?.length
    ? selection.tags.map((r) => (r.value === undefined ? r.name : `${r.name}=${r.value}`)).join('\n')
    : undefined;

/** `per-leg` systems a leg, in listing order; a matrix GitHub would refuse (over 256 legs) is a failure. */
export function matrixOf(
  members: readonly FleetMember[],
  perLeg: number,
  selection: Selection = {},
): { matrix: { include: Leg[] } } | { failure: string } {
  const legs = Math.ceil(members.length / perLeg);
  if (legs > MAX_LEGS) {
    const fits = Math.ceil(members.length / MAX_LEGS);
    return {
      failure: `${members.length} systems at per-leg ${perLeg} make ${legs} legs, over GitHub's ${MAX_LEGS} legs a matrix: set per-leg to ${fits} or more`,
    };
  }
  const include: Leg[] = [];
  const tag = tagInput(selection);
  const recheck = {
    ...(tag ? { tag } : {}),
    ...(selection.environment ? { environment: selection.environment } : {}),
  };
  for (let i = 0; i < legs; i++) {
    const group = members.slice(i * perLeg, (i + 1) * perLeg);
    include.push({
      leg: i + 1,
      'erp-virtual-instance': group.map((m) => m.id).join('\n'),
      names: group.map((m) => m.name).join(', '),
      ...recheck,
    });
  }
  return { matrix: { include } };
}

/** GitHub's limit of the outputs a job hands on: 1 MiB, counted as it counts them, in UTF-16. */
export const JOB_OUTPUT_BYTES = 1024 * 1024;

/** A text's size as GitHub counts a job's outputs: two bytes a UTF-16 code unit. */
export const utf16Bytes = (text: string) => text.length * 2;

const shown = (size: number) => `${(size / 1024 / 1024).toFixed(2)} MiB`;
const NARROWER =
  'narrow the scope (a resource group, one more tag, the environment) and list the window in several jobs';

/**
 * What a listing job can hand on: `matrix` alone over GitHub's 1 MiB of a job's outputs fails (before any output
 * is set; a cut matrix would drop systems from the window); `ids` and `matrix` together over it warn, since a
 * window hands on `count` and `matrix` only. Sizes as GitHub counts them (UTF-16).
 */
export function overOutputLimit(outputs: { ids: string; matrix?: object }): {
  failure?: string;
  warning?: string;
} {
  const matrix = outputs.matrix ? utf16Bytes(JSON.stringify(outputs.matrix)) : 0;
  const ids = utf16Bytes(outputs.ids);
  if (matrix > JOB_OUTPUT_BYTES) {
    return {
      failure: `matrix would be ${shown(matrix)} as GitHub counts a job's outputs (UTF-16), over its limit of 1 MiB: ${NARROWER}`,
    };
  }
  if (ids + matrix > JOB_OUTPUT_BYTES) {
    return {
      warning: `ids and matrix together are ${shown(ids + matrix)} as GitHub counts a job's outputs (UTF-16), over its limit of 1 MiB: hand on count and matrix only (erp-report's expected takes the matrix), or ${NARROWER}.`,
    };
  }
  return {};
}
