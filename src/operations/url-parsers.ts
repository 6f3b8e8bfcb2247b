// The polling URLs an input names (operation-url): one per line or a JSON array, each checked before any request,
// and how a refusal shows one.
import { redactUrls, USERINFO_REFUSED, userinfoProblem } from '../client/url.js';
import { parser, refuse } from './input-parser.js';
import { withoutRepeats } from './parsers.js';

/**
 * One polling URL, several (one per line) or a JSON array of them (the `operation-urls` output as it is), to
 * absolute http(s) URLs, duplicates kept out. Whitespace inside a line, two URLs glued together, a relative or
 * unparsable URL, or a user name or password refuses the whole value, naming the line (or item); no query
 * (where a signature lives) is echoed. An empty JSON array is an empty list: there is nothing to wait for.
 */
export function readOperationUrls(raw: string): string[] {
  const value = raw.trim();
  let entries: { where: string; text: string }[];
  if (value.startsWith('[')) {
    let items: unknown;
    try {
      items = JSON.parse(value);
    } catch {
      return refuse('is not a JSON array of URLs (it starts with [ but does not parse)');
    }
    if (!Array.isArray(items)) return refuse('must be a URL per line or a JSON array of URLs');
    const notText = items.findIndex((item) => typeof item !== 'string');
    if (notText >= 0) return refuse(`item ${notText + 1} of the JSON array is not a string`);
    entries = (items as string[]).map((text, i) => ({ where: `item ${i + 1}`, text }));
  } else {
    entries = value
      .split(/\r\n|\r|\n/)
      .map((text, i) => ({ where: `line ${i + 1}`, text: text.trim() }))
      .filter((e) => e.text !== '');
    if (entries.length === 0) return refuse('must name at least one URL');
  }
  const urls: string[] = [];
  for (const { where, text } of entries) {
    const reason = urlProblem(text);
    if (reason) return refuse(`${where} ${reason}: '${describeUrl(text)}'`);
    urls.push(new URL(text).href);
  }
  return withoutRepeats(urls);
}

export const operationUrls = parser(readOperationUrls);

export function urlProblem(text: string): string | undefined {
  if (/\s/.test(text)) return 'has whitespace inside (give one URL per line)';
  // Two URLs run together parse as one (the second inside the first's path or query).
  if (text.split('://').length > 2) return 'holds more than one URL (give one URL per line)';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'is not an http or https URL';
  // The shared check, and a second address run into the path (`…/a,//user:pass@host/b`) as well.
  if (userinfoProblem(text) || /\/\/[^/\s]*@/.test(url.pathname)) return USERINFO_REFUSED;
  return undefined;
}

/** A URL as an error may show it: without user info, query or fragment, at most 80 characters, printable. */
export function describeUrl(text: string): string {
  const shown = redactUrls(text.replace(/#.*$/s, '')).replace(/\p{Cc}/gu, '?');
  return shown.length > 80 ? `${shown.slice(0, 77)}…` : shown;
}
