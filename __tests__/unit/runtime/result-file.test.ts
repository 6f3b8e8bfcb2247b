import { describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordResult, writeWhole } from '../../../src/runtime/result-file.js';
import { StepSecrets } from '../../../src/runtime/secrets.js';

describe('the result file: whole or not at all, never thrown, nothing secret', () => {
  it('writes through a temporary name and leaves nothing else in the folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-unit-'));
    await writeFile(join(dir, 'r.json'), 'old');
    writeWhole(join(dir, 'r.json'), 'new');
    expect(await readFile(join(dir, 'r.json'), 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['r.json']);
    await rm(dir, { recursive: true, force: true });
  });

  it('a write that fails is a warning, not an error, and leaves no temporary file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-unit-'));
    // The path is a folder: the rename over it fails after the temporary file was written.
    const recorded = recordResult({
      operation: 'erp-stop',
      result: { outputs: {}, summary: [], rows: [] },
      startedAt: 0,
      endedAt: 1,
      path: () => dir,
      secrets: new StepSecrets(),
      env: {},
    });
    expect(recorded.path).toBeUndefined();
    expect(recorded.warning).toMatch(/^The result file .* could not be written: /);
    expect(await readdir(dir)).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  });

  it("scrubs the step's secrets from every string of the file", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-unit-'));
    const secrets = new StepSecrets();
    secrets.add('tok-SECRET-49');
    const recorded = recordResult({
      operation: 'erp-stop',
      result: {
        outputs: {},
        summary: [],
        failure: "header 'Authorization: Bearer tok-SECRET-49' was malformed",
      },
      startedAt: 0,
      endedAt: 1,
      path: () => join(dir, 'r.json'),
      secrets,
      env: {},
    });
    const text = await readFile(recorded.path!, 'utf8');
    expect(text).toContain('Bearer ***');
    expect(text).not.toContain('tok-SECRET-49');
    await rm(dir, { recursive: true, force: true });
  });
});
