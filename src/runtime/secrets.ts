/**
 * The secrets of one step: every credential input it was given and every token it was issued. The one home both
 * adapters register them in, and that the result file, the job summary and the outputs are scrubbed through: an
 * artifact never gets the runner's log masking, and a summary should not rest on it.
 */
export class StepSecrets {
  readonly #values = new Set<string>();
  /** As given, each told to the runner once. */
  readonly #told = new Set<string>();
  readonly #onAdd: (value: string) => void;
  /** Longest first, so that a secret holding another is replaced whole; rebuilt only when one is added. */
  #forms: string[] = [];

  /** `onAdd` tells the runner as well (`core.setSecret`), so the log is masked from the first line. */
  constructor(onAdd: (value: string) => void = () => {}) {
    this.#onAdd = onAdd;
  }

  add(value: string | undefined): void {
    if (!value || this.#told.has(value)) return;
    this.#told.add(value);
    this.#onAdd(value);
    const secret = value.trim();
    if (secret.length < MIN_LENGTH || this.#values.has(secret)) return;
    this.#values.add(secret);
    this.#forms = [...new Set([...this.#values].flatMap(formsOf))].sort((a, b) => b.length - a.length);
  }

  /** The text with every form of every secret replaced by `***`. */
  scrub(text: string): string {
    let shown = text;
    for (const form of this.#forms) if (shown.includes(form)) shown = shown.replaceAll(form, MASK);
    return shown;
  }
}

export const MASK = '***';

/** Shorter values are not scrubbed: replacing every `on` would wreck a file, and no credential is that short. */
const MIN_LENGTH = 4;

/** The forms a secret takes where it is written: as it is, URL-encoded, base64, HTML-escaped (the summary's). */
function formsOf(secret: string): string[] {
  const html = secret.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const json = JSON.stringify(secret).slice(1, -1);
  return [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64'), html, json];
}
