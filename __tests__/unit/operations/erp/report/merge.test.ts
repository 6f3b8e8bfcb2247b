import { describe, expect, it } from '@jest/globals';
import { RESULT_FORMAT, type ResultFile } from '../../../../../src/operations/erp/report/format.js';
import { mergeWindow } from '../../../../../src/operations/erp/report/merge.js';
import { filesOfRun } from '../../../../../src/operations/erp/report/window-run.js';
import type { Mark } from '../../../../../src/operations/outcomes.js';

const id = (name: string) =>
  `/subscriptions/00000000-0000-4000-8000-000000000001/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/${name}`;
const at = (minute: number) => `2026-11-29T01:${String(minute).padStart(2, '0')}:00.000Z`;

type Row = [string, Mark, string];
function file(o: {
  operation?: ResultFile['operation'];
  attempt?: string;
  ended: number;
  systems?: Row[];
  failure?: string;
  asked?: string[];
  run?: string;
  dryRun?: boolean;
  resumes?: ResultFile['resumes'];
}): ResultFile {
  return {
    format: RESULT_FORMAT,
    operation: o.operation ?? 'erp-stop',
    dryRun: o.dryRun ?? false,
    run: { id: o.run ?? '1', attempt: o.attempt ?? '1', job: 'window', step: 'stop' },
    asked: o.asked?.map(id) ?? null,
    resumes: o.resumes ?? null,
    startedAt: at(0),
    endedAt: at(o.ended),
    failure: o.failure ?? null,
    failureKind: o.failure ? 'sign-in' : null,
    systems: (o.systems ?? []).map(([name, outcome, word]) => ({
      name,
      id: id(name),
      before: 'Running',
      after: outcome === 'failed' ? 'Running' : 'Offline',
      outcome,
      word,
      startedAt: null,
      endedAt: null,
      cause: outcome === 'failed' ? { text: `${name} failed`, kind: 'service failed' } : null,
    })),
  };
}
const merge = (files: [string, ResultFile][], expected?: { id: string; name: string; leg?: string }[]) =>
  mergeWindow({ files: files.map(([path, f]) => ({ path, file: f })), expected, skipped: [] });
const shown = (w: ReturnType<typeof merge>) => w.systems.map((s) => `${s.name} ${s.word} ${s.leg}`);

const expected = ['A', 'B', 'C', 'D'].map((n, i) => ({
  id: id(n),
  name: n,
  leg: String(Math.floor(i / 2) + 1),
}));

