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

/** An item of `expected`: a resource id, or a system's name (letters, digits, `-`, `_`, `.`). */
const ITEM = /^(\/[^\s/"'[\]{},]+)+$|^[A-Za-z0-9][A-Za-z0-9._-]{0,89}$/;

/**
 * `expected`: erp-list's `matrix` output as it is (`{"include": [{"leg", "erp-virtual-instance", …}]}`), its `ids`
 * (one per line or comma-separated), or a JSON array of ids or names. Each system once, ids compared without case.
 * Anything else is refused before the files are read.
 */
export const expectedSystems = parser((raw): ExpectedSystem[] => {
  const text = raw.trim();
  if (text.startsWith('{')) return once(fromMatrix(text));
  if (text.startsWith('[')) return once(fromArray(text));
  const read = list.safeParse(text);
  if (!read.success) return refuse(read.error.issues[0]?.message ?? 'must name at least one system');
  return once(read.data.map((item, i) => systemOf(item, i)));
});

function systemOf(item: unknown, i: number, leg?: string): ExpectedSystem {
  const id = typeof item === 'string' ? item.trim() : '';
  if (!ITEM.test(id)) {
    return refuse(
      `item ${i + 1} is neither a system's id nor its name: give erp-list's matrix output as it is, its ids, or a JSON array of ids`,
    );
  }
  return { id, name: nameOfId(id), ...(leg === undefined ? {} : { leg }) };
}

/** One entry per system: the same id twice (in any case) is one system, first leg kept. */
function once(systems: ExpectedSystem[]): ExpectedSystem[] {
  const seen = new Set<string>();
  return systems.filter((s) => {
    const key = s.id.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return refuse("is not JSON: give erp-list's matrix output as it is, its ids, or a JSON array of ids");
  }
}

function fromArray(text: string): ExpectedSystem[] {
  const items = jsonOf(text) as unknown[];
  if (items.length === 0) return refuse('is an empty array: it must name at least one system');
  return items.map((item, i) => systemOf(item, i));
}

function fromMatrix(text: string): ExpectedSystem[] {
  const include = (jsonOf(text) as { include?: unknown }).include;
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
      .map((id, j) => systemOf(id, j, number));
  });
}

/** `fail-on`: `any` (the window's verdict fails the step) or `none` (the report alone, exit 0). */
export const failOn = parser((raw) => {
  const word = raw.trim().toLowerCase();
  if (word === 'any' || word === 'none') return word;
  return refuse('must be any or none');
});
