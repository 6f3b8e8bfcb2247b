import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { safeLoad } from 'js-yaml';
import { startEmulator, type Scenario, type ServiceEmulator } from '../../src/emulator/index.js';
import { inputsOf } from '../../src/operations/module.js';
import { findOperation } from '../../src/operations/registry.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, type ActionRun } from '../helpers/run-action.js';
import type { Step, Workflow } from '../helpers/workflow.js';

/**
 * The production example and the README's window, run as a runner runs them: each job in order, each leg of the
 * matrix, each step's `with:` turned into INPUT_* with its `${{ }}` expressions resolved from the earlier steps'
 * and jobs' outputs, each `if:` evaluated, the uploads and downloads of result files done as the artifact actions
 * do (one file an artifact, named by the file; a pattern and merge-multiple into one folder). The only inputs the
 * test adds are the emulator's address for the made-up one and a short poll-interval.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const SUB = '00000000-0000-4000-8000-0000000000e5';
const REPO = 'your-org/your-repo';
/** The subject the examples' comments say their jobs present, registered as the app's one federated credential. */
const SUBJECT = `repo:${REPO}:ref:refs/heads/main`;

/** What a run of a workflow leaves: each step's run by job (and leg), each job's outputs, the artifacts. */
interface Ran {
  steps: { job: string; leg: string; id?: string; operation: string; run: ActionRun }[];
  outputs: Record<string, Record<string, string>>;
  results: Record<string, 'success' | 'failure'>;
  artifacts: Map<string, string>;
}

/** One job (or leg) as a runner runs it. */
class JobRun {
  readonly outputs: Record<string, Record<string, string>> = {};
  failed = false;
  readonly ran: Ran;
  readonly workflow: Workflow;
  readonly name: string;
  readonly dir: string;
  readonly matrix: Record<string, unknown>;
  constructor(ran: Ran, workflow: Workflow, name: string, dir: string, matrix: Record<string, unknown>) {
    this.ran = ran;
    this.workflow = workflow;
    this.name = name;
    this.dir = dir;
    this.matrix = matrix;
  }

  /** The value of one reference of an expression. */
  value(ref: string): string {
    const [head, a, b, c] = ref.replace(/\['([\w-]+)'\]/g, '.$1').split('.');
    if (head === 'vars') return VARS[a!] ?? '';
    if (head === 'matrix') return String(this.matrix[a!] ?? '');
    if (head === 'steps' && b === 'outputs') return this.outputs[a!]?.[c!] ?? '';
    if (head === 'needs' && b === 'outputs') return this.ran.outputs[a!]?.[c!] ?? '';
    if (head === 'github') return a === 'run_attempt' ? '1' : a === 'run_id' ? RUN_ID : '';
    throw new Error(`the test cannot resolve ${ref}`);
  }

