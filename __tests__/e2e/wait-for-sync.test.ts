import { describe, expect, it } from '@jest/globals';
import type { EmulatedSynchronization } from '../../src/emulator/areas/data-share.js';
import type { RecordedRequest } from '../../src/emulator/index.js';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { shareStep } from '../helpers/share-inputs.js';
import { expectNoSecrets, runAction, type ActionRun } from '../helpers/run-action.js';

const emu = useEmulator();
const SHARE =
  '/subscriptions/sub-1/resourceGroups/rg-1/providers/Vendor.DataShare/accounts/acct-1/shareSubscriptions/share-1';
const LIST = /\/listSynchronizations$/;
const SETTINGS = /\/listSourceShareSynchronizationSettings$/;

function run(
  extra: Record<string, string> = {},
  options: { sigtermAfterMs?: number } = {},
): Promise<ActionRun> {
  return runAction(shareStep('wait-for-sync', emu.get().url, extra), options);
}

const finished = (id: string, startTime: string, status = 'Succeeded'): EmulatedSynchronization => ({
  synchronizationId: id,
  synchronizationMode: 'Incremental',
  status,
  startTime,
  endTime: startTime.replace(/T(\d\d)/, (_m, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`),
  durationMs: 3_600_000,
});

const SCHEDULE = {
  kind: 'ScheduleBased',
  properties: { recurrenceInterval: 'Day', synchronizationTime: '2026-01-01T06:30:00Z' },
};

/** The runner's mask commands name the secrets on purpose; anything else that does is a leak. */
function expectClean(result: ActionRun): void {
  expect(result.stdout).toContain('::add-mask::emu-access-token');
  expectNoSecrets(result, emulatorSecrets(emu.get()));
}

/** What every area A request must look like: an authorised POST with no body and Content-Length: 0. */
function expectEmptyPosts(requests: RecordedRequest[]): void {
  expect(requests.length).toBeGreaterThan(0);
  for (const r of requests) {
    expect(r.method).toBe('POST');
    expect(r.headers['content-length']).toBe('0');
    expect(r.body).toBe('');
    expect(r.headers.authorization).toBe('Bearer emu-access-token');
    expect(r.url.searchParams.get('api-version')).toBe('2021-08-01');
  }
}

describe('wait-for-sync', () => {
  it('follows the newest synchronization to success and sets every output', async () => {
    const area = emu.get().dataShare;
    area.settings = [SCHEDULE];
    area.synchronizations = [
      finished('old-1', '2026-11-20T06:30:00Z'),
      {
        synchronizationId: 'sync-new',
        synchronizationMode: 'FullSync',
        message: 'Copied 12 datasets',
        startTime: '2026-11-21T06:30:00Z',
        endTime: '2026-11-21T06:41:40Z',
        durationMs: 700_000,
        statuses: ['Queued', 'InProgress', 'InProgress', 'Succeeded'],
      },
      finished('old-2', '2026-11-19T06:30:00Z'),
    ];
    const result = await run();
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      'synchronization-id': 'sync-new',
      'synchronization-status': 'Succeeded',
      'synchronization-mode': 'FullSync',
      'start-time': '2026-11-21T06:30:00Z',
      'end-time': '2026-11-21T06:41:40Z',
      'duration-ms': '700000',
      message: 'Copied 12 datasets',
      'recurrence-interval': 'Day',
      'synchronization-time': '2026-01-01T06:30:00Z',
    });
    expect(result.outputs['request-id']).toMatch(/^emu-req-/);
    const outcome = JSON.parse(result.outputs.result!);
    expect(outcome.synchronization.synchronizationId).toBe('sync-new');
    expect(outcome.sourceShareSynchronizationSettings).toEqual([SCHEDULE]);
    expect(outcome.nextExpectedRun).toMatch(/^\d{4}-\d\d-\d\dT06:30:00\.000Z$/);
    // One log line per change of status.
    const statusLines = result.stdout.split('\n').filter((l) => l.startsWith('Synchronization sync-new:'));
    expect(statusLines).toEqual([
      'Synchronization sync-new: Queued',
      'Synchronization sync-new: InProgress',
      'Synchronization sync-new: Succeeded',
    ]);
    expect(result.summary).toContain('sync-new');
    expect(result.summary).toContain('FullSync');
    expect(result.summary).toContain('Next expected run');
    // Times as a person reads them: the same instant, in UTC, to the second.
    expect(result.summary).toContain(`${outcome.nextExpectedRun.slice(0, 19).replace('T', ' ')} UTC`);
    expect(result.summary).toContain('<td>11 min 40 s</td>');
    expect(result.summary).toContain('account <code>acct-1</code>');

    const e = emu.get();
    const settings = e.requestsTo(SETTINGS);
    const lists = e.requestsTo(LIST);
    expect(settings).toHaveLength(1);
    expect(settings[0]!.target).toBe(
      `${SHARE}/listSourceShareSynchronizationSettings?api-version=2021-08-01`,
    );
    expect(lists).toHaveLength(4);
    expect(lists[0]!.target).toBe(
      `${SHARE}/listSynchronizations?api-version=2021-08-01&$orderby=startTime%20desc`,
    );
    expect(e.requests.indexOf(settings[0]!)).toBeLessThan(e.requests.indexOf(lists[0]!));
    expectEmptyPosts([...settings, ...lists]);
    expectClean(result);
  });

  it('takes Completed as success', async () => {
    emu.get().dataShare.synchronizations = [
      { ...finished('s1', '2026-11-21T06:30:00Z'), statuses: ['InProgress', 'Completed'] },
    ];
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.errors).toEqual([]);
    expect(result.outputs['synchronization-status']).toBe('Completed');
    expect(emu.get().requestsTo(LIST)).toHaveLength(2);
    expectClean(result);
  });

  for (const status of ['Failed', 'Cancelled']) {
    it(`fails on ${status} with the synchronization's message`, async () => {
      emu.get().dataShare.synchronizations = [
        {
          ...finished('s-bad', '2026-11-21T06:30:00Z'),
          message: `Dataset sales was ${status.toLowerCase()} at the source`,
          statuses: ['InProgress', status],
        },
      ];
      const result = await run();
      expect(result.code).toBe(1);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toContain(
        `Synchronization s-bad ended ${status}: Dataset sales was ${status.toLowerCase()} at the source`,
      );
      expect(result.outputs['synchronization-status']).toBe(status);
      expect(result.outputs.message).toBe(`Dataset sales was ${status.toLowerCase()} at the source`);
      expectClean(result);
    });
  }

  it('finds a synchronization-id on page 3 of 3', async () => {
    const area = emu.get().dataShare;
    area.pageSize = 2;
    area.synchronizations = ['01', '02', '03', '04', '05', '06'].map((d) =>
      finished(`sync-${d}`, `2026-11-${d}T06:30:00Z`),
    );
    const result = await run({ 'synchronization-id': 'sync-02' });
    expect(result.code).toBe(0);
    expect(result.outputs['synchronization-id']).toBe('sync-02');
    expect(result.outputs['start-time']).toBe('2026-11-02T06:30:00Z');
    const lists = emu.get().requestsTo(LIST);
    expect(lists).toHaveLength(3);
    expect(lists[0]!.url.searchParams.has('$skipToken')).toBe(false);
    expect(lists[1]!.url.searchParams.has('$skipToken')).toBe(true);
    expect(lists[2]!.url.searchParams.get('$skipToken')).not.toBe(
      lists[1]!.url.searchParams.get('$skipToken'),
    );
    expectEmptyPosts(lists);
    expectClean(result);
  });

  it('stops paging as soon as the synchronization-id is found', async () => {
    const area = emu.get().dataShare;
    area.pageSize = 2;
    area.synchronizations = ['01', '02', '03', '04', '05', '06'].map((d) =>
      finished(`sync-${d}`, `2026-11-${d}T06:30:00Z`),
    );
    const result = await run({ 'synchronization-id': 'SYNC-05' });
    expect(result.code).toBe(0);
    expect(result.outputs['synchronization-id']).toBe('sync-05');
    expect(emu.get().requestsTo(LIST)).toHaveLength(1);
    expectClean(result);
  });

  it('with started-after, waits for a new synchronization that appears after two polls', async () => {
    emu.get().dataShare.synchronizations = [
      finished('yesterday', '2026-11-21T06:30:00Z'),
      {
        ...finished('today', '2026-11-22T06:30:00Z'),
        appearAfterPolls: 2,
        statuses: ['InProgress', 'Succeeded'],
      },
    ];
    const result = await run({ 'started-after': '2026-11-22T00:00:00Z' });
    expect(result.code).toBe(0);
    expect(result.outputs['synchronization-id']).toBe('today');
    expect(result.outputs['synchronization-status']).toBe('Succeeded');
    expect(result.stdout).toContain(
      'No synchronization started at or after 2026-11-22T00:00:00.000Z is listed yet; waiting for it.',
    );
    expect(emu.get().dataShare.polls).toBe(4);
    expectClean(result);
  });

  it('passes filter and orderby to the service as $filter and $orderby', async () => {
    emu.get().dataShare.synchronizations = [
      finished('ok-old', '2026-11-20T06:30:00Z'),
      finished('ok-new', '2026-11-21T06:30:00Z'),
      finished('bad-newest', '2026-11-22T06:30:00Z', 'Failed'),
    ];
    const result = await run({ filter: "status eq 'Succeeded'", orderby: 'durationMs desc' });
    expect(result.code).toBe(0);
    expect(result.outputs['synchronization-id']).toBe('ok-new');
    const first = emu.get().requestsTo(LIST)[0]!;
    expect(first.target).toBe(
      `${SHARE}/listSynchronizations?api-version=2021-08-01&$filter=status%20eq%20%27Succeeded%27&$orderby=durationMs%20desc`,
    );
    expect(first.url.searchParams.get('$filter')).toBe("status eq 'Succeeded'");
    expect(first.url.searchParams.get('$orderby')).toBe('durationMs desc');
    expectClean(result);
  });

  it('ends a repeating nextLink with a clear error', async () => {
    const area = emu.get().dataShare;
    area.pageSize = 1;
    area.repeatNextLink = true;
    area.synchronizations = ['01', '02', '03', '04'].map((d) => finished(`s-${d}`, `2026-11-${d}T06:30:00Z`));
    const result = await run({ 'synchronization-id': 'not-there' });
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain('RepeatingNextLink');
    expect(result.errors[0]).toContain('the service returned a nextLink it had returned before');
    expect(emu.get().requestsTo(LIST)).toHaveLength(2);
    expectClean(result);
  });

  it('refuses a nextLink on another origin and sends it nothing', async () => {
    const area = emu.get().dataShare;
    area.pageSize = 1;
    area.nextLinkOrigin = 'secondary';
    area.synchronizations = ['01', '02'].map((d) => finished(`s-${d}`, `2026-11-${d}T06:30:00Z`));
    const result = await run({ 'synchronization-id': 's-01' });
    expect(result.code).toBe(1);
    expect(result.errors[0]).toContain(`Refused to follow the nextLink on ${emu.get().secondUrl}`);
    expect(emu.get().requests.filter((r) => r.origin === 'secondary')).toHaveLength(0);
    expectClean(result);
  });

  it('waits on an empty history, then times out saying no synchronization was seen', async () => {
    const result = await run({ timeout: '1s' });
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(
      /Timed out after [\d.]+ s: no synchronization was seen at all \(the share subscription lists none\)\./,
    );
    expect(result.stdout).toContain('No synchronization is listed yet; waiting for one.');
    expect(emu.get().dataShare.polls).toBeGreaterThan(1);
    expect(result.outputs['synchronization-id']).toBeUndefined();
    expectClean(result);
  });

  it('times out naming the last status of the synchronization it follows', async () => {
    emu.get().dataShare.synchronizations = [
      { ...finished('slow', '2026-11-22T06:30:00Z'), statuses: ['Queued', 'InProgress'] },
    ];
    const result = await run({ timeout: '1s' });
    expect(result.code).toBe(1);
    expect(result.errors[0]).toMatch(
      /Timed out after [\d.]+ s waiting for synchronization slow; last status: InProgress\./,
    );
    expect(result.outputs['synchronization-id']).toBe('slow');
    expect(result.outputs['synchronization-status']).toBe('InProgress');
    expectClean(result);
  });

  it('reports the schedule over several pages and keeps other kinds of setting as raw JSON', async () => {
    const area = emu.get().dataShare;
    area.pageSize = 1;
    const other = { kind: 'EventBased', properties: { trigger: 'OnSourceChange' }, extra: [1, 2] };
    area.settings = [
      other,
      { ...SCHEDULE, properties: { ...SCHEDULE.properties, recurrenceInterval: 'Hour' } },
    ];
    area.synchronizations = [finished('s1', '2026-11-21T06:30:00Z')];
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.outputs['recurrence-interval']).toBe('Hour');
    expect(result.outputs['synchronization-time']).toBe('2026-01-01T06:30:00Z');
    const outcome = JSON.parse(result.outputs.result!);
    expect(outcome.sourceShareSynchronizationSettings[0]).toEqual(other);
    expect(outcome.nextExpectedRun).toMatch(/T\d\d:30:00\.000Z$/);
    expect(result.summary).toContain('EventBased');
    expect(emu.get().requestsTo(SETTINGS)).toHaveLength(2);
    expectEmptyPosts(emu.get().requestsTo(SETTINGS));
    expectClean(result);
  });

  it('sets no schedule outputs where the source share sets none', async () => {
    emu.get().dataShare.synchronizations = [finished('s1', '2026-11-21T06:30:00Z')];
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.outputs['recurrence-interval']).toBeUndefined();
    expect(result.outputs['synchronization-time']).toBeUndefined();
    expect(result.stdout).toContain('The source share sets no synchronization schedule.');
    expectClean(result);
  });

  it('names the HTTP status, code, message and request-id of a failed call', async () => {
    emu.get().dataShare.shareSubscription = 'another-share';
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.errors[0]).toContain('HTTP 404');
    expect(result.errors[0]).toContain("ResourceNotFound: The share subscription 'share-1' was not found.");
    expect(result.errors[0]).toMatch(/request-id: emu-req-\d+/);
    expectClean(result);
  });

  it('ends at once when the job is cancelled, naming the last status', async () => {
    emu.get().dataShare.synchronizations = [
      { ...finished('long', '2026-11-22T06:30:00Z'), statuses: ['InProgress'] },
    ];
    const result = await run({ timeout: '40s' }, { sigtermAfterMs: 2_500 });
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain(
      'Cancelled while waiting for synchronization long; last status: InProgress.',
    );
    expect(result.outputs['synchronization-id']).toBe('long');
    expectClean(result);
  });

  it('follows a run queued today, listed first without a start time, not yesterday’s success', async () => {
    emu.get().dataShare.synchronizations = [
      finished('yesterday', '2026-11-21T06:30:00Z'),
      {
        ...finished('today', '2026-11-22T06:30:00Z'),
        startTimeAfterPolls: 1,
        statuses: ['Queued', 'Succeeded'],
      },
      finished('before', '2026-11-20T06:30:00Z'),
    ];
    const result = await run();
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['synchronization-id']).toBe('today');
    expect(result.stdout).toContain('Synchronization today: Queued');
    // Queued (without a start), then Succeeded: one listing each.
    expect(emu.get().dataShare.polls).toBe(2);
    expectClean(result);
  });

  it('reads the whole listing where the service ignores $orderby, one item per page', async () => {
    const area = emu.get().dataShare;
    area.pageSize = 1;
    area.ignoreOrderBy = true;
    area.synchronizations = [
      finished('old', '2026-11-20T06:30:00Z'),
      finished('new', '2026-11-22T06:30:00Z'),
    ];
    const result = await run();
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['synchronization-id']).toBe('new');
    const lists = emu.get().requestsTo(LIST);
    expect(lists).toHaveLength(2);
    expect(lists[0]!.url.searchParams.get('$orderby')).toBe('startTime desc');
    expect(lists[1]!.url.searchParams.has('$skipToken')).toBe(true);
    expectClean(result);
  });

  it('names each dataset that did not succeed when the synchronization fails, in log, summary and output', async () => {
    emu.get().dataShare.synchronizations = [
      {
        ...finished('s-bad', '2026-11-21T06:30:00Z'),
        message: '',
        statuses: ['Failed'],
        details: [
          { name: 'orders', dataSetType: 'SqlDBTable', status: 'Succeeded', message: '' },
          { name: 'sales', dataSetType: 'Blob', status: 'Failed', message: 'The source file was not found.' },
          { name: 'stock', dataSetType: 'AdlsGen2File', status: 'Cancelled' },
        ],
      },
    ];
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain(
      'Synchronization s-bad ended Failed: the service gave no message (2 datasets did not succeed: sales (Failed), stock (Cancelled); see failed-datasets)',
    );
    expect(JSON.parse(result.outputs['failed-datasets']!)).toEqual([
      { name: 'sales', dataSetType: 'Blob', status: 'Failed', message: 'The source file was not found.' },
      { name: 'stock', dataSetType: 'AdlsGen2File', status: 'Cancelled', message: null },
    ]);
    expect(result.stdout).toContain('Dataset sales (Blob): Failed: The source file was not found.');
    expect(result.stdout).toContain('Dataset stock (AdlsGen2File): Cancelled');
    expect(result.summary).toContain('Datasets that did not succeed');
    expect(result.summary).toContain('The source file was not found.');
    const details = emu.get().requestsTo(/\/listSynchronizationDetails$/);
    expect(details).toHaveLength(1);
    expect(JSON.parse(details[0]!.body)).toEqual({ synchronizationId: 's-bad' });
    expectClean(result);
  });

  it('pages the datasets and tabulates at most 50 of them, then says how many more', async () => {
    const area = emu.get().dataShare;
    area.detailsPageSize = 40;
    area.synchronizations = [
      {
        ...finished('s-many', '2026-11-21T06:30:00Z'),
        statuses: ['Failed'],
        generatedDetails: { count: 100, failed: 53 },
      },
    ];
    const result = await run();
    expect(result.code).toBe(1);
    expect(JSON.parse(result.outputs['failed-datasets']!)).toHaveLength(53);
    expect(result.summary).toContain('and 3 more, all in the failed-datasets output');
    expect(result.summary.match(/<td>dataset-\d{4}<\/td>/g)).toHaveLength(50);
    expect(emu.get().requestsTo(/\/listSynchronizationDetails$/)).toHaveLength(3);
    expectClean(result);
  });

  it('keeps the cause as it was and adds one warning when the datasets cannot be read', async () => {
    const area = emu.get().dataShare;
    area.detailsError = {
      status: 403,
      code: 'AuthorizationFailed',
      message: 'No read access to the details.',
    };
    area.synchronizations = [
      { ...finished('s-bad', '2026-11-21T06:30:00Z'), message: 'Copy failed', statuses: ['Failed'] },
    ];
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/Synchronization s-bad ended Failed: Copy failed$/m);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toContain('Could not read the datasets of synchronization s-bad');
    expect(result.warnings[0]).toContain('AuthorizationFailed');
    expect(result.outputs['failed-datasets']).toBe('[]');
    expectClean(result);
  });

  it('sets failed-datasets to [] on success and reads no details', async () => {
    emu.get().dataShare.synchronizations = [finished('s1', '2026-11-21T06:30:00Z')];
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.outputs['failed-datasets']).toBe('[]');
    expect(emu.get().requestsTo(/\/listSynchronizationDetails$/)).toHaveLength(0);
    expectClean(result);
  });
});
