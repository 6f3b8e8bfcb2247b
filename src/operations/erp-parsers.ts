// The parsers of erp's inputs (erp-virtual-instance, tag, environment, expected, fail-on): beside the vocabulary's
// own (parsers.ts, which they would take over its line cap), not in erp/, so inputs.ts imports nothing from an area.

import {
  ERP_VIRTUAL_INSTANCE,
  looksLikeId,
  parseResourceId,
  resourceNameProblem,
} from '../client/arm/resource-id.js';
import { parser, refuse } from './input-parser.js';
import { list, shown } from './parsers.js';

/** Why an item is neither a resource name nor a full resource id of an erp virtual instance, else undefined. */
export function itemProblem(item: string): string | undefined {
  if (looksLikeId(item)) {
    const parsed = parseResourceId(item, ERP_VIRTUAL_INSTANCE);
    return typeof parsed === 'string' ? parsed : undefined;
  }
  const problem = resourceNameProblem(item);
  return problem && `${problem} (a name, or a full resource id starting /subscriptions/)`;
}

/**
 * The `erp-virtual-instance` input: the list as every list input reads it, then each item a resource name or a
 * full resource id whose parts are each held to the resource-name rule, refused naming the item.
 */
export const erpVirtualInstanceItems = parser((value) => {
  const read = list.safeParse(value);
  if (!read.success) return refuse(read.error.issues[0]?.message ?? 'must name at least one item');
  for (const item of read.data) {
    const problem = itemProblem(item);
    if (problem) refuse(`item '${shown(item)}' ${problem}`);
  }
  return read.data;
});

/** One `tag` line: the tag is present (`name`), or present with this value (`name=value`). */
export interface TagRule {
  name: string;
  value?: string;
}

export type Environment = 'Prod' | 'NonProd';

/**
 * The `tag` input: `name=value` or `name`, one per line or comma-separated (a tag value holds no comma), split at
 * the first `=`. What is neither (`name: value`, `name=a,b`) is refused, naming the form: read as written it would
 * select nothing and the step would pass. One name given twice with different values is refused likewise.
 */
export const tagRules = parser((raw): TagRule[] => {
  const lines = raw
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) refuse(`must name at least one tag: ${TAG_FORM}`);
  const rules: TagRule[] = [];
  for (const line of lines) {
    let valued: string | undefined;
    for (const item of line.split(',').map((i) => i.trim())) {
      if (item === '') continue;
      const rule = tagRule(item, line, valued);
      if (rule.value !== undefined) valued = item;
      addRule(rules, rule);
    }
  }
  return rules;
});

const TAG_FORM = 'name=value or name, one per line or comma-separated';

/** One item of the tag input; `valued` is the `name=value` before it on the same line, where there is one. */
function tagRule(item: string, line: string, valued: string | undefined): TagRule {
  const eq = item.indexOf('=');
  const name = (eq < 0 ? item : item.slice(0, eq)).trim();
  if (name === '') refuse(`'${shown(line)}' has no tag name; give ${TAG_FORM}`);
  if (eq < 0 && /:/.test(item)) {
    refuse(`'${shown(item)}' is not a tag: write name=value (not name: value), ${TAG_FORM}`);
  }
  // `owners=a,b`: a bare word after a value on one line is most likely a second value, which no tag holds.
  if (eq < 0 && valued !== undefined) {
    refuse(
      `'${shown(line)}' reads as '${shown(valued)}' and a tag '${shown(item)}', but a tag value holds no comma: give ${TAG_FORM}; a tag that need only be present on its own line`,
    );
  }
  return eq < 0 ? { name } : { name, value: item.slice(eq + 1).trim() };
}

function addRule(rules: TagRule[], rule: TagRule): void {
  const twin = rules.find((r) => r.name.toLowerCase() === rule.name.toLowerCase());
  if (!twin) rules.push(rule);
  else if (twin.value === undefined) twin.value = rule.value;
  else if (rule.value !== undefined && rule.value !== twin.value) {
    refuse(
      `names tag '${shown(rule.name)}' twice with different values; every tag must match, so nothing could be selected`,
    );
  }
}

export const environment = parser((raw): Environment => {
  const word = raw.trim().toLowerCase();
  if (word === 'prod') return 'Prod';
  if (word === 'nonprod') return 'NonProd';
  return refuse('must be Prod or NonProd');
});

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

/** `for`: the window erp-check checks the systems for. */
export const checkFor = parser((raw) => {
  const word = raw.trim().toLowerCase();
  if (word === 'stop' || word === 'start' || word === 'restart') return word;
  return refuse('must be stop, start or restart');
});

/** erp-check's `fail-on`: `refuse` (a system refused fails the step), `unknown` (also one not checked), `none`. */
export const checkFailOn = parser((raw) => {
  const word = raw.trim().toLowerCase();
  if (word === 'refuse' || word === 'unknown' || word === 'none') return word;
  return refuse('must be refuse, unknown or none (erp-check)');
});

/** `preflight`: which checks a stop, start or restart makes before sending anything to a system. */
export const preflightLevel = parser((raw) => {
  const word = raw.trim().toLowerCase();
  if (word === 'basic' || word === 'full' || word === 'off') return word;
  return refuse('must be basic, full or off');
});
