import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { safeLoad } from 'js-yaml';
import { inputsOf, type OperationModule } from '../../src/operations/module.js';
import { findOperation } from '../../src/operations/registry.js';

/**
 * The workflows of examples/ are what a team copies: each is YAML, each step of the action gives only inputs that
 * action.yml declares and its operation reads, and each output a workflow uses is one its operation sets.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const EXAMPLES = join(ROOT, 'examples');
const ACTION = safeLoad(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, unknown>;
};
/** The keys of one leg of erp-list's matrix output. */
const LEG_KEYS = ['leg', 'erp-virtual-instance', 'names'];

interface Step {
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  outputs?: Record<string, string>;
  strategy?: { matrix?: unknown };
  steps?: Step[];
}
interface Workflow {
  on: { schedule?: { cron: string }[] };
  jobs: Record<string, Job>;
}

const isAction = (step: Step) => step.uses !== undefined && /vendor-ops-action@|^\.\/?$/.test(step.uses);

/** What is wrong with one workflow, one line each; [] when nothing. */
function problems(workflow: Workflow): string[] {
  const found: string[] = [];
  const crons = (workflow.on.schedule ?? []).map((s) => s.cron);
  for (const [jobName, job] of Object.entries(workflow.jobs)) {
    const modules = new Map<string, OperationModule>();
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
      if (!module) found.push(`${jobName}: no step '${stepId}' of the action`);
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

const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.yml'));

describe('examples/', () => {
  it('holds the workflows the README links', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(files.filter((f) => !readme.includes(`](examples/${f})`))).toEqual([]);
  });

  it.each(files)('%s is YAML and asks action.yml only for what its operations read and set', (file) => {
    const workflow = safeLoad(readFileSync(join(EXAMPLES, file), 'utf8')) as Workflow;
    expect(Object.keys(workflow.jobs).length).toBeGreaterThan(0);
    expect(problems(workflow)).toEqual([]);
  });

  it.each(files)('%s pins every other action to a full commit SHA, with its version in a comment', (file) => {
    const text = readFileSync(join(EXAMPLES, file), 'utf8');
    const uses = [...text.matchAll(/^\s*(?:-\s*)?uses:\s*(\S+)(.*)$/gm)].map((m) => [m[1]!, m[2]!.trim()]);
    const others = uses.filter(([ref]) => !/vendor-ops-action@|^\.\/?$/.test(ref!));
    expect(
      others.filter(([ref, comment]) => !/@[0-9a-f]{40}$/.test(ref!) || !/^# v\d+\.\d+\.\d+$/.test(comment!)),
    ).toEqual([]);
  });

  it("the production window checks out before its script, uploads each leg's result and reports the window", () => {
    const workflow = safeLoad(readFileSync(join(EXAMPLES, 'production-window.yml'), 'utf8')) as Workflow & {
      jobs: Record<string, Job & { if?: string }>;
    };
    const legs = workflow.jobs.window!.steps!;
    const firstScript = legs.findIndex((s) => s.run !== undefined);
    expect(legs.findIndex((s) => s.uses?.startsWith('actions/checkout@'))).toBeLessThan(firstScript);
    for (const s of legs.filter(
      (s) => s.with?.operation === 'erp-stop' || s.with?.operation === 'erp-start',
    )) {
      expect(s.with?.['whole-system']).toBe(true);
    }
    const uploads = legs.filter((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(uploads.map((s) => [s.with?.archive, s.if?.startsWith('always()')])).toEqual([
      [false, true],
      [false, true],
    ]);
    const report = workflow.jobs.report!;
    expect(report.if).toMatch(/^always\(\)/);
    const reports = report.steps!.filter((s) => s.with?.operation === 'erp-report');
    expect(reports.map((s) => s.with?.expected)).toEqual([
      '${{ needs.list.outputs.matrix }}',
      '${{ needs.list.outputs.matrix }}',
    ]);
    expect(workflow.jobs.plan!.steps![0]!.with).toMatchObject({ 'dry-run': true, 'whole-system': true });
    expect(workflow.jobs.list!.steps![0]!.with?.['fail-if-empty']).toBe(true);
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
