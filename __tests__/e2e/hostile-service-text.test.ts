import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { startEmulator, type FaultRule, type ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { pollInterval } from '../helpers/operation-inputs.js';
import { runAction, type ActionRun } from '../helpers/run-action.js';
import { runActionInProcess } from '../helpers/run-action-in-process.js';
import { parseRunnerOutput } from '../../scripts/runner-commands.js';

/**
 * Hostile service text, property-based, through the bundle: whatever a service field says (error messages,
 * details and targets, a synchronization's message, image names, OS types, user names, request-id headers)
 * and whatever input value the action echoes back,
 * the runner (the port of its parsers) executes only commands the action issued itself. Every forged command
 * carries data starting `FORGED`; the action's own commands only ever hold such text after words of its own.
 *
 * The property's runs take the action's adapter in this process (runActionInProcess: the same source, its stdout
 * read as the runner reads the bundle's); the cases marked `bundle` also run every payload at once through the
 * bundle itself, one of each kind of text: a service's body in the log and the annotation, a header, an input.
 */

const SUB = '00000000-0000-4000-8000-0000000000e1';
/** Each one a command if it reached a line as it is: trimmed `::`, `##[` anywhere, CR, case, ICU-ignorables. */
const PAYLOADS = [
  '\n::error::FORGED-error',
  ' ::add-mask::FORGED-mask',
  '##[add-mask]FORGED-legacy-mask',
  '\n::stop-commands::FORGED-stop',
  '\n::set-output name=result::FORGED-output',
  '\r::warning title=FORGED-title::FORGED-warning',
  '\r\n\u00a0::notice::FORGED-notice',
  '\n::error:\u200b:FORGED-zero-width',
  '\n::ADD-MAſK::FORGED-long-s',
  '\n\t::group::FORGED-group',
  '\n::endgroup::FORGED-endgroup',
  '\u0085::debug::FORGED-nel',
  '\u2028::echo::FORGED-echo',
  '%0A::error::FORGED-escaped',
  '<img src=x>\n\n[FORGED-link](https://evil.example)',
];
const OWN_COMMANDS = ['add-mask', 'group', 'endgroup', 'debug', 'warning', 'error'];

const hostile = fc
  .tuple(
    fc.constantFrom('', 'Failed', 'x '),
    fc.array(fc.constantFrom(...PAYLOADS), { minLength: 1, maxLength: 4 }),
    fc.constantFrom('', ' ', '\r', '\t'),
  )
  .map(([prefix, pieces, glue]) => prefix + pieces.join(glue));
/** Header values: HTTP allows no CR or LF, and Node's server only Latin-1. */
const hostileHeader = hostile.map((h) => h.replace(/[\r\n]/g, ' ').replace(/[^\t\x20-\xff]/g, '?'));
/** Every payload at once: the first run of each case, before the random ones. */
const ALL = PAYLOADS.join('');

let emu: ServiceEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.close();
});

function serviceError(text: string) {
  const detail = { code: text, message: text, target: text };
  return {
    ...detail,
    details: [{ ...detail, additionalInfo: [{ type: text, info: { text } }] }],
    additionalInfo: [{ type: text, info: { text } }],
  };
}

/** A fault that answers `path` once, with a body and a request id of the hostile text's choosing. */
function answer(path: RegExp, status: number, body: unknown, requestId: string): FaultRule {
  const headers = { 'x-vendor-request-id': requestId, 'x-vendor-correlation-request-id': requestId };
  return { path, times: 1, fault: { kind: 'status', status, body: JSON.stringify(body), headers } };
}

const signedIn = () => ({ 'base-url': emu.url, 'access-token': 'emu-access-token', 'request-timeout': '5s' });
const resource = () => ({ ...signedIn(), 'subscription-id': SUB });
const share = () => ({
  ...resource(),
  operation: 'wait-for-sync',
  'resource-group': 'rg',
  'account-name': 'acct',
  'share-subscription': 'share',
});
const STATUS_URL = `/subscriptions/${SUB}/providers/Vendor.Workloads/locations/westeurope/operationStatuses/op-1`;

