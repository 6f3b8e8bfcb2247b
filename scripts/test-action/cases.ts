/**
 * The cases of the CI workflow's `test-action` job (scripts/test-action.ts runs and checks them): each case is the
 * inputs of one step against scenarios/demo.json and what its outputs must be. Adding an operation is one more
 * entry in CASES. Plain Node 24 runs this file as it is (type stripping).
 */
import { runAction } from './run-action.ts';

export type Inputs = Record<string, string>;
/** An exact value, a pattern, or a function that returns what is wrong (undefined when the value is right). */
export type Expect = string | RegExp | ((value: string | undefined) => string | undefined);

export interface Case {
  inputs: (url: string) => Inputs | Promise<Inputs>;
  /**
   * The case whose step must have ended before this one starts, where the two touch the same state (sync-start
   * adds the synchronization wait-for-sync would otherwise follow). `run` runs the cases at once on one emulator;
   * in the CI workflow each has an emulator of its own.
   */
  after?: string;
  /** `failure` for a step that must fail (the workflow runs it with continue-on-error). */
  outcome?: 'success' | 'failure';
  outputs: Record<string, Expect>;
}

const SUBSCRIPTION = '00000000-0000-4000-8000-000000000001';

/** Sign-in to the resource-management API, and a timeout that ends a hang in CI. */
const signIn = (url: string): Inputs => ({
  'base-url': url,
  'access-token': 'emu-access-token',
  timeout: '2m',
});
const management = (url: string): Inputs => ({ ...signIn(url), 'subscription-id': SUBSCRIPTION });
/** Only the operations that poll read poll-interval; any other refuses an input it does not read. */
const POLLS: Inputs = { 'poll-interval': '1s' };

const SET = /\S/;

