import { nearest } from '../runtime/nearest.js';

/** A command line a person got wrong: one line on stderr, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The flags every command takes, wherever they stand: before the operation or after it. */
const GLOBALS = {
  '--json': 'json',
  '--verbose': 'verbose',
  '--help': 'help',
  '-h': 'help',
  '--version': 'version',
};
export type Global = (typeof GLOBALS)[keyof typeof GLOBALS];
export const GLOBAL_FLAGS = ['json', 'verbose', 'help', 'version'] as const;

const isGlobal = (word: string): word is keyof typeof GLOBALS => Object.hasOwn(GLOBALS, word);

export interface Scan {
  /** The words that are not flags nor flag values: the command first (`erp-stop`, `help`, `emulator`). */
  positionals: string[];
  globals: Set<Global>;
  /**
   * Every `--name value` (or `--name=value`) in order; `value` undefined where none followed. `spelled` is the
   * flag as typed (`-v`, `--v`), for messages: a message about `-v` that says `--v` names a flag nobody typed.
   */
  flags: { name: string; value: string | undefined; spelled: string }[];
}

/**
 * Splits a command line without knowing the command yet: a global flag stands alone, any other flag takes the
 * next word as its value (unless that word is a flag too), everything else is positional. So
 * `vendor-ops --json erp-stop --wait false` and `vendor-ops erp-stop --wait false --json` read the same.
 */
export function scan(argv: readonly string[]): Scan {
  const result: Scan = { positionals: [], globals: new Set(), flags: [] };
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (isGlobal(word)) {
      result.globals.add(GLOBALS[word]);
    } else if (word.startsWith('-') && word.length > 1) {
      const equals = word.indexOf('=');
      const spelled = word.slice(0, equals === -1 ? undefined : equals);
      const name = spelled.slice(spelled.startsWith('--') ? 2 : 1);
      if (equals !== -1) {
        result.flags.push({ name, value: word.slice(equals + 1), spelled });
      } else {
        const next = argv[i + 1];
        const takes = next !== undefined && !(next.startsWith('--') || isGlobal(next));
        result.flags.push({ name, value: takes ? next : undefined, spelled });
        if (takes) i++;
      }
    } else {
      result.positionals.push(word);
    }
  }
  return result;
}

/** What a command accepts as flags: each name, and whether it is a list (repeatable, every value counts). */
export interface FlagSpec {
  /** Names the command accepts, with `list: true` for those that may repeat. */
  accepts: ReadonlyMap<string, { list: boolean; switch?: boolean }>;
  /** Names that exist elsewhere but that this command does not read: refused with their own message. */
  known?: ReadonlySet<string>;
  /** `erp-stop` in "erp-stop does not read --location"; where to look: "vendor-ops erp-stop --help". */
  command: string;
}

/**
 * The flags' values by name, checked against what the command accepts: a list flag given several times keeps
 * every value; any other flag given twice, a flag without a value, an unknown flag or one the command does not
 * read is a usage error naming the flag, with the nearest valid name where one is close.
 */
export function readFlags(flags: Scan['flags'], spec: FlagSpec): Map<string, string[]> {
  const values = new Map<string, string[]>();
  const see = `see vendor-ops ${spec.command} --help`;
  const suggest = (name: string) => {
    const near = nearest(name, [...spec.accepts.keys(), ...GLOBAL_FLAGS]);
    return near && near !== name ? `; did you mean --${near}?` : '';
  };
  for (const { name, value, spelled } of flags) {
    const accepted = spec.accepts.get(name);
    if ((GLOBAL_FLAGS as readonly string[]).includes(name)) throw new UsageError(`${spelled} takes no value`);
    if (!accepted) {
      throw new UsageError(
        spec.known?.has(name)
          ? `${spec.command} does not read ${spelled}${suggest(name) || `; ${see}`}`
          : `unknown flag ${spelled} for ${spec.command}${suggest(name) || `; ${see}`}`,
      );
    }
    if (value === undefined && !accepted.switch) {
      throw new UsageError(`${spelled} needs a value (--${name} VALUE)`);
    }
    const seen = values.get(name);
    if (seen && !accepted.list) {
      throw new UsageError(`--${name} is given more than once; it takes one value`);
    }
    // A switch standing alone means true (`--dry-run`); given a value, the value is read as any other.
    values.set(name, [...(seen ?? []), value ?? 'true']);
  }
  return values;
}

/** Refuses words left over after the command and its expected arguments. */
export function refuseStray(positionals: readonly string[], expected: number, command: string): void {
  const stray = positionals[expected];
  if (stray !== undefined) {
    throw new UsageError(
      `unexpected argument '${stray}' after ${command}; flags take the form --name value (see vendor-ops ${command} --help)`,
    );
  }
}