describe('mergeWindow', () => {
  it('counts in the title, the failed and missing first in expected order, each with its leg', () => {
    const w = merge(
      [
        [
          'leg1.json',
          file({
            ended: 5,
            systems: [
              ['A', 'succeeded', 'stopped'],
              ['B', 'failed', 'failed'],
            ],
          }),
        ],
      ],
      expected,
    );
    expect(w.title).toBe('window: 1 stopped, 1 failed, 2 missing');
    expect(shown(w)).toEqual(['B failed 1', 'C missing 2', 'D missing 2', 'A stopped 1']);
    expect(w.attention).toBe(3);
    // Each missing row says which leg was to act on it, and whether that leg's file was found.
    expect(w.systems[1]!.cause?.text).toBe(
      'no result for it: leg 2 was to act on it, and no file of that leg was found',
    );
    expect(w.failing).toEqual(['1 system(s) failed', '2 system(s) missing']);
  });

  it('the same operation twice: the later stands, and the pair is named once', () => {
    const w = merge([
      [
        'b.json',
        file({
          attempt: '2',
          ended: 59,
          systems: [
            ['A', 'succeeded', 'stopped'],
            ['B', 'skipped', 'skipped'],
          ],
        }),
      ],
      [
        'a.json',
        file({
          ended: 5,
          systems: [
            ['A', 'failed', 'failed'],
            ['B', 'succeeded', 'stopped'],
          ],
        }),
      ],
    ]);
    expect(w.title).toBe('window: 1 stopped, 1 skipped');
    expect(w.replaced).toEqual([{ names: ['A', 'B'], newer: 'b.json', older: 'a.json' }]);
    expect(w.failing).toEqual([]);
  });

  it("a later start that skips, or a later status read, never replaces the stop's failure", () => {
    const stop = file({ ended: 5, systems: [['X09', 'failed', 'failed']] });
    const start = file({
      operation: 'erp-start',
      ended: 9,
      systems: [['X09', 'skipped', 'skipped: already Running']],
    });
    const read = file({ operation: 'erp-status', ended: 12, systems: [['X09', 'succeeded', 'read']] });
    const w = merge([
      ['stop.json', stop],
      ['start.json', start],
      ['status.json', read],
    ]);
    expect(w.title).toBe('window: 1 failed');
    expect(w.systems[0]).toMatchObject({ operation: 'erp-stop', cause: { text: 'X09 failed' } });
    expect(w.systems[0]!.history).toEqual(['erp-stop failed', 'erp-start skipped', 'erp-status read']);
    expect(w.replaced).toEqual([]);
  });

  it('a status read after a stop is the last read, never the outcome; its mismatch is a failure', () => {
    const stop = file({ ended: 5, systems: [['A', 'succeeded', 'stopped']] });
    const read = file({ operation: 'erp-status', ended: 9, systems: [['A', 'succeeded', 'read']] });
    const w = merge([
      ['stop.json', stop],
      ['status.json', read],
    ]);
    expect(w.title).toBe('window: 1 stopped');
    expect(w.systems[0]).toMatchObject({ lastRead: 'Offline', operation: 'erp-stop' });
    const mismatch = file({ operation: 'erp-status', ended: 9, systems: [['A', 'failed', 'failed']] });
    expect(
      merge([
        ['stop.json', stop],
        ['status.json', mismatch],
      ]).title,
    ).toBe('window: 1 failed');
  });

  it('a leg that failed before acting: its systems failed with its cause, its leg on the page', () => {
    const refused = file({
      operation: 'erp-start',
      ended: 9,
      failure: 'HTTP 401 at sign-in',
      asked: ['C', 'D'],
    });
    const w = merge(
      [
        [
          'leg1.json',
          file({
            ended: 5,
            systems: [
              ['A', 'succeeded', 'stopped'],
              ['B', 'succeeded', 'stopped'],
            ],
          }),
        ],
        ['leg2.json', refused],
      ],
      expected,
    );
    expect(shown(w)).toEqual(['C failed 2', 'D failed 2', 'A stopped 1', 'B stopped 1']);
    expect(w.systems[0]!.cause).toEqual({ text: 'HTTP 401 at sign-in', kind: 'sign-in' });
    expect(w.legFailures).toEqual([
      { leg: '2', path: 'leg2.json', operation: 'erp-start', cause: w.systems[0]!.cause },
    ]);
    expect(w.title).toBe('window: 2 stopped, 2 failed; 1 step(s) failed');
    // With nothing to say which systems it was given, it still fails the window, on the page with its file.
    const alone = merge([
      ['start.json', file({ operation: 'erp-start', ended: 9, failure: 'HTTP 401 at sign-in' })],
    ]);
    expect(alone.title).toBe('window: no system; 1 step(s) failed');
    expect(alone.failing).toEqual(['erp-start of start.json failed: HTTP 401 at sign-in']);
  });

  it("the README's recipe: the stop went through, the start was refused at sign-in: each system failed", () => {
    const stop = file({
      ended: 5,
      asked: ['A', 'B'],
      systems: [
        ['A', 'succeeded', 'stopped'],
        ['B', 'succeeded', 'stopped'],
      ],
    });
    const start = file({
      operation: 'erp-start',
      ended: 9,
      failure: 'HTTP 401 at sign-in',
      asked: ['A', 'B'],
    });
    const w = merge([
      ['stop.json', stop],
      ['start.json', start],
    ]);
    expect(w.title).toBe('window: 2 failed; 1 step(s) failed');
    expect(w.systems[0]).toMatchObject({
      operation: 'erp-start',
      history: ['erp-stop stopped', 'erp-start failed'],
    });
  });

  it('a leg that failed before acting and ran again with success is not held against the window', () => {
    const refused = file({ ended: 5, failure: 'HTTP 401 at sign-in', asked: ['A'] });
    const again = file({ attempt: '2', ended: 9, asked: ['A'], systems: [['A', 'succeeded', 'stopped']] });
    expect(
      merge([
        ['1.json', refused],
        ['2.json', again],
      ]).failing,
    ).toEqual([]);
  });

  it('a step still running, no file at all, or a word that disagrees with its outcome: the verdict and title agree', () => {
    const running = merge([['leg.json', file({ ended: 5, systems: [['A', 'running', 'stopping']] })]]);
    expect(running.title).toBe('window: 1 still running');
    expect(running.failing).toEqual(['1 system(s) still running (the window did not end)']);
    const none = merge([]);
    expect(none.title).toBe('window: no result read');
    expect(none.failing).toEqual(['no result was read']);
    const lies = merge([
      [
        'leg.json',
        file({
          ended: 5,
          systems: [
            ['A', 'failed', 'stopped'],
            ['B', 'succeeded', 'failed'],
          ],
        }),
      ],
    ]);
    expect(lies.title).toBe('window: 1 succeeded, 1 failed');
    expect(lies.failing).toEqual(['1 system(s) failed']);
  });

  it('wait-for-operation counts as the stop it resumed: its end stands over the stop not waited on', () => {
    const stop = file({ ended: 5, systems: [['A', 'running', 'stopping']] });
    const waited = file({
      operation: 'wait-for-operation',
      resumes: 'erp-stop',
      ended: 30,
      systems: [['A', 'succeeded', 'stopped']],
    });
    const w = merge([
      ['stop.json', stop],
      ['wait.json', waited],
    ]);
    expect(w.title).toBe('window: 1 stopped');
    expect(w.replaced).toEqual([{ names: ['A'], newer: 'wait.json', older: 'stop.json' }]);
  });

  it('expected as names, or ids in another case, matches the files by id', () => {
    const w = merge(
      [['leg.json', file({ ended: 5, systems: [['A', 'succeeded', 'stopped']] })]],
      [{ id: 'A', name: 'A' }],
    );
    expect(w.title).toBe('window: 1 stopped');
    const upper = merge(
      [['leg.json', file({ ended: 5, systems: [['A', 'succeeded', 'stopped']] })]],
      [{ id: id('A').toUpperCase(), name: 'A' }],
    );
    expect(upper.title).toBe('window: 1 stopped');
  });
});