/** wait-for-operation, its operation status answered with the hostile text. */
function waitForOperation(name: string, status: (text: string) => string): Case {
  return {
    name: `wait-for-operation: ${name}`,
    arrange: (text, header) => {
      const body = { id: STATUS_URL, name: 'op-1', status: status(text), error: serviceError(text) };
      emu.addFault(answer(/\/operationStatuses\//, 200, body, header));
      const operationUrl = `${emu.url}${STATUS_URL}?api-version=2021-12-01-preview`;
      return { ...signedIn(), operation: 'wait-for-operation', 'operation-url': operationUrl };
    },
  };
}

interface Case {
  name: string;
  /** Puts the hostile text in the service's answers; returns the step's inputs. */
  arrange(text: string, header: string): Record<string, string>;
  /** Also run once through the bundle, with every payload at once. */
  bundle?: true;
}

const CASES: Case[] = [
  {
    name: 'erp-stop: the nested error of a failed stop',
    bundle: true,
    arrange: (text) => {
      emu.erp.setInstance('X01', { respond: 200, steps: ['Failed'], error: serviceError(text) });
      return { ...resource(), operation: 'erp-stop', 'resource-group': 'rg', 'erp-virtual-instance': 'X01' };
    },
  },
  {
    name: 'erp-stop: a refused stop, its error body and request id',
    arrange: (text, header) => {
      // A refusal of the first attempt (400 here; a 409 alike) fails with the service's own text.
      emu.addFault(answer(/\/stop$/, 400, { error: serviceError(text) }, header));
      return { ...resource(), operation: 'erp-stop', 'resource-group': 'rg', 'erp-virtual-instance': 'X02' };
    },
  },
  waitForOperation('a status no contract names, and its error', (text) => text),
  waitForOperation('a failed status with its error', () => 'Failed'),
  {
    name: "wait-for-sync: a synchronization's message, mode and status",
    arrange: (text) => {
      // The newest is followed; its status may be one no contract names, so the wait is bounded.
      emu.dataShare.synchronizations = [
        { synchronizationId: 's-0', status: 'Failed', message: text, startTime: '2026-01-01T00:00:00Z' },
        { synchronizationId: 's-1', status: text, message: text, startTime: '2026-01-02T00:00:00Z' },
        { synchronizationId: 's-2', status: 'Failed', message: text, synchronizationMode: text },
      ];
      return { ...share(), timeout: '1s' };
    },
  },
  {
    name: 'wait-for-sync: an error answer and its request id',
    bundle: true,
    arrange: (text, header) => {
      emu.addFault(answer(/\/listSynchronizations$/, 404, { error: serviceError(text) }, header));
      return share();
    },
  },
  {
    name: 'check-image-cached: image names and OS types',
    arrange: (text) => {
      emu.cachedImages.setImages('westeurope', [
        { image: text, osType: text },
        { image: 'nginx', osType: text },
      ]);
      return {
        ...resource(),
        operation: 'check-image-cached',
        location: 'westeurope',
        image: 'nginx\nredis',
      };
    },
  },
  {
    name: 'check-image-cached: a page answered with a request id of its own',
    arrange: (text, header) => {
      const body = { value: [{ image: 'nginx', osType: text }] };
      emu.addFault(answer(/\/cachedImages$/, 200, body, header));
      return { ...resource(), operation: 'check-image-cached', location: 'westeurope', image: 'nginx' };
    },
  },
  {
    name: "app-current-user: the user's names",
    arrange: (text) => {
      const user = emu.apps.users.find((u) => u.name === 'emu-user')!;
      Object.assign(user, { display_name: text, email: text });
      return { operation: 'app-current-user', 'api-url': emu.url, 'api-token': 'emu-user-token' };
    },
  },
  {
    name: 'app-remove-user: an error answer and its request id',
    arrange: (text, header) => {
      emu.addFault(answer(/\/users\//, 403, { code: text, message: text }, header));
      return {
        operation: 'app-remove-user',
        'api-url': emu.url,
        'api-token': 'emu-user-token',
        app: 'contoso/shop',
        'user-email': 'leaver@contoso.com',
      };
    },
  },
  // Input values the action echoes back (an expression can put anyone's text into an input).
  {
    name: 'erp-stop: instance names echoed back',
    bundle: true,
    arrange: (text) => ({
      ...resource(),
      operation: 'erp-stop',
      'resource-group': 'rg',
      'erp-virtual-instance': `X01,${text}`,
    }),
  },
  {
    name: 'check-image-cached: image references echoed back',
    arrange: (text) => ({
      ...resource(),
      operation: 'check-image-cached',
      location: 'westeurope',
      // One reference (the list splits at commas and line breaks, and the first bad one is named): echoed.
      image: text.replace(/[\r\n,]/g, ' '),
    }),
  },
  {
    name: 'app-remove-user: a user e-mail echoed back',
    arrange: (text) => ({
      operation: 'app-remove-user',
      'api-url': emu.url,
      'api-token': 'emu-user-token',
      app: 'contoso/shop',
      // One address (the list splits at commas and line breaks, and the first bad one is named): echoed.
      'user-email': text.replace(/[\r\n,]/g, ' '),
    }),
  },
];

/** The runner executes only the action's own commands: masks of real secrets, groups, debug, its annotations. */
function expectOnlyOwnCommands(run: ActionRun): void {
  const secrets = new Set(emulatorSecrets(emu));
  const forged = run.commands.filter(
    (c) =>
      !OWN_COMMANDS.includes(c.name) ||
      c.data.startsWith('FORGED') ||
      Object.values(c.properties).some((v) => v.startsWith('FORGED')) ||
      (c.name === 'add-mask' && !secrets.has(c.data)),
  );
  expect(forged.map((c) => c.line)).toEqual([]);
  expect(run.errors.length).toBeLessThanOrEqual(1);
  // No stop left open: every later command of the action would be swallowed.
  expect(parseRunnerOutput(run.stdout).stopToken).toBeUndefined();
  // The summary keeps it in HTML: no markup of the service's, no blank line that would end the HTML block.
  expect(run.summary).not.toContain('<img');
  expect(run.summary).not.toMatch(/\n[ \t]*\n[ \t]*\[FORGED/);
}

/** One run of a case's step with the text in place, by `runner`, and what the runner would execute checked. */
const check =
  ({ arrange }: Case, runner: typeof runAction) =>
  async (text: string, header: string): Promise<void> => {
    emu.faults.length = 0;
    const inputs = arrange(text, header);
    const run = await runner({ ...pollInterval(inputs.operation!, '0.05'), ...inputs });
    expect(run.code).not.toBeNull();
    // The text did reach the log (a payload's marker or its markup): the case tests something.
    expect(run.stdout).toMatch(/FORGED|<img/);
    expectOnlyOwnCommands(run);
  };

const ALL_HEADER = ALL.replace(/[\r\n]/g, ' ').replace(/[^\t\x20-\xff]/g, '?');

describe('text from the service never becomes a workflow command', () => {
  it.each(CASES)('$name', async (testCase) => {
    await fc.assert(fc.asyncProperty(hostile, hostileHeader, check(testCase, runActionInProcess)), {
      numRuns: 4,
      examples: [[ALL, ALL_HEADER]],
    });
    if (testCase.bundle) await check(testCase, runAction)(ALL, ALL_HEADER);
  });
});
