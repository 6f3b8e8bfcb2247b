import { describe, expect, it } from '@jest/globals';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';

/**
 * Issue 15 point 4, through the bundle: strict with what the action sends and decides by, lenient with what the
 * service merely reports.
 */
const emu = useEmulator();

const SUB = '00000000-0000-4000-8000-0000000000e5';
const POLL = /\/operationStatuses\//;

/** With step debugging on, as the runner sets it when ACTIONS_STEP_DEBUG is true. */
const STEP_DEBUG = { RUNNER_DEBUG: '1' };

async function run(
  inputs: Record<string, string>,
  token = 'emu-access-token',
  env: Record<string, string> = STEP_DEBUG,
): Promise<ActionRun> {
  const e = emu.get();
  const r = unescapeCommands(
    await runAction({ 'base-url': e.url, 'access-token': token, 'poll-interval': '1s', ...inputs }, { env }),
  );
  expectNoSecrets(r, [...emulatorSecrets(e), token]);
  return r;
}

const stop = {
  operation: 'erp-stop',
  'subscription-id': SUB,
  'resource-group': 'rg',
  'erp-virtual-instance': 'X01',
};
const sync = {
  operation: 'wait-for-sync',
  'subscription-id': SUB,
  'resource-group': 'rg',
  'account-name': 'acct',
  'share-subscription': 'share',
};
const debugLines = (r: ActionRun) => r.commands.filter((c) => c.name === 'debug').map((c) => c.data);

describe('debug lines', () => {
  it('are written only with step debugging on: the runner drops them otherwise', async () => {
    emu.get().erp.setInstance('X01', { steps: ['InProgress', 'Succeeded'] });
    const quiet = await run(stop, undefined, {});
    expect(quiet.code).toBe(0);
    expect(debugLines(quiet)).toEqual([]);
    emu.get().erp.setInstance('X01', { steps: ['InProgress', 'Succeeded'] });
    const debugging = await run(stop);
    expect(debugging.code).toBe(0);
    expect(debugLines(debugging)).toContainEqual(expect.stringMatching(/^GET \S+X01\S* → 200 in \d+ ms/));
  });
});

describe('informational fields out of range or malformed', () => {
  it('a percentComplete of 101 or a string does not fail a stop that succeeded: unknown, with a debug line', async () => {
    emu.get().erp.setInstance('X01', {
      steps: [
        { status: 'InProgress', percentComplete: 'half' as unknown as number },
        { status: 'Succeeded', percentComplete: 101 },
      ],
    });
    const r = await run(stop);
    expect(r.code).toBe(0);
    expect(r.outputs['operation-status']).toBe('Succeeded');
    expect(r.outputs['percent-complete']).toBeUndefined();
    const debug = debugLines(r);
    expect(debug).toContainEqual(
      expect.stringMatching(/percentComplete "half" is out of range or malformed; reported as unknown/),
    );
    expect(debug).toContainEqual(
      expect.stringMatching(/percentComplete 101 is out of range or malformed; reported as unknown/),
    );
  });

  it('a negative durationMs and unparsable times do not fail a synchronization that succeeded', async () => {
    emu.get().dataShare.synchronizations = [
      {
        synchronizationId: 'sync-odd',
        status: 'Succeeded',
        synchronizationMode: 'Incremental',
        startTime: 'yesterday at six',
        endTime: 1_700_000_000 as unknown as string,
        durationMs: -5,
      },
    ];
    const r = await run({
      ...sync,
      'synchronization-id': 'sync-odd',
    });
    expect(r.code).toBe(0);
    expect(r.outputs['synchronization-status']).toBe('Succeeded');
    expect(r.outputs['synchronization-mode']).toBe('Incremental');
    for (const output of ['start-time', 'end-time', 'duration-ms']) expect(r.outputs[output]).toBeUndefined();
    const debug = debugLines(r).join('\n');
    expect(debug).toContain('value.0.startTime "yesterday at six" is out of range or malformed');
    expect(debug).toContain('value.0.endTime 1700000000 is out of range or malformed');
    expect(debug).toContain('value.0.durationMs -5 is out of range or malformed');
  });

  it('a status that is not a string still fails: it decides the outcome', async () => {
    const e = emu.get();
    e.erp.setInstance('X01', { steps: ['InProgress', 'Succeeded'] });
    e.addFault({
      method: 'GET',
      path: POLL,
      times: 1,
      fault: { kind: 'status', status: 200, body: JSON.stringify({ status: 42, percentComplete: 50 }) },
    });
    const r = await run(stop);
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain('InvalidResponse');
    expect(r.errors[0]).toMatch(/at status/);
  });
});

describe('started-after', () => {
  it.each(['2026-11-22T06:00:00', '2026-11-22', '2026-11-22T06:00'])(
    'without a time zone (%s) is refused before any request, naming the input',
    async (value) => {
      const r = await run({
        ...sync,
        'started-after': value,
      });
      expect(r.code).toBe(1);
      expect(r.errors[0]).toContain("Input 'started-after': must be an ISO 8601 time with a time zone");
      expect(emu.get().requests).toEqual([]);
    },
  );
});

describe('a static access-token that expires during a long wait', () => {
  it('fails saying it expired and that the service-principal or federation sign-in renews itself', async () => {
    const e = emu.get();
    // A token obtained elsewhere, valid for now: the emulator expires it once the wait has begun.
    const token = 'static-token-that-will-expire';
    e.issuedTokens.set(token, e.now() + 3_600_000);
    e.erp.setInstance('X01', { durationMs: 600_000 });
    const expire = (async () => {
      while (e.requestsTo(POLL).length === 0) await new Promise((r) => setTimeout(r, 20));
      e.issuedTokens.set(token, e.now() - 1);
    })();
    const r = await run({ ...stop, timeout: '30s' }, token);
    await expire;
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toContain('HTTP 401 ExpiredAuthenticationToken');
    expect(r.errors[0]).toContain('The access-token has expired');
    expect(r.errors[0]).toContain('sign in with client-id and tenant-id instead');
    expect(r.errors[0]).toContain('that sign-in renews its token itself');
    // The stop was accepted with the same token: it expired during the wait, not before.
    expect(e.requestsTo(/\/stop$/)[0]!.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('a token refused at the first request is not said to have expired', async () => {
    const r = await run(stop, 'never-valid-token-1234');
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain('HTTP 401 InvalidAuthenticationToken');
    expect(r.errors[0]).not.toContain('The access-token');
    expect(r.errors[0]).not.toContain('renews its token itself');
  });
});
