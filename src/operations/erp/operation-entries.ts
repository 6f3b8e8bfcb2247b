import { parser, refuse } from '../input-parser.js';
import { describeUrl, readOperationUrls, urlProblem } from '../url-parsers.js';
import type { OperationEntryFacts } from './target-result.js';
import { isVerb } from './verbs.js';

/** One operation to resume: its polling URL and, from the `operations` output, what it says of it. */
export interface OperationEntry extends Partial<OperationEntryFacts> {
  url: string;
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
    const { target, verb, url, snooze, step, database, left } = (
      typeof item === 'object' && item !== null ? item : {}
    ) as Record<string, unknown>;
    if (typeof url !== 'string')
      return refuse(`item ${i + 1} of the JSON array is not a {target, verb, url} object`);
    const reason = urlProblem(url);
    if (reason) return refuse(`item ${i + 1} ${reason}: '${describeUrl(url)}'`);
    if (typeof target !== 'string' || target === '')
      return refuse(`item ${i + 1} has no target (a resource id)`);
    if (!isVerb(verb)) return refuse(`item ${i + 1}: verb must be stop or start`);
    if (snooze !== undefined && typeof snooze !== 'boolean')
      return refuse(`item ${i + 1}: snooze must be true or false`);
    const window = windowOf(i, { step, database, left });
    return { url: new URL(url).href, target, verb, snooze: snooze === true, ...window };
  });
});

/** The window fields of an entry (a whole-system step's), each checked: a name, a database name, the steps left. */
function windowOf(i: number, w: { step: unknown; database: unknown; left: unknown }) {
  const { step, database, left } = w;
  if (step !== undefined && (typeof step !== 'string' || step === ''))
    return refuse(`item ${i + 1}: step must be a step's name`);
  if (database !== undefined && (typeof database !== 'string' || !/^[\w.-]+$/.test(database)))
    return refuse(`item ${i + 1}: database must be a database instance's name`);
  if (left !== undefined && (!Array.isArray(left) || !left.every((s) => typeof s === 'string')))
    return refuse(`item ${i + 1}: left must be an array of the steps never sent`);
  return {
    ...(step === undefined ? {} : { step }),
    ...(database === undefined ? {} : { database }),
    ...(left === undefined ? {} : { left: left as string[] }),
  };
}
