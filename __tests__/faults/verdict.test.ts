import { expect, it } from '@jest/globals';
import type { FaultRule, ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { runAction, withoutMaskCommands, type RunOptions } from '../helpers/run-action.js';
import { runCli } from '../helpers/run-cli.js';
import { inputsFor, scanSecrets, SUB, withEmulator, failedWith } from './harness.js';
import { faultCase, writeCountsAfterAll } from './tally.js';

/**
 * "Never a wrong verdict", through the real bundle as a runner runs it: a lost answer, a cancelled job, a
 * throttled fleet, a failed token renewal and a failed sign-in must not turn into a false failure.
 */
writeCountsAfterAll(import.meta.url);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function run(emu: ServiceEmulator, inputs: Record<string, string>, options: RunOptions = {}) {
  const r = await runAction(inputs, options);
  scanSecrets(withoutMaskCommands(r), [
    ...emulatorSecrets(emu),
    ...Object.values(inputs).filter((v) => /token|secret/.test(v)),
  ]);
  expect(r.stderr).toBe('');
  return r;
}

const erp = (emu: ServiceEmulator, extra: Record<string, string> = {}) => ({
  ...inputsFor('erp-stop', emu),
  operation: 'erp-stop',
  'poll-interval': '1',
  ...extra,
});

// The cases that wait on the service (the settle window, the write bucket, a token's renewal, a Retry-After)
// and measure no time of their own run at once, each against its own emulator: Jest 30 runs a block's
// `it.concurrent` cases together where the first stands, before the cancellation cases, which run one at a time.
it.concurrent(
  'a stop whose answer was lost (504 after the service acted) is not sent again: the instance is read and followed to Offline',
  () =>
    faultCase(() =>
      withEmulator({}, async (emu) => {
        const lost: FaultRule = {
          method: 'POST',
          path: /\/stop$/,
          times: 1,
          after: true,
          fault: { kind: 'status', status: 504 },
        };
        emu.addFault(lost);
        const r = await run(emu, erp(emu));
        const stops = emu.requestsTo(/\/stop$/);
        // Sent once: a second POST could act twice (the service answers 409 to a stop while one runs).
        expect(stops).toHaveLength(1);
        const id = stops[0]!.headers['x-vendor-client-request-id'] as string;
        expect(id).toMatch(UUID);
        // The log names the stop whose answer was lost by its client request id, then what the instance showed.
        expect(r.stdout).toContain(
          `the stop (client-request-id ${id}) was answered HTTP 504 and may have reached the service`,
        );
        expect(r.stdout).toContain(
          "is Stopping: the service acted; following the instance's status to its end",
        );
        // The contract: followed by the instance's status, operation-status is Succeeded once it reaches Offline.
        expect(r.code).toBe(0);
        expect(r.errors).toEqual([]);
        expect(r.outputs['operation-status']).toBe('Succeeded');
        expect(r.outputs['operation-urls']).toBe('[]');
        expect(JSON.parse(r.outputs.instances!)).toEqual([
          expect.objectContaining({ name: 'X01', before: 'Running', after: 'Offline', outcome: 'stopped' }),
        ]);
      }),
    ),
);

it.concurrent(
  'a stop met by a 500 the service did not act on is sent again, paced, with the same client request id',
  () =>
    faultCase(() =>
      withEmulator({}, async (emu) => {
        emu.addFault({ method: 'POST', path: /\/stop$/, times: 1, fault: { kind: 'status', status: 500 } });
        const r = await run(emu, erp(emu));
        expect(r.code).toBe(0);
        expect(r.outputs['operation-status']).toBe('Succeeded');
        const stops = emu.requestsTo(/\/stop$/);
        expect(stops).toHaveLength(2);
        // A retry of the same logical request: the same client request id.
        expect(stops[1]!.headers['x-vendor-client-request-id']).toBe(
          stops[0]!.headers['x-vendor-client-request-id'],
        );
        expect(r.stdout).toMatch(
          /is Running after the settle window: the service did not act; sending the stop again in [\d.]+ s/,
        );
        expect(emu.erp.stopsOf('X01')).toHaveLength(1);
      }),
    ),
);

it('a removal whose answer was lost is sent again, and the 404 UserNotFound then counts as removed, even with fail-if-absent', () =>
  faultCase(() =>
    withEmulator({}, async (emu) => {
      const lost: FaultRule = { method: 'DELETE', times: 1, after: true, fault: { kind: 'reset' } };
      emu.addFault(lost);
      const r = await run(emu, {
        ...inputsFor('app-remove-user', emu),
        operation: 'app-remove-user',
        'fail-if-absent': 'true',
      });
      expect(r.code).toBe(0);
      expect(r.errors).toEqual([]);
      expect(r.outputs['removed-users']).toBe('["leaver@contoso.com"]');
      expect(r.outputs['absent-users']).toBe('[]');
      expect(r.stdout).toContain('the answer to the removal was lost');
      const deletes = emu.requests.filter((q) => q.method === 'DELETE');
      expect(deletes).toHaveLength(2);
      // A retry of the same logical request: the same client request id.
      expect(deletes[1]!.headers['x-vendor-client-request-id']).toBe(
        deletes[0]!.headers['x-vendor-client-request-id'],
      );
    }),
  ));

it('a job cancelled while a stop is in flight waits for its answer, keeps the operation to resume, and exits within 6 s', () =>
  faultCase(() =>
    withEmulator({}, async (emu) => {
      // The service takes 2 s to answer the stop; SIGINT comes 0.5 s after the POST left.
      const slow: FaultRule = {
        method: 'POST',
        path: /\/stop$/,
        times: 1,
        fault: { kind: 'delay', ms: 2_000 },
      };
      emu.addFault(slow);
      const r = await run(emu, erp(emu, { 'request-timeout': '30s' }), {
        sigtermAfterMs: 900,
        signal: 'SIGINT',
      });
      expect(emu.requestsTo(/\/stop$/)).toHaveLength(1);
      failedWith(r, /cancelled/);
      expect(JSON.parse(r.outputs['operation-urls'] ?? '[]')).toEqual([
        expect.stringContaining('/operationStatuses/'),
      ]);
      expect(r.exitAfterSignalMs).toBeGreaterThan(1_000);
      expect(r.exitAfterSignalMs).toBeLessThan(6_000);
      expect(r.summary).toContain('cancelled');
      // Titled cancelled with its counts, not failed (issue 43).
      expect(r.summary).toMatch(/<h2>❌ erp-stop: cancelled \(1 [a-z ]+\)<\/h2>/);
    }),
  ));

it('a job cancelled with nothing in flight exits within 1 s', () =>
  faultCase(() =>
    withEmulator({ erp: { defaults: { durationMs: 20_000, retryAfter: '5' } } }, async (emu) => {
      const r = await run(emu, erp(emu), { sigtermAfterMs: 1_200, signal: 'SIGINT' });
      failedWith(r, /cancelled/);
      expect(r.exitAfterSignalMs).toBeLessThan(1_000);
      expect(JSON.parse(r.outputs['operation-urls'] ?? '[]')).toHaveLength(1);
    }),
  ));

it.concurrent('a fleet against a small write bucket slows down together and every instance stops', () =>
  faultCase(() =>
    withEmulator(
      {
        // 24 stops into 5 tokens refilled at 4 a second: 4.75 s of the bucket, more than 5 fixed tries allow.
        emulator: { writeBucket: { capacity: 5, refillPerSecond: 4 } },
        erp: { defaults: { steps: ['Succeeded'] } },
      },
      async (emu) => {
        const names = Array.from({ length: 24 }, (_, i) => `F${String(i).padStart(2, '0')}`);
        const r = await run(
          emu,
          erp(emu, { 'erp-virtual-instance': names.join('\n'), 'max-parallel': '24', timeout: '60s' }),
        );
        expect(r.errors).toEqual([]);
        expect(r.code).toBe(0);
        expect(r.outputs['operation-status']).toBe('Succeeded');
        const stops = emu.requestsTo(/\/stop$/);
        const throttled = emu.writeBuckets!.throttled;
        expect(stops.length - throttled).toBe(24);
        // All at once and in lockstep they would meet about 60 429s; the window and the gate keep it under 24.
        expect(throttled).toBeLessThan(24);
        // Each retry is a line a user sees.
        expect(r.stdout).toMatch(/\/stop: retrying in 1(\.\d)? s after HTTP 429/);
      },
    ),
  ),
);

it.concurrent(
  'a transient failure of the runner ID-token endpoint at renewal does not end a federated wait',
  () =>
    faultCase(() =>
      withEmulator(
        {
          emulator: { tokenLifetimeSeconds: 4 },
          erp: { defaults: { durationMs: 3_000, retryAfter: '1' } },
        },
        async (emu) => {
          emu.clients.push({ clientId: 'fed-client' });
          // The first ID token is served; the one for the renewal (at half the token's 4 s) fails once.
          const renewal: FaultRule = {
            method: 'GET',
            path: /^\/_oidc\/token$/,
            skip: 1,
            times: 1,
            fault: { kind: 'status', status: 500 },
          };
          emu.addFault(renewal);
          const r = await run(
            emu,
            erp(emu, {
              'access-token': '',
              'auth-url': emu.url,
              'tenant-id': 'tenant',
              'client-id': 'fed-client',
            }),
            {
              env: {
                ACTIONS_ID_TOKEN_REQUEST_URL: `${emu.url}/_oidc/token?api-version=2.0`,
                ACTIONS_ID_TOKEN_REQUEST_TOKEN: emu.oidcRequestToken,
              },
            },
          );
          expect(renewal.times).toBe(0);
          expect(r.errors).toEqual([]);
          expect(r.code).toBe(0);
          expect(r.outputs['operation-status']).toBe('Succeeded');
          expect(r.stdout).toMatch(/Renewing the access token failed .*the renewal is retried in/);
          expect(emu.issuedTokens.size).toBeGreaterThanOrEqual(2);
        },
      ),
    ),
);

it('a wrong client secret is reported once, as a sign-in failure, not once per instance', () =>
  faultCase(() =>
    withEmulator({}, async (emu) => {
      const r = await run(
        emu,
        erp(emu, {
          'erp-virtual-instance': 'X01\nX02\nX03',
          'access-token': '',
          'auth-url': emu.url,
          'tenant-id': 'tenant',
          'client-id': 'emu-client',
          'client-secret': 'not-the-secret',
        }),
      );
      failedWith(
        r,
        /^::error::Sign-in failed at the token endpoint http:\/\/127\.0\.0\.1:\d+\/tenant\/oauth2\/v2\.0\/token → HTTP 401 invalid_client: .*Check tenant-id, client-id and client-secret/,
      );
      expect(emu.requestsTo(/\/oauth2\/v2\.0\/token$/)).toHaveLength(1);
      expect(emu.requestsTo(/\/stop$/)).toHaveLength(0);
      // Not once per instance: no line, row or cause names X02; the result file names the systems it was asked for
      // (`asked`, so a leg that failed before reading any still names them), and only there may it stand.
      expect(r.everything.replace(/"asked": \[[^\]]*\]/g, '')).not.toContain('X02');
    }),
  ));

