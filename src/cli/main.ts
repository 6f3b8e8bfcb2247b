import { parseArgs } from 'node:util';
import { systemClock } from '../client/clock.js';
import { InputError, ServiceError } from '../client/errors.js';
import { outputText, parseOperation, runOperation, type Run } from '../inputs/run.js';
import type { InputName } from '../operations/inputs.js';
import { inputsOf } from '../operations/module.js';
import { OUTPUTS } from '../operations/outputs.js';
import type { SummaryTable } from '../operations/types.js';
import { envName, operationHelp, usage } from './help.js';
import { createCliLogger } from './logger.js';

/** The command line: the same operations as the action, inputs from flags or VENDOR_OPS_* variables. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h') {
    process.stdout.write(`${usage()}\n`);
    return command ? 0 : 2;
  }
  if (command === 'emulator') {
    const { runEmulator } = await import('./emulator.js');
    return runEmulator(rest);
  }
  let parsed;
  try {
    // Only the operation's own inputs are flags: one it does not read is a usage error, not a value dropped.
    const module = parseOperation(command);
    parsed = parseArgs({
      args: rest,
      strict: true,
      options: {
        ...Object.fromEntries(inputsOf(module).map((name) => [name, { type: 'string' as const }])),
        json: { type: 'boolean' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage()}\n`);
    return 2;
  }
  const flags = parsed.values as Record<string, string | boolean | undefined>;
  // An environment variable of an input the operation does not read is ambient, not given: it is not consulted.
  const reads = new Set<InputName>(inputsOf(parseOperation(command)));
  const source = (name: InputName) =>
    name === 'operation'
      ? command
      : reads.has(name)
        ? ((flags[name] as string | undefined) ?? process.env[envName(name)])
        : undefined;

  const { logger, stop } = createCliLogger(process.stderr, flags.verbose === true);
  const controller = new AbortController();
  const cancel = () => controller.abort(new Error('Cancelled'));
  process.once('SIGINT', cancel);
  process.once('SIGTERM', cancel);
  try {
    if (flags.help) {
      process.stdout.write(`${operationHelp(parseOperation(command))}\n`);
      return 0;
    }
    const run = await runOperation(source, {
      logger,
      clock: systemClock,
      signal: controller.signal,
      onSecret: () => {},
      userAgent: 'vendor-ops-cli',
    });
    stop();
    printOutputs(run.outputs, flags.json === true);
    for (const table of run.result.summary) process.stderr.write(renderTable(table));
    if (run.result.failure) {
      process.stderr.write(`error: ${run.result.failure}\n`);
      return 1;
    }
    return 0;
  } catch (error) {
    stop();
    if (error instanceof ServiceError)
      for (const line of error.detailLines()) process.stderr.write(`${line}\n`);
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof InputError ? 2 : 1;
  } finally {
    process.off('SIGINT', cancel);
    process.off('SIGTERM', cancel);
  }
}

function printOutputs(outputs: Run['outputs'], json: boolean): void {
  const present = Object.entries(outputs).filter(
    (entry): entry is [string, string | number | boolean | object] =>
      entry[1] !== undefined && entry[0] in OUTPUTS,
  );
  if (json) process.stdout.write(`${JSON.stringify(Object.fromEntries(present))}\n`);
  else for (const [name, value] of present) process.stdout.write(`${name}=${outputText(value)}\n`);
}

function renderTable(table: SummaryTable): string {
  const rows = [table.header, ...table.rows];
  const widths = table.header.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [`\n${table.title}`, line(table.header), ...table.rows.map(line), ...(table.notes ?? []), ''].join(
    '\n',
  );
}
