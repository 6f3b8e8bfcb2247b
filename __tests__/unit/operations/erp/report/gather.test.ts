import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESULT_FORMAT } from '../../../../../src/operations/erp/report/format.js';
import { gatherResults } from '../../../../../src/operations/erp/report/gather.js';

const good = {
  format: RESULT_FORMAT,
  operation: 'erp-stop',
  run: { id: '1', attempt: '1', job: null, step: null },
  startedAt: '2026-11-29T01:00:00.000Z',
  endedAt: '2026-11-29T01:05:00.000Z',
  failure: null,
  systems: [],
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vendor-ops-gather-'));
  await mkdir(join(dir, 'leg'));
  await writeFile(join(dir, 'leg', 'stop.json'), JSON.stringify(good));
  await writeFile(join(dir, 'torn.json'), JSON.stringify(good).slice(0, 40));
  await writeFile(join(dir, 'empty.json'), '');
  await writeFile(join(dir, 'junit.json'), JSON.stringify({ format: 'junit/2' }));
  await writeFile(join(dir, 'notes.txt'), 'hello');
  // Sparse: 600 MiB on paper, nothing on disk; read whole it would not fit in one string.
  await writeFile(join(dir, 'stray.bin'), '');
  await truncate(join(dir, 'stray.bin'), 600 * 1024 * 1024);
  await symlink('/etc/passwd', join(dir, 'link.json'));
  execFileSync('mkfifo', [join(dir, 'fifo.json')]);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('gatherResults', () => {
  it('reads the result files; names each other entry, unread where it is not a plain file or too large', async () => {
    const g = await gatherResults(dir);
    expect(g.files.map((f) => f.path)).toEqual([join('leg', 'stop.json')]);
    expect(g.lost).toEqual([
      { path: 'empty.json', why: 'does not parse as JSON (torn or cut short)' },
      { path: 'torn.json', why: 'does not parse as JSON (torn or cut short)' },
    ]);
    expect(g.skipped).toEqual([
      { path: 'fifo.json', why: 'is not a plain file' },
      {
        path: 'junit.json',
        why: "is of an unknown format ('junit/2'; this version reads vendor-ops-result/1)",
      },
      { path: 'link.json', why: 'is a symbolic link, not followed' },
      { path: 'notes.txt', why: 'is not JSON: not a result file' },
      { path: 'stray.bin', why: 'is too large for a result file (629145600 bytes), not read' },
    ]);
  });

  it('a directory that is not there is absent, not an error', async () => {
    expect(await gatherResults(join(dir, 'none'))).toEqual({
      files: [],
      skipped: [],
      lost: [],
      checks: [],
      absent: true,
    });
  });
});

describe('parseResult', () => {
  it("reads an erp-check file as the window's checks, never an outcome nor lost: each system refused with its codes", async () => {
    const { parseResult } = await import('../../../../../src/operations/erp/report/gather.js');
    const finding = (code: string, level: string) => ({ code, level, part: 'system', text: '…' });
    const check = {
      ...good,
      operation: 'erp-check',
      systems: [
        { name: 'X01', id: null, ready: true, findings: [finding('moving', 'warn')] },
        {
          name: 'X02',
          id: null,
          ready: false,
          findings: [finding('not-registered', 'refuse'), finding('service-errors', 'warn')],
        },
      ],
    };
    const read = parseResult(JSON.stringify(check), 'check.json');
    expect(read).toEqual({ checks: { systems: 2, refused: [{ name: 'X02', codes: ['not-registered'] }] } });
  });
});
