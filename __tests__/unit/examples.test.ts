import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { safeLoad } from 'js-yaml';
import { inputsOf, type OperationModule } from '../../src/operations/module.js';
import { findOperation } from '../../src/operations/registry.js';
import type { Step, Workflow } from '../helpers/workflow.js';

/**
 * The workflows of examples/ are what a team copies: each is YAML, each step of the action gives only inputs that
 * action.yml declares and its operation reads, and each output a workflow uses is one its operation sets.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const EXAMPLES = join(ROOT, 'examples');
const ACTION = safeLoad(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, unknown>;
};
/** The keys of one leg of erp-list's matrix output (tag and environment: the selection's re-check). */
const LEG_KEYS = ['leg', 'erp-virtual-instance', 'names', 'tag', 'environment'];

const isAction = (step: Step) => step.uses !== undefined && /vendor-ops-action@|^\.\/?$/.test(step.uses);

/** What is wrong with one workflow, one line each; [] when nothing. */
function problems(workflow: Workflow): string[] {
  const found: string[] = [];
  const crons = (workflow.on.schedule ?? []).map((s) => s.cron);
  for (const [jobName, job] of Object.entries(workflow.jobs)) {
    const modules = new Map<string, OperationModule>();
    // A script step's outputs: the names it writes to GITHUB_OUTPUT (`name=…` or `name<<…`).
    const scripts = new Map<string, string[]>();
    for (const step of job.steps ?? []) {
      if (step.id && step.run)
        scripts.set(
          step.id,
          [...step.run.matchAll(/([\w-]+)(?:=|<<)/g)].map((m) => m[1]!),
        );
    }
    for (const step of (job.steps ?? []).filter(isAction)) {
      const name = String(step.with?.operation);
      const module = findOperation(name);
      if (!module) {
        found.push(`${jobName}: operation '${name}' is not one`);
        continue;
      }
      if (step.id) modules.set(step.id, module);
      for (const input of Object.keys(step.with ?? {})) {
        if (!(input in ACTION.inputs)) found.push(`${jobName}: input '${input}' is not in action.yml`);
        else if (input !== 'operation' && !inputsOf(module).includes(input as never)) {
          found.push(`${jobName}: ${name} does not read '${input}'`);
        }
      }
    }
    const text = JSON.stringify(job);
    for (const [, stepId, output] of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
      const module = modules.get(stepId!);
      const script = scripts.get(stepId!);
      if (script) {
        if (!script.includes(output!))
          found.push(`${jobName}: step '${stepId}' writes no output '${output}'`);
      } else if (!module) found.push(`${jobName}: no step '${stepId}' of the action`);
      else if (!module.outputs.includes(output as never)) {
        found.push(`${jobName}: ${module.name} sets no output '${output}'`);
      }
    }
    const needs = [job.needs ?? []].flat();
    for (const [, other, output] of text.matchAll(/needs\.([\w-]+)\.outputs\.([\w-]+)/g)) {
      if (!needs.includes(other!)) found.push(`${jobName}: uses ${other} without needing it`);
      else if (!workflow.jobs[other!]?.outputs?.[output!])
        found.push(`${jobName}: ${other} has no output '${output}'`);
    }
    if (job.strategy?.matrix !== undefined && /outputs\.matrix/.test(JSON.stringify(job.strategy.matrix))) {
      for (const m of text.matchAll(/matrix(?:\.([\w-]+)|\['([\w-]+)'\])/g)) {
        const key = m[1] ?? m[2];
        if (!LEG_KEYS.includes(key!)) found.push(`${jobName}: a leg has no '${key}'`);
      }
    }
    for (const [, cron] of text.matchAll(/github\.event\.schedule == '([^']+)'/g)) {
      if (!crons.includes(cron!)) found.push(`${jobName}: no schedule '${cron}'`);
    }
  }
  return found;
}

