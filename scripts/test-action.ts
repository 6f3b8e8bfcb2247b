/**
 * The cases of the CI workflow's `test-action` job, in one place for GitHub and for `npm test`. Each case is the
 * inputs of one step and what its outputs must be; adding an operation is one more entry in CASES.
 *
 *   node scripts/test-action.ts run <emulator-url>           every case, each run as a runner runs the action (the
 *                                                           `action.yml` main with INPUT_* variables and a
 *                                                           GITHUB_OUTPUT file), then checked; exit 1 on any miss
 *   node scripts/test-action.ts list                         the case names, a JSON array (the job's matrix)
 *   node scripts/test-action.ts inputs <case> <emulator-url> the case's inputs as GITHUB_OUTPUT records, which the
 *                                                           workflow hands to `uses: ./`
 *   node scripts/test-action.ts check <case>                 checks $OUTPUTS (`toJSON(steps.<id>.outputs)`) and
 *                                                           $OUTCOME (`steps.<id>.outcome`) as `run` does
 *
 * The emulator is `node dist/cli.mjs emulator --scenario scenarios/demo.json`; the expected values are that
 * scenario's. Plain Node 24 runs this file as it is (type stripping): the workflow job installs nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Inputs = Record<string, string>;
/** An exact value, a pattern, or a function that returns what is wrong (undefined when the value is right). */
type Expect = string | RegExp | ((value: string | undefined) => string | undefined);

interface Case {
  inputs: (url: string) => Inputs | Promise<Inputs>;
  /**
   * The case whose step must have ended before this one starts, where the two touch the same state (sync-start
   * adds the synchronization wait-for-sync would otherwise follow). `run` runs the cases at once on one emulator;
   * in the CI workflow each has an emulator of its own.
   */
  after?: string;
  /** `failure` for a step that must fail (the workflow runs it with continue-on-error). */
  outcome?: 'success' | 'failure';
  outputs: Record<string, Expect>;
}

const SUBSCRIPTION = '00000000-0000-4000-8000-000000000001';

/** Sign-in to the resource-management API, and a timeout that ends a hang in CI. */
const signIn = (url: string): Inputs => ({
  'base-url': url,
  'access-token': 'emu-access-token',
  timeout: '2m',
});
const management = (url: string): Inputs => ({ ...signIn(url), 'subscription-id': SUBSCRIPTION });
/** Only the operations that poll read poll-interval; any other refuses an input it does not read. */
const POLLS: Inputs = { 'poll-interval': '1s' };

const SET = /\S/;

