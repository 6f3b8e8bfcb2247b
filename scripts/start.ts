import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { RunnerCommandProcessor, type RunnerEntry } from '../__tests__/helpers/runner-commands.js';
import { startEmulator, type Scenario } from '../src/emulator/index.js';

/**
 * `npm start`: starts the emulator with scenarios/demo.json, runs each operation through the real bundle
 * (dist/index.js) exactly as a runner does, and prints what a workflow's log would show: workflow commands
 * rendered as the runner renders them, then the step's outputs and its job summary.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const scenario = JSON.parse(await readFile(join(root, 'scenarios/demo.json'), 'utf8')) as Scenario;
const emulator = await startEmulator(scenario);
const subscription = '00000000-0000-4000-8000-000000000001';
const common = { 'base-url': emulator.url, 'access-token': [...emulator.accessTokens][0]! };
// Only the operations that poll read poll-interval; any other refuses an input it would not read.
const polling = { ...common, 'poll-interval': '1s' };

type Inputs = Record<string, string>;
const share = {
  'subscription-id': subscription,
  'resource-group': 'rg-data',
  'account-name': 'consumer',
  'share-subscription': 'sales',
};
/** A step's inputs, or a function of the outputs of the step before it (a resume passes operation-url on). */
const steps: [string, Inputs | ((previous: Inputs) => Inputs)][] = [
  // A fleet chosen by tag: the NonProd systems tagged for the snooze, two a leg of a job matrix; X08 is not
  // registered, so it is reported and left out with a warning.
  [
    'erp-list',
    {
      ...common,
      'subscription-id': subscription,
      tag: 'SnoozeSAPSystem=True',
      environment: 'NonProd',
      'per-leg': '2',
    },
  ],
  // A maintenance window: stop the instances (X04 is already Offline: skipped), check the gate (every one
  // Offline), then start them again with their VMs: X05 reports a start that succeeded but comes up
  // PartiallyRunning, and verify catches it.
  [
    'erp-stop',
    {
      ...polling,
      'subscription-id': subscription,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X01, X02, X04',
      'soft-stop-timeout-seconds': '300',
      'hard-stop-fallback': 'true',
    },
  ],
  [
    'erp-status',
    {
      ...common,
      'subscription-id': subscription,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X01, X02, X04',
      'expect-status': 'Offline',
    },
  ],
  [
    'erp-start',
    {
      ...polling,
      'subscription-id': subscription,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X01, X02, X05',
      'start-vm': 'true',
    },
  ],
  // A failing step: what a workflow sees when the service reports a failed stop.
  [
    'erp-stop',
    {
      ...polling,
      'subscription-id': subscription,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X09',
    },
  ],
  // Start in one job, wait in another: a stop with wait false, then wait-for-operation on its operation-urls.
  [
    'erp-stop',
    {
      ...polling,
      'subscription-id': subscription,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X03',
      wait: 'false',
    },
  ],
  ['wait-for-operation', (previous) => ({ ...polling, 'operation-url': previous['operation-urls'] ?? '' })],
  [
    'wait-for-sync',
    {
      ...polling,
      'subscription-id': subscription,
      'resource-group': 'rg-data',
      'account-name': 'consumer',
      'share-subscription': 'sales',
      'started-after': '2026-11-22T00:00:00Z',
    },
  ],
  // Start a synchronization now (a nightly pipeline that needs fresh data), then one that fails and is explained
  // by its datasets, then one left running (wait false) and cancelled by the next step.
  ['sync-start', { ...polling, ...share, 'synchronization-mode': 'FullSync' }],
  ['sync-start', { ...polling, ...share }],
  ['sync-start', { ...polling, ...share, wait: 'false' }],
  ['sync-cancel', { ...polling, ...share }],
  [
    'check-image-cached',
    {
      ...common,
      'subscription-id': subscription,
      location: 'westeurope',
      image: 'nginx\nmcr.microsoft.com/dotnet/runtime:8.0\nredis:7',
    },
  ],
  ['app-current-user', { 'api-url': emulator.url, 'api-token': 'emu-user-token' }],
  [
    'app-remove-user',
    {
      'api-url': emulator.url,
      'api-token': 'emu-user-token',
      app: 'contoso/shop',
      'user-email': 'leaver@contoso.com',
    },
  ],
];

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

try {
  let previous: Inputs = {};
  for (const [operation, given] of steps) {
    const inputs = typeof given === 'function' ? given(previous) : given;
    const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-start-'));
    const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') };
    await Promise.all(Object.values(files).map((f) => writeFile(f, '')));
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', ...files };
    for (const [name, value] of Object.entries({ operation, ...inputs }))
      env[`INPUT_${name.toUpperCase()}`] = value;
    console.log(`\n━━━ - uses: vendor-ops-action   with: operation: ${operation}`);
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
      .replace(/<\/(tr|h\d|p|li)>/g, '\n')
      .replace(/<\/t[dh]>/g, ' | ')
      .replace(/<[^>]+>/g, '')
      .replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))
      .trim();
    if (text) console.log(`  ─ job summary:\n${text.replace(/^/gm, '      ')}`);
    await rm(dir, { recursive: true, force: true });
  }
} finally {
  await emulator.close();
}

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
