import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { EmulatedSynchronization } from '../../src/emulator/areas/data-share.js';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { shareStep } from '../helpers/share-inputs.js';
import {
  actionMain,
  expectNoSecrets,
  parseOutputFile,
  runAction,
  type ActionRun,
} from '../helpers/run-action.js';
import { parseRunnerOutput } from '../../scripts/runner-commands.js';

const emu = useEmulator();
const SHARE =
  '/subscriptions/sub-1/resourceGroups/rg-1/providers/Vendor.DataShare/accounts/acct-1/shareSubscriptions/share-1';
const SYNCHRONIZE = /\/synchronize$/;
const CANCEL = /\/cancelSynchronization$/;
const LIST = /\/listSynchronizations$/;

function inputs(extra: Record<string, string> = {}): Record<string, string> {
  return shareStep('sync-start', emu.get().url, extra);
}

async function run(extra: Record<string, string> = {}): Promise<ActionRun> {
  const result = await runAction(inputs(extra));
  expectNoSecrets(result, emulatorSecrets(emu.get()));
  return result;
}

const yesterday: EmulatedSynchronization = {
  synchronizationId: 'yesterday',
  synchronizationMode: 'Incremental',
  status: 'Succeeded',
  startTime: '2026-11-21T06:30:00Z',
  endTime: '2026-11-21T06:40:00Z',
  durationMs: 600_000,
};

/**
 * The bundle as a runner runs it, sent SIGINT (the runner's cancellation) once `ready()` holds: the outputs, the
 * log and how long the process took to exit after the signal.
 */
