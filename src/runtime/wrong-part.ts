/** The form a refusal names: `/subscriptions/{sub}/resourceGroups/{rg}/providers/…/{name}`. */
const SHAPE = /\/subscriptions\/\{[^}\s]+\}(?:\/[^\s/,;)']+)+/;

const isPlaceholder = (segment: string) => /^\{.+\}$/.test(segment);

/**
 * Where a long resource id given in `raw` stops matching the form its refusal (`reason`) names: the segment after
 * which it goes wrong, so a reader sees the slip (`erpVirtualInstance` for `erpVirtualInstances`) rather than the
 * id's first characters, which are the same in every id. Undefined where the reason names no form or no item of
 * `raw` (one per line or comma-separated) departs from it.
 */
export function wrongPart(raw: string, reason: string): string | undefined {
  const shape = SHAPE.exec(reason)?.[0];
  if (!shape) return undefined;
  const want = shape.split('/');
  for (const item of raw.split(/[\n,]/).map((i) => i.trim())) {
    if (!/^\/?subscriptions\//i.test(item)) continue;
    const got = (item.startsWith('/') ? item : `/${item}`).replace(/\/$/, '').split('/');
    const at = firstMismatch(got, want);
    if (at === undefined) continue;
    const after = got
      .slice(Math.max(1, at - 2), at)
      .map(clip)
      .join('/');
    const where = after ? `after '…/${after}'` : 'at its start';
    const wrong = got[at] === undefined ? undefined : clip(got[at]!);
    const wanted = want[at];
    if (wrong === undefined) return `the id stops ${where}, where ${wanted} is expected`;
    if (wanted === undefined) return `the id goes on ${where} with '${wrong}', where it should end`;
    return `the id stops matching ${where}: '${wrong}' where ${wanted} is expected`;
  }
  return undefined;
}

/** A segment as shown: a long one keeps its ends, where a slip usually is. */
function clip(segment: string): string {
  return segment.length > 40 ? `${segment.slice(0, 18)}…${segment.slice(-18)}` : segment;
}

/** The first segment index where `got` departs from `want`; literal segments compare without case. */
function firstMismatch(got: string[], want: string[]): number | undefined {
  for (let i = 0; i < Math.max(got.length, want.length); i++) {
    const g = got[i];
    const w = want[i];
    if (g === undefined || w === undefined) return i;
    if (isPlaceholder(w) ? g === '' : g.toLowerCase() !== w.toLowerCase()) return i;
  }
  return undefined;
}
