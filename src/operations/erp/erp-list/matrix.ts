import type { FleetMember } from './listing.js';

/** GitHub's limit of one job matrix. */
export const MAX_LEGS = 256;

/** One entry of `matrix.include`: a leg of the job matrix, and the systems it acts on. */
export interface Leg {
  leg: number;
  'erp-virtual-instance': string;
  names: string;
}

/** `per-leg` systems a leg, in listing order; a matrix GitHub would refuse (over 256 legs) is a failure. */
export function matrixOf(
  members: readonly FleetMember[],
  perLeg: number,
): { matrix: { include: Leg[] } } | { failure: string } {
  const legs = Math.ceil(members.length / perLeg);
  if (legs > MAX_LEGS) {
    const fits = Math.ceil(members.length / MAX_LEGS);
    return {
      failure: `${members.length} systems at per-leg ${perLeg} make ${legs} legs, over GitHub's ${MAX_LEGS} legs a matrix: set per-leg to ${fits} or more`,
    };
  }
  const include: Leg[] = [];
  for (let i = 0; i < legs; i++) {
    const group = members.slice(i * perLeg, (i + 1) * perLeg);
    include.push({
      leg: i + 1,
      'erp-virtual-instance': group.map((m) => m.id).join('\n'),
      names: group.map((m) => m.name).join(', '),
    });
  }
  return { matrix: { include } };
}

/** GitHub's limit of one output, as the action keeps it (src/action/limits.ts). */
const OUTPUT_BYTES = 1_000_000 - 1_000;

/**
 * Why `ids` or `matrix` cannot be handed on whole, else undefined. Past the limit the runner's output would be cut,
 * and a list of ids cut mid-id could name another system (`…/X0` of `…/X01`): refused instead, before any step uses it.
 */
export function overOutputLimit(outputs: { ids: string; matrix?: object }): string | undefined {
  for (const [name, value] of Object.entries(outputs)) {
    if (value === undefined) continue;
    const size = Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value), 'utf8');
    if (size > OUTPUT_BYTES) {
      return `${name} would be ${size} bytes, over GitHub's limit of 1 MB an output: narrow the selection (resource-group, tag, environment) and list in several steps`;
    }
  }
  return undefined;
}
