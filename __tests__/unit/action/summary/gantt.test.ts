import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { TIMELINE_SYSTEMS } from '../../../../src/action/summary/gantt.js';
import { renderSummary } from '../../../../src/action/summary/render.js';
import { viewOfResult } from '../../../../src/runtime/view/view.js';
import type { Mark, OperationResult, StepRow, TargetRow } from '../../../../src/operations/types.js';

/**
 * The job summary's timeline, read by the real `mermaid` library (its parser and its gantt model, under a jsdom
 * DOM, in a child process): one bar per step per system, as long as the step measured, the slowest 20 systems.
 */
interface Task {
  section: string;
  task: string;
  start: number;
  end: number;
  done: boolean;
  crit: boolean;
  active: boolean;
}

const HELPER = fileURLToPath(new URL('../../../helpers/mermaid-gantt.mjs', import.meta.url));

function mermaid(text: string): Promise<{ diagramType?: string; tasks?: Task[]; error?: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [HELPER], (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as never),
    );
    child.stdin!.end(text);
  });
}

/** The one Mermaid block of a summary: fenced, outside every HTML block (blank lines around it). */
function ganttOf(summary: string): string | undefined {
  const block = /\n\n```mermaid\n([\s\S]*?)\n```\n\n/.exec(summary);
  return block?.[1];
}

const END = Date.UTC(2026, 10, 22, 3, 0, 0);

const step = (name: string, outcome: Mark, seconds: number) => ({ step: name, outcome, seconds });

/**
 * A window's typed rows: each system's steps one after the other, the last ending at `END` (as written when the
 * summary is); a system without steps ran `seconds` from `started` (else up to `END`).
 */
function windowOf(
  systems: { name: string; steps?: ReturnType<typeof step>[]; seconds?: number; started?: number }[],
): OperationResult {
  const rows = systems.map((s): TargetRow => {
    const total = s.steps ? s.steps.reduce((sum, t) => sum + t.seconds, 0) : (s.seconds ?? 0);
    const startedAt = s.started ?? END - total * 1000;
    let at = startedAt;
    const steps = s.steps?.map((t): StepRow => {
      const from = at;
      at += t.seconds * 1000;
      const word = t.outcome === 'succeeded' ? 'stopped' : t.outcome;
      return {
        step: t.step,
        target: 'hdb',
        outcome: t.outcome,
        word,
        before: 'Running',
        after: 'Offline',
        startedAt: from,
        endedAt: at,
      };
    });
    return {
      target: s.name,
      outcome: 'succeeded',
      word: 'stopped',
      before: 'Running',
      after: 'Offline',
      startedAt,
      endedAt: startedAt + total * 1000,
      ...(steps ? { steps } : {}),
    };
  });
  return { outputs: {}, summary: [], rows };
}

