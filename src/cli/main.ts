import { systemClock } from '../client/clock.js';
import { InputError, ServiceError } from '../client/errors.js';
import type { HttpResponse } from '../client/http.js';
import { adviceFor } from '../runtime/advice.js';
import { windowAdvice } from '../runtime/window-advice.js';
import { nearest } from '../runtime/nearest.js';
import { InputReader } from '../runtime/reader.js';
import { outputText, runOperation, type Run } from '../runtime/run.js';
import { SECRET_INPUTS, type InputName } from '../operations/inputs.js';
import type { OperationResult } from '../operations/types.js';
import { inputsOf } from '../operations/module.js';
import { OPERATION_NAMES, findOperation } from '../operations/registry.js';
import { INPUTS } from '../operations/inputs.js';
import { OUTPUTS } from '../operations/outputs.js';
import { viewOfResult } from '../runtime/view/view.js';
import { readFlags, refuseStray, scan, UsageError, type Scan } from './args.js';
import { emulatorHelp, envName, operationHelp, usage } from './help.js';
import { createCliLogger } from './logger.js';
import { operationFlags, RESULT_FILE_FLAG } from './operation-flags.js';
import { failedBefore, recordResult, type Recorded } from '../runtime/result-file.js';
import { StepSecrets } from '../runtime/secrets.js';
import { renderView, terminalText } from './summary-text.js';
import { VERSION } from './version.js';
import { windowText } from './window-text.js';
import { adviceForCommandLine, forCommandLine } from './wording.js';

/** The command line: the same operations as the action, inputs from flags or VENDOR_OPS_* variables. */
export async function main(argv: string[]): Promise<number> {
  try {
    return await dispatch(scan(argv));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`error: ${error.message}\n`);
    return 2;
  }
}

/** `help [OP]`, `OP --help`, `--version`, `emulator …` or an operation; global flags anywhere. */
async function dispatch(args: Scan): Promise<number> {
  const [command, topic] = args.positionals;
  if (args.globals.has('version')) {
    process.stdout.write(`vendor-ops ${VERSION}\n`);
    return 0;
  }
  if (command === 'emulator') {
    if (args.globals.has('help')) return print(emulatorHelp());
    const { runEmulator } = await import('./emulator.js');
    return runEmulator(args);
  }
  if (command === 'help') {
    refuseStray(args.positionals, 2, 'help');
    if (!topic) return print(usage());
    return print(topic === 'emulator' ? emulatorHelp() : operationHelp(operation(topic)));
  }
  if (!command) {
    if (args.globals.has('help')) return print(usage());
    if (args.flags.length > 0) throw new UsageError(`no operation given before ${args.flags[0]!.spelled}`);
    process.stderr.write(`${usage()}\n`);
    return 2;
  }
  const module = operation(command);
  if (args.globals.has('help')) return print(operationHelp(module));
  const values = readFlags(args.flags, operationFlags(module));
  refuseStray(args.positionals, 1, command);

  // An environment variable of an input the operation does not read is ambient, not given: it is not consulted.
  const reads = new Set<InputName>(inputsOf(module));
  // A repeated list flag is one value per line, which the list parsers read as several items.
  const source = (name: InputName) =>
    name === 'operation'
      ? command
      : reads.has(name)
        ? (values.get(name)?.join('\n') ?? process.env[envName(name)])
        : undefined;
  refuseStrayVariables(process.env);
  const resultFile = values.get(RESULT_FILE_FLAG)?.[0];
  return runCommand(source, args.globals.has('json'), args.globals.has('verbose'), resultFile);
}

/**
 * A `VENDOR_OPS_*` variable that names no input is a usage error, as an unknown flag is: ignored, a misspelling
 * (`VENDOR_OPS_TIMOUT`, `VENDOR_OPS_DRY_RUNN`) would run with the default, a dry run for real. Each is named, with
 * the variable it most likely meant.
 */
function refuseStrayVariables(env: NodeJS.ProcessEnv): void {
  const inputs = (Object.keys(INPUTS) as InputName[]).filter((n) => n !== 'operation');
  const known = new Set(inputs.map(envName));
  const stray = Object.keys(env)
    .filter((n) => n.startsWith(ENV_PREFIX) && !known.has(n))
    .sort()
    .map((name) => {
      // Compared as input names: the shared prefix would make every pair look close.
      const near = nearest(name.slice(ENV_PREFIX.length).toLowerCase().replace(/_/g, '-'), inputs);
      return `${name} names no input${near ? `; did you mean ${envName(near)}?` : ''}`;
    });
  if (stray.length > 0) throw new UsageError(`${stray.join('; ')} (unset it or correct its name)`);
}

const ENV_PREFIX = 'VENDOR_OPS_';

function operation(name: string) {
  const module = findOperation(name);
  if (module) return module;
  const near = nearest(name, [...OPERATION_NAMES, 'emulator', 'help']);
  throw new UsageError(
    `'${name}' is not an operation; ${near ? `did you mean ${near}?` : `valid operations: ${OPERATION_NAMES.join(', ')}`}`,
  );
}

