import { expect } from '@jest/globals';
import { VirtualClock, type Clock } from '../../src/client/clock.js';
import { runOperation, type Run } from '../../src/runtime/run.js';
import type { InputName } from '../../src/operations/inputs.js';
import type { Logger } from '../../src/operations/types.js';
import { startEmulator, type Scenario, type ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
export { pollInterval } from '../helpers/operation-inputs.js';
import { counts } from './tally.js';
import { loadEveryArea } from '../../src/operations/module.js';
import { REGISTRY } from '../../src/operations/registry.js';

// The cases run concurrently in one process, and jest refuses an import() made while it is between two of its
// tests: every area's run code is loaded now, once (src/operations/module.ts, areaCode), the registry's areas
// imported first so that there are some to load.
if (REGISTRY.length === 0 || (await loadEveryArea()) === 0)
  throw new Error('the fault harness loaded no area: import the registry before loadEveryArea()');

/** Errors an operation may end with on purpose; anything else (a TypeError, a RangeError) is a crash. */
export const KNOWN_ERRORS = new Set([
  'InputError',
  'ServiceError',
  'OriginError',
  'TimeoutError',
  'PollTimeoutError',
]);

export const SUB = '00000000-0000-4000-8000-0000000000f1';

/**
 * A fresh emulator for one case (cases run concurrently, so each owns its own); afterwards its second origin
 * is checked for credentials, whatever the case asserted itself, and it is closed.
 */
export async function withEmulator<T>(
  scenario: Scenario,
  work: (emu: ServiceEmulator) => Promise<T>,
): Promise<T> {
  const emu = await startEmulator(scenario);
  try {
    const result = await work(emu);
    counts.credentialLeaks += emu.secondOriginCredentialLeaks.length;
    expect(emu.secondOriginCredentialLeaks.map((r) => `${r.method} ${r.target}`)).toEqual([]);
    return result;
  } finally {
    await emu.close();
  }
}

export interface InProcessRun {
  run?: Run;
  error?: Error;
  /** Every log line, debug included: a runner shows debug lines when step debugging is on. */
  lines: string[];
  /** Whether the step succeeded: no error and no failure. */
  ok: boolean;
  /** The failure sentence or the error message: what the annotation would say. */
  message: string;
  /** Everything a secret could leak into. */
  everything: string;
  /** Issued secrets the operation handed to `onSecret` (tokens). */
  issued: string[];
}

export interface RunOptions {
  clock?: Clock;
  signal?: AbortSignal;
  idToken?: (audience: string) => Promise<string>;
}

/** Inputs that make each operation succeed against a default emulator; a case overrides what it needs. */
export function inputsFor(operation: string, emu: ServiceEmulator): Record<string, string> {
  const resource = { 'base-url': emu.url, 'access-token': 'emu-access-token', 'request-timeout': '5s' };
  const app = { 'api-url': emu.url, 'api-token': 'emu-user-token', 'request-timeout': '5s' };
  switch (operation) {
    case 'erp-stop':
    case 'erp-start':
      // The matrix's cells are the window's own requests: the checks before it (preflight) are left out.
      return {
        ...resource,
        'subscription-id': SUB,
        'resource-group': 'rg',
        'erp-virtual-instance': 'X01',
        preflight: 'off',
      };
    case 'wait-for-operation':
      return { ...resource };
    case 'wait-for-sync':
      return {
        ...resource,
        'subscription-id': SUB,
        'resource-group': 'rg',
        'account-name': 'acct',
        'share-subscription': 'share',
      };
    case 'check-image-cached':
      return { ...resource, 'subscription-id': SUB, location: 'westeurope', image: 'nginx' };
    case 'erp-list':
      return { ...resource, 'subscription-id': SUB, tag: 'window=a' };
    case 'app-remove-user':
      return { ...app, app: 'contoso/shop', 'user-email': 'leaver@contoso.com' };
    default:
      return { ...app };
  }
}

/** Runs an operation as the action does (runOperation: inputs read and checked, then the operation), in-process. */
export async function runInProcess(
  inputs: Record<string, string>,
  options: RunOptions = {},
): Promise<InProcessRun> {
  const lines: string[] = [];
  const issued: string[] = [];
  const logger: Logger = {
    info: (l) => lines.push(l),
    warning: (l) => lines.push(`warning: ${l}`),
    debug: (l) => lines.push(`debug: ${l}`),
    group: async (name, work) => {
      lines.push(`group: ${name}`);
      return work();
    },
  };
  let run: Run | undefined;
  let error: Error | undefined;
  try {
    run = await runOperation((name: InputName) => inputs[name], {
      logger,
      clock: options.clock ?? new VirtualClock(Date.now()),
      signal: options.signal,
      onSecret: (s) => issued.push(s),
      idToken: options.idToken,
    });
  } catch (caught) {
    error = caught as Error;
  }
  const message = error ? error.message : (run?.result.failure ?? '');
  return {
    run,
    error,
    lines,
    ok: !error && !run?.result.failure,
    message,
    issued,
    everything: [
      ...lines,
      message,
      JSON.stringify(run?.result.outputs ?? {}),
      JSON.stringify(run?.result.summary ?? []),
    ].join('\n'),
  };
}

/** A step run through the bundle failed, with one annotation that names `cause`. */
export function failedWith(r: { code: number | null; errors: string[] }, cause: RegExp): void {
  expect(r.code).toBe(1);
  expect(r.errors).toHaveLength(1);
  expect(r.errors[0]).toMatch(cause);
}

/** Neither a crash nor an unknown error type: the step ends with a sentence, never a stack trace. */
export function expectNoCrash(r: InProcessRun): void {
  if (r.error) expect(KNOWN_ERRORS.has(r.error.name) ? 'known' : `crash: ${r.error.stack}`).toBe('known');
  expect(r.everything).not.toMatch(/\n\s+at .+:\d+:\d+\)?/);
}

/** The secrets a run could leak, in every form; counted for the table and asserted. */
export function scanSecrets(everything: string, secrets: string[]): void {
  counts.secretScans++;
  const leaks: string[] = [];
  for (const secret of new Set(secrets.filter((s) => s.length >= 6))) {
    for (const form of [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')]) {
      if (everything.includes(form)) leaks.push(form);
    }
  }
  counts.secretLeaks += leaks.length;
  expect(leaks).toEqual([]);
}

export function scanRun(r: InProcessRun, emu: ServiceEmulator, extra: string[] = []): void {
  scanSecrets(r.everything, [...emulatorSecrets(emu), ...r.issued, ...extra]);
}

/** Starts an erp stop by hand (not waited on) and returns its polling URL: what wait-for-operation resumes. */
export async function startedOperation(emu: ServiceEmulator, instance = 'X01'): Promise<string> {
  const res = await fetch(
    `${emu.url}/subscriptions/${SUB}/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/${instance}/stop?api-version=2023-04-01`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer emu-access-token', 'content-type': 'application/json' },
      body: '{"softStopTimeoutSeconds":0}',
    },
  );
  const link = res.headers.get('vendor-asyncoperation');
  if (!link) throw new Error('the emulator gave no polling URL');
  emu.requests.length = 0;
  return link;
}

/** A runner's step that may request an ID token (`permissions: id-token: write`), from the emulator's OIDC endpoint. */
export function runnerIdToken(emu: ServiceEmulator): { env: Record<string, string> } {
  return {
    env: {
      ACTIONS_ID_TOKEN_REQUEST_URL: `${emu.url}/_oidc/token?api-version=2.0`,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: emu.oidcRequestToken,
    },
  };
}
