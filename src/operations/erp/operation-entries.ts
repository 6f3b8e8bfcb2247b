import { parser, refuse } from '../input-parser.js';
import { describeUrl, readOperationUrls, urlProblem } from '../parsers.js';
import { isVerb, type Verb } from './verbs.js';

/** One operation to resume: its polling URL and, from the `operations` output, the system and the verb. */
export interface OperationEntry {
  url: string;
  target?: string;
  verb?: Verb;
  /** The operation deallocates (or starts) the machines too: Unavailable then ends a stop. */
  snooze?: boolean;
}

/**
 * wait-for-operation's operation-url: what operationUrls accepts, or the `operations` output as it is (a JSON
 * array of `{target, verb, url}`), which names each system so that its end status can be verified. The target
 * is checked as a resource id by the operation, before any request.
 */
export const operationEntries = parser((raw): OperationEntry[] => {
  let items: unknown;
  try {
    items = raw.trim().startsWith('[') ? JSON.parse(raw) : undefined;
  } catch {
    items = undefined;
  }
  const objects = Array.isArray(items) && items.some((item) => typeof item === 'object' && item !== null);
  if (!objects) return readOperationUrls(raw).map((url) => ({ url }));
  return (items as unknown[]).map((item, i) => {
    const { target, verb, url, snooze } = (typeof item === 'object' && item !== null ? item : {}) as Record<
      string,
      unknown
    >;
    if (typeof url !== 'string')
      return refuse(`item ${i + 1} of the JSON array is not a {target, verb, url} object`);
    const reason = urlProblem(url);
    if (reason) return refuse(`item ${i + 1} ${reason}: '${describeUrl(url)}'`);
    if (typeof target !== 'string' || target === '')
      return refuse(`item ${i + 1} has no target (a resource id)`);
    if (!isVerb(verb)) return refuse(`item ${i + 1}: verb must be stop or start`);
    if (snooze !== undefined && typeof snooze !== 'boolean')
      return refuse(`item ${i + 1}: snooze must be true or false`);
    return { url: new URL(url).href, target, verb, snooze: snooze === true };
  });
});
