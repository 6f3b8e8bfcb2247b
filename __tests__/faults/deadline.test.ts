import { expect, it } from '@jest/globals';
import type { FaultRule, ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { runAction, withoutMaskCommands, type RunOptions } from '../helpers/run-action.js';
import { inputsFor, scanSecrets, withEmulator, failedWith } from './harness.js';
import { faultCase, writeCountsAfterAll } from './tally.js';

/**
 * `timeout` bounds the whole step, through the real bundle as a runner runs it: a Retry-After that passes it, a
 * request that hangs, a listing that never ends and a renewal of the token that hangs all end with the step's
 * timeout (or its cancellation), never after it. Each would outlast the test's own limit (`timeoutMs`, the
 * process killed: exit code null) on the code before the client owned the deadline.
 */
writeCountsAfterAll(import.meta.url);

/** Far shorter than any wait the service asks for here: a step still running at it ran past its timeout. */
const KILLED_AFTER_MS = 15_000;

async function run(emu: ServiceEmulator, inputs: Record<string, string>, options: RunOptions = {}) {
  const r = await runAction(inputs, { timeoutMs: KILLED_AFTER_MS, ...options });
  scanSecrets(withoutMaskCommands(r), [...emulatorSecrets(emu)]);
  expect(r.stderr).toBe('');
  return r;
}

const erpStop = (emu: ServiceEmulator, extra: Record<string, string> = {}) => ({
  ...inputsFor('erp-stop', emu),
  operation: 'erp-stop',
  'poll-interval': '0.2',
  ...extra,
});

it.concurrent(
  'a 429 with Retry-After: 120 on one poll ends every instance at the timeout, naming the last status and the 429',
  () =>
    faultCase(() =>
      withEmulator({ erp: { defaults: { durationMs: 60_000 } } }, async (emu) => {
        const throttled: FaultRule = {
          method: 'GET',
          path: /\/operationStatuses\//,
          skip: 2,
          times: 1,
          fault: { kind: 'status', status: 429, retryAfter: '120' },
        };
        emu.addFault(throttled);
        const r = await run(emu, erpStop(emu, { 'erp-virtual-instance': 'X01\nX02', timeout: '3' }));
        expect(throttled.times).toBe(0);
        failedWith(r, /did not end within the timeout/);
        // Both instances' waits ended with the timeout, the one held by the gate included; both stay resumable.
        expect(r.stdout.match(/did not end within the timeout: last status InProgress/g)).toHaveLength(2);
        expect(r.stdout).toMatch(/HTTP 429/);
        expect(JSON.parse(r.outputs['operation-urls']!)).toHaveLength(2);
      }),
    ),
);

it.concurrent('a poll that hangs is cut at the timeout, not at its own request timeout', () =>
  faultCase(() =>
    withEmulator({ erp: { defaults: { durationMs: 60_000 } } }, async (emu) => {
      const hung: FaultRule = {
        method: 'GET',
        path: /\/operationStatuses\//,
        skip: 1,
        times: 1,
        fault: { kind: 'hang' },
      };
      emu.addFault(hung);
      const r = await run(emu, erpStop(emu, { timeout: '2', 'request-timeout': '60' }));
      expect(hung.times).toBe(0);
      failedWith(r, /did not end within the timeout: last status InProgress/);
      expect(r.outputs['operation-urls']).toContain('/operationStatuses/');
    }),
  ),
);

it.concurrent(
  'a listing whose nextLink never ends stops at the timeout with an error naming the listing',
  () =>
    faultCase(() =>
      withEmulator({}, async (emu) => {
        emu.cachedImages.pageSize = 1;
        emu.cachedImages.setImages('westeurope', [{ generate: 3 }]);
        const endless: FaultRule = {
          method: 'GET',
          path: /\/cachedImages$/,
          query: /skipToken/,
          times: Number.MAX_SAFE_INTEGER,
          fault: { kind: 'endless-page' },
        };
        emu.addFault(endless);
        const r = await run(emu, {
          ...inputsFor('check-image-cached', emu),
          operation: 'check-image-cached',
          timeout: '2',
        });
        failedWith(r, /cached images list was still being read at the step's timeout: \d+ pages read/);
        expect(emu.requestsTo(/\/cachedImages$/).length).toBeGreaterThan(1);
      }),
    ),
);

/** Federated sign-in whose token lives `lifetime` s, the ID token for its renewal never answered. */
function federatedWithHangingRenewal(emu: ServiceEmulator): RunOptions['env'] {
  emu.clients.push({ clientId: 'fed-client' });
  // The first ID token is served; the one for the renewal (at half the token's life) never answers.
  emu.addFault({ method: 'GET', path: /^\/_oidc\/token$/, skip: 1, times: 9, fault: { kind: 'hang' } });
  return {
    ACTIONS_ID_TOKEN_REQUEST_URL: `${emu.url}/_oidc/token?api-version=2.0`,
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: emu.oidcRequestToken,
  };
}

const federated = (emu: ServiceEmulator) => ({
  'access-token': '',
  'auth-url': emu.url,
  'tenant-id': 'tenant',
  'client-id': 'fed-client',
});

it.concurrent('a renewal of the token that hangs holds no request while the token in hand is valid', () =>
  faultCase(() =>
    withEmulator(
      { emulator: { tokenLifetimeSeconds: 8 }, erp: { defaults: { durationMs: 5_000 } } },
      async (emu) => {
        const env = federatedWithHangingRenewal(emu);
        const r = await run(emu, erpStop(emu, { ...federated(emu), 'request-timeout': '60' }), { env });
        // The renewal was asked for (at half the token's 8 s) and never answered, and the stop was followed to its end.
        expect(emu.requestsTo(/^\/_oidc\/token$/).length).toBeGreaterThanOrEqual(2);
        expect(r.errors).toEqual([]);
        expect(r.code).toBe(0);
        expect(r.outputs['operation-status']).toBe('Succeeded');
      },
    ),
  ),
);

it.concurrent(
  'a cancellation while a renewal of the token hangs still writes the outputs and the summary',
  () =>
    faultCase(() =>
      withEmulator(
        { emulator: { tokenLifetimeSeconds: 2 }, erp: { defaults: { durationMs: 60_000 } } },
        async (emu) => {
          const env = federatedWithHangingRenewal(emu);
          // The token in hand lapses at 1.5 s; from then on each request waits for the renewal, which never comes.
          const r = await run(emu, erpStop(emu, { ...federated(emu), 'request-timeout': '60' }), {
            env,
            signal: 'SIGINT',
            sigtermAfterMs: 3_000,
          });
          failedWith(r, /cancelled/);
          expect(r.errors[0]).not.toMatch(/could not end within 6 s/);
          expect(r.outputs['operation-urls']).toContain('/operationStatuses/');
          expect(r.summary).toMatch(/cancelled/);
        },
      ),
    ),
);
