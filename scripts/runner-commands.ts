/**
 * A port of how the GitHub runner turns a step's output into workflow commands, so tests judge the action's
 * output by the runner's rules rather than by our own model of them. Sources (actions/runner):
 *
 * - `src/Runner.Sdk/ProcessInvoker.cs`: stdout and stderr are read with `StreamReader.ReadLine`, so a line ends at
 *   CR, LF or CRLF.
 * - `src/Runner.Worker/Handlers/OutputManager.cs`: a non-empty line holding `##[` or `::` goes to the command
 *   manager; a line it does not take is plain output.
 * - `src/Runner.Worker/ActionCommandManager.cs`: `TryParseV2`, then `TryParse`; the registered names compared
 *   without case (`OrdinalIgnoreCase`); `stop-commands` registers its token as a command name and ignores every
 *   command until that token comes back as a command; an empty token never comes back.
 * - `src/Runner.Common/ActionCommand.cs`: `TryParseV2` trims leading white space (.NET `TrimStart`) and needs
 *   `::name props::data`; `TryParse` takes `##[name props]data` anywhere in the line; each unescapes its own way.
 *
 * Where the runner searches with a culture-sensitive string comparison (`StartsWith("::")`, `IndexOf("::", n)`,
 * `IndexOf("##[")` use the current culture; on Linux that is ICU), a character ICU gives no collation weight
 * is skipped as if absent: `:\u200B:` is `::` to the runner. ICU's tables are not ported; the set below
 * (default-ignorable code points and the C0/C1 controls) errs toward finding more commands, never fewer.
 */

export interface RunnerCommand {
  /** The command as the runner dispatches it: the registered name, lower case. */
  name: string;
  /** The name as written in the line (`ERROR`, `add-maſk` …). */
  written: string;
  properties: Record<string, string>;
  data: string;
  /** `::` for the `TryParseV2` form, `##[` for the legacy form. */
  form: '::' | '##[';
  line: string;
}

/** One line as the runner handled it: a command it executed, a stop or resume, or plain output. */
export type RunnerEntry =
  | { kind: 'command'; command: RunnerCommand }
  | { kind: 'stop'; token: string; line: string }
  | { kind: 'resume'; token: string; line: string }
  | { kind: 'output'; line: string };

/** The commands with an extension in the runner (`ActionCommandManager.cs`); `stop-commands` is the manager's own. */
export const RUNNER_COMMANDS = [
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'debug',
  'warning',
  'error',
  'notice',
  'group',
  'endgroup',
  'echo',
] as const;

const STOP = 'stop-commands';

/** .NET `char.IsWhiteSpace`: what `TrimStart()`/`Trim()` remove (JS `\s` differs: it has U+FEFF, lacks U+0085). */
const DOTNET_SPACE = /[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/;
// The C0 and C1 controls other than the white space ones are ignorable too: they are what this set is about.
// eslint-disable-next-line no-control-regex
const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F]/u;

function trimStart(s: string): string {
  let i = 0;
  while (i < s.length && DOTNET_SPACE.test(s[i]!)) i++;
  return s.slice(i);
}

function trimEnd(s: string): string {
  let i = s.length;
  while (i > 0 && DOTNET_SPACE.test(s[i - 1]!)) i--;
  return s.slice(0, i);
}

/** Whether `needle` (no ignorables in it) matches at `at`, ignorable characters of `s` skipped. */
function matchesAt(s: string, needle: string, at: number): boolean {
  let i = at;
  for (const c of needle) {
    while (i < s.length && IGNORABLE.test(s[i]!)) i++;
    if (s[i] !== c) return false;
    i++;
  }
  return true;
}

/** Culture-sensitive `IndexOf(needle, from)`: the match starts at its first weighted character. */
function cultureIndexOf(s: string, needle: string, from = 0): number {
  for (let i = from; i < s.length; i++) if (s[i] === needle[0] && matchesAt(s, needle, i)) return i;
  return -1;
}

function cultureStartsWith(s: string, needle: string): boolean {
  let i = 0;
  while (i < s.length && IGNORABLE.test(s[i]!)) i++;
  return matchesAt(s, needle, i);
}

/** `OrdinalIgnoreCase`: each UTF-16 unit upper-cased by its simple mapping (so `ſ` is `S`, `ı` is `I`). */
function foldCase(s: string): string {
  let out = '';
  for (const c of s) {
    const upper = c.toUpperCase();
    out += upper.length === c.length ? upper : c;
  }
  return out;
}

const unescaper = (pairs: [string, string][]) => (s: string) =>
  pairs.reduce((text, [escaped, plain]) => text.split(escaped).join(plain), s);
const unescapeV1 = unescaper([
  ['%3B', ';'],
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%5D', ']'],
  ['%25', '%'],
]);
const unescapeData = unescaper([
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%25', '%'],
]);
const unescapeProperty = unescaper([
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%3A', ':'],
  ['%2C', ','],
  ['%25', '%'],
]);

