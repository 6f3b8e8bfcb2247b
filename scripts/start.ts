import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { RunnerCommandProcessor, type RunnerEntry } from './runner-commands.js';
import { startEmulator, type Scenario } from '../src/emulator/index.js';
import { SECRET_INPUTS, type InputName } from '../src/operations/inputs.js';
import { demoSteps, type Inputs } from './start/steps.js';

/**
 * `npm start`: starts the emulator with scenarios/demo.json, runs each operation through the real bundle
 * (dist/index.js) exactly as a runner does, and prints what a workflow's log would show: the step's whole `with:`
 * block, a warning before each step that fails on purpose, workflow commands rendered as the runner renders them,
 * the step's outputs and its job summary; then a recap of every step, and which failures were intended.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const scenario = JSON.parse(await readFile(join(root, 'scenarios/demo.json'), 'utf8')) as Scenario;
const emulator = await startEmulator(scenario);
const subscription = '00000000-0000-4000-8000-000000000001';
const steps = demoSteps(emulator.url, [...emulator.accessTokens][0]!);

/** A step's `with:` block as the runner's log shows it: every input, secrets as ***, a list one item a line. */
function withBlock(operation: string, inputs: Inputs): string[] {
  const lines = ['  with:'];
  for (const [name, value] of Object.entries({ operation, ...inputs })) {
    const shown = SECRET_INPUTS.includes(name as InputName) ? '***' : value;
    const [first, ...rest] = shown.split('\n');
    lines.push(`    ${name}: ${first}`, ...rest.map((line) => `      ${line}`));
  }
  return lines;
}

/** What a step did, for the recap: the title of its job summary, marks and all. */
function summaryTitle(summary: string): string {
  return (
    /<h2>(.*?)<\/h2>/
      .exec(summary)?.[1]
      ?.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))) ?? '(no summary)'
  );
}

/**
 * How the runner shows a line in the log, as the port of its command parsers reads it: plain lines and the
 * stop/resume markers it echoes as they are, groups and annotations rendered; masks and debug lines not shown.
 */
function render(entry: RunnerEntry): string | undefined {
  if (entry.kind !== 'command') return `    ${entry.line}`;
  const { name, data } = entry.command;
  const text = data.replace(/\r?\n|\r/g, '\n    ');
  if (name === 'group') return `  ▾ ${text}`;
  if (name === 'error') return `    Error: ${text}`;
  if (name === 'warning') return `    Warning: ${text}`;
  if (name === 'notice') return `    Notice: ${text}`;
  if (name === 'add-mask' || name === 'debug' || name === 'endgroup') return undefined;
  // Anything else is a command the action never issues: shown loudly, it is a defect.
  return `    !! the runner would execute ${name}: ${entry.command.line}`;
}

const recap: { n: number; step: (typeof steps)[number]; code: number | null; did: string }[] = [];
try {
  let previous: Inputs = {};
  for (const [index, step] of steps.entries()) {
    const { operation, inputs: given } = step;
    const inputs = typeof given === 'function' ? given(previous) : given;
    const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-start-'));
    const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') };
    await Promise.all(Object.values(files).map((f) => writeFile(f, '')));
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', ...files };
    for (const [name, value] of Object.entries({ operation, ...inputs }))
      env[`INPUT_${name.toUpperCase()}`] = value;
    console.log(`\n━━━ step ${index + 1} of ${steps.length}: ${step.title}`);
    if (step.fails) console.log(`  ⚠ fails on purpose: ${step.fails}`);
    console.log(['- uses: vendor-ops-action', ...withBlock(operation, inputs), '  ─ log:'].join('\n'));
    const child = spawn(process.execPath, [join(root, 'dist/index.js')], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const runner = new RunnerCommandProcessor();
    // readline ends a line at CR, LF or CRLF, as the runner's ReadLine does.
    for await (const line of createInterface({ input: child.stdout })) {
      const shown = render(runner.feedLine(line));
      if (shown !== undefined) console.log(shown);
    }
    const code = await new Promise<number | null>((resolve) =>
      child.exitCode !== null ? resolve(child.exitCode) : child.on('close', resolve),
    );
    console.log(`  ─ exit code ${code}; outputs:`);
    const outputs = await readFile(files.GITHUB_OUTPUT, 'utf8');
    previous = {};
    for (const m of outputs.matchAll(/^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) {
      previous[m[1]!] = m[3]!;
      const value = m[3]!.length > 160 ? `${m[3]!.slice(0, 157)}…` : m[3];
      console.log(`      ${m[1]}=${value}`);
    }
    const summary = await readFile(files.GITHUB_STEP_SUMMARY, 'utf8');
    const text = summary
      // The timeline is drawn by GitHub; here it is named (npm run summaries draws it).
      .replace(
        /```mermaid\n[\s\S]*?```/g,
        (block) => `(a timeline of ${block.match(/ :/g)?.length ?? 0} bars)`,
      )
      .replace(/<\/(tr|h\d|p|li|summary)>/g, '\n')
      .replace(/<\/t[dh]>/g, ' | ')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    if (text) console.log(`  ─ job summary:\n${text.replace(/^/gm, '      ')}`);
    recap.push({ n: index + 1, step, code, did: summaryTitle(summary) });
    await rm(dir, { recursive: true, force: true });
  }
} finally {
  await emulator.close();
}

// The recap: which step did what, and whether each failure was the one intended.
console.log('\n━━━ recap');
let unintended = 0;
for (const { n, step, code, did } of recap) {
  const failed = code !== 0;
  const verdict =
    failed === Boolean(step.fails)
      ? failed
        ? 'failed, as intended'
        : 'ok'
      : failed
        ? 'FAILED, not intended'
        : 'SUCCEEDED, but should have failed';
  if (failed !== Boolean(step.fails)) unintended++;
  console.log(`  ${String(n).padStart(2)}. ${step.operation.padEnd(18)} ${did}  (exit ${code}: ${verdict})`);
}
const intended = recap.filter((r) => r.step.fails).length;
console.log(
  `  ${recap.length} steps; ${intended} failed on purpose${unintended ? `; ${unintended} did not do what was intended` : ', each as intended'}.`,
);
if (unintended) process.exitCode = 1;

// The same operations from the command line, against an emulator started by `vendor-ops emulator`.
console.log('\n━━━ $ vendor-ops check-image-cached --json …   (the command line, dist/cli.mjs)');
const cliEmulator = await startEmulator(scenario);
try {
  const cli = spawn(
    process.execPath,
    [
      join(root, 'dist/cli.mjs'),
      'check-image-cached',
      '--location',
      'westeurope',
      '--image',
      'nginx,redis:7',
      '--json',
    ],
    {
      env: {
        PATH: process.env.PATH ?? '',
        VENDOR_OPS_BASE_URL: cliEmulator.url,
        VENDOR_OPS_ACCESS_TOKEN: [...cliEmulator.accessTokens][0]!,
        VENDOR_OPS_SUBSCRIPTION_ID: subscription,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const code = await new Promise<number | null>((resolve) => cli.on('close', resolve));
  console.log(`  ─ exit code ${code}`);
} finally {
  await cliEmulator.close();
}
