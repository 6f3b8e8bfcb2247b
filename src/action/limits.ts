/**
 * GitHub's limits: a step's job summary is at most 1 MiB and each output at most 1 MB; past them the runner
 * drops the summary or fails the step. Both are kept inside with room to spare, and what was cut is said.
 */
export const SUMMARY_BYTES = 1024 * 1024 - 16 * 1024;
export const OUTPUT_BYTES = 1_000_000 - 1_000;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * An output's text within the limit. A JSON array keeps its first entries, still valid JSON; any other text
 * is cut at a character boundary. `cut` says what was left out, for a warning.
 */
export function fitOutput(text: string): { text: string; cut?: string } {
  if (bytes(text) <= OUTPUT_BYTES) return { text };
  const array = parseArray(text);
  if (array) {
    // Each entry stringified once, then as many as fit: linear, where growing a slice one entry at a time and
    // stringifying it whole each time took seconds for a fleet's 5 000 entries (bench/fleet-list.ts).
    const parts = array.map((entry) => JSON.stringify(entry) ?? 'null');
    let size = 2;
    let kept = 0;
    for (const part of parts) {
      const next = size + bytes(part) + (kept > 0 ? 1 : 0);
      if (next > OUTPUT_BYTES) break;
      size = next;
      kept++;
    }
    return {
      text: `[${parts.slice(0, kept).join(',')}]`,
      cut: `kept the first ${kept} of ${array.length} entries`,
    };
  }
  // Cut the bytes once; a character split at the end decodes to U+FFFD, which is dropped.
  const kept = Buffer.from(text, 'utf8')
    .subarray(0, OUTPUT_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return { text: kept, cut: `kept the first ${kept.length} of ${text.length} characters` };
}

function parseArray(text: string): unknown[] | undefined {
  if (!text.startsWith('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export { bytes };
