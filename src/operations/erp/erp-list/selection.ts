import { resourceNameProblem } from '../../../client/arm/resource-id.js';
import { parser, refuse } from '../../input-parser.js';
import { list, shown, uuid } from '../../parsers.js';

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

/**
 * A list read as items, refusing an empty one between commas (`,rg`, `rg,,x`, `rg,`): dropped, it would leave the
 * rest to stand for what was written (`,<` read as the resource group `<`). Blank lines stay blank.
 */
function listItems(raw: string) {
  const lines = raw.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  if (lines.some((line) => line.split(',').some((item) => item.trim() === ''))) {
    refuse('has an empty item between commas: give one item per line or comma-separated, none empty');
  }
  return list.safeParse(raw);
}

/** A list of resource names (subscriptions, resource groups): the list rule, then each item the name rule. */
export function resourceNames(maxLength: number) {
  return parser((raw) => {
    const read = listItems(raw);
    if (!read.success) return refuse(read.error.issues[0]?.message ?? 'must name at least one item');
    for (const item of read.data) {
      const problem = resourceNameProblem(item, maxLength);
      if (problem) refuse(`item '${shown(item)}' ${problem}`);
    }
    return read.data;
  });
}

/** `subscription-id` as a list: one per line or comma-separated, each a UUID (as the service names them). */
export const subscriptionIds = parser((raw) => {
  const read = listItems(raw);
  if (!read.success) return refuse(read.error.issues[0]?.message ?? 'must name at least one item');
  for (const item of read.data) {
    if (!uuid.safeParse(item).success) {
      refuse(
        `item '${shown(item)}' is not a subscription id: each is a UUID such as 00000000-0000-0000-0000-000000000000, one per line or comma-separated`,
      );
    }
  }
  return read.data;
});

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
  // With case, as tag values: a system of environment `nonprod` is a close miss, named but never selected.
  const environmentOk = selection.environment === undefined || system.environment === selection.environment;
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
