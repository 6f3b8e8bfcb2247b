import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@jest/globals';
import { parseRunnerOutput, type RunnerCommand } from '../../scripts/runner-commands.js';

const ROOT = new URL('../../', import.meta.url).pathname;

/** `node --import` of this lets a test's short poll-interval through the contract's 1 s floor (see the file). */
export const FAST_POLLS = fileURLToPath(new URL('./fast-polls.mjs', import.meta.url));

/**
 * Node's compile cache for the bundles the tests start: a runner starts the action once per step, the tests start
 * the same bundle some 400 times, and compiling it again each time was the largest share of the suite's processor
 * time. The cache holds V8's compiled code only (Node checks it against the file's hash and its own version, and
 * writes it by rename, so the test workers share it safely); what the bundle does is the same with or without it.
 */
export const COMPILE_CACHE: Record<string, string> = {
  NODE_COMPILE_CACHE: join(tmpdir(), 'vendor-ops-tests-compile-cache'),
};

/** The file action.yml's runs.main names: the bundle a runner would execute. */
export async function actionMain(): Promise<string> {
  const yml = await readFile(join(ROOT, 'action.yml'), 'utf8');
  const main = /^\s+main:\s*'?([^'\n]+)'?\s*$/m.exec(yml)?.[1];
  if (!main) throw new Error('action.yml has no runs.main');
  return join(ROOT, main);
}

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** Every command the runner would execute, stdout's then stderr's, read by the port of the runner's parsers. */
  commands: RunnerCommand[];
  /** The lines of the `error` commands, as written (data still escaped). */
  errors: string[];
  /** The `warning` commands' messages, unescaped as the runner shows them. */
  warnings: string[];
  /** What `add-mask` commands told the runner to hide. */
  masks: string[];
  /** The files the step wrote under RUNNER_TEMP (its result file), by name. */
  resultFiles: Record<string, string>;
  /** Everything a secret could leak into. */
  everything: string;
  /** From the signal (sigtermAfterMs) to the process's end, in ms; undefined where none was sent. */
  exitAfterSignalMs?: number;
}

export interface RunOptions {
  env?: Record<string, string>;
  /** Sent to the process this many ms after its first line of output, as a runner does when a job is cancelled. */
  sigtermAfterMs?: number;
  /** The signal sigtermAfterMs sends: SIGTERM by default; the runner's cancellation sends SIGINT first. */
  signal?: 'SIGINT' | 'SIGTERM';
  /** Instead of a time: the signal is sent once this holds (checked every 20 ms), say a request reached the emulator. */
  signalWhen?: () => boolean;
  timeoutMs?: number;
  /** Another copy of the bundle than action.yml's (a copy missing some of its chunks). */
  main?: string;
}

