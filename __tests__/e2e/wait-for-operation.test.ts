import { describe, expect, it } from '@jest/globals';
import type { ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';

const SUB = '00000000-0000-4000-8000-0000000000c2';
const POLL = /\/operationStatuses\//;

const emu = useEmulator();

function expectClean(r: ActionRun, e: ServiceEmulator): void {
  expectNoSecrets(r, emulatorSecrets(e));
}

async function run(inputs: Record<string, string>): Promise<ActionRun> {
  const e = emu.get();
  const result = await runAction({
    'base-url': e.url,
    'access-token': 'emu-access-token',
    'poll-interval': '0.05',
    ...inputs,
  });
  expectClean(result, e);
  return unescapeCommands(result);
}

/** Starts a stop with wait: false, as a first job would, and returns its operation-url output. */
async function startStop(instance: string): Promise<string> {
  const r = await run({
    operation: 'erp-stop',
    'subscription-id': SUB,
    'resource-group': 'rg-erp',
    'erp-virtual-instance': instance,
    wait: 'false',
  });
  expect(r.code).toBe(0);
  expect(r.outputs['operation-status']).toBe('Accepted');
  return r.outputs['operation-url']!;
}

describe('wait-for-operation, run as a runner runs it', () => {
  it('resumes the wait on the operation-url an erp-stop with wait: false returned', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', {
      steps: [{ status: 'InProgress', percentComplete: 30 }, 'Preparing System Configuration', 'Succeeded'],
    });
    const operationUrl = await startStop('X01');
    expect(e.requestsTo(POLL)).toHaveLength(0);
    const r = await run({ operation: 'wait-for-operation', 'operation-url': operationUrl });
    expect(r.code).toBe(0);
    const polls = e.requestsTo(POLL);
    expect(polls).toHaveLength(3);
    for (const poll of polls) {
      expect(`${e.url}${poll.target}`).toBe(operationUrl);
      expect(poll.method).toBe('GET');
      expect(poll.headers.authorization).toBe('Bearer emu-access-token');
    }
    const op = [...e.erp.operations.values()][0]!;
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(r.outputs['operation-url']).toBe(operationUrl);
    expect(r.outputs['operation-id']).toContain(op.id);
    expect(r.outputs['percent-complete']).toBe('100');
    expect(JSON.parse(r.outputs.result!)).toMatchObject({ name: op.id, status: 'Succeeded' });
    expect(r.stdout).toContain('operation: InProgress, 30% complete');
    expect(r.stdout).toContain('operation: Preparing System Configuration');
    expect(r.summary).toContain('wait-for-operation');
  });

  it('refuses an operation-url on another origin, with no request anywhere', async () => {
    const e = emu.get();
    const operationUrl = await startStop('X01');
    const foreign = operationUrl.replace(e.url, e.secondUrl);
    const before = e.requests.length;
    const r = await run({ operation: 'wait-for-operation', 'operation-url': foreign });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain(
      `Input 'operation-url': Refused to follow the operation-url on ${e.secondUrl}`,
    );
    expect(e.requests).toHaveLength(before);
    expect(e.requests.filter((q) => q.origin === 'secondary')).toHaveLength(0);
  });

  it('fails a Failed operation with its nested error details in the log', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', {
      steps: ['Failed'],
      error: {
        code: 'StopFailed',
        message: 'Central services did not stop.',
        details: [{ code: 'EnqueueBusy', message: 'Locks held', target: 'ascs' }],
        additionalInfo: [{ type: 'Hint', info: { retry: true } }],
      },
    });
    const operationUrl = await startStop('X01');
    const r = await run({ operation: 'wait-for-operation', 'operation-url': operationUrl });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toMatch(
      /^::error::The operation ended with status Failed: StopFailed: Central services did not stop\. \(request-id: emu-req-\d+\)\.$/,
    );
    expect(r.stdout).toContain('- EnqueueBusy: Locks held (target: ascs)');
    expect(r.stdout).toContain('- additionalInfo Hint: {"retry":true}');
  });

  it('fails an operation the service does not know, naming the HTTP status, code and request id', async () => {
    const operationUrl = await startStop('X01');
    const unknown = operationUrl.replace(/operationStatuses\/[^?]+/, 'operationStatuses/nope');
    const r = await run({ operation: 'wait-for-operation', 'operation-url': unknown });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toMatch(/HTTP 404 OperationNotFound: .*request-id: emu-req-\d+/);
    expect(emu.get().requestsTo(POLL)).toHaveLength(1);
  });

  it('times out naming the last status and percent complete', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { steps: [{ status: 'Stopping', percentComplete: 80 }] });
    const operationUrl = await startStop('X01');
    const r = await run({
      operation: 'wait-for-operation',
      'operation-url': operationUrl,
      timeout: '1s',
      'poll-interval': '0.2',
    });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain(
      'The operation did not end within the timeout: last status Stopping, 80% complete; resume with wait-for-operation',
    );
    expect(r.outputs['operation-url']).toBe(operationUrl);
    expect(e.requestsTo(POLL).length).toBeGreaterThan(1);
  });
});
