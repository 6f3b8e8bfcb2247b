import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { collectedOf, underCallgrind } from './callgrind.js';
import { phasesOf, type Phase } from './phases.js';

/** One whole process, measured from spawn to close. */
export interface ChildRun {
  code: number | null;
  wallMs: number;
  /** Date.now() when the process closed: when the step ended. */
  closedAt: number;
  /** Peak resident set size in KiB, as the kernel reports it. */
  peakRssKiB: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** With a phase probe: where the time went (see phases.ts). */
  phases?: Record<Phase, number>;
  /** Under callgrind (`--instructions`): the instructions the process executed. */
  instructions?: number;
}

/**
 * How peak RSS is read. GNU time reports the kernel's figure for the whole process; without it, a preload
 * writes `process.resourceUsage().maxRSS` (the same kernel figure, read from inside) when the process exits.
 */
export type RssProbe = { kind: 'time' } | { kind: 'preload'; file: string };

/** What every child gets alike: how its peak RSS is read, and the emulator's certificate to trust. */
export interface ChildSetting {
  probe: RssProbe;
  /** PEM file passed as NODE_EXTRA_CA_CERTS to every child, the references included. */
  caFile: string;
  /** Run every child under callgrind and count its instructions (instructions.ts); no peak RSS, no phases. */
  instructions?: boolean;
}

export async function chooseRssProbe(scratch: string, force?: 'preload'): Promise<RssProbe> {
  const time = '/usr/bin/time';
  if (
    force !== 'preload' &&
    existsSync(time) &&
    spawnSync(time, ['-f', '%M', '-o', '/dev/null', 'true']).status === 0
  ) {
    return { kind: 'time' };
  }
  const file = join(scratch, 'rss-preload.cjs');
  await writeFile(
    file,
    "process.on('exit', () => require('node:fs').writeFileSync(process.env.BENCH_RSS_FILE, " +
      'String(process.resourceUsage().maxRSS)));\n',
  );
  return { kind: 'preload', file };
}

/**
 * Runs `node <args>` as a runner runs an action: INPUT_* variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files,
 * nothing else from the bench's environment but PATH (and the emulator's certificate, for every child alike). With `phaseProbe` (phases.ts) the child is node itself,
 * not GNU time, and no peak RSS is read: a phase run measures time only.
 */
export async function runChild(
  args: string[],
  inputs: Record<string, string>,
  { probe, caFile, instructions }: ChildSetting,
  { timeoutMs = 120_000, phaseProbe }: { timeoutMs?: number; phaseProbe?: string } = {},
): Promise<ChildRun> {
  const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-bench-'));
  const outputFile = join(dir, 'output');
  const rssFile = join(dir, 'rss');
  await writeFile(outputFile, '');
  await writeFile(join(dir, 'summary'), '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    RUNNER_TEMP: dir,
    NODE_EXTRA_CA_CERTS: caFile,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  if (probe.kind === 'preload') env.BENCH_RSS_FILE = rssFile;
  const phaseFile = join(dir, 'phases');
  if (phaseProbe) env.BENCH_PHASE_FILE = phaseFile;
  const [command, argv] = instructions
    ? underCallgrind(args, env)
    : phaseProbe
      ? [process.execPath, ['--require', phaseProbe, ...args]]
      : probe.kind === 'time'
        ? ['/usr/bin/time', ['-f', '%M', '-o', rssFile, process.execPath, ...args]]
        : [process.execPath, ['--require', probe.file, ...args]];
  const started = performance.now();
  const child = spawn(command, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  // A spawn that fails (EAGAIN on a busy machine) emits 'error' and never 'close': fail the run, not hang it.
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('close', resolve);
    child.on('error', reject);
  }).finally(() => clearTimeout(kill));
  const ended = performance.now();
  const wallMs = ended - started;
  const closedAt = Date.now();
  // The probe's marks are on the wall clock: performance.timeOrigin + now, as here.
  const phases = phaseProbe
    ? phasesOf(
        await readFile(phaseFile, 'utf8'),
        performance.timeOrigin + started,
        performance.timeOrigin + ended,
      )
    : undefined;
  const rssText = await readFile(rssFile, 'utf8').catch(() => '');
  const outputs = parseOutputFile(await readFile(outputFile, 'utf8'));
  await rm(dir, { recursive: true, force: true });
  // GNU time writes "Command exited with non-zero status N" before the figure when the command fails.
  const peakRssKiB = Number(rssText.trim().split('\n').pop());
  const counted = instructions && code === 0 ? collectedOf(stderr) : undefined;
  return { code, wallMs, closedAt, peakRssKiB, stdout, stderr, outputs, phases, instructions: counted };
}

/** A start-up run's sample: wall time and peak RSS, and its phases or instructions where measured. */
export function startupSample(run: ChildRun): Record<string, number> {
  return {
    wallMs: run.wallMs,
    rssKiB: run.peakRssKiB,
    ...run.phases,
    ...(run.instructions !== undefined && { instructions: run.instructions }),
  };
}

/** GITHUB_OUTPUT's `name<<delimiter … delimiter` records. */
function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const re = /^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) outputs[m[1]!] = m[3]!;
  return outputs;
}
