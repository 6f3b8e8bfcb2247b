import { resourceNameProblem } from '../../../client/arm/resource-id.js';
import { parser, refuse } from '../../input-parser.js';
import { list, shown } from '../../parsers.js';

/** One `tag` line: the tag is present (`name`), or present with this value (`name=value`). */
export interface TagRule {
  name: string;
  value?: string;
}

export type Environment = 'Prod' | 'NonProd';

/** What a system must have to be selected: every tag rule, and the environment where one is given. */
export interface Selection {
  tags?: readonly TagRule[];
  environment?: Environment;
}

/**
 * The `tag` input: one rule per line (a comma belongs to the value), `name=value` or `name`, split at the first
 * `=`. One name given twice with different values could select nothing, so it is refused rather than run.
 */
export const tagRules = parser((raw): TagRule[] => {
  const lines = raw
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) refuse('must name at least one tag: name=value or name, one per line');
  const rules: TagRule[] = [];
  for (const line of lines) {
    const eq = line.indexOf('=');
    const name = (eq < 0 ? line : line.slice(0, eq)).trim();
    if (name === '') refuse(`line '${shown(line)}' has no tag name; give name=value or name, one per line`);
    const rule = eq < 0 ? { name } : { name, value: line.slice(eq + 1).trim() };
    const twin = rules.find((r) => r.name.toLowerCase() === name.toLowerCase());
    if (!twin) rules.push(rule);
    else if (twin.value === undefined) twin.value = rule.value;
    else if (rule.value !== undefined && rule.value !== twin.value) {
      refuse(
        `names tag '${shown(name)}' twice with different values; every tag must match, so nothing could be selected`,
      );
    }
  }
  return rules;
});

export const environment = parser((raw): Environment => {
  const word = raw.trim().toLowerCase();
  if (word === 'prod') return 'Prod';
  if (word === 'nonprod') return 'NonProd';
  return refuse('must be Prod or NonProd');
});

/** A list of resource names (subscriptions, resource groups): the list rule, then each item the name rule. */
export function resourceNames(maxLength: number) {
  return parser((raw) => {
    const read = list.safeParse(raw);
    if (!read.success) return refuse(read.error.issues[0]?.message ?? 'must name at least one item');
    for (const item of read.data) {
      const problem = resourceNameProblem(item, maxLength);
      if (problem) refuse(`item '${shown(item)}' ${problem}`);
    }
    return read.data;
  });
}

/** Tag names compare without case, values with case (as the service compares them). */
export function hasTags(
  tags: Readonly<Record<string, string>> | undefined,
  rules: readonly TagRule[],
): boolean {
  const entries = Object.entries(tags ?? {});
  return rules.every((rule) =>
    entries.some(
      ([name, value]) =>
        name.toLowerCase() === rule.name.toLowerCase() && (rule.value === undefined || value === rule.value),
    ),
  );
}

export function isSelected(
  system: { tags?: Readonly<Record<string, string>>; environment?: string | null },
  selection: Selection,
): boolean {
  const environmentOk =
    selection.environment === undefined ||
    system.environment?.toLowerCase() === selection.environment.toLowerCase();
  return environmentOk && hasTags(system.tags, selection.tags ?? []);
}

/** The selection as a log line says it: `tags SnoozeSAPSystem=True, maintenance; environment NonProd`. */
export function describeSelection(selection: Selection): string {
  const parts = [
    selection.tags?.length
      ? `tag${selection.tags.length > 1 ? 's' : ''} ${selection.tags.map((r) => (r.value === undefined ? r.name : `${r.name}=${r.value}`)).join(', ')}`
      : '',
    selection.environment ? `environment ${selection.environment}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : 'every system';
}