it.concurrent('each retry is one visible line, in the action log and on the command line', () =>
  faultCase(() =>
    withEmulator({}, async (emu) => {
      emu.cachedImages.setImages('westeurope', [
        { image: 'docker.io/library/nginx:latest', osType: 'Linux' },
      ]);
      const flaky = () =>
        emu.addFault({
          method: 'GET',
          path: /\/cachedImages$/,
          times: 1,
          fault: { kind: 'status', status: 503, retryAfter: '1' },
        });
      flaky();
      const r = await run(emu, { ...inputsFor('check-image-cached', emu), operation: 'check-image-cached' });
      expect(r.code).toBe(0);
      // An info line (no `::debug::` prefix), as the runner shows it without step debugging.
      expect(r.stdout).toMatch(
        /^GET http:\/\/127\.0\.0\.1:\d+\/subscriptions\/.*\/cachedImages: retrying in 1(\.\d)? s after HTTP 503$/m,
      );
      flaky();
      const cli = await runCli(['check-image-cached', '--image', 'nginx'], {
        VENDOR_OPS_BASE_URL: emu.url,
        VENDOR_OPS_ACCESS_TOKEN: 'emu-access-token',
        VENDOR_OPS_SUBSCRIPTION_ID: SUB,
        VENDOR_OPS_LOCATION: 'westeurope',
      });
      expect(cli.code).toBe(0);
      expect(cli.stdout + cli.stderr).toMatch(/cachedImages: retrying in 1(\.\d)? s after HTTP 503/);
    }),
  ),
);