function print(text: string): number {
  process.stdout.write(`${text}\n`);
  return 0;
}

/** The exit code of a command stopped by a signal, as a shell reports one: 128 + the signal's number. */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

async function runCommand(
  source: (name: InputName) => string | undefined,
  json: boolean,
  verbose: boolean,
  resultFile?: string,
) {
  // stderr is the log and the page: what came from the service or a file is shown as the summary shows it (a URL
  // reduced, a control character as its code, a line a run: step would read as a workflow command broken).
  const shown = (line: string) => terminalText(forCommandLine(line));
  const { logger, stop, logged } = createCliLogger(process.stderr, verbose, undefined, shown);
  const err = (line: string) => process.stderr.write(`${shown(line)}\n`);
  const controller = new AbortController();
  let stoppedBy: keyof typeof SIGNAL_EXIT | undefined;
  const cancel = (signal: keyof typeof SIGNAL_EXIT) => {
    stoppedBy = signal;
    controller.abort(new Error('Cancelled'));
  };
  process.once('SIGINT', cancel);
  process.once('SIGTERM', cancel);
  let last: HttpResponse | undefined;
  const startedAt = systemClock.now();
  // The step's secrets (credential flags and variables, tokens issued): scrubbed from the result file and outputs.
  const secrets = new StepSecrets();
  for (const name of SECRET_INPUTS) secrets.add(source(name));
  // On every way out, as the action writes it: `--result-file` whole or not at all, a failure to write a warning.
  const record = (result: OperationResult): Recorded =>
    resultFile
      ? recordResult({
          operation: source('operation') ?? '',
          result,
          startedAt,
          endedAt: systemClock.now(),
          path: () => resultFile,
          secrets,
          inputs: source,
        })
      : {};
  const print = (outputs: Run['outputs'], recorded: Recorded) => {
    printOutputs({ ...outputs, 'result-file': recorded.path }, json, secrets);
    if (recorded.warning) err(`warning: ${recorded.warning}`);
  };
  try {
    // --summary false: no summary tables on stderr, as a workflow step writes no job summary.
    const summary = new InputReader(source).optional('summary') !== false;
    const dryRun = readDryRun(source);
    const run = await runOperation(source, {
      logger,
      clock: systemClock,
      signal: controller.signal,
      onSecret: (secret) => secrets.add(secret),
      userAgent: 'vendor-ops-cli',
      onResponse: (response) => (last = response),
    });
    stop();
    print(run.outputs, record(run.result));
    // The job summary's view: the same title, marks, causes and advice as the action's.
    const view = viewOfResult(run.operation, run.result, { dryRun, diagnosis: run.diagnosis });
    if (summary) {
      const page = run.result.window ? windowText(run.result.window) : renderView(view, logged);
      process.stderr.write(terminalText(page));
    }
    if (run.result.failure) {
      err(`error: ${run.result.failure}`);
      const advice = run.result.window ? windowAdvice(run.result.window) : view.whatToDo;
      for (const line of advice) err(`advice: ${adviceForCommandLine(line)}`);
      return stoppedBy ? SIGNAL_EXIT[stoppedBy] : 1;
    }
    return stoppedBy ? SIGNAL_EXIT[stoppedBy] : 0;
  } catch (error) {
    stop();
    // A step that failed before any system still leaves its file: the window's report names the cause.
    const recorded = record(failedBefore(error instanceof Error ? error.message : String(error)));
    // A usage error is one line, and nothing else: no request was sent, so no output is known.
    if (error instanceof InputError) {
      err(`error: ${error.message}`);
      if (recorded.warning) err(`warning: ${recorded.warning}`);
      return 2;
    }
    // What is known is printed on failure too, as the action sets it: the ids to quote to the service owner.
    print({ 'request-id': last?.requestId, 'correlation-id': last?.correlationId }, recorded);
    if (error instanceof ServiceError) for (const line of error.detailLines()) err(line);
    err(`error: ${error instanceof Error ? error.message : String(error)}`);
    // The advice the action's job summary gives, for the same causes.
    err(`advice: ${adviceForCommandLine(adviceFor(error))}`);
    return stoppedBy ? SIGNAL_EXIT[stoppedBy] : 1;
  } finally {
    process.off('SIGINT', cancel);
    process.off('SIGTERM', cancel);
  }
}

function printOutputs(outputs: Run['outputs'], json: boolean, secrets: StepSecrets): void {
  const present = Object.entries(outputs).filter(
    (entry): entry is [string, string | number | boolean | object] =>
      entry[1] !== undefined && entry[0] in OUTPUTS,
  );
  if (json) process.stdout.write(`${secrets.scrub(JSON.stringify(Object.fromEntries(present)))}\n`);
  else
    for (const [name, value] of present)
      process.stdout.write(`${name}=${secrets.scrub(outputText(value))}\n`);
}

/** dry-run: true, where the operation reads it; a value it cannot read is refused by the operation's validation. */
function readDryRun(source: (name: InputName) => string | undefined): boolean {
  try {
    return new InputReader(source).optional('dry-run') === true;
  } catch {
    return false;
  }
}