export const CASES: Record<string, Case> = {
  'erp-stop': {
    // X02 refuses a soft stop (scenarios/demo.json): hard-stop-fallback stops it again with 0.
    inputs: (url) => ({
      operation: 'erp-stop',
      ...management(url),
      ...POLLS,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X01\nX02',
      'soft-stop-timeout-seconds': '300',
      'hard-stop-fallback': 'true',
    }),
    outputs: {
      'operation-status': 'Succeeded',
      'percent-complete': '100',
      'operation-id': /\/operationStatuses\//,
      'operation-url': /^http:\/\/127\.0\.0\.1:\d+\/subscriptions\/.+\/operationStatuses\//,
      result: jsonArray(2),
      instances:
        /^\[\{"name":"X01","before":"Running","after":"Offline","health":"Unknown","outcome":"stopped"\},/,
      'request-id': SET,
      'correlation-id': SET,
    },
  },
  'erp-start': {
    // The end of the maintenance window: two instances that are Offline (scenarios/demo.json) started again.
    inputs: (url) => ({
      operation: 'erp-start',
      ...management(url),
      ...POLLS,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X06\nX07',
    }),
    outputs: {
      'operation-status': 'Succeeded',
      'percent-complete': '100',
      'operation-id': /\/operationStatuses\//,
      result: jsonArray(2),
      'request-id': SET,
    },
  },
  'erp-status': {
    // The gate before the maintenance: X04 is Offline (scenarios/demo.json), so the step passes.
    inputs: (url) => ({
      operation: 'erp-status',
      ...management(url),
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X04',
      'expect-status': 'Offline',
    }),
    outputs: {
      // With its parts (issue 51): the central services and the application instance, not serving while Offline.
      instances:
        '[{"name":"X04","before":"Offline","after":"Offline","health":"Unknown","outcome":"read","parts":[{"part":"central services","name":"cs0","health":"Unknown","dispatcher":null},{"part":"application","name":"app0","health":"Unknown","dispatcher":"Stopped"}]}]',
      'request-id': SET,
    },
  },
  'erp-list': {
    // The NonProd systems tagged for the snooze (scenarios/demo.json, two a page); X08 is not registered: left out.
    inputs: (url) => ({
      operation: 'erp-list',
      ...management(url),
      tag: 'SnoozeSAPSystem=True',
      environment: 'NonProd',
      'per-leg': '2',
    }),
    outputs: {
      count: '2',
      ids: `/subscriptions/${SUBSCRIPTION}/resourceGroups/rg-erp/providers/Vendor.Workloads/erpVirtualInstances/X01\n/subscriptions/${SUBSCRIPTION}/resourceGroups/rg-erp/providers/Vendor.Workloads/erpVirtualInstances/X02`,
      matrix:
        /^\{"include":\[\{"leg":1,"erp-virtual-instance":"[^"]+X01\\n[^"]+X02","names":"X01, X02","tag":"SnoozeSAPSystem=True","environment":"NonProd"\}\]\}$/,
      instances: /"name":"X08".*"state":"RegistrationFailed"/,
      'request-id': SET,
    },
  },
  'erp-stop-failed': {
    // X09 ends Failed with a nested error: the step fails and still sets its outputs.
    inputs: (url) => ({
      operation: 'erp-stop',
      ...management(url),
      ...POLLS,
      'resource-group': 'rg-erp',
      'erp-virtual-instance': 'X09',
    }),
    outcome: 'failure',
    outputs: { 'operation-status': 'Failed', 'percent-complete': '40', 'request-id': SET },
  },
  'wait-for-operation': {
    // The operation-url an erp-stop with wait: false returns, the way a workflow passes it between jobs.
    inputs: async (url) => {
      const started = await runAction({
        operation: 'erp-stop',
        ...management(url),
        'resource-group': 'rg-erp',
        'erp-virtual-instance': 'X03',
        wait: 'false',
      });
      const operationUrl = started.outputs['operation-url'];
      if (started.outcome !== 'success' || !operationUrl)
        throw new Error(`erp-stop with wait: false gave no operation-url (${started.outcome})`);
      return { operation: 'wait-for-operation', ...signIn(url), ...POLLS, 'operation-url': operationUrl };
    },
    outputs: { 'operation-status': 'Succeeded', 'percent-complete': '100', 'request-id': SET },
  },
  'wait-for-sync': {
    inputs: (url) => ({
      operation: 'wait-for-sync',
      ...management(url),
      ...POLLS,
      'resource-group': 'rg-data',
      'account-name': 'consumer',
      'share-subscription': 'sales',
      'started-after': '2026-11-22T00:00:00Z',
    }),
    outputs: {
      'synchronization-id': '4d21aa10-sync-2',
      'synchronization-status': 'Succeeded',
      'synchronization-mode': 'Incremental',
      'duration-ms': '151000',
      'recurrence-interval': 'Day',
      'synchronization-time': '2026-01-01T06:00:00Z',
      'request-id': SET,
      'correlation-id': SET,
    },
  },
  // The demo's first synchronize: a FullSync that succeeds (after wait-for-sync, whose run it would be newer than).
  'sync-start': {
    after: 'wait-for-sync',
    inputs: (url) => ({
      operation: 'sync-start',
      ...management(url),
      ...POLLS,
      'resource-group': 'rg-data',
      'account-name': 'consumer',
      'share-subscription': 'sales',
      'synchronization-mode': 'FullSync',
    }),
    outputs: {
      'synchronization-id': SET,
      'synchronization-status': 'Succeeded',
      'synchronization-mode': 'FullSync',
      'duration-ms': '95000',
      'failed-datasets': '[]',
      'request-id': SET,
    },
  },
  'check-image-cached': {
    inputs: (url) => ({
      operation: 'check-image-cached',
      ...management(url),
      location: 'westeurope',
      image: 'nginx\nmcr.microsoft.com/dotnet/runtime:8.0\nredis:7',
    }),
    outputs: {
      cached: 'false',
      'missing-images': '["redis:7"]',
      images: jsonArray(2),
      'request-id': SET,
      'correlation-id': SET,
    },
  },
  'app-current-user': {
    inputs: (url) => ({ operation: 'app-current-user', 'api-url': url, 'api-token': 'emu-user-token' }),
    outputs: {
      'user-id': '5e1c0a2e-0000-4000-8000-000000000001',
      'user-name': 'emu-user',
      'user-email': 'emu-user@example.com',
      'user-display-name': 'Emu User',
    },
  },
  'app-remove-user': {
    inputs: (url) => ({
      operation: 'app-remove-user',
      'api-url': url,
      'api-token': 'emu-user-token',
      app: 'contoso/shop',
      'user-email': 'leaver@contoso.com',
    }),
    outputs: { 'removed-users': '["leaver@contoso.com"]' },
  },
};

function jsonArray(length: number): Expect {
  return (value) => {
    try {
      const parsed: unknown = JSON.parse(value ?? '');
      if (Array.isArray(parsed) && parsed.length === length) return undefined;
    } catch {
      // reported below
    }
    return `is not a JSON array of ${length}`;
  };
}