it('30 stops, 8 in flight at cancellation: those sent are running and resumable, the rest not sent', () =>
  faultCase(() =>
    withEmulator(
      { erp: { defaults: { steps: [{ status: 'InProgress', percentComplete: 10 }] } } },
      async (emu) => {
        const names = Array.from({ length: 30 }, (_, i) => `N${String(i).padStart(2, '0')}`);
        const r = await run(
          emu,
          erp(emu, { 'erp-virtual-instance': names.join('\n'), 'max-parallel': '8', timeout: '60s' }),
          { sigtermAfterMs: 2_000, signal: 'SIGINT' },
        );
        failedWith(r, /cancelled/);
        const sent = emu.requestsTo(/\/stop$/).length;
        expect(sent).toBeGreaterThan(0);
        expect(sent).toBeLessThanOrEqual(8);
        const outcomes = (JSON.parse(r.outputs.instances!) as { outcome: string }[]).map((i) => i.outcome);
        expect(outcomes.filter((o) => o === 'running')).toHaveLength(sent);
        expect(outcomes.filter((o) => o === 'not sent')).toHaveLength(30 - sent);
        expect(JSON.parse(r.outputs['operation-urls']!)).toHaveLength(sent);
        expect(r.outputs.changes).toBe('true');
      },
    ),
  ));