export const CASES: Record<string, Case> = {
  'erp-stop': {
    // X02 refuses a soft stop (scenarios/demo.json): hard-stop-fallback stops it again with 0.
    inputs: (url) => ({
      operation: 'erp-stop',
      ...management(url),
      ...POLLS,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X01\nX02',
      'soft-stop-timeout-seconds': '300',
      'hard-stop-fallback': 'true',
    }),
    outputs: {
      'operation-status': 'Succeeded',
      'percent-complete': '100',
      'operation-id': /\/operationStatuses\//,
      'operation-url': /^http:\/\/127\.0\.0\.1:\d+\/subscriptions\/.+\/operationStatuses\//,
      result: jsonArray(2),
      instances:
        /^\[\{"name":"X01","before":"Running","after":"Offline","health":"Unknown","outcome":"stopped"\},/,
      'request-id': SET,
      'correlation-id': SET,
    },
  },
  'erp-start': {
    // The end of the maintenance window: two instances that are Offline (scenarios/demo.json) started again.
    inputs: (url) => ({
      operation: 'erp-start',
      ...management(url),
      ...POLLS,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X06\nX07',
    }),
    outputs: {
      'operation-status': 'Succeeded',
      'percent-complete': '100',
      'operation-id': /\/operationStatuses\//,
      result: jsonArray(2),
      'request-id': SET,
    },
  },
  'erp-status': {
    // The gate before the maintenance: X04 is Offline (scenarios/demo.json), so the step passes.
    inputs: (url) => ({
      operation: 'erp-status',
      ...management(url),
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X04',
      'expect-status': 'Offline',
    }),
    outputs: {
      instances: '[{"name":"X04","before":"Offline","after":"Offline","health":"Unknown","outcome":"read"}]',
      'request-id': SET,
    },
  },
  'erp-list': {
    // The NonProd systems tagged for the snooze (scenarios/demo.json, two a page); X08 is not registered: left out.
    inputs: (url) => ({
      operation: 'erp-list',
      ...management(url),
      tag: 'SnoozeSAPSystem=True',
      environment: 'NonProd',
      'per-leg': '2',
    }),
    outputs: {
      count: '2',
      ids: `/subscriptions/${SUBSCRIPTION}/resourceGroups/rg-erp/providers/Vendor.Workloads/erpVirtualInstances/X01\n/subscriptions/${SUBSCRIPTION}/resourceGroups/rg-erp/providers/Vendor.Workloads/erpVirtualInstances/X02`,
      matrix:
        /^\{"include":\[\{"leg":1,"erp-virtual-instance":"[^"]+X01\\n[^"]+X02","names":"X01, X02"\}\]\}$/,
      instances: /"name":"X08".*"state":"RegistrationFailed"/,
      'request-id': SET,
    },
  },
  'erp-stop-failed': {
    // X09 ends Failed with a nested error: the step fails and still sets its outputs.
    inputs: (url) => ({
      operation: 'erp-stop',
      ...management(url),
      ...POLLS,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X09',
    }),
    outcome: 'failure',
    outputs: { 'operation-status': 'Failed', 'percent-complete': '40', 'request-id': SET },
  },
  'wait-for-operation': {
    // The operation-url an erp-stop with wait: false returns, the way a workflow passes it between jobs.
    inputs: async (url) => {
      const started = await runAction({
        operation: 'erp-stop',
        ...management(url),
        'resource-group': 'rg-erp',
        'erp-virtual-instance': 'X03',
        wait: 'false',
      });
      const operationUrl = started.outputs['operation-url'];
      if (started.outcome !== 'success' || !operationUrl)
        throw new Error(`erp-stop with wait: false gave no operation-url (${started.outcome})`);
      return { operation: 'wait-for-operation', ...signIn(url), ...POLLS, 'operation-url': operationUrl };
    },
    outputs: { 'operation-status': 'Succeeded', 'percent-complete': '100', 'request-id': SET },
  },
  'wait-for-sync': {
    inputs: (url) => ({
      operation: 'wait-for-sync',
      ...management(url),
      ...POLLS,
      'resource-group': 'rg-data',
      'account-name': 'consumer',
      'share-subscription': 'sales',
      'started-after': '2026-11-22T00:00:00Z',
    }),
    outputs: {
      'synchronization-id': '4d21aa10-sync-2',
      'synchronization-status': 'Succeeded',
      'synchronization-mode': 'Incremental',
      'duration-ms': '151000',
      'recurrence-interval': 'Day',
      'synchronization-time': '2026-01-01T06:00:00Z',
      'request-id': SET,
      'correlation-id': SET,
    },
  },
  // The demo's first synchronize: a FullSync that succeeds (after wait-for-sync, whose run it would be newer than).
  'sync-start': {
    after: 'wait-for-sync',
    inputs: (url) => ({
      operation: 'sync-start',
      ...management(url),
      ...POLLS,
      'resource-group': 'rg-data',
      'account-name': 'consumer',
      'share-subscription': 'sales',
      'synchronization-mode': 'FullSync',
    }),
    outputs: {
      'synchronization-id': SET,
      'synchronization-status': 'Succeeded',
      'synchronization-mode': 'FullSync',
      'duration-ms': '95000',
      'failed-datasets': '[]',
      'request-id': SET,
    },
  },
  'check-image-cached': {
    inputs: (url) => ({
      operation: 'check-image-cached',
      ...management(url),
      location: 'westeurope',
      image: 'nginx\nmcr.microsoft.com/dotnet/runtime:8.0\nredis:7',
    }),
    outputs: {
      cached: 'false',
      'missing-images': '["redis:7"]',
      images: jsonArray(2),
      'request-id': SET,
      'correlation-id': SET,
    },
  },
  'app-current-user': {
    inputs: (url) => ({ operation: 'app-current-user', 'api-url': url, 'api-token': 'emu-user-token' }),
    outputs: {
      'user-id': '5e1c0a2e-0000-4000-8000-000000000001',
      'user-name': 'emu-user',
      'user-email': 'emu-user@example.com',
      'user-display-name': 'Emu User',
    },
  },
  'app-remove-user': {
    inputs: (url) => ({
      operation: 'app-remove-user',
      'api-url': url,
      'api-token': 'emu-user-token',
      app: 'contoso/shop',
      'user-email': 'leaver@contoso.com',
    }),
    outputs: { 'removed-users': '["leaver@contoso.com"]' },
  },
};

function jsonArray(length: number): Expect {
  return (value) => {
    try {
      const parsed: unknown = JSON.parse(value ?? '');
      if (Array.isArray(parsed) && parsed.length === length) return undefined;
    } catch {
      // reported below
    }
    return `is not a JSON array of ${length}`;
  };
}

/** What is wrong with one step's result; empty when it is what the case expects. */
export function check(name: string, outcome: string, outputs: Record<string, string>): string[] {
  const testCase = CASES[name];
  if (!testCase) return [`no case named '${name}'`];
  const problems: string[] = [];
  const wanted = testCase.outcome ?? 'success';
  if (outcome !== wanted) problems.push(`the step's outcome is '${outcome}', expected '${wanted}'`);
  for (const [output, expect] of Object.entries(testCase.outputs)) {
    const value = outputs[output];
    const wrong =
      typeof expect === 'string'
        ? value === expect
          ? undefined
          : `is not '${expect}'`
        : expect instanceof RegExp
          ? value !== undefined && expect.test(value)
            ? undefined
            : `does not match ${expect}`
          : expect(value);
    if (wrong)
      problems.push(`output '${output}' ${wrong} (got ${value === undefined ? 'nothing' : `'${value}'`})`);
  }
  return problems;
}

interface StepResult {
  outcome: 'success' | 'failure';
  outputs: Record<string, string>;
  /** The step's `::error` lines, which say why it failed. */
  errors: string[];
  /** The job summary it wrote (`npm run summaries` renders it). */
  summary: string;
}

/** One step as a runner runs it: the main action.yml names, INPUT_* variables, GITHUB_OUTPUT and summary files. */
export async function runAction(inputs: Inputs): Promise<StepResult> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const main = /^\s+main:\s*'?([^'\n]+)'?\s*$/m.exec(await readFile(join(root, 'action.yml'), 'utf8'))?.[1];
  if (!main) throw new Error('action.yml has no runs.main');
  const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-test-action-'));
  const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') };
  try {
    await Promise.all(Object.values(files).map((file) => writeFile(file, '')));
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', RUNNER_TEMP: dir, ...files };
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
    const child = spawn(process.execPath, [join(root, main)], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return {
      outcome: code === 0 ? 'success' : 'failure',
      outputs: parseOutputFile(await readFile(files.GITHUB_OUTPUT, 'utf8')),
      errors: log.split('\n').filter((l) => l.startsWith('::error')),
      summary: await readFile(files.GITHUB_STEP_SUMMARY, 'utf8'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** GITHUB_OUTPUT's `name<<delimiter … delimiter` records. */
function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const m of text.matchAll(/^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) outputs[m[1]!] = m[3]!;
  return outputs;
}

/** GITHUB_OUTPUT records for the inputs: a heredoc each, so a list on several lines arrives whole. */
function outputRecords(inputs: Inputs): string {
  return Object.entries(inputs)
    .map(([name, value]) => `${name}<<INPUT_EOF\n${value}\nINPUT_EOF\n`)
    .join('');
}

async function main(argv: string[]): Promise<number> {
  const [command, name, url] = argv;
  if (command === 'list') {
    console.log(JSON.stringify(Object.keys(CASES)));
    return 0;
  }
  if (command === 'inputs' && name && url && CASES[name]) {
    process.stdout.write(outputRecords(await CASES[name].inputs(url)));
    return 0;
  }
  if (command === 'check' && name) {
    const problems = check(name, process.env.OUTCOME ?? '', JSON.parse(process.env.OUTPUTS ?? '{}'));
    return report(name, problems);
  }
  if (command === 'run' && name) {
    // The cases run at once (most wait on the emulator's polls), as the workflow's matrix runs them; the reports
    // come in the order of CASES.
    const results = new Map<string, Promise<{ problems: string[]; errors: string[] }>>();
    for (const [caseName, testCase] of Object.entries(CASES)) {
      const before = testCase.after ? results.get(testCase.after) : undefined;
      results.set(caseName, runCase(caseName, name, before));
    }
    let failed = 0;
    for (const [caseName, result] of results) {
      const { problems, errors } = await result;
      failed += report(caseName, problems);
      // The annotations say why a step failed; on stderr, since `inputs` writes GITHUB_OUTPUT records to stdout.
      for (const line of errors) console.error(`     ${line}`);
    }
    console.log(`${Object.keys(CASES).length - failed} of ${Object.keys(CASES).length} cases as expected`);
    return failed ? 1 : 0;
  }
  console.error(
    'usage: test-action.ts run URL | list | inputs CASE URL | check CASE (with OUTPUTS, OUTCOME)',
  );
  return 2;
}

/** One case run and checked, after `before` has ended; a case that cannot run is a problem of its own. */
async function runCase(
  caseName: string,
  url: string,
  before: Promise<unknown> | undefined,
): Promise<{ problems: string[]; errors: string[] }> {
  try {
    await before;
    const step = await runAction(await CASES[caseName]!.inputs(url));
    return { problems: check(caseName, step.outcome, step.outputs), errors: step.errors };
  } catch (error) {
    return { problems: [`the case could not run: ${(error as Error).message}`], errors: [] };
  }
}

function report(name: string, problems: string[]): number {
  console.log(`${problems.length ? 'FAIL' : 'ok  '} ${name}`);
  for (const problem of problems) console.log(`     ${problem}`);
  return problems.length ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
