import { expect, it } from '@jest/globals';
import type { FaultRule, ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { runAction, withoutMaskCommands, type RunOptions } from '../helpers/run-action.js';
import {
  inputsFor,
  pollInterval,
  runnerIdToken,
  scanSecrets,
  startedOperation,
  withEmulator,
  failedWith,
} from './harness.js';
import { counts, faultCase, writeCountsAfterAll } from './tally.js';

/**
 * A representative set through the real bundle, as a runner runs it: faults survived or reported, SIGTERM
 * mid-wait, hostile input, and every secret (access token, client secret, OIDC tokens, issued tokens, API
 * tokens) scanned for in stdout, stderr, GITHUB_OUTPUT and the job summary.
 */
writeCountsAfterAll(import.meta.url);

async function run(emu: ServiceEmulator, inputs: Record<string, string>, options: RunOptions = {}) {
  const r = await runAction({ ...pollInterval(inputs.operation ?? '', '0.05'), ...inputs }, options);
  // The runner's add-mask commands are how secrets are kept out of the log; everything else is scanned.
  const everything = withoutMaskCommands(r);
  scanSecrets(everything, [
    ...emulatorSecrets(emu),
    ...Object.values(inputs).filter((v) => /token|secret/.test(v)),
  ]);
  expect(everything).not.toMatch(/\n\s+at .+:\d+:\d+\)?/);
  expect(r.stderr).toBe('');
  return r;
}

