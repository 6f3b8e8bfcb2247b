import { redactUrls } from '../../client/url.js';

/** One cell, note or message is at most this long: a service message of megabytes must not fill the summary. */
const CELL_CHARACTERS = 8192;

function clip(text: string): string {
  return text.length > CELL_CHARACTERS
    ? `${text.slice(0, CELL_CHARACTERS)}… (${text.length - CELL_CHARACTERS} more characters in the log)`
    : text;
}

/**
 * The service's strings go into HTML: escape them, so a message cannot inject markup into the summary. Line
 * breaks become `<br>`: a blank line would end the HTML block and let the rest be read as Markdown (links,
 * images). Every URL is shown as the log shows it (no user info, the query reduced to `api-version`): anyone who
 * can read the run page reads the summary, and a signed polling URL is a credential; only outputs carry it whole.
 */
export function escape(text: string): string {
  // Clipped first: redactUrls takes time growing with the square of a long run without spaces.
  return redactUrls(clip(text))
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/\r\n|\r|\n/g, '<br>');
}

/**
 * The action's own sentences may name an input or output in backticks, as the docs do: inside an HTML block
 * GitHub shows backticks as they are, so they become `<code>`; everything else is escaped as service text.
 */
export function prose(text: string): string {
  return escape(text).replace(/`([^`<]+)`/g, '<code>$1</code>');
}

export const tag = (name: string, inner: string, attributes = '') =>
  `<${name}${attributes}>${inner}</${name}>`;
export const row = (cells: string[], cell = 'td') => tag('tr', cells.map((c) => tag(cell, c)).join(''));
