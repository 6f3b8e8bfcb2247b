import { expect, it } from '@jest/globals';
import type { FaultRule, ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { runAction, withoutMaskCommands, type RunOptions } from '../helpers/run-action.js';
import { failedWith, inputsFor, scanSecrets, SUB, withEmulator } from './harness.js';
import { faultCase, writeCountsAfterAll } from './tally.js';

/**
 * The seams of issue 32's point 7 that the client and the adapters own, through the bundle as a runner runs it:
 * a nextLink keeps its listing's path, a dry run signs in, an output over the runner's limit fails the step, a
 * signed URL in the service's words is redacted, a timeout over 6 hours is warned about.
 */
writeCountsAfterAll(import.meta.url);

async function run(emu: ServiceEmulator, inputs: Record<string, string>, options: RunOptions = {}) {
  const r = await runAction(inputs, options);
  scanSecrets(withoutMaskCommands(r), emulatorSecrets(emu));
  expect(r.stderr).toBe('');
  return r;
}

const SHARE = `/subscriptions/${SUB}/resourceGroups/rg/providers/Vendor.DataShare/accounts/acct/shareSubscriptions/share`;

/** The first listing of synchronizations answers with a nextLink to the share's synchronize (a start). */
function nextLinkToStart(emu: ServiceEmulator): FaultRule {
  const rule: FaultRule = {
    method: 'POST',
    path: /\/listSynchronizations$/,
    times: 1,
    fault: { kind: 'page', nextLink: `${emu.url}${SHARE}/synchronize?api-version=2021-08-01` },
  };
  emu.addFault(rule);
  return rule;
}

it.concurrent.each([
  ['wait-for-sync', {}],
  ['sync-start (dry run)', { operation: 'sync-start', 'dry-run': 'true' }],
])(
  '%s: a nextLink to another path (a start) is refused, never sent with the listing POST',
  (_name, extra: Record<string, string>) =>
    faultCase(() =>
      withEmulator({}, async (emu) => {
        const rule = nextLinkToStart(emu);
        const r = await run(emu, {
          ...inputsFor('wait-for-sync', emu),
          operation: 'wait-for-sync',
          'poll-interval': '0.1',
          timeout: '5',
          ...extra,
        });
        expect(rule.times).toBe(0);
        expect(emu.requestsTo(/\/synchronize$/)).toEqual([]);
        expect(emu.dataShare.synchronizeRequests).toEqual([]);
        failedWith(
          r,
          /nextLink for the listSynchronizations to another path \(.*\/synchronize, not .*\/listSynchronizations\)/,
        );
      }),
    ),
);

it.concurrent(
  'sync-cancel dry run with an id, which reads nothing, still signs in: a refused secret fails it',
  () =>
    faultCase(() =>
      withEmulator({}, async (emu) => {
        const inputs = {
          ...inputsFor('wait-for-sync', emu),
          operation: 'sync-cancel',
          'dry-run': 'true',
          'synchronization-id': 'running-one',
          'access-token': '',
          'auth-url': emu.url,
          'tenant-id': 'tenant',
          'client-id': 'emu-client',
        };
        const refused = await run(emu, { ...inputs, 'client-secret': 'not-the-secret' });
        failedWith(refused, /^::error::Sign-in failed at the token endpoint .* HTTP 401 invalid_client/);
        expect(emu.requestsTo(/\/oauth2\/v2\.0\/token$/)).toHaveLength(1);
        // With the right secret the plan is made, and still nothing is sent to the share.
        const planned = await run(emu, { ...inputs, 'client-secret': 'emu-client-secret' });
        expect(planned.code).toBe(0);
        expect(emu.requestsTo(/\/cancelSynchronization$/)).toEqual([]);
      }),
    ),
);

it.concurrent('an output over the runner limit fails the step naming it, never cut with exit 0', () =>
  faultCase(() =>
    withEmulator(
      {
        dataShare: {
          synchronizations: [
            {
              synchronizationId: 'long-message',
              status: 'Succeeded',
              startTime: '2026-01-01T00:00:00Z',
              message: 'x'.repeat(1_100_000),
            },
          ],
        },
      },
      async (emu) => {
        const r = await run(emu, { ...inputsFor('wait-for-sync', emu), operation: 'wait-for-sync' });
        failedWith(r, /The output message is 1100000 bytes, over the runner's limit .* so it was not set/);
        expect(r.outputs.message).toBeUndefined();
        // The outputs that fit are set.
        expect(r.outputs['synchronization-id']).toBe('long-message');
      },
    ),
  ),
);

it.concurrent("a signed URL quoted in the service's error is redacted in the annotation and the log", () =>
  faultCase(() =>
    withEmulator({}, async (emu) => {
      const signed = 'https://blob.example/ops/1?sv=2024-01-01&sig=SIGNATURE-0123456789';
      emu.addFault({
        method: 'POST',
        path: /\/stop$/,
        times: 1,
        fault: {
          kind: 'status',
          status: 400,
          body: JSON.stringify({ error: { code: 'BadRequest', message: `See ${signed} for the log.` } }),
        },
      });
      const r = await run(emu, { ...inputsFor('erp-stop', emu), operation: 'erp-stop' });
      failedWith(r, /BadRequest: See https:\/\/blob\.example\/ops\/1\?… for the log/);
      expect(r.everything).not.toContain('SIGNATURE-0123456789');
    }),
  ),
);

it.concurrent('a timeout over 6 hours is warned about before any request', () =>
  faultCase(() =>
    withEmulator({}, async (emu) => {
      // erp-status reads no preflight: the stop's inputs without it.
      const where = Object.fromEntries(
        Object.entries(inputsFor('erp-stop', emu)).filter(([name]) => name !== 'preflight'),
      );
      const r = await run(emu, { ...where, operation: 'erp-status', timeout: '7h' });
      expect(r.code).toBe(0);
      expect(r.warnings).toEqual([
        expect.stringMatching(/^timeout is 7 h, over 6 hours: hosted runners end a job/),
      ]);
      // Before the first request's log line.
      expect(r.stdout.indexOf('over 6 hours')).toBeLessThan(r.stdout.indexOf('X01'));
    }),
  ),
);

const LONG_ID = `/subscriptions/${SUB}/resourceGroups/my-resource-group-for-erp/providers/Vendor.Workloads`;

it.concurrent.each([
  [
    `${LONG_ID}/erpVirtualInstance/X01`,
    "the id stops matching after '…/providers/Vendor.Workloads': 'erpVirtualInstance' where erpVirtualInstances is expected",
  ],
  [
    `${LONG_ID}/erpVirtualInstances/X01/extra`,
    "the id goes on after '…/erpVirtualInstances/X01' with 'extra', where it should end",
  ],
])('a long refused id shows the part that is wrong: %s', (item, shown) =>
  faultCase(() =>
    withEmulator({}, async (emu) => {
      const r = await run(emu, {
        ...inputsFor('erp-stop', emu),
        operation: 'erp-stop',
        'erp-virtual-instance': `X02\n${item}`,
      });
      failedWith(r, /^::error::Input 'erp-virtual-instance': /);
      expect(r.errors[0]).toContain(`(${shown})`);
      expect(emu.requests).toEqual([]);
    }),
  ),
);