describe('filesOfRun', () => {
  const g = (path: string, f: ResultFile) => ({ path, file: f });
  it("keeps the given run's files, names another run's and a dry run's and leaves them out", () => {
    const runs = filesOfRun(
      [
        g('this.json', file({ run: '100', ended: 5, systems: [['A', 'failed', 'failed']] })),
        g('other.json', file({ run: '99', ended: 50, systems: [['A', 'succeeded', 'stopped']] })),
        g('plan.json', file({ run: '100', ended: 1, dryRun: true, systems: [['B', 'planned', 'planned']] })),
      ],
      '100',
    );
    expect(runs.files.map((f) => f.path)).toEqual(['this.json']);
    expect(runs.skipped).toEqual([
      { path: 'other.json', why: "is of run 99, not this window's run 100" },
      { path: 'plan.json', why: 'is a dry run of erp-stop: a plan, not a result' },
    ]);
  });

  it("without a run given, the newest file's run; the listing's file gives the systems and their legs", () => {
    const listing = file({ operation: 'erp-list', run: '7', ended: 1 });
    listing.selection = {
      tag: 'window=sun',
      environment: null,
      systems: [{ id: id('A'), name: 'A', leg: '1' }],
    };
    const runs = filesOfRun(
      [
        g('old.json', file({ run: '6', ended: 3 })),
        g('list.json', listing),
        g('leg.json', file({ run: '7', ended: 5 })),
      ],
      undefined,
    );
    expect(runs.run).toBe('7');
    expect(runs.listing).toEqual({ path: 'list.json', systems: [{ id: id('A'), name: 'A', leg: '1' }] });
  });
});

describe('a step given names', () => {
  it("is the same system as the rows that name it by id: the stop's failure shown once", () => {
    const stop = {
      ...file({ ended: 5, systems: [['X09', 'failed', 'failed']] }),
      asked: ['X09'],
      failure: 'X09 failed',
    };
    const start = {
      ...file({ operation: 'erp-start', ended: 9, systems: [['X09', 'skipped', 'skipped']] }),
      asked: ['X09'],
    };
    const w = merge([
      ['stop.json', stop],
      ['start.json', start],
    ]);
    expect(w.title).toBe('window: 1 failed');
    expect(w.legFailures).toEqual([]);
  });
});