async function runAndInterrupt(given: Record<string, string>, ready: () => boolean) {
  const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-sigint-'));
  const outputFile = join(dir, 'output');
  await writeFile(outputFile, '');
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', GITHUB_OUTPUT: outputFile };
  for (const [name, value] of Object.entries(given)) env[`INPUT_${name.toUpperCase()}`] = value;
  const child = spawn(process.execPath, [await actionMain()], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
  while (!ready() && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
  const signalledAt = Date.now();
  child.kill('SIGINT');
  const code = await closed;
  const exitMs = Date.now() - signalledAt;
  clearTimeout(kill);
  const outputs = parseOutputFile(await readFile(outputFile, 'utf8'));
  await rm(dir, { recursive: true, force: true });
  const commands = parseRunnerOutput(stdout).commands;
  return {
    code,
    exitMs,
    stdout,
    outputs,
    errors: commands.filter((c) => c.name === 'error').map((c) => c.data),
    signalledAt,
  };
}

describe('sync-start', () => {
  it('starts a FullSync, follows it to success and sets the outputs of wait-for-sync', async () => {
    const area = emu.get().dataShare;
    area.synchronizations = [yesterday];
    area.starts = [{ statuses: ['InProgress', 'Succeeded'], message: 'Copied 3 datasets' }];
    const result = await run({ 'synchronization-mode': 'fullsync' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    const started = area.synchronizeRequests;
    expect(started).toEqual([{ synchronizationId: expect.any(String), synchronizationMode: 'FullSync' }]);
    const id = started[0]!.synchronizationId;
    expect(result.outputs).toMatchObject({
      'synchronization-id': id,
      'synchronization-status': 'Succeeded',
      'synchronization-mode': 'FullSync',
      message: 'Copied 3 datasets',
      'duration-ms': '60000',
      'failed-datasets': '[]',
    });
    expect(result.outputs['start-time']).toMatch(/^\d{4}-/);
    expect(result.outputs['end-time']).toMatch(/^\d{4}-/);
    expect(JSON.parse(result.outputs.result!).synchronization.synchronizationId).toBe(id);
    const posts = emu.get().requestsTo(SYNCHRONIZE);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.target).toBe(`${SHARE}/synchronize?api-version=2021-08-01`);
    expect(JSON.parse(posts[0]!.body)).toEqual({ synchronizationMode: 'FullSync' });
    expect(posts[0]!.headers['content-type']).toMatch(/^application\/json/);
    // The ideal: one POST, then one page of the newest-first list per poll (InProgress, Succeeded).
    expect(emu.get().requestsTo(LIST)).toHaveLength(2);
    expect(emu.get().requests).toHaveLength(3);
    expect(result.stdout).toContain(
      `Started synchronization ${id} (FullSync); the service answered HTTP 202`,
    );
    expect(result.summary).toContain(id);
  });

  it('starts Incremental by default and waits for an id that shows up in the list a poll late', async () => {
    const area = emu.get().dataShare;
    area.synchronizations = [yesterday];
    area.starts = [{ appearAfterPolls: 1, statuses: ['Succeeded'] }];
    const result = await run();
    expect(result.code).toBe(0);
    expect(area.synchronizeRequests[0]!.synchronizationMode).toBe('Incremental');
    const id = area.synchronizeRequests[0]!.synchronizationId;
    expect(result.outputs['synchronization-id']).toBe(id);
    expect(result.stdout).toContain(`No synchronization ${id} is listed yet; waiting for it.`);
    // Not listed once, then Succeeded: two listings of one page each.
    expect(emu.get().requestsTo(LIST)).toHaveLength(2);
  });

  it('with wait: false, sets the id and the answer’s status and ends', async () => {
    const result = await run({ wait: 'false' });
    expect(result.code).toBe(0);
    const id = emu.get().dataShare.synchronizeRequests[0]!.synchronizationId;
    expect(result.outputs['synchronization-id']).toBe(id);
    expect(result.outputs['synchronization-status']).toBe('Accepted');
    expect(result.outputs['failed-datasets']).toBe('[]');
    expect(emu.get().requestsTo(LIST)).toHaveLength(0);
    expect(result.stdout).toContain(`follow it with wait-for-sync and synchronization-id ${id}`);
  });

  it('fails with the service’s code and message and the hint to follow the running one', async () => {
    const area = emu.get().dataShare;
    area.conflictCode = 'SynchronizationInProgress';
    area.synchronizations = [{ ...yesterday, synchronizationId: 'running', statuses: ['InProgress'] }];
    area.polls = 1;
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain('HTTP 409');
    expect(result.errors[0]).toContain(
      "SynchronizationInProgress: Synchronization running is in progress for share subscription 'share-1'.",
    );
    expect(result.everything).toContain('follow it with wait-for-sync');
    // A 409 to the first attempt is a refusal: sent once, and the list is not searched for a start of ours.
    expect(emu.get().requestsTo(SYNCHRONIZE)).toHaveLength(1);
    expect(emu.get().requestsTo(LIST)).toHaveLength(0);
  });

  it('follows the synchronization it started when the answer to synchronize was lost, without sending it again', async () => {
    const e = emu.get();
    e.dataShare.synchronizations = [yesterday];
    e.dataShare.starts = [{ statuses: ['Succeeded'] }];
    e.addFault({
      fault: { kind: 'status', status: 504 },
      times: 1,
      method: 'POST',
      path: SYNCHRONIZE,
      after: true,
    });
    const result = await run();
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(e.requestsTo(SYNCHRONIZE)).toHaveLength(1);
    const id = e.dataShare.synchronizeRequests[0]!.synchronizationId;
    expect(result.outputs['synchronization-id']).toBe(id);
    expect(result.outputs['synchronization-status']).toBe('Succeeded');
    expect(result.warnings[0]).toMatch(
      /synchronize \(client-request-id [\w-]+\) was answered HTTP 504 and may have reached the service \(its answer was lost\)/,
    );
    expect(result.stdout).toContain(`The service started synchronization ${id}`);
  });

  it('fails naming the body when the answer carries no synchronizationId', async () => {
    emu.get().dataShare.starts = [{ omitId: true }];
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain('synchronize: the answer carries no synchronizationId');
    expect(result.errors[0]).toContain('"status":"Accepted"');
    expect(emu.get().requestsTo(LIST)).toHaveLength(0);
  });

  it('says how to follow the synchronization it started when following it fails for good', async () => {
    emu.get().addFault({ fault: { kind: 'html', status: 403 }, times: 1, method: 'POST', path: LIST });
    const result = await run();
    expect(result.code).toBe(1);
    const id = emu.get().dataShare.synchronizeRequests[0]!.synchronizationId;
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain('HTTP 403');
    expect(result.errors[0]).toContain(
      `The synchronization was started and goes on at the service; follow it with wait-for-sync and synchronization-id ${id}.`,
    );
    expect(result.outputs['synchronization-id']).toBe(id);
  });

  it('explains a failure by its datasets', async () => {
    emu.get().dataShare.starts = [
      {
        statuses: ['Failed'],
        details: [
          { name: 'sales', dataSetType: 'Blob', status: 'Failed', message: 'Access denied to the source.' },
          { name: 'stock', dataSetType: 'Blob', status: 'Succeeded' },
        ],
      },
    ];
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.errors[0]).toContain('(1 dataset did not succeed: sales (Failed); see failed-datasets)');
    expect(JSON.parse(result.outputs['failed-datasets']!)).toEqual([
      { name: 'sales', dataSetType: 'Blob', status: 'Failed', message: 'Access denied to the source.' },
    ]);
    expect(result.stdout).toContain('Dataset sales (Blob): Failed: Access denied to the source.');
    const details = emu.get().requestsTo(/\/listSynchronizationDetails$/);
    expect(JSON.parse(details[0]!.body)).toEqual({
      synchronizationId: emu.get().dataShare.synchronizeRequests[0]!.synchronizationId,
    });
  });

  it('sends a synchronize answered 409 once: no re-send storm when nothing runs in the list', async () => {
    const e = emu.get();
    e.dataShare.synchronizations = [yesterday];
    const conflict = JSON.stringify({ error: { code: 'Conflict', message: 'Try again later.' } });
    e.addFault({
      fault: { kind: 'status', status: 409, body: conflict },
      times: 5,
      method: 'POST',
      path: SYNCHRONIZE,
    });
    const result = await run();
    expect(result.code).toBe(1);
    expect(e.requestsTo(SYNCHRONIZE)).toHaveLength(1);
    expect(e.requestsTo(LIST)).toHaveLength(0);
    expect(result.errors[0]).toContain('HTTP 409');
    expect(result.errors[0]).toContain('Conflict: Try again later.');
    expect(result.errors[0]).toContain('follow it with wait-for-sync');
  });

  /** A scheduled run of another party, started 10 s ago and still going: never this step's. */
  function scheduledRun(): void {
    const area = emu.get().dataShare;
    area.conflictCode = 'SynchronizationInProgress';
    area.synchronizations = [
      yesterday,
      {
        synchronizationId: 'scheduled',
        synchronizationMode: 'Incremental',
        startTime: new Date(Date.now() - 10_000).toISOString(),
        statuses: ['InProgress'],
      },
    ];
    // The scheduled run is listed (runs) from the start.
    area.polls = 1;
  }

  for (const cancelOnAbort of [true, false]) {
    it(`a scheduled run going (cancel-on-abort: ${cancelOnAbort}): fails with the service's code and message, never adopts, follows or cancels it`, async () => {
      scheduledRun();
      const e = emu.get();
      // SIGINT once the step follows something: it never should, so the step ends on its own first.
      const r = await runAndInterrupt(
        inputs({
          'cancel-on-abort': String(cancelOnAbort),
          'synchronization-mode': 'FullSync',
          timeout: '20s',
        }),
        () => e.requestsTo(LIST).length >= 1,
      );
      expect(r.code).toBe(1);
      expect(e.requestsTo(SYNCHRONIZE)).toHaveLength(1);
      expect(e.requestsTo(LIST)).toHaveLength(0);
      expect(e.requestsTo(CANCEL)).toHaveLength(0);
      expect(e.dataShare.cancelRequests).toEqual([]);
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toContain('HTTP 409');
      expect(r.errors[0]).toContain(
        "SynchronizationInProgress: Synchronization scheduled is in progress for share subscription 'share-1'.",
      );
      expect(r.errors[0]).toContain('follow it with wait-for-sync');
      expect(r.outputs['synchronization-id'] ?? '').not.toBe('scheduled');
      expect(r.outputs.changes).not.toBe('true');
    });
  }

  it('after a lost answer, a run that started before the attempt is not taken for this step’s', async () => {
    scheduledRun();
    const e = emu.get();
    // A gateway's 504 that never reached the service: the list then shows only the scheduled run.
    e.addFault({ fault: { kind: 'status', status: 504 }, times: 1, method: 'POST', path: SYNCHRONIZE });
    const result = await run({ timeout: '3s' });
    expect(result.code).toBe(1);
    expect(e.requestsTo(SYNCHRONIZE)).toHaveLength(1);
    expect(e.requestsTo(LIST)).toHaveLength(1);
    expect(e.dataShare.cancelRequests).toEqual([]);
    expect(result.outputs['synchronization-id'] ?? '').not.toBe('scheduled');
    expect(result.errors[0]).toContain('HTTP 504');
    expect(result.errors[0]).toContain('Synchronization scheduled (Incremental, started');
    expect(result.errors[0]).toContain("is not taken for this step's");
    expect(result.stdout).not.toContain('The service started synchronization scheduled');
  });

  for (const cancelOnAbort of [true, false]) {
    it(`a job cancelled while waiting ${cancelOnAbort ? 'cancels' : 'does not cancel'} the synchronization with cancel-on-abort: ${cancelOnAbort}`, async () => {
      const area = emu.get().dataShare;
      area.starts = [{ statuses: ['InProgress'] }];
      const e = emu.get();
      const r = await runAndInterrupt(
        inputs({ 'cancel-on-abort': String(cancelOnAbort), timeout: '40s', 'poll-interval': '0.2' }),
        () => e.requestsTo(LIST).length >= 1,
      );
      expect(r.code).toBe(1);
      expect(r.exitMs).toBeLessThan(6_000);
      const id = area.synchronizeRequests[0]!.synchronizationId;
      expect(r.outputs['synchronization-id']).toBe(id);
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toContain(
        `Cancelled while waiting for synchronization ${id}; last status: InProgress.`,
      );
      const cancels = e.requestsTo(CANCEL);
      if (cancelOnAbort) {
        expect(cancels).toHaveLength(1);
        expect(JSON.parse(cancels[0]!.body)).toEqual({ synchronizationId: id });
        expect(cancels[0]!.at - r.signalledAt).toBeLessThan(4_000);
        expect(area.cancelRequests).toEqual([id]);
        expect(r.stdout).toContain(`cancel-on-abort: sent cancelSynchronization for synchronization ${id}`);
        expect(r.errors[0]).toContain(
          'cancel-on-abort cancelled it at the service (HTTP 202, status Queued)',
        );
      } else {
        expect(cancels).toHaveLength(0);
        expect(r.errors[0]).toContain(
          `It goes on at the service: follow it with wait-for-sync and synchronization-id ${id}`,
        );
      }
    });
  }

  it('gives a cancel that hangs 4 s and still exits within 6 s of the signal, with a warning', async () => {
    const e = emu.get();
    e.dataShare.starts = [{ statuses: ['InProgress'] }];
    e.addFault({ fault: { kind: 'hang' }, times: 1, method: 'POST', path: CANCEL });
    const r = await runAndInterrupt(
      inputs({ 'cancel-on-abort': 'true', timeout: '40s' }),
      () => e.requestsTo(LIST).length >= 1,
    );
    expect(r.code).toBe(1);
    expect(r.exitMs).toBeLessThan(6_000);
    expect(e.requestsTo(CANCEL)).toHaveLength(1);
    const id = e.dataShare.synchronizeRequests[0]!.synchronizationId;
    expect(r.stdout).toContain(
      `::warning::cancel-on-abort: cancelSynchronization for synchronization ${id} failed`,
    );
    expect(r.errors[0]).toContain(`cancel-on-abort could not cancel it`);
    expect(r.errors[0]).toContain(`end it with sync-cancel and synchronization-id ${id}`);
  });
});