  /** `${{ … }}` in a `with:` value, each a single reference. */
  text(value: unknown): string {
    return String(value).replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_m, ref: string) => this.value(ref));
  }

  /** An `if:` as the runner reads it: without a status function, `success() &&` is implied. */
  holds(condition: string | undefined): boolean {
    if (condition === undefined) return !this.failed;
    const js = condition
      .replace(/always\(\)/g, 'true')
      .replace(/success\(\)/g, String(!this.failed))
      .replace(/\b(?:steps|needs|matrix|vars|github)(?:\.[\w-]+|\['[\w-]+'\])+/g, (ref) =>
        JSON.stringify(this.value(ref)),
      );
    const result = Boolean(new Function(`return (${js});`)());
    return /always\(\)/.test(condition) ? result : result && !this.failed;
  }

  async step(step: Step, index: number): Promise<void> {
    if (!this.holds(step.if)) return;
    if (step.run !== undefined || step.uses?.startsWith('actions/checkout@')) return; // a script: succeeded
    if (step.uses?.startsWith('actions/upload-artifact@')) return this.upload(step);
    if (step.uses?.startsWith('actions/download-artifact@')) return this.download(step);
    const operation = String(step.with?.operation);
    const module = findOperation(operation)!;
    const inputs: Record<string, string> = {};
    for (const [name, value] of Object.entries(step.with ?? {})) {
      inputs[name] = this.text(value)
        .replace('https://management.vendor.example', EMU.url)
        .replace('https://login.vendor.example', EMU.url);
      if (name === 'results' && !isAbsolute(inputs[name])) inputs[name] = join(this.dir, inputs[name]);
    }
    if (inputsOf(module).includes('poll-interval' as never)) inputs['poll-interval'] = '0.05';
    const job = this.workflow.jobs[this.name]!;
    const oidc = (job.permissions ?? this.workflow.permissions)?.['id-token'] === 'write';
    const run = await runAction(inputs, {
      env: {
        RUNNER_TEMP: this.dir,
        GITHUB_RUN_ID: RUN_ID,
        GITHUB_RUN_ATTEMPT: '1',
        GITHUB_JOB: this.name,
        GITHUB_ACTION: step.id ?? `__your-org_vendor-ops-action_${index}`,
        // A runner offers the ID-token request only to a job granted id-token: write.
        ...(oidc
          ? {
              ACTIONS_ID_TOKEN_REQUEST_URL: `${EMU.url}/_oidc/token?api-version=2.0`,
              ACTIONS_ID_TOKEN_REQUEST_TOKEN: EMU.oidcRequestToken,
            }
          : {}),
      },
    });
    expectNoSecrets(run, emulatorSecrets(EMU));
    this.ran.steps.push({
      job: this.name,
      leg: String(this.matrix.names ?? ''),
      id: step.id,
      operation,
      run,
    });
    if (step.id) this.outputs[step.id] = run.outputs;
    if (run.code !== 0) this.failed = true;
  }

  /** upload-artifact with `archive: false`: one file, its name the artifact's, unique within the run. */
  async upload(step: Step): Promise<void> {
    const path = this.text(step.with?.path);
    expect({ path, archive: step.with?.archive }).toEqual({
      path: expect.stringMatching(/\S/),
      archive: false,
    });
    expect(path.split('\n')).toHaveLength(1);
    const name = basename(path);
    expect(this.ran.artifacts.has(name) ? `${name} uploaded twice` : name).toBe(name);
    this.ran.artifacts.set(name, await readFile(path, 'utf8'));
  }

  /** download-artifact with `pattern` and `merge-multiple: true`: every matching artifact in one folder. */
  async download(step: Step): Promise<void> {
    const glob = String(step.with?.pattern);
    const pattern = new RegExp(`^${glob.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
    expect(step.with?.['merge-multiple']).toBe(true);
    const folder = join(this.dir, String(step.with?.path));
    await mkdir(folder, { recursive: true });
    for (const [name, text] of this.ran.artifacts) {
      if (pattern.test(name)) await writeFile(join(folder, name), text);
    }
  }
}

const RUN_ID = '90210';
const VARS: Record<string, string> = {
  VENDOR_CLIENT_ID: 'examples-app',
  VENDOR_TENANT_ID: 'tenant-examples',
  VENDOR_PROD_SUBSCRIPTION_IDS: SUB,
  VENDOR_SUBSCRIPTION_IDS: SUB,
};

/** Runs the jobs in the order given (each after the jobs it needs), each leg of a matrix at once. */
async function runWorkflow(workflow: Workflow, order: string[]): Promise<Ran> {
  const ran: Ran = { steps: [], outputs: {}, results: {}, artifacts: new Map() };
  const base = await mkdtemp(join(tmpdir(), 'vendor-ops-examples-'));
  try {
    for (const name of order) {
      const job = workflow.jobs[name]!;
      const probe = new JobRun(ran, workflow, name, base, {});
      // Without a status function, a job runs only where every job it needs succeeded.
      probe.failed = [job.needs ?? []].flat().some((n) => ran.results[n] !== 'success');
      if (!probe.holds(job.if)) continue;
      const matrix = /^\$\{\{\s*fromJSON\((.+)\)\s*\}\}$/.exec(String(job.strategy?.matrix ?? ''))?.[1];
      const legs = matrix
        ? (JSON.parse(probe.value(matrix)) as { include: Record<string, unknown>[] }).include
        : [{}];
      const runs = await Promise.all(
        legs.map(async (matrix, i) => {
          const dir = join(base, `${name}-${i}`);
          await mkdir(dir);
          const leg = new JobRun(ran, workflow, name, dir, matrix);
          for (const [k, step] of (job.steps ?? []).entries()) await leg.step(step, k);
          return leg;
        }),
      );
      ran.results[name] = runs.some((r) => r.failed) ? 'failure' : 'success';
      ran.outputs[name] = Object.fromEntries(
        Object.entries(job.outputs ?? {}).map(([key, value]) => [key, runs[0]!.text(value)]),
      );
    }
  } finally {
    await rm(base, { recursive: true, force: true });
  }
  return ran;
}

const system = (name: string, more: object = {}) => ({
  subscription: SUB,
  resourceGroup: 'rg-erp',
  name,
  tags: { maintenance: 'sunday' },
  ...more,
});

let EMU: ServiceEmulator;
function scenario(systems: object[]): Scenario {
  return {
    emulator: {
      clients: [
        {
          clientId: VARS.VENDOR_CLIENT_ID!,
          federated: [
            {
              issuer: 'https://token.actions.githubusercontent.com',
              subject: SUBJECT,
              audience: 'api://VendorADTokenExchange',
            },
          ],
        },
      ],
      idToken: { repository: REPO, ref: 'refs/heads/main', eventName: 'schedule' },
    },
    fleet: { systems },
    erp: {
      instances: {
        // The README's window: N02's stop fails and leaves it Running, so its start skips it.
        N02: {
          identity: { principalId: 'n02-identity' },
          steps: [{ status: 'Failed' }],
          error: { code: 'StopFailed', message: 'The central services did not stop in time.' },
          start: { steps: ['Succeeded'] },
        },
        N01: { identity: { principalId: 'n01-identity' } },
      },
    },
  } as Scenario;
}

/** The workflow's jobs run in `order` against a fresh emulator serving `systems`. */
async function onEmulator(systems: object[], workflow: Workflow, order: string[]): Promise<Ran> {
  EMU = await startEmulator(scenario(systems));
  try {
    return await runWorkflow(workflow, order);
  } finally {
    await EMU.close();
  }
}

const stepsOf = (ran: Ran, job: string) => ran.steps.filter((s) => s.job === job);
const codes = (ran: Ran) => ran.steps.map((s) => `${s.job} ${s.id ?? s.operation} ${s.run.code}`);

describe('the examples, run as a runner runs them', () => {
  it('examples/production-window.yml: listed, checked, planned, each leg stopped, started and gated, one green page', async () => {
    const workflow = safeLoad(readFileSync(join(ROOT, 'examples/production-window.yml'), 'utf8')) as Workflow;
    const prod = { environment: 'Prod' };
    const systems = [system('P01', prod), system('P02', prod), system('P03')];
    const ran = await onEmulator(systems, workflow, ['list', 'plan', 'approve', 'window', 'report']);
    expect(codes(ran).filter((c) => !c.endsWith(' 0'))).toEqual([]);
    expect(ran.outputs.list!.count).toBe('2');
    // Every job that signs in did so by federation, presenting the subject the comments name.
    expect([...EMU.issuedOidcTokens].length).toBe(ran.steps.length - 1);
    const legs = stepsOf(ran, 'window');
    expect(legs.map((s) => s.id).sort()).toEqual(['gate', 'gate', 'start', 'start', 'stop', 'stop']);
    // The listing, the checks and every step of each leg uploaded one artifact each, every one downloaded.
    expect([...ran.artifacts.keys()].every((n) => /^vendor-ops-result-.*\.json$/.test(n))).toBe(true);
    expect(ran.artifacts.size).toBe(1 + 1 + 3 * 2);
    const [report] = stepsOf(ran, 'report');
    expect(report!.run.code).toBe(0);
    expect(report!.run.summary).toContain('window: 2 started');
    expect(report!.run.outputs.count).toBe('2');
  });

  it("the README's window with a failed stop and a skipping start: red, the stop's failure on the page", async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /\n## A maintenance window in one workflow\n[^]*?```yaml\n([^]*?)```/.exec(readme)![1]!;
    const workflow = safeLoad(block) as Workflow;
    const ran = await onEmulator([system('N01'), system('N02')], workflow, ['list', 'window', 'report']);
    const n02 = stepsOf(ran, 'window').filter((s) => s.leg === 'N02');
    expect(n02.map((s) => `${s.id} ${s.run.code}`)).toEqual(['stop 1', 'start 0']);
    expect(n02[1]!.run.summary).toContain('skipped');
    const [report] = stepsOf(ran, 'report');
    expect(report!.run.code).toBe(1);
    expect(report!.run.summary).toContain('window: 1 started, 1 failed');
    expect(report!.run.summary).toContain('StopFailed');
    expect(report!.run.summary).toContain('The central services did not stop in time.');
  });
});
