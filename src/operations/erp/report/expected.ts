import { parser, refuse } from '../../input-parser.js';
import { list } from '../../parsers.js';

/** A system the window expected, with the leg of the matrix that was to act on it where the matrix says. */
export interface ExpectedSystem {
  id: string;
  name: string;
  leg?: string;
}

/** The last segment of a resource id: the system's name. */
export const nameOfId = (id: string) => id.split('/').filter(Boolean).pop() ?? id;

/**
 * `expected`: erp-list's `matrix` output as it is (`{"include": [{"leg", "erp-virtual-instance", …}]}`), or its
 * `ids` (one per line or comma-separated). Anything else is refused before the files are read.
 */
export const expectedSystems = parser((raw): ExpectedSystem[] => {
  const text = raw.trim();
  if (text.startsWith('{')) return fromMatrix(text);
  const read = list.safeParse(text);
  if (!read.success) return refuse(read.error.issues[0]?.message ?? 'must name at least one system');
  return read.data.map((id) => ({ id, name: nameOfId(id) }));
});

function fromMatrix(text: string): ExpectedSystem[] {
  let matrix: unknown;
  try {
    matrix = JSON.parse(text);
  } catch {
    return refuse("is not JSON: give erp-list's matrix output as it is, or its ids");
  }
  const include = (matrix as { include?: unknown }).include;
  if (!Array.isArray(include)) return refuse(`is not erp-list's matrix: it has no include array`);
  return include.flatMap((leg: unknown, i) => {
    const entry = (leg ?? {}) as { leg?: unknown; 'erp-virtual-instance'?: unknown };
    const ids = entry['erp-virtual-instance'];
    if (typeof ids !== 'string') {
      return refuse(`is not erp-list's matrix: leg ${i + 1} has no erp-virtual-instance`);
    }
    const number =
      typeof entry.leg === 'number' || typeof entry.leg === 'string' ? String(entry.leg) : String(i + 1);
    return ids
      .split(/\r?\n/)
      .map((id) => id.trim())
      .filter(Boolean)
      .map((id) => ({ id, name: nameOfId(id), leg: number }));
  });
}

/** `fail-on`: `any` (a system failed, missing or not sent fails the step) or `none` (the report alone). */
export const failOn = parser((raw) => {
  const word = raw.trim().toLowerCase();
  if (word === 'any' || word === 'none') return word;
  return refuse('must be any or none');
});
