import { describe, expect, it } from '@jest/globals';
import type { EmulatedSynchronization } from '../../src/emulator/areas/data-share.js';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { summaryText } from '../helpers/summary-text.js';
import { shareStep } from '../helpers/share-inputs.js';
import { expectNoSecrets, runAction, type ActionRun } from '../helpers/run-action.js';

const emu = useEmulator();
const SHARE =
  '/subscriptions/sub-1/resourceGroups/rg-1/providers/Vendor.DataShare/accounts/acct-1/shareSubscriptions/share-1';
const CANCEL = /\/cancelSynchronization$/;
const LIST = /\/listSynchronizations$/;

async function run(extra: Record<string, string> = {}): Promise<ActionRun> {
  const result = await runAction(shareStep('sync-cancel', emu.get().url, extra));
  expectNoSecrets(result, emulatorSecrets(emu.get()));
  return result;
}

const sync = (id: string, startTime: string, statuses: string[]): EmulatedSynchronization => ({
  synchronizationId: id,
  synchronizationMode: 'Incremental',
  startTime,
  endTime: startTime.replace('T06', 'T07'),
  durationMs: 3_600_000,
  statuses,
});

describe('sync-cancel', () => {
  it('cancels the latest synchronization that has not ended, waits until it has, and says so', async () => {
    emu.get().dataShare.synchronizations = [
      sync('yesterday', '2026-11-21T06:30:00Z', ['Succeeded']),
      sync('today', '2026-11-22T06:30:00Z', ['InProgress']),
    ];
    const result = await run();
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    const cancels = emu.get().requestsTo(CANCEL);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.target).toBe(`${SHARE}/cancelSynchronization?api-version=2021-08-01`);
    expect(JSON.parse(cancels[0]!.body)).toEqual({ synchronizationId: 'today' });
    expect(result.outputs).toMatchObject({
      'synchronization-id': 'today',
      'synchronization-status': 'Cancelled',
      'failed-datasets': '[]',
    });
    expect(result.stdout).toContain('Sent cancelSynchronization for synchronization today');
    expect(result.stdout).toContain('Synchronization today was cancelled: Cancelled.');
    // One listing to choose it, the cancel, one listing that shows it ended.
    expect(emu.get().requestsTo(LIST)).toHaveLength(2);
    expect(result.summary).toContain('Cancelled');
  });

  it.each([
    ['a cancel that took effect', ['InProgress'], {}, '✅ cancelled'],
    ['nothing to cancel', ['Succeeded'], {}, '⏭️ nothing to cancel'],
    [
      'another end first',
      ['InProgress', 'InProgress', 'Failed'],
      { cancelAfterPolls: 3 },
      '⏭️ already ended',
    ],
  ])(
    '%s: a step that worked is titled ✅ over no row marked ❌ (issue 43)',
    async (_, statuses, knobs, mark) => {
      const area = emu.get().dataShare;
      Object.assign(area, knobs);
      area.synchronizations = [sync('today', '2026-11-22T06:30:00Z', statuses)];
      const result = await run();
      expect(result.code).toBe(0);
      const summary = summaryText(result.summary);
      expect(summary).toMatch(/^\s*✅ sync-cancel: /);
      expect(summary).not.toContain('❌');
      expect(summary).toContain(mark);
    },
  );

  it('without an id, cancels an older one still running where the newest has ended (issue 32 point 7)', async () => {
    emu.get().dataShare.synchronizations = [
      sync('older', '2026-11-21T06:30:00Z', ['InProgress']),
      sync('newest', '2026-11-22T06:30:00Z', ['Succeeded']),
    ];
    const result = await run();
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(emu.get().dataShare.cancelRequests).toEqual(['older']);
    expect(result.outputs['synchronization-id']).toBe('older');
    expect(result.outputs['synchronization-status']).toBe('Cancelled');
  });

  it('succeeds where the synchronization ends just before the cancel, which is refused (4xx) (issue 32 point 7)', async () => {
    const area = emu.get().dataShare;
    // Its id from an earlier step; it has ended by the time the cancel arrives, and the cancel is refused.
    area.synchronizations = [sync('today', '2026-11-22T06:30:00Z', ['Succeeded'])];
    area.scenario.cancelEnded = {
      status: 409,
      code: 'SynchronizationNotRunning',
      message: 'The synchronization has ended.',
    };
    const result = await run({ 'synchronization-id': 'today' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(emu.get().requestsTo(CANCEL)).toHaveLength(1);
    expect(result.outputs['synchronization-id']).toBe('today');
    expect(result.outputs['synchronization-status']).toBe('Succeeded');
    expect(result.stdout).toContain('cancelSynchronization was refused (HTTP 409)');
    expect(result.stdout).toContain('Synchronization today ended Succeeded before the cancel took effect.');
  });

  it('succeeds, sends nothing and says so where nothing runs (a re-run is safe)', async () => {
    emu.get().dataShare.synchronizations = [sync('done', '2026-11-22T06:30:00Z', ['Succeeded'])];
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.errors).toEqual([]);
    expect(emu.get().requestsTo(CANCEL)).toHaveLength(0);
    expect(result.stdout).toContain(
      'Nothing to cancel: the latest synchronization, done, has ended Succeeded. Nothing was sent.',
    );
    expect(result.outputs['synchronization-id']).toBeUndefined();
    expect(result.outputs['failed-datasets']).toBe('[]');
  });

  it('cancels the synchronization-id given, and takes Canceled as the end it asked for', async () => {
    const area = emu.get().dataShare;
    area.cancelStatus = 'Canceled';
    area.synchronizations = [
      sync('newer', '2026-11-22T06:30:00Z', ['InProgress']),
      sync('older', '2026-11-21T06:30:00Z', ['InProgress']),
    ];
    area.polls = 1;
    const result = await run({ 'synchronization-id': 'older' });
    expect(result.code).toBe(0);
    expect(JSON.parse(emu.get().requestsTo(CANCEL)[0]!.body)).toEqual({ synchronizationId: 'older' });
    expect(result.outputs['synchronization-status']).toBe('Canceled');
    // No listing before the cancel: the id is given.
    expect(emu.get().requests.indexOf(emu.get().requestsTo(CANCEL)[0]!)).toBe(0);
  });

  it('succeeds where another end came first, and the outputs say which', async () => {
    const area = emu.get().dataShare;
    area.cancelAfterPolls = 3;
    area.synchronizations = [
      sync('racing', '2026-11-22T06:30:00Z', ['InProgress', 'InProgress', 'Succeeded']),
    ];
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.errors).toEqual([]);
    expect(emu.get().requestsTo(CANCEL)).toHaveLength(1);
    expect(result.outputs['synchronization-status']).toBe('Succeeded');
    expect(result.stdout).toContain('Synchronization racing ended Succeeded before the cancel took effect.');
  });

  it('with wait: false, sets the cancel answer’s status and ends', async () => {
    emu.get().dataShare.synchronizations = [sync('today', '2026-11-22T06:30:00Z', ['InProgress'])];
    const result = await run({ wait: 'false' });
    expect(result.code).toBe(0);
    expect(result.outputs['synchronization-id']).toBe('today');
    expect(result.outputs['synchronization-status']).toBe('Queued');
    expect(emu.get().requestsTo(LIST)).toHaveLength(1);
    expect(result.stdout).toContain('follow it with wait-for-sync and synchronization-id today');
  });

  it('names the service’s error for an id it does not know', async () => {
    const result = await run({ 'synchronization-id': 'nope' });
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain('HTTP 404');
    expect(result.errors[0]).toContain("ResourceNotFound: The synchronization 'nope' was not found.");
    expect(emu.get().requestsTo(LIST)).toHaveLength(0);
  });

  it('follows the synchronization when the cancel’s answer was lost, without sending it again', async () => {
    const e = emu.get();
    e.dataShare.synchronizations = [sync('today', '2026-11-22T06:30:00Z', ['InProgress'])];
    e.addFault({ fault: { kind: 'reset' }, times: 1, method: 'POST', path: CANCEL, after: true });
    const result = await run();
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(e.requestsTo(CANCEL)).toHaveLength(1);
    expect(result.outputs['synchronization-status']).toBe('Cancelled');
    expect(result.warnings[0]).toMatch(
      /cancelSynchronization \(client-request-id [\w-]+\) got no answer and may have reached the service/,
    );
  });
});