/** The operations that act on systems: their jobs need a concurrency group per system, their window a timeout. */
const ACTS = ['erp-stop', 'erp-start', 'erp-restart'];
const RESULT_FILE = /^\$\{\{ steps\.([\w-]+)\.outputs\.result-file \}\}$/;

/** What breaks the contract's rules of a window a team pastes (issues 49, 50, 51), one line each; [] when none. */
function windowProblems(workflow: Workflow): string[] {
  const found: string[] = [];
  if (workflow.permissions?.['id-token']) {
    found.push('the workflow grants id-token: write to every job; grant it to the jobs that sign in');
  }
  let reported = false;
  for (const [jobName, job] of Object.entries(workflow.jobs)) {
    const steps = job.steps ?? [];
    const actions = steps.filter(isAction);
    const real = actions.filter((s) => s.with?.['dry-run'] !== true);
    const uploads = steps.filter((s) => s.uses?.startsWith('actions/upload-artifact@'));
    const uploaded = uploads.map((s) => RESULT_FILE.exec(String(s.with?.path))?.[1]);
    for (const step of real.filter((s) => findOperation(String(s.with?.operation))?.resultFile)) {
      if (!step.id || !uploaded.includes(step.id)) {
        found.push(`${jobName}: its result file is never uploaded (steps.${step.id}.outputs.result-file)`);
      }
    }
    const acts = real.filter((s) => ACTS.includes(String(s.with?.operation)));
    const group = job.concurrency?.group ?? '';
    const perSystem =
      !/matrix\.(names|leg)\b/.test(group) &&
      (job.strategy?.matrix === undefined || group.includes("matrix['erp-virtual-instance']"));
    if (acts.length && (!group || !perSystem)) {
      found.push(`${jobName}: acts on systems without a concurrency group per system`);
    }
    for (const s of acts.filter((s) => s.with?.['whole-system'] === true && !s.with?.timeout)) {
      found.push(`${jobName}: ${String(s.with?.operation)} whole-system without a timeout sized for it`);
    }
    const signsIn = actions.some((s) => s.with?.operation !== 'erp-report');
    // A job's own permissions replace the workflow's whole.
    const idToken = (job.permissions ?? workflow.permissions)?.['id-token'] === 'write';
    if (signsIn && !idToken) found.push(`${jobName}: signs in without id-token: write`);
    if (!signsIn && idToken) found.push(`${jobName}: grants id-token: write but signs in nowhere`);
    for (const [i, s] of uploads.entries()) {
      const id = uploaded[i];
      if (!id)
        found.push(`${jobName}: an upload of more than one file, or of something else than a result-file`);
      else if (s.if !== `always() && steps.${id}.outputs.result-file != ''`) {
        found.push(
          `${jobName}: an upload of steps.${id}.outputs.result-file runs without its guard (always() && … != '')`,
        );
      }
    }
    const report = actions.find((s) => s.with?.operation === 'erp-report');
    if (!report) continue;
    const downloads = steps.filter(
      (s) =>
        s.uses?.startsWith('actions/download-artifact@') &&
        s.with?.pattern === 'vendor-ops-result-*' &&
        s.with?.['merge-multiple'] === true &&
        s.with?.path === report.with?.results,
    );
    if (downloads.length === 0) {
      found.push(
        `${jobName}: no download of every result file (pattern vendor-ops-result-*, merge-multiple: true)`,
      );
    }
    if (report.with?.expected !== undefined) {
      found.push(`${jobName}: erp-report given expected: the listing's file says it, at any size`);
    }
    if (job.if?.startsWith('always()')) reported = true;
  }
  if (!reported) found.push('the workflow has no last job under always() running erp-report');
  return found;
}

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** The README's own window: the first YAML block of its section. */
const README_WINDOW = /\n## A maintenance window in one workflow\n[^]*?```yaml\n([^]*?)```/.exec(README)![1]!;
const load = (file: string) => safeLoad(readFileSync(join(EXAMPLES, file), 'utf8')) as Workflow;

