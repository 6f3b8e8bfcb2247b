/**
 * How an action is matched against a role's permissions (C7): whole strings, without case, every `*` any run of
 * characters (`/` too); allowed where one entry's `actions` match and that same entry's `notActions` do not.
 */

/** One entry of a permissions read or a role definition: what it grants, and what it takes back from that grant. */
export interface PermissionEntry {
  actions?: readonly string[] | null;
  notActions?: readonly string[] | null;
}

/** Whether one pattern matches the action: every `*` (not only the first, as a known portal helper does). */
export function matchesPattern(pattern: string, action: string): boolean {
  const parts = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`, 'is').test(action);
}

/** Whether an entry grants the action: its own `notActions` subtract only from its own `actions`. */
export function entryAllows(entry: PermissionEntry, action: string): boolean {
  const granted = (entry.actions ?? []).some((pattern) => matchesPattern(pattern, action));
  return granted && !(entry.notActions ?? []).some((pattern) => matchesPattern(pattern, action));
}

/** Whether any entry grants the action: one role's `notActions` is not a deny of another role's grant. */
export function allows(entries: readonly PermissionEntry[], action: string): boolean {
  return entries.some((entry) => entryAllows(entry, action));
}

/** The actions of `needed` no entry grants, in their order. */
export function lacking(entries: readonly PermissionEntry[], needed: readonly string[]): string[] {
  return needed.filter((action) => !allows(entries, action));
}
