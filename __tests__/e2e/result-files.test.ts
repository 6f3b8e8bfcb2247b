import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';
import { runCli } from '../helpers/run-cli.js';

/**
 * Issue 49's writing side: the files a step writes never lie (written whole on every way out; a file that cannot
 * be written loses no output) and never leak (a credential the service echoed back is `***` in every file).
 */
const SUB = '00000000-0000-4000-8000-000000000049';
const TOKEN = 'SuperSecretAccessToken-49-a7f3';

const emu = useEmulator(() => ({ erp: { instances: { X01: { durationMs: 60_000 } } } }));

/** A service that echoes the credential it was sent in its error text, as some do (the audit's c03). */
let echo: Server;
let echoUrl: string;
beforeAll(async () => {
  echo = createServer((req, res) => {
    res.writeHead(400, { 'content-type': 'application/json', 'x-vendor-request-id': 'echo-1' });
    const message = `The request with header 'Authorization: ${req.headers.authorization}' was malformed.`;
    res.end(JSON.stringify({ error: { code: 'BadRequest', message } }));
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const address = echo.address();
  echoUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => echo.close(() => resolve())));

const stop = (baseUrl: string, extra: Record<string, string> = {}) => ({
  operation: 'erp-stop',
  'base-url': baseUrl,
  'access-token': 'emu-access-token',
  'subscription-id': SUB,
  'resource-group': 'rg',
  'erp-virtual-instance': 'X01',
  'poll-interval': '0.05',
  ...extra,
});

const files = (r: ActionRun) => [r.summary, ...Object.values(r.resultFiles), JSON.stringify(r.outputs)];

describe('result files', () => {
  it('a credential the service echoes is *** in the result file, the summary and the outputs', async () => {
    const r = unescapeCommands(
      await runAction(stop(echoUrl, { 'access-token': TOKEN }), { env: { GITHUB_RUN_ID: '49' } }),
    );
    expect(r.code).toBe(1);
    const [file] = Object.values(r.resultFiles);
    // The service's text is in the file, the credential in it is not.
    expect(file).toContain("header 'Authorization: Bearer ***' was malformed");
    expect(r.summary).toContain('Authorization: Bearer ***');
    for (const text of files(r)) expect(text.includes(TOKEN) ? 'leaked' : 'clean').toBe('clean');
    expectNoSecrets(r, [TOKEN]);
    // The command line's --result-file, from a flag's credential.
    const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-files-'));
    const cli = await runCli([
      'erp-stop',
      ...['--base-url', echoUrl, '--access-token', TOKEN, '--subscription-id', SUB, '--resource-group', 'rg'],
      ...['--erp-virtual-instance', 'X01', '--result-file', join(dir, 'stop.json'), '--summary', 'false'],
    ]);
    expect(cli.code).toBe(1);
    const written = await readFile(join(dir, 'stop.json'), 'utf8');
    await rm(dir, { recursive: true, force: true });
    expect(written).toContain('Bearer ***');
    expect(written.includes(TOKEN) ? 'leaked' : 'clean').toBe('clean');
  });

  it('a result file that cannot be written is a warning: the stop accepted keeps every output', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-files-'));
    await writeFile(join(dir, 'not-a-folder'), '');
    const r = unescapeCommands(
      await runAction(stop(emu.get().url, { wait: 'false' }), {
        env: { RUNNER_TEMP: join(dir, 'not-a-folder', 'temp') },
      }),
    );
    await rm(dir, { recursive: true, force: true });
    expectNoSecrets(r, emulatorSecrets(emu.get()));
    expect(r.code).toBe(0);
    expect(r.errors).toEqual([]);
    expect(JSON.parse(r.outputs['operation-urls']!)).toHaveLength(1);
    expect(r.outputs['operation-status']).toBe('Accepted');
    expect(r.outputs['result-file']).toBeUndefined();
    expect(r.warnings.join('\n')).toMatch(/The result file .* could not be written: ENOTDIR/);
    expect(r.summary).toContain('1 stopping');
  });

  it("the command line's failure path writes the file too: a leg refused before acting names its cause", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-files-'));
    const cli = await runCli([
      'erp-stop',
      ...['--base-url', emu.get().url, '--access-token', 'emu-access-token', '--subscription-id', SUB],
      ...['--resource-group', 'rg', '--erp-virtual-instance', 'X01', '--timeout', 'soon'],
      ...['--result-file', join(dir, 'stop.json')],
    ]);
    const file = JSON.parse(await readFile(join(dir, 'stop.json'), 'utf8').catch(() => '{}')) as {
      systems?: unknown[];
      failure?: string;
    };
    await rm(dir, { recursive: true, force: true });
    expect(cli.code).toBe(2);
    expect(cli.stderr.trim().split('\n')).toHaveLength(1);
    expect(file.systems).toEqual([]);
    expect(file.failure).toMatch(/timeout/);
    expect(emu.get().requests).toEqual([]);
  });

  it('an output file the runner cannot take is one annotation naming GITHUB_OUTPUT, not a crash', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-files-'));
    const r = unescapeCommands(
      await runAction(
        { ...stop(emu.get().url), operation: 'erp-status', 'poll-interval': '' },
        { env: { GITHUB_OUTPUT: dir } },
      ),
    );
    await rm(dir, { recursive: true, force: true });
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(
      /^::error::The step's outputs \(.*\) could not be written to the runner's output file GITHUB_OUTPUT: EISDIR/,
    );
    expect(r.stderr).not.toMatch(/at .*\(node:fs/);
    expect(r.summary).toContain('erp-status');
  });
});