/** Runs the bundle exactly as a runner does: INPUT_* variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files. */
export async function runAction(
  inputs: Record<string, string>,
  options: RunOptions = {},
): Promise<ActionRun> {
  const { dir, env: files } = await stepFolder();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    ...files,
    ...COMPILE_CACHE,
    ...options.env,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const child = spawn(process.execPath, ['--import', FAST_POLLS, options.main ?? (await actionMain())], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  // Counted from the step's first line, not from the spawn: by then the step has set its signal handlers, as a
  // step a runner cancels is running. Counted from the spawn, a busy machine's slow start-up would let the signal
  // kill a process that has not begun (exit code null), and the test would fail for no fault of the step's.
  let term: NodeJS.Timeout | undefined;
  let signalledAt: number | undefined;
  const started = () => {
    if (options.sigtermAfterMs && !term) {
      term = setTimeout(() => {
        signalledAt = Date.now();
        child.kill(options.signal ?? 'SIGTERM');
      }, options.sigtermAfterMs);
    }
  };
  child.stdout.on('data', (d) => {
    stdout += d;
    started();
  });
  child.stderr.on('data', (d) => {
    stderr += d;
    started();
  });
  const when = options.signalWhen;
  const watch =
    when &&
    setInterval(() => {
      if (signalledAt !== undefined || !when()) return;
      signalledAt = Date.now();
      child.kill(options.signal ?? 'SIGTERM');
    }, 20);
  const kill = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 50_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const exitAfterSignalMs = signalledAt === undefined ? undefined : Date.now() - signalledAt;
  clearTimeout(term);
  clearInterval(watch);
  clearTimeout(kill);
  return { ...(await collectRun(dir, { code, stdout, stderr })), exitAfterSignalMs };
}

/** A step's temporary folder (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP) and its files. */
export async function stepFolder(): Promise<{ dir: string; env: Record<string, string> }> {
  const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-e2e-'));
  const env = {
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    RUNNER_TEMP: dir,
  };
  await writeFile(env.GITHUB_OUTPUT, '');
  await writeFile(env.GITHUB_STEP_SUMMARY, '');
  return { dir, env };
}

/** What a step left, read as the runner reads it: its streams' commands, its outputs, summary and files; `dir` removed. */
export async function collectRun(
  dir: string,
  ended: { code: number | null; stdout: string; stderr: string },
): Promise<ActionRun> {
  const { code, stdout, stderr } = ended;
  const outputText = await readFile(join(dir, 'output'), 'utf8');
  const summary = await readFile(join(dir, 'summary'), 'utf8');
  // What the step wrote under RUNNER_TEMP (erp-stop, erp-start, erp-status: the result file), by file name.
  const resultFiles: Record<string, string> = {};
  for (const name of await readdir(dir)) {
    if (name !== 'output' && name !== 'summary') resultFiles[name] = await readFile(join(dir, name), 'utf8');
  }
  await rm(dir, { recursive: true, force: true });
  // The runner reads both streams for commands, each line by line.
  const commands = [...parseRunnerOutput(stdout).commands, ...parseRunnerOutput(stderr).commands];
  const named = (name: string) => commands.filter((c) => c.name === name);
  return {
    code,
    stdout,
    stderr,
    outputs: parseOutputFile(outputText),
    summary,
    commands,
    errors: named('error').map((c) => c.line),
    warnings: named('warning').map((c) => c.data),
    masks: named('add-mask').map((c) => c.data),
    resultFiles,
    everything: [stdout, stderr, outputText, summary, ...Object.values(resultFiles)].join('\n'),
  };
}

/** GITHUB_OUTPUT's `name<<delimiter … delimiter` records. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const re = /^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) outputs[m[1]!] = m[3]!;
  return outputs;
}

/**
 * Every form a secret could leak in; the scan fails the test on any. The lines of the `add-mask` commands the
 * runner executes are it being told what to hide, the one place a secret may stand, so they are left out.
 */
export function expectNoSecrets(run: MaybeCommands, secrets: string[]): void {
  const scanned = withoutMaskCommands(run);
  for (const secret of secrets.filter((s) => s.length >= 6)) {
    const forms = [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')];
    for (const form of forms) expect(scanned.includes(form) ? `leaked: ${form}` : 'clean').toBe('clean');
  }
}

/** A run of the action, or of something that is no runner's step (the command line): no commands at all. */
type MaybeCommands = Pick<ActionRun, 'everything'> & Partial<Pick<ActionRun, 'commands'>>;

/** Everything a secret could leak into, less the lines of the `add-mask` commands the runner executes. */
export function withoutMaskCommands(run: MaybeCommands): string {
  const maskLines = new Set((run.commands ?? []).filter((c) => c.name === 'add-mask').map((c) => c.line));
  return run.everything
    .split(/\r\n|\r|\n/)
    .filter((line) => !maskLines.has(line))
    .join('\n');
}

/** Annotations escape `%`, CR and LF; the tests read them as the runner shows them. */
export function unescapeCommands(r: ActionRun): ActionRun {
  const unescape = (line: string) => line.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
  return { ...r, errors: r.errors.map(unescape) };
}