it('erp-stop signs in with a client secret and survives a reset stop and a 503 burst on a poll', () =>
  faultCase(() =>
    withEmulator({}, async (emu) => {
      const reset: FaultRule = { method: 'POST', path: /\/stop$/, times: 1, fault: { kind: 'reset' } };
      const burst: FaultRule = {
        path: /\/operationStatuses\//,
        times: 2,
        fault: { kind: 'status', status: 503 },
      };
      emu.addFault(reset).addFault(burst);
      const r = await run(emu, {
        ...inputsFor('erp-stop', emu),
        operation: 'erp-stop',
        'access-token': '',
        'auth-url': emu.url,
        'tenant-id': 'tenant',
        'client-id': 'emu-client',
        'client-secret': 'emu-client-secret',
      });
      expect(r.code).toBe(0);
      expect(r.outputs['operation-status']).toBe('Succeeded');
      expect(emu.issuedTokens.size).toBe(1);
      // Both faults fired: the stop was sent twice, the first poll three times (two 503s, then the answer).
      expect(reset.times).toBe(0);
      expect(burst.times).toBe(0);
      expect(emu.requestsTo(/\/stop$/)).toHaveLength(2);
      expect(emu.requestsTo(/\/operationStatuses\//)).toHaveLength(2 + 2);
    }),
  ));

it('wait-for-sync signs in by federation and survives a 502 on a page', () =>
  faultCase(() =>
    withEmulator(
      {
        dataShare: {
          pageSize: 1,
          synchronizations: [
            { synchronizationId: 'newer', status: 'Succeeded', startTime: '2026-01-02T00:00:00Z' },
            { synchronizationId: 'followed', status: 'Succeeded', startTime: '2026-01-01T00:00:00Z' },
          ],
        },
      },
      async (emu) => {
        const badGateway: FaultRule = {
          path: /\/listSynchronizations$/,
          query: /skipToken/,
          times: 1,
          fault: { kind: 'status', status: 502 },
        };
        emu.addFault(badGateway);
        const r = await run(
          emu,
          {
            ...inputsFor('wait-for-sync', emu),
            operation: 'wait-for-sync',
            'synchronization-id': 'followed',
            'access-token': '',
            'auth-url': emu.url,
            'tenant-id': 'tenant',
            'client-id': 'emu-client',
          },
          {
            env: {
              ACTIONS_ID_TOKEN_REQUEST_URL: `${emu.url}/_oidc/token?api-version=2.0`,
              ACTIONS_ID_TOKEN_REQUEST_TOKEN: emu.oidcRequestToken,
            },
          },
        );
        expect(r.code).toBe(0);
        expect(r.outputs['synchronization-status']).toBe('Succeeded');
        expect(emu.issuedOidcTokens.size).toBeGreaterThan(0);
        // The second page was answered 502 once, then read again.
        expect(badGateway.times).toBe(0);
        expect(
          emu.requestsTo(/\/listSynchronizations$/).filter((q) => /skipToken/.test(q.target)),
        ).toHaveLength(2);
      },
    ),
  ));

it('check-image-cached refuses a nextLink on another origin and sends it nothing', () =>
  faultCase(() =>
    withEmulator(
      {
        cachedImages: {
          pageSize: 1,
          nextLinkOnSecondOrigin: true,
          regions: { westeurope: [{ generate: 3 }] },
        },
      },
      async (emu) => {
        const r = await run(emu, {
          ...inputsFor('check-image-cached', emu),
          operation: 'check-image-cached',
        });
        failedWith(
          r,
          /Refused to follow the nextLink on http:\/\/127\.0\.0\.1:\d+: credentials are sent only to/,
        );
        expect(emu.requests.filter((q) => q.origin === 'secondary')).toEqual([]);
      },
    ),
  ));

it("app-remove-user reports a proxy's HTML 403 page with its cause", () =>
  faultCase(() =>
    withEmulator({}, async (emu) => {
      const forbidden: FaultRule = { method: 'DELETE', times: 1, fault: { kind: 'html', status: 403 } };
      emu.addFault(forbidden);
      const r = await run(emu, { ...inputsFor('app-remove-user', emu), operation: 'app-remove-user' });
      failedWith(r, /could not remove leaver@contoso\.com: .*HTTP 403/);
      expect(r.outputs['removed-users']).toBe('[]');
      expect(forbidden.times).toBe(0);
    }),
  ));

it('wait-for-operation ends at once on SIGTERM mid-wait, with the last status and the operation-url', () =>
  faultCase(() =>
    withEmulator(
      { erp: { defaults: { steps: [{ status: 'InProgress', percentComplete: 40 }] } } },
      async (emu) => {
        const operationUrl = await startedOperation(emu);
        const r = await run(
          emu,
          {
            ...inputsFor('wait-for-operation', emu),
            operation: 'wait-for-operation',
            'operation-url': operationUrl,
            'poll-interval': '0.2',
          },
          { sigtermAfterMs: 1200 },
        );
        failedWith(r, /The job was cancelled while waiting on the operation: last status InProgress, 40%/);
        expect(r.outputs['operation-url']).toBe(operationUrl);
        expect(r.outputs['operation-status']).toBe('InProgress');
      },
    ),
  ));

it('erp-stop ends at once on SIGTERM while a poll hangs, with the operation-url', () =>
  faultCase(() =>
    withEmulator({}, async (emu) => {
      const hang: FaultRule = { path: /\/operationStatuses\//, times: 1, fault: { kind: 'hang' } };
      emu.addFault(hang);
      const r = await run(
        emu,
        { ...inputsFor('erp-stop', emu), operation: 'erp-stop', 'request-timeout': '60s' },
        // After the first poll, which comes a poll-interval (at least 1 s) after the stop, and hangs.
        { sigtermAfterMs: 3000 },
      );
      failedWith(r, /The job was cancelled while waiting on the stop of erp virtual instance 'X01'/);
      expect(r.outputs['operation-url']).toContain('/operationStatuses/');
      // The poll that hung is the one SIGTERM ended: no other poll was sent.
      expect(hang.times).toBe(0);
      expect(emu.requestsTo(/\/operationStatuses\//)).toHaveLength(1);
    }),
  ));

it('a federated sign-in the token endpoint refuses (a job naming an environment): no part of any token shown', () =>
  faultCase(() =>
    withEmulator(
      {
        emulator: {
          idToken: { environment: 'production' },
          clients: [
            {
              clientId: 'fed-client',
              federated: [
                {
                  issuer: 'https://token.actions.githubusercontent.com',
                  subject: 'repo:octo-org/erp-ops:ref:refs/heads/main',
                  audience: 'api://VendorADTokenExchange',
                },
              ],
            },
          ],
        },
      },
      async (emu) => {
        const r = await run(
          emu,
          {
            ...inputsFor('erp-stop', emu),
            operation: 'erp-stop',
            'access-token': '',
            'auth-url': emu.url,
            'tenant-id': 'tenant',
            'client-id': 'fed-client',
          },
          runnerIdToken(emu),
        );
        failedWith(r, /700213: .*subject 'repo:octo-org\/erp-ops:environment:production'/);
        // The whole token is scanned by run(); each of its parts on its own here (the claims are shown decoded).
        const parts = [...emu.issuedOidcTokens].flatMap((token) => token.split('.').slice(1));
        expect(parts.length).toBeGreaterThan(0);
        scanSecrets(withoutMaskCommands(r), parts);
        expect(emu.requestsTo(/erpVirtualInstances/)).toEqual([]);
      },
    ),
  ));

it.each([
  ['erp-stop', 'erp-virtual-instance', `X01\u0007${'x'.repeat(10_000)}`],
  ['erp-stop', 'soft-stop-timeout-seconds', '-1'],
  ['erp-stop', 'access-token', 'emu-access-token\u00e9'],
  ['check-image-cached', 'subscription-id', '../../providers'],
  ['wait-for-sync', 'timeout', '1h30m'],
  ['app-remove-user', 'user-email', 'Jane <jane@x.org>'],
  ['app-remove-user', 'app', 'https://portal.example/orgs/con%2Ftoso/apps/shop'],
  ['wait-for-operation', 'operation-url', 'https://evil.example/operationStatuses/x'],
])('%s refuses %s before any request, naming it', (operation, input, value) =>
  withEmulator({}, async (emu) => {
    counts.inputsTried++;
    const r = await run(emu, {
      ...inputsFor(operation, emu),
      operation,
      ...(operation === 'wait-for-operation' ? { 'operation-url': '/x' } : {}),
      [input]: value,
    });
    failedWith(r, new RegExp(`^::error::Input '${input}': `));
    expect(emu.requests).toEqual([]);
    counts.inputsRefused++;
  }),
);
