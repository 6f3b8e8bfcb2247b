import { inputCatalogue } from '../runtime/catalogue.js';
import { inputsOf, type OperationModule } from '../operations/module.js';
import { REGISTRY } from '../operations/registry.js';
import { isListInput } from './operation-flags.js';
import { forCommandLine } from './wording.js';

/** The environment variable that stands in for a flag: `access-token` → `VENDOR_OPS_ACCESS_TOKEN`. */
export function envName(input: string): string {
  return `VENDOR_OPS_${input.replace(/-/g, '_').toUpperCase()}`;
}

/** The terminal's width; 80 where stdout is not a terminal (a pipe, a file), unless COLUMNS says otherwise. */
export function terminalWidth(stream: { columns?: number } = process.stdout): number {
  const columns = stream.columns || Number(process.env.COLUMNS) || 80;
  return Math.max(40, columns);
}

const ENV_NOTE =
  'Every flag can also come from an environment variable: --access-token from VENDOR_OPS_ACCESS_TOKEN.';

export function usage(width = terminalWidth()): string {
  return [
    'Usage: vendor-ops <operation> --<input> value … [--json] [--verbose]',
    '       vendor-ops help <operation>   (or: vendor-ops <operation> --help)',
    '       vendor-ops emulator [--port N] [--scenario FILE] [--fleet N] [--log-requests]',
    '       vendor-ops --version',
    '',
    'Operations:',
    ...table(
      REGISTRY.map((m) => [m.name, m.description]),
      width,
    ),
    '',
    ...wrap(
      `${ENV_NOTE} Outputs are printed as name=value lines, or one JSON object with --json. Exit codes: 0 success, 1 the operation failed, 2 bad usage, 130 stopped by Ctrl-C (SIGINT), 143 stopped by SIGTERM; what was sent goes on at the service (resume with wait-for-operation).`,
      width,
    ),
  ].join('\n');
}

export function emulatorHelp(width = terminalWidth()): string {
  return [
    'Usage: vendor-ops emulator [--port N] [--scenario FILE] [--fleet N] [--log-requests]',
    '',
    ...wrap(
      "Runs the service's emulator on 127.0.0.1 until Ctrl-C, and prints what it holds and the credentials to use. " +
        'Without --scenario it serves the demo scenario (the one npm start uses).',
      width,
    ),
    '',
    'Flags:',
    ...table(
      [
        ['--port N', 'the port to listen on; default: any free port'],
        [
          '--scenario FILE',
          'a scenario file (JSON; its format is in docs/emulator.md); default: the demo scenario',
        ],
        [
          '--fleet N',
          'a fleet of N systems F0001… to list and act on by tag (maintenance=sunday, SnoozeSAPSystem=True), each with a HANA database; a subscription or system it does not hold answers 404',
        ],
        [
          '--log-requests',
          'one line on stderr per request answered: method, path, status and body, credentials shown as ***',
        ],
      ],
      width,
    ),
  ].join('\n');
}

/**
 * --help for one operation, made from its module: what it does, the inputs it reads (required ones first, each
 * with its default), wrapped to the terminal, and an example.
 */
export function operationHelp(module: OperationModule, width = terminalWidth()): string {
  const reads = new Set(inputsOf(module));
  const required = new Set(
    Object.values(module.inputs)
      .filter((use) => use.presence === 'required')
      .map((use) => use.input as string),
  );
  // The address of the API is required of every operation of its kind (run.ts reads it with `required`).
  for (const name of module.client === 'resource-manager' ? ['base-url'] : ['api-url', 'api-token']) {
    required.add(name);
  }
  const rows = inputCatalogue()
    .filter((entry) => reads.has(entry.name))
    .map((entry) => {
      const own = entry.defaults.find((d) => d.operation === module.name)?.value;
      const mark = required.has(entry.name) ? '(required) ' : own ? `(default ${own}) ` : '';
      const repeat = isListInput(entry.name) ? ' Repeat the flag for several.' : '';
      return {
        required: required.has(entry.name),
        row: [`--${entry.name}`, `${mark}${forCommandLine(entry.description)}${repeat}`],
      };
    })
    .sort((a, b) => Number(b.required) - Number(a.required));
  return [
    ...wrap(`vendor-ops ${module.name}: ${forCommandLine(module.description)}`, width),
    '',
    ...wrap(
      `Usage: vendor-ops ${module.name} --<input> value … ${module.resultFile ? '[--result-file PATH] ' : ''}[--json] [--verbose]`,
      width,
    ),
    ...(module.resultFile
      ? wrap(
          "--result-file PATH writes the step's result file there, for erp-report (docs/result-file.md).",
          width,
        )
      : []),
    '',
    'Inputs:',
    ...table(
      rows.map((r) => r.row),
      width,
    ),
    '',
    ...wrap(ENV_NOTE, width),
    '',
    'Example:',
    ...example(`vendor-ops ${module.name} ${module.example}`, width),
  ].join('\n');
}

/** Rows of columns, each column as wide as its widest cell, the last one wrapped to the width with a hanging indent. */
function table(rows: string[][], width: number): string[] {
  const columns = rows[0]?.length ?? 0;
  const widths = Array.from({ length: columns - 1 }, (_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const indent = 2 + widths.reduce((sum, w) => sum + w + 2, 0);
  // Too narrow for the description beside the names: it goes below them, indented.
  const below = width - indent < 30;
  return rows.flatMap((row) => {
    const head = `  ${row
      .slice(0, -1)
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')}  `;
    const last = row[row.length - 1]!;
    if (below) return [head.trimEnd(), ...wrap(last, width - 6).map((l) => `      ${l}`)];
    const lines = wrap(last, width - indent);
    return lines.map((line, i) => (i === 0 ? head : ' '.repeat(indent)) + line);
  });
}

/**
 * Words to lines of at most `width` characters; a word longer than a line (a resource id, a URL) is cut after a
 * `/` where it can be, so each piece reads as part of a path, else into pieces that fit.
 */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fit = Math.max(1, width);
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => (word.length <= fit ? [word] : cutLongWord(word, fit)));
  for (const word of words) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Pieces of at most `width` characters, each ending after a `/` where one falls within it. */
function cutLongWord(word: string, width: number): string[] {
  const pieces: string[] = [];
  let rest = word;
  while (rest.length > width) {
    const slash = rest.lastIndexOf('/', width - 1);
    const end = slash > 0 ? slash + 1 : width;
    pieces.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  return rest ? [...pieces, rest] : pieces;
}

/** A command broken before its flags with shell continuations, so it can be pasted as it is. */
function example(command: string, width: number): string[] {
  const parts = command.split(/ (?=--)/);
  const lines: string[] = [];
  let line = '  ';
  for (const part of parts) {
    if (line.trim() && line.length + 1 + part.length + 2 > width) {
      lines.push(`${line} \\`);
      line = `    ${part}`;
    } else line = line.trim() ? `${line} ${part}` : `  ${part}`;
  }
  lines.push(line);
  return lines;
}