describe('the timeline of a window', () => {
  it('one bar per step per system, each as long as measured, one after the other', async () => {
    const steps = [
      step('application stop', 'succeeded', 40),
      step('database stop', 'succeeded', 95),
      step('database machines', 'failed', 12),
    ];
    const html = renderSummary(
      viewOfResult(
        'erp-stop',
        windowOf([
          { name: 'X01', steps },
          { name: 'X02', steps: steps.slice(0, 2) },
        ]),
      ),
      END,
    );
    const parsed = await mermaid(ganttOf(html)!);
    expect(parsed.error).toBeUndefined();
    expect(parsed.diagramType).toBe('gantt');
    const tasks = parsed.tasks!;
    expect(tasks.map((t) => t.section)).toEqual(['X01', 'X01', 'X01', 'X02', 'X02']);
    expect(tasks.map((t) => (t.end - t.start) / 1000)).toEqual([40, 95, 12, 40, 95]);
    // Each step starts where the one before ended; the window ends when the summary is written.
    expect(tasks[1]!.start).toBe(tasks[0]!.end);
    expect(tasks[2]!.start).toBe(tasks[1]!.end);
    expect(Math.max(...tasks.map((t) => t.end))).toBe(END);
    expect(tasks.map((t) => [t.done, t.crit])).toEqual([
      [true, false],
      [true, false],
      [false, true],
      [true, false],
      [true, false],
    ]);
  }, 20_000);

  it('at most 20 systems, the slowest, and says so; a name with Mermaid syntax in it still parses', async () => {
    const systems = Array.from({ length: 25 }, (_, i) => ({
      name: i === 3 ? 'X:03 #; %%' : `X${i}`,
      seconds: 100 + i,
    }));
    const html = renderSummary(viewOfResult('erp-stop', windowOf(systems)), END);
    const parsed = await mermaid(ganttOf(html)!);
    expect(parsed.error).toBeUndefined();
    const seconds = parsed.tasks!.map((t) => (t.end - t.start) / 1000).sort((a, b) => a - b);
    expect(seconds).toEqual(Array.from({ length: TIMELINE_SYSTEMS }, (_, i) => 105 + i));
    expect(html).toMatch(new RegExp(`<p>[^<]*${TIMELINE_SYSTEMS}[^<]*25 systems[^<]*</p>`));
  }, 20_000);

  it('where the operation gives when each began (started), the bars stand where they ran', async () => {
    const t0 = Date.UTC(2026, 10, 22, 1, 0, 0);
    const at = (s: number) => t0 + s * 1000;
    const result = windowOf([
      { name: 'X01', seconds: 60, started: at(0) },
      { name: 'X02', seconds: 30, started: at(45) },
    ]);
    const html = renderSummary(viewOfResult('erp-stop', result), END);
    const tasks = (await mermaid(ganttOf(html)!)).tasks!;
    expect(tasks.map((t) => [t.start, t.end])).toEqual([
      [t0, t0 + 60_000],
      [t0 + 45_000, t0 + 75_000],
    ]);
    expect(html).not.toContain('drawn from one start');
  }, 20_000);

  it('no timeline for a single system of one step, nor for a dry run', () => {
    expect(
      ganttOf(renderSummary(viewOfResult('erp-stop', windowOf([{ name: 'X01', seconds: 30 }])), END)),
    ).toBeUndefined();
    const two = windowOf([
      { name: 'X01', seconds: 30 },
      { name: 'X02', seconds: 20 },
    ]);
    expect(ganttOf(renderSummary(viewOfResult('erp-stop', two), END))).toBeDefined();
    expect(ganttOf(renderSummary(viewOfResult('erp-stop', two, { dryRun: true }), END))).toBeUndefined();
  });
});

describe('the timeline of typed rows', () => {
  it('steps timed by the clock to a fraction of a millisecond stand where they ran (Mermaid reads whole ms)', async () => {
    const t0 = Date.UTC(2026, 10, 22, 1, 0, 0) + 0.6975;
    const step = (name: string, from: number, to: number) => ({
      step: name,
      outcome: 'succeeded' as const,
      word: 'stopped',
      startedAt: t0 + from * 1000,
      endedAt: t0 + to * 1000,
    });
    const result: OperationResult = {
      outputs: {},
      summary: [],
      rows: ['X01', 'X02'].map((target) => ({
        target,
        outcome: 'succeeded',
        word: 'stopped',
        startedAt: t0,
        endedAt: t0 + 7000,
        steps: [step('application stop', 0, 3), step('database stop', 3.03, 7)],
      })),
    };
    const parsed = await mermaid(ganttOf(renderSummary(viewOfResult('erp-stop', result), END))!);
    expect(parsed.error).toBeUndefined();
    expect(parsed.tasks!.map((t) => t.start)).toEqual([0, 3030, 0, 3030].map((ms) => Math.round(t0 + ms)));
  }, 20_000);

  it('from 25 systems every failed one is drawn, however short, then the slowest; a step never sent is no bar', async () => {
    const t0 = Date.UTC(2026, 10, 22, 1, 0, 0);
    const rows = Array.from({ length: 25 }, (_, i) => {
      const failed = i === 0 || i === 1;
      // The two failed systems are the quickest: by length alone they would be cut.
      const ms = (failed ? 2 : 100 + i) * 1000;
      const end = t0 + ms;
      return {
        target: `X${String(i).padStart(2, '0')}`,
        outcome: failed ? ('failed' as const) : ('succeeded' as const),
        word: failed ? 'failed' : 'stopped',
        startedAt: t0,
        endedAt: end,
        steps: [
          {
            step: 'application stop',
            outcome: failed ? ('failed' as const) : ('succeeded' as const),
            word: failed ? 'failed' : 'stopped',
            startedAt: t0,
            endedAt: end,
          },
          { step: 'database stop', outcome: 'not sent' as const, word: 'not sent' },
        ],
      };
    });
    const result: OperationResult = { outputs: {}, summary: [], rows };
    const html = renderSummary(viewOfResult('erp-stop', result), END);
    const tasks = (await mermaid(ganttOf(html)!)).tasks!;
    expect(tasks).toHaveLength(TIMELINE_SYSTEMS);
    expect(tasks.filter((t) => t.end - t.start === 2000)).toHaveLength(2);
    expect(ganttOf(html)).not.toContain('database stop');
    expect(html).toMatch(/every one that failed, then the slowest/);
  }, 20_000);
});