interface Parsed {
  written: string;
  properties: Record<string, string>;
  data: string;
}

/** .NET `Split(sep, RemoveEmptyEntries)`, then each `Split('=', 2, RemoveEmptyEntries)` that gives a pair. */
function parseProperties(text: string, separator: string, unescape: (s: string) => string) {
  const properties: Record<string, string> = {};
  for (const item of text.split(separator).filter(Boolean)) {
    const eq = item.indexOf('=');
    const key = eq < 0 ? item : item.slice(0, eq);
    const value = eq < 0 ? '' : item.slice(eq + 1);
    // The runner's dictionary ignores case: a later spelling of a name replaces an earlier one.
    const existing = Object.keys(properties).find((k) => foldCase(k) === foldCase(key));
    if (key && value) properties[existing ?? key] = unescape(value);
  }
  return properties;
}

function splitName(info: string): { written: string; rest?: string } {
  const space = info.indexOf(' ');
  return space < 0 ? { written: info } : { written: info.slice(0, space), rest: info.slice(space + 1) };
}

/** `ActionCommand.TryParseV2`, without the registered-name check (the manager does it). */
export function tryParseV2(message: string): Parsed | undefined {
  if (!message) return undefined;
  const line = trimStart(message);
  if (!cultureStartsWith(line, '::')) return undefined;
  const end = cultureIndexOf(line, '::', 2);
  if (end < 0 || end + 2 > line.length) return undefined;
  const { written, rest } = splitName(line.slice(2, end));
  const properties =
    rest !== undefined && written !== ''
      ? parseProperties(trimEnd(trimStart(rest)), ',', unescapeProperty)
      : {};
  return { written, properties, data: unescapeData(line.slice(end + 2)) };
}

/** `ActionCommand.TryParse` (the legacy `##[name props]data` form, anywhere in the line). */
export function tryParseV1(message: string): Parsed | undefined {
  if (!message) return undefined;
  const prefix = cultureIndexOf(message, '##[');
  if (prefix < 0) return undefined;
  const close = message.indexOf(']', prefix);
  const start = prefix + 3;
  if (close < start) return undefined;
  const { written, rest } = splitName(message.slice(start, close));
  const properties = rest !== undefined && written !== '' ? parseProperties(rest, ';', unescapeV1) : {};
  return { written, properties, data: unescapeV1(message.slice(close + 1)) };
}

/** The runner's command manager for one job step: its stop state spans every line fed to it. */
export class RunnerCommandProcessor {
  readonly entries: RunnerEntry[] = [];
  /** The token `stop-commands` set, while commands are stopped. */
  stopToken?: string;

  /** Feeds a chunk of output (any number of lines; a line is complete at CR, LF or CRLF). */
  feedText(text: string): this {
    const lines = text.split(/\r\n|\r|\n/);
    if (lines.at(-1) === '') lines.pop();
    for (const line of lines) this.feedLine(line);
    return this;
  }

  feedLine(line: string): RunnerEntry {
    const entry = this.process(line);
    this.entries.push(entry);
    return entry;
  }

  get commands(): RunnerCommand[] {
    return this.entries.flatMap((e) => (e.kind === 'command' ? [e.command] : []));
  }

  private registered(written: string): string | undefined {
    const folded = foldCase(written);
    const names = [STOP, ...RUNNER_COMMANDS, ...(this.stopToken !== undefined ? [this.stopToken] : [])];
    return names.find((n) => foldCase(n) === folded);
  }

  private process(line: string): RunnerEntry {
    const output: RunnerEntry = { kind: 'output', line };
    if (!line || (cultureIndexOf(line, '##[') < 0 && cultureIndexOf(line, '::') < 0)) return output;
    let form: RunnerCommand['form'] = '::';
    let parsed = tryParseV2(line);
    let name = parsed && this.registered(parsed.written);
    if (name === undefined) {
      form = '##[';
      parsed = tryParseV1(line);
      name = parsed && this.registered(parsed.written);
    }
    if (!parsed || name === undefined) return output;
    if (this.stopToken !== undefined) {
      // Stopped: only the token resumes, and an empty token never does.
      if (this.stopToken === '' || foldCase(parsed.written) !== foldCase(this.stopToken)) return output;
      const token = this.stopToken;
      this.stopToken = undefined;
      return { kind: 'resume', token, line };
    }
    if (name === STOP) {
      this.stopToken = parsed.data;
      return { kind: 'stop', token: parsed.data, line };
    }
    return { kind: 'command', command: { name, ...parsed, form, line } };
  }
}

/** The entries and commands a runner makes of one stream of a step's output. */
export function parseRunnerOutput(text: string): RunnerCommandProcessor {
  return new RunnerCommandProcessor().feedText(text);
}
