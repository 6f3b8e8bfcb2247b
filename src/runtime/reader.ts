import { InputError } from '../client/errors.js';
import { redactUrls } from '../client/url.js';
import { INPUTS, type InputDefinition, type InputName, type InputValue } from '../operations/inputs.js';
import type { InputUse } from '../operations/module.js';
import { droppedRepeats } from '../operations/parsers.js';
import { wrongPart } from './wrong-part.js';

/** Where raw input text comes from: the runner's INPUT_* variables, or the command line's flags. */
export type InputSource = (name: InputName) => string | undefined;

/** Typed, validated reads of the inputs; a wrong value fails naming the input and what it accepts. */
export class InputReader {
  /** `note` is told, in a line for the log, what a read left out (an item a list names twice). */
  private readonly source: InputSource;
  private readonly note: (line: string) => void;
  constructor(source: InputSource, note: (line: string) => void = () => {}) {
    this.source = source;
    this.note = note;
  }

  /** An operation's use of an input: its own parser and default, and whether it must be given. */
  read<T>(use: InputUse<T>, operation: string): T | undefined {
    const value = this.parse(use.input, use.parse, use.default);
    if (value === undefined && use.presence === 'required') {
      throw new InputError(use.input, `is required for ${operation}`);
    }
    return value;
  }

  /** The value, or its default, or undefined when neither is given. */
  optional<N extends InputName>(name: N): InputValue<N> | undefined {
    return this.parse(name, INPUTS[name].parse as InputDefinition<InputValue<N>>['parse']);
  }

  required<N extends InputName>(name: N, operation: string): InputValue<N> {
    const value = this.optional(name);
    if (value === undefined) throw new InputError(name, `is required for ${operation}`);
    return value;
  }

  /** Whether the input was given at all (a default does not count). */
  given(name: InputName): boolean {
    return Boolean(this.source(name)?.trim());
  }

  private parse<T>(name: InputName, parser: InputDefinition<T>['parse'], fallback?: string): T | undefined {
    const definition = INPUTS[name] as InputDefinition;
    const raw = this.source(name)?.trim() || fallback || definition.default;
    if (raw === undefined || raw === '') return undefined;
    const parsed = parser.safeParse(raw);
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? 'is not valid';
      // A secret's value never reaches a message.
      const got = definition.secret ? '' : ` (${shownPart(raw, reason)})`;
      throw new InputError(name, `${reason}${got}`);
    }
    const repeated = Array.isArray(parsed.data) ? droppedRepeats(parsed.data) : [];
    if (repeated.length) {
      this.note(
        `Input '${name}' names ${repeated.map((item) => `'${abbreviate(String(item))}'`).join(', ')} more than once; each counts once.`,
      );
    }
    return parsed.data;
  }
}

/** A refused value as it is shown: whole where it is short; where it is long, the part that is wrong. */
function shownPart(raw: string, reason: string): string {
  const wrong = raw.length > SHOWN_WHOLE ? wrongPart(raw, reason) : undefined;
  return wrong ? printable(wrong) : `got '${abbreviate(raw)}'`;
}

/** A value up to this long is shown whole. */
const SHOWN_WHOLE = 80;

/**
 * How a refused value is echoed: control characters shown as `?`, at most 80 characters, and an address without
 * its user info and query, which can hold a password or a signature.
 */
function abbreviate(raw: string): string {
  const shown = printable(raw);
  return shown.length > SHOWN_WHOLE ? `${shown.slice(0, SHOWN_WHOLE - 3)}…` : shown;
}

/** Control characters shown as `?`, an address without its user info and query. */
function printable(text: string): string {
  return redactUrls(text).replace(/\p{Cc}/gu, '?');
}
