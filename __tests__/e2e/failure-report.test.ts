import { describe, expect, it } from '@jest/globals';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';

const SUB = '00000000-0000-4000-8000-0000000000f5';
const STOP = /\/erpVirtualInstances\/[^/]+\/stop$/;
const MIB = 1024 * 1024;

const emu = useEmulator();

const stop = (extra: Record<string, string> = {}) => ({
  operation: 'erp-stop',
  'base-url': emu.get().url,
  'access-token': 'emu-access-token',
  'subscription-id': SUB,
  'resource-group': 'rg-erp',
  'erp-virtual-instance': 'X01',
  'poll-interval': '0.05',
  ...extra,
});

async function run(inputs: Record<string, string>): Promise<ActionRun> {
  const result = await runAction(inputs);
  expectNoSecrets(result, emulatorSecrets(emu.get()));
  return unescapeCommands(result);
}

/** The summary as a person reads it: tags out, entities back. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))
    .replace(/\s+/g, ' ');

describe('a failed step, as a person meets it', () => {
  it('an invalid input writes a summary too: one heading, the cause once, what to do', async () => {
    const r = await run(stop({ 'soft-stop-timeout-seconds': 'soon' }));
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(emu.get().requests).toHaveLength(0);
    expect(r.summary.match(/<h\d/g)).toHaveLength(1);
    const summary = text(r.summary);
    expect(summary).toContain('erp-stop: failed');
    expect(summary.match(/Input 'soft-stop-timeout-seconds'/g)).toHaveLength(1);
    expect(summary).toContain("What to do: Correct the input 'soft-stop-timeout-seconds'");
  });

  it('summary: false writes no summary, on success or failure', async () => {
    emu.get().erp.setInstance('X01', { respond: 200, steps: ['Succeeded'] });
    const ok = await run(stop({ summary: 'false' }));
    expect(ok.code).toBe(0);
    expect(ok.summary).toBe('');
    const bad = await run(stop({ summary: 'false', timeout: 'never' }));
    expect(bad.code).toBe(1);
    expect(bad.summary).toBe('');
    const unreadable = await run(stop({ summary: 'no' }));
    expect(unreadable.code).toBe(1);
    expect(unreadable.errors[0]).toMatch(/^::error::Input 'summary': must be true or false/);
    // Only the first run's stop (with its reads): the other two sent nothing.
    expect(emu.get().requests.filter((q) => q.method === 'POST')).toHaveLength(1);
  });

  it('a service message with line breaks keeps the request id in the one-line annotation, and request-id is set', async () => {
    const body = JSON.stringify({
      error: { code: 'AuthorizationFailed', message: 'Not allowed.\r\nTrace ID: 1234\r\nTimestamp: now' },
    });
    emu.get().addFault({
      fault: { kind: 'status', status: 403, body, headers: { 'x-vendor-request-id': 'req-403' } },
      times: 1,
      method: 'GET',
      path: /\/cachedImages$/,
    });
    const r = await run({
      operation: 'check-image-cached',
      'base-url': emu.get().url,
      'access-token': 'emu-access-token',
      'subscription-id': SUB,
      location: 'westeurope',
      image: 'nginx',
    });
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(
      /HTTP 403 AuthorizationFailed: Not allowed\. Trace ID: 1234 Timestamp: now \(request-id: req-403\)/,
    );
    expect(r.errors[0]).not.toMatch(/[\r\n]/);
    expect(r.outputs['request-id']).toBe('req-403');
    expect(text(r.summary)).toContain('What to do: The identity signed in lacks a permission');
  });

  it('a very long service message keeps the summary within 1 MiB, saying what was cut, and an output over the limit unset', async () => {
    const message = 'The service wrote a great deal. '.repeat(40_000); // ~1.3 MB
    const body = JSON.stringify({ error: { code: 'Verbose', message } });
    emu
      .get()
      .addFault({ fault: { kind: 'status', status: 400, body }, times: 2, method: 'POST', path: STOP });
    const r = await run(stop({ 'erp-virtual-instance': 'X01,X02,X03' }));
    expect(r.code).toBe(1);
    expect(Buffer.byteLength(r.summary)).toBeLessThan(MIB);
    expect(r.summary).toContain('more characters in the log');
    for (const value of Object.values(r.outputs)) expect(Buffer.byteLength(value)).toBeLessThan(1_000_000);
    // Never cut: an output that would pass the runner's limit is not set, and the failure says so.
    expect(r.outputs.result).toBeUndefined();
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(
      /The output result is \d+ bytes, over the runner's limit .* so it was not set/,
    );
  });

  it('two hundred instances keep the summary within 1 MiB with every row', async () => {
    const names = Array.from({ length: 200 }, (_, i) => `I${String(i).padStart(3, '0')}`);
    emu.get().erp.scenario.defaults = { respond: 200, steps: ['Succeeded'] };
    const r = await run(stop({ 'erp-virtual-instance': names.join('\n'), 'max-parallel': '50' }));
    expect(r.code).toBe(0);
    expect(Buffer.byteLength(r.summary)).toBeLessThan(MIB);
    for (const name of names)
      expect(r.summary).toContain(`<td>✅&nbsp;stopped</td><td><strong>${name}</strong></td>`);
    expect(JSON.parse(r.outputs.result!)).toHaveLength(200);
  });
});