const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.yml'));
const workflows: [string, Workflow][] = [
  ...files.map((f): [string, Workflow] => [f, load(f)]),
  ["the README's window", safeLoad(README_WINDOW) as Workflow],
];

describe('examples/', () => {
  it('holds the workflows the README links', () => {
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(files.filter((f) => !README.includes(`](examples/${f})`))).toEqual([]);
  });

  it.each(workflows)(
    '%s is YAML and asks action.yml only for what its operations read and set',
    (_f, workflow) => {
      expect(Object.keys(workflow.jobs).length).toBeGreaterThan(0);
      expect(problems(workflow)).toEqual([]);
    },
  );

  it.each(files)('%s pins every other action to a full commit SHA, with its version in a comment', (file) => {
    const text = readFileSync(join(EXAMPLES, file), 'utf8');
    const uses = [...text.matchAll(/^\s*(?:-\s*)?uses:\s*(\S+)(.*)$/gm)].map((m) => [m[1]!, m[2]!.trim()]);
    const others = uses.filter(([ref]) => !/vendor-ops-action@|^\.\/?$/.test(ref!));
    expect(
      others.filter(([ref, comment]) => !/@[0-9a-f]{40}$/.test(ref!) || !/^# v\d+\.\d+\.\d+$/.test(comment!)),
    ).toEqual([]);
  });

  it.each(workflows)('%s holds the rules of a window a platform team pastes', (_name, workflow) => {
    expect(windowProblems(workflow)).toEqual([]);
  });

  it('the production window checks and plans before its approval, re-checks, starts what was stopped and gates', () => {
    const workflow = load('production-window.yml');
    const legs = workflow.jobs.window!.steps!;
    const firstScript = legs.findIndex((s) => s.run !== undefined);
    expect(legs.findIndex((s) => s.uses?.startsWith('actions/checkout@'))).toBeLessThan(firstScript);
    const op = (name: string) => legs.find((s) => s.with?.operation === name)!;
    expect(op('erp-stop').with).toMatchObject({
      'whole-system': true,
      'erp-virtual-instance': "${{ matrix['erp-virtual-instance'] }}",
      tag: '${{ matrix.tag }}',
      environment: '${{ matrix.environment }}',
    });
    expect(op('erp-start').with).toMatchObject({
      'whole-system': true,
      'from-result': `\${{ steps.${op('erp-stop').id}.outputs.result-file }}`,
    });
    expect(op('erp-start').if).toMatch(/^always\(\)/);
    expect(op('erp-status').with).toMatchObject({ 'expect-status': 'Running', 'whole-system': true });
    expect(legs.indexOf(op('erp-status'))).toBeGreaterThan(legs.indexOf(op('erp-start')));
    const plan = workflow.jobs.plan!.steps!.map((s) => s.with?.operation);
    expect(plan).toEqual(['erp-check', 'erp-stop', undefined]);
    expect(workflow.jobs.plan!.steps![1]!.with).toMatchObject({ 'dry-run': true, 'whole-system': true });
    expect(workflow.jobs.approve!.environment).toBe('production-window');
    expect([workflow.jobs.approve!.needs].flat()).toContain('plan');
    const list = workflow.jobs.list!.steps![0]!.with!;
    expect([list['fail-if-empty'], list['per-leg']]).toEqual([true, 1]);
  });

  it('the nightly snooze wakes in the morning what the night stopped: from-result, not the tag', () => {
    const workflow = load('nightly-snooze.yml');
    const start = workflow.jobs.start!.steps!.find((s) => s.with?.operation === 'erp-start')!;
    expect(start.with?.['from-result']).toMatch(/^\$\{\{ steps\.[\w-]+\.outputs\.file \}\}$/);
    expect(start.with?.tag).toBeUndefined();
    const handOver = workflow.jobs.stop!.steps!.find((s) => s.with?.name === 'nightly-snooze-stop')!;
    expect(handOver.with?.path).toBe('${{ steps.stop.outputs.result-file }}');
    const download = workflow.jobs.start!.steps!.find((s) =>
      s.uses?.startsWith('actions/download-artifact@'),
    )!;
    expect(download.with).toMatchObject({
      name: 'nightly-snooze-stop',
      'github-token': '${{ github.token }}',
    });
    expect(workflow.jobs.start!.permissions).toMatchObject({ actions: 'read' });
  });

  it('the rules of a window find each slip', () => {
    const action = (operation: string, more: Record<string, unknown> = {}) => ({
      uses: 'your-org/vendor-ops-action@v1',
      with: { operation, ...more },
    });
    const upload = (path: string, more: Partial<Step> = {}) => ({
      uses: 'actions/upload-artifact@bbbca2ddaa5d8feaa63e36b76fdaad77386f024f',
      with: { path, archive: false },
      ...more,
    });
    const workflow = {
      on: {},
      permissions: { 'id-token': 'write' },
      jobs: {
        list: { permissions: { 'id-token': 'write' }, steps: [{ id: 'list', ...action('erp-list') }] },
        window: {
          permissions: { contents: 'read' },
          concurrency: { group: 'w-${{ matrix.names }}' },
          steps: [
            { id: 'stop', ...action('erp-stop', { 'whole-system': true }) },
            upload('${{ steps.stop.outputs.result-file }}', { if: 'always()' }),
            upload('${{ steps.stop.outputs.result-file }}\n${{ steps.start.outputs.result-file }}', {
              if: "always() && steps.stop.outputs.result-file != ''",
            }),
          ],
        },
        report: {
          permissions: { 'id-token': 'write' },
          steps: [action('erp-report', { results: 'r', expected: '${{ needs.list.outputs.matrix }}' })],
        },
      },
    } as unknown as Workflow;
    expect(windowProblems(workflow)).toEqual([
      'the workflow grants id-token: write to every job; grant it to the jobs that sign in',
      'list: its result file is never uploaded (steps.list.outputs.result-file)',
      'window: acts on systems without a concurrency group per system',
      'window: erp-stop whole-system without a timeout sized for it',
      'window: signs in without id-token: write',
      "window: an upload of steps.stop.outputs.result-file runs without its guard (always() && … != '')",
      'window: an upload of more than one file, or of something else than a result-file',
      'report: grants id-token: write but signs in nowhere',
      'report: no download of every result file (pattern vendor-ops-result-*, merge-multiple: true)',
      "report: erp-report given expected: the listing's file says it, at any size",
      'the workflow has no last job under always() running erp-report',
    ]);
  });

  it('finds what a slip in an example would break', () => {
    const workflow: Workflow = {
      on: { schedule: [{ cron: '0 1 * * 0' }] },
      jobs: {
        list: {
          outputs: { count: '${{ steps.list.outputs.count }}' },
          steps: [
            { id: 'list', uses: 'your-org/vendor-ops-action@v1', with: { operation: 'erp-list', tags: 'a' } },
          ],
        },
        act: {
          needs: 'list',
          strategy: { matrix: '${{ fromJSON(needs.list.outputs.matrix) }}' },
          steps: [
            {
              uses: 'your-org/vendor-ops-action@v1',
              with: { operation: 'erp-stop', 'per-leg': '1', 'erp-virtual-instance': "${{ matrix['ids'] }}" },
            },
            {
              id: 'x',
              uses: './',
              with: {
                operation: 'erp-status',
                'expect-status': "${{ github.event.schedule == '0 2 * * 0' }}",
              },
            },
            {
              uses: './',
              with: { operation: 'erp-status', 'erp-virtual-instance': '${{ steps.x.outputs.matrix }}' },
            },
          ],
        },
      },
    };
    expect(problems(workflow)).toEqual([
      "list: input 'tags' is not in action.yml",
      "act: erp-stop does not read 'per-leg'",
      "act: erp-status sets no output 'matrix'",
      "act: list has no output 'matrix'",
      "act: a leg has no 'ids'",
      "act: no schedule '0 2 * * 0'",
    ]);
  });
});
