import { describe, expect, it } from '@jest/globals';
import { MERMAID_CHARACTERS } from '../../../../src/action/limits.js';
import { WINDOW_BARS, windowGantt } from '../../../../src/action/summary/window-gantt.js';
import type { WindowReport, WindowSystem } from '../../../../src/operations/erp/report/page.js';

const T0 = Date.parse('2026-11-28T01:00:00.000Z');

const system = (name: string, leg: string, failed: boolean, seconds = 30): WindowSystem => ({
  name,
  leg,
  outcome: failed ? 'failed' : 'succeeded',
  word: failed ? 'failed' : 'stopped',
  startedAt: T0,
  endedAt: T0 + seconds * 1000,
});

const windowOf = (systems: WindowSystem[]): WindowReport => ({
  title: 'window: test',
  systems,
  attention: systems.filter((s) => s.outcome === 'failed').length,
  replaced: [],
  skipped: [],
  files: 1,
  lost: [],
  legFailures: [],
  failing: [],
});

describe("the window's timeline", () => {
  it('draws the legs in their order, leg 2 before leg 10, and reads a short window in seconds', () => {
    const gantt = windowGantt(
      windowOf([system('A', '10', false), system('B', '2', false), system('C', '1', true)]),
    )!;
    expect([...gantt.mermaid.matchAll(/section leg (\S+)/g)].map((m) => m[1])).toEqual(['1', '2', '10']);
    expect(gantt.mermaid).toContain('axisFormat %H:%M:%S');
    expect(gantt.mermaid).toContain('tickInterval 5second');
  });

  it('stays within what Mermaid draws with 2 000 failed systems: the failed first, the rest counted', () => {
    const systems = Array.from({ length: 2000 }, (_, i) =>
      system(`SYSTEM-WITH-A-LONG-NAME-${String(i).padStart(4, '0')}`, String(i % 40), i % 2 === 0),
    );
    const gantt = windowGantt(windowOf(systems))!;
    expect(gantt.mermaid.length).toBeLessThanOrEqual(MERMAID_CHARACTERS);
    const bars = gantt.mermaid.split('\n').filter((l) => / :\w*,? ?w\d+, /.test(l));
    // Only failed ones fit: they come first.
    expect(bars.every((b) => b.includes('(failed)'))).toBe(true);
    expect(bars.length).toBeGreaterThan(WINDOW_BARS);
    expect(gantt.note).toMatch(
      new RegExp(`the slowest: ${bars.length} of 2000; ${1000 - bars.length} failed systems are not drawn`),
    );
  });

  it('shows a URL in a name as everywhere else: its query reduced', () => {
    const gantt = windowGantt(windowOf([system('X01 https://h.example/op?sig=SIGNATURE', '1', true)]))!;
    expect(gantt.mermaid).not.toContain('SIGNATURE');
  });
});
