import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from '@jest/globals';
import { requestLine } from '../../src/emulator/request-log.js';
import type { RecordedRequest } from '../../src/emulator/index.js';
import { CLI, runCli } from '../helpers/run-cli.js';

/** `vendor-ops emulator --log-requests`: what arrived, one line each, credentials out; the banner says what each instance does. */
const record = (method: string, target: string, body: string): RecordedRequest => ({
  method,
  target,
  url: new URL(target, 'http://emulator.invalid'),
  headers: { authorization: 'Bearer emu-access-token' },
  body,
  origin: 'primary',
  at: 0,
});

describe('the request log', () => {
  it('a query name that does not decode is logged with its value hidden, never a crash of the server', () => {
    expect(requestLine(record('GET', '/x?%zz=s3cret&a=1', ''), 404)).toBe('GET /x?%zz=***&a=1 → 404');
  });

  it('method, path, status and body; no header, and a credential in the query, a form or JSON as ***', () => {
    const stop = requestLine(
      record(
        'POST',
        '/subscriptions/s/x/X01/stop?api-version=2024-09-01',
        '{"softStopTimeoutSeconds":0,"deallocateVm":true}',
      ),
      202,
    );
    expect(stop).toBe(
      'POST /subscriptions/s/x/X01/stop?api-version=2024-09-01 → 202 {"softStopTimeoutSeconds":0,"deallocateVm":true}',
    );
    const token = requestLine(
      record(
        'POST',
        '/t/oauth2/v2.0/token',
        'grant_type=client_credentials&client_id=c&client_secret=s3cret&client_assertion=eyJ.a.b',
      ),
      200,
    );
    expect(token).toContain('client_id=c');
    expect(token).not.toMatch(/s3cret|eyJ/);
    const signed = requestLine(record('GET', '/op/1?api-version=1&sig=abc123', ''), 200);
    expect(signed).toBe('GET /op/1?api-version=1&sig=*** → 200');
    const json = requestLine(record('POST', '/x', '{"password":"p4ss","nested":{"accessToken":"t0k"}}'), 400);
    expect(json).not.toMatch(/p4ss|t0k/);
    expect(stop).not.toContain('emu-access-token');
  });

  it('--log-requests writes each request the emulator answers to stderr, the banner to stdout', async () => {
    const server = spawn(process.execPath, [CLI, 'emulator', '--port', '0', '--log-requests'], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const banner: string[] = [];
      await new Promise<void>((resolve) =>
        createInterface({ input: server.stdout! }).on('line', (line) => {
          banner.push(line);
          if (line === 'Ctrl-C stops it.') resolve();
        }),
      );
      // The demo's false success is said as one before anything is tried.
      expect(banner.find((l) => l.startsWith('  X05: '))).toMatch(/start: .*PartiallyRunning.*false success/);
      const url = /listening on (\S+)/.exec(banner[0]!)![1]!;
      // The line is written once the answer has gone: wait for it, not for a time.
      const first = new Promise<string>((resolve) =>
        createInterface({ input: server.stderr! }).once('line', resolve),
      );
      const run = await runCli(['app-current-user', '--api-url', url, '--api-token', 'emu-user-token']);
      expect(run.code).toBe(0);
      const logged = [await first];
      expect(logged).toEqual([expect.stringMatching(/^GET \/v0\.1\/user → 200$/)]);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.on('close', resolve));
    }
  });
});
