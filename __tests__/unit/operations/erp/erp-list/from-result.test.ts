import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { resultSelection } from '../../../../../src/operations/erp/erp-list/from-result.js';
import { RESULT_FORMAT } from '../../../../../src/operations/erp/report/format.js';

const dir = mkdtempSync(join(tmpdir(), 'from-result-'));
const id = (name: string) =>
  `/subscriptions/00000000-0000-4000-8000-000000000001/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/${name}`;
const system = (name: string, outcome: string, word: string) => ({
  name,
  id: id(name),
  before: 'Running',
  after: 'Offline',
  outcome,
  word,
});
const file = (operation: string, systems: object[], extra: object = {}) => ({
  format: RESULT_FORMAT,
  operation,
  run: { id: '1', attempt: '1', job: 'stop', step: 'stop' },
  startedAt: '2026-11-28T22:00:00.000Z',
  endedAt: '2026-11-28T22:05:00.000Z',
  failure: null,
  systems,
  ...extra,
});
let n = 0;
function written(content: unknown): string {
  const path = join(dir, `f${n++}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
const refusal = (path: string) => {
  const read = resultSelection.safeParse(path);
  return read.success ? undefined : read.error.issues[0]!.message;
};

describe('from-result', () => {
  it("a stop's file: every system it acted on (not skipped), in order, whatever else it says", () => {
    const path = written(
      file('erp-stop', [
        system('X01', 'succeeded', 'stopped'),
        system('X02', 'skipped', 'skipped'),
        system('X03', 'failed', 'failed'),
        system('X04', 'running', 'still running'),
      ]),
    );
    expect(resultSelection.parse(path)).toEqual({
      path,
      operation: 'erp-stop',
      ids: [id('X01'), id('X03'), id('X04')],
      names: ['X01', 'X03', 'X04'],
      passed: 1,
    });
  });

  it("a listing's file: every system it chose, with its leg, whatever their tags are now", () => {
    const selection = {
      tag: 'maintenance=sunday',
      environment: null,
      systems: [
        { id: id('X01'), name: 'X01', leg: '1' },
        { id: id('X02'), name: 'X02', leg: '2' },
      ],
    };
    const path = written(file('erp-list', [], { selection }));
    expect(resultSelection.parse(path)).toEqual({
      path,
      operation: 'erp-list',
      ids: [id('X01'), id('X02')],
      names: ['X01', 'X02'],
      passed: 0,
    });
  });

  it.each([
    [
      file('erp-start', []),
      'is the result file of erp-start: give the result-file output of an earlier erp-stop',
    ],
    [file('erp-stop', [system('X01', 'planned', 'planned')]), 'is the result file of a dry run'],
    [file('erp-stop', [], { dryRun: true }), 'is the result file of a dry run'],
    [
      file('erp-stop', [{ ...system('X01', 'succeeded', 'stopped'), id: null }]),
      "names system 'X01' without its resource id",
    ],
    [file('erp-list', []), 'is an erp-list result file without its selection'],
    [{ hello: 1 }, 'is not a result file'],
    [file('erp-stop', 'none' as never), 'is not a result file this version reads (systems:'],
    ['{"operation": "erp-st', 'is not JSON'],
  ])('refuses %j in one line', (content, message) => {
    const said = refusal(written(content));
    expect(said).toContain(message);
    expect(said).not.toContain('\n');
  });

  it('refuses a path that is no file, or none', () => {
    mkdirSync(join(dir, 'folder'));
    expect(refusal(join(dir, 'folder'))).toContain('is not a file');
    expect(refusal(join(dir, 'nothing.json'))).toContain('cannot be read (ENOENT)');
  });
});
