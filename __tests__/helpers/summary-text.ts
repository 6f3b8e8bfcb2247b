/** A job summary as a person reads it: line breaks kept, tags out, entities back, runs of spaces one. */
export function summaryText(html: string): string {
  return html
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))
    .replace(/[ \t]+/g, ' ');
}
