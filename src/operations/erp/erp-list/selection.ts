import { resourceNameProblem } from '../../../client/arm/resource-id.js';
import { parser, refuse } from '../../input-parser.js';
import type { Environment, TagRule } from '../../erp-parsers.js';
import { list, shown, uuid } from '../../parsers.js';

export type { Environment, TagRule };

/** What a system must have to be selected: every tag rule, and the environment where one is given. */
export interface Selection {
  tags?: readonly TagRule[];
  environment?: Environment;
}

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
