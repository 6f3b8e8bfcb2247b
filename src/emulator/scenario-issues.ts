import type * as z from 'zod/mini';

/** How a scenario file's first issue is worded: where in the file, and why, in words of its own. */

/** `erp.instances.X01.stpes`, `cachedImages.regions.westeurope[2]`: where in the file an issue is. */
function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    '',
  );
}

/** What an issue says, in words of its own (zod/mini carries no messages). */
function reason(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    case 'invalid_union':
      return 'matches none of the accepted forms';
    default:
      return 'is not valid';
  }
}

/** One issue, the most specific: within a union, the branch that came closest (fewest issues). */
export function firstIssue(issues: readonly z.core.$ZodIssue[], base: PropertyKey[] = []): string {
  const issue = issues[0];
  if (!issue) return 'is not valid';
  const path = [...base, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0]!;
    if (closest.length > 0) return firstIssue(closest, path);
  }
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => pathOf([...path, key]));
    return `unknown key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `'${k}'`).join(', ')}`;
  }
  return `${pathOf(path) || 'the file'}: ${reason(issue)}`;
}
