import { isSelected, type Selection } from './selection.js';

/** A system as the listing or a read shows it: its tags and environment. */
export interface Selectable {
  name: string;
  tags?: Readonly<Record<string, string>>;
  environment?: string | null;
}

/** Values a slip makes differ: case and the space around them. */
const loose = (value: string) => value.trim().toLowerCase();

/**
 * What a system not selected carries that is close to what was asked (`SnoozeSAPSystem=true`, `environment
 * nonprod`): every tag and the environment match once case and surrounding space are set aside. Undefined where
 * the system is selected, or far from the selection. It names the miss; it never selects.
 */
export function closeMiss(system: Selectable, selection: Selection): string | undefined {
  if (isSelected(system, selection)) return undefined;
  const said: string[] = [];
  for (const rule of selection.tags ?? []) {
    const carried = Object.entries(system.tags ?? {}).filter(
      ([name]) => name.toLowerCase() === rule.name.toLowerCase(),
    );
    if (carried.length === 0) return undefined;
    if (rule.value === undefined || carried.some(([, value]) => value === rule.value)) continue;
    const near = carried.find(([, value]) => loose(value) === loose(rule.value!));
    if (!near) return undefined;
    said.push(`${near[0]}=${JSON.stringify(near[1]).slice(1, -1)}`);
  }
  const env = selection.environment;
  if (env !== undefined && system.environment !== env) {
    if (!system.environment || loose(system.environment) !== loose(env)) return undefined;
    said.push(`environment ${system.environment}`);
  }
  return said.length > 0 ? said.join(', ') : undefined;
}

/** Close misses a warning names; past them, counted. */
const NAMED = 20;

/** The one warning naming the close misses, where there are any: what each carries, and that none is selected. */
export function closeMissWarning(misses: readonly { name: string; carries: string }[]): string | undefined {
  if (misses.length === 0) return undefined;
  const named = misses.slice(0, NAMED).map((m) => `${m.name} (${m.carries})`);
  const more = misses.length > NAMED ? ` and ${misses.length - NAMED} more` : '';
  return `${misses.length} system(s) carry what differs from the selection only in case or space, and are not selected (tag values and environment compare with case): ${named.join(', ')}${more}. Correct the tag or the input if they belong to the window.`;
}

/**
 * The read just before a system is acted on, checked against the selection that chose it: a listing can be older
 * than the system. Undefined where it is still selected (or was not chosen by a selection), else why not.
 */
export function noLongerSelected(selection: Selection, body: unknown): string | undefined {
  if (!selection.tags?.length && selection.environment === undefined) return undefined;
  const read = (body ?? {}) as { tags?: unknown; properties?: { environment?: unknown } | null };
  const tags = read.tags && typeof read.tags === 'object' ? (read.tags as Record<string, string>) : {};
  const environment =
    typeof read.properties?.environment === 'string' ? read.properties.environment : undefined;
  if (isSelected({ tags, environment }, selection)) return undefined;
  return `no longer selected: its tags or environment as read now (${describeRead(tags, environment)}) do not match`;
}

function describeRead(tags: Record<string, string>, environment: string | undefined): string {
  const shown = Object.entries(tags)
    .slice(0, 5)
    .map(([n, v]) => `${n}=${v}`);
  return [shown.length ? `tags ${shown.join(', ')}` : 'no tags', `environment ${environment ?? 'none'}`].join(
    '; ',
  );
}
