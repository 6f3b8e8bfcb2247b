import { describe, expect, it } from '@jest/globals';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';

/**
 * A user name and password in a URL (`https://user:pass@host/…`) would be printed wherever the URL is: the log
 * group title, a debug line, the summary, the outputs, the error. Every URL input refuses them before any
 * request, without repeating them; a URL the service hands out is printed and output without them.
 */
const emu = useEmulator();

const USER = 'someone-userinfo';
const PASSWORD = 'Pa55-w0rd-userinfo';
const SUB = '00000000-0000-4000-8000-0000000000d4';

const withUserinfo = (url: string) => url.replace('://', `://${USER}:${PASSWORD}@`);

async function run(inputs: Record<string, string>): Promise<ActionRun> {
  const r = unescapeCommands(await runAction(inputs));
  expectNoSecrets(r, [...emulatorSecrets(emu.get()), USER, PASSWORD]);
  return r;
}

function expectRefused(r: ActionRun, input: string): void {
  expect(r.code).toBe(1);
  expect(r.errors).toHaveLength(1);
  // A list input names the line that carries it.
  expect(r.errors[0]).toMatch(
    new RegExp(`Input '${input}': (line \\d+ )?must not carry a user name or password`),
  );
  expect(emu.get().requests).toEqual([]);
}

const operationUrl = () =>
  `${emu.get().url}/subscriptions/${SUB}/providers/Vendor.Workloads/locations/westeurope/operationStatuses/op-1?api-version=2023-04-01`;
const resourceManager = () => ({ 'base-url': emu.get().url, 'access-token': 'emu-access-token' });

describe('user info in a URL input is refused before any request, and never repeated', () => {
  it('operation-url', async () => {
    const r = await run({
      operation: 'wait-for-operation',
      ...resourceManager(),
      'operation-url': withUserinfo(operationUrl()),
    });
    expectRefused(r, 'operation-url');
  });

  it('operation-url, on the second line only', async () => {
    const r = await run({
      operation: 'wait-for-operation',
      ...resourceManager(),
      'operation-url': `${operationUrl()}\n${withUserinfo(operationUrl())}`,
    });
    expectRefused(r, 'operation-url');
  });

  it.each(['base-url', 'auth-url'])('%s', async (input) => {
    const e = emu.get();
    const r = await run({
      operation: 'erp-stop',
      'base-url': e.url,
      'auth-url': e.url,
      'tenant-id': 'emu-tenant',
      'client-id': 'emu-client',
      'client-secret': 'emu-client-secret',
      'subscription-id': SUB,
      'resource-group': 'rg',
      'erp-virtual-instance': 'X01',
      [input]: withUserinfo(e.url),
    });
    expectRefused(r, input);
  });

  it('api-url', async () => {
    const r = await run({
      operation: 'app-current-user',
      'api-url': withUserinfo(emu.get().url),
      'api-token': 'emu-user-token',
    });
    expectRefused(r, 'api-url');
  });

  it('app, a portal address with or without its scheme', async () => {
    for (const app of [
      `https://${USER}:${PASSWORD}@portal.example/orgs/contoso/apps/shop`,
      `${USER}:${PASSWORD}@portal.example/orgs/contoso/apps/shop`,
    ]) {
      const r = await run({
        operation: 'app-remove-user',
        'api-url': emu.get().url,
        'api-token': 'emu-user-token',
        app,
        'user-email': 'leaver@contoso.com',
      });
      expectRefused(r, 'app');
    }
  });
});

describe('a URL the service hands out', () => {
  it('is output and printed without user info', async () => {
    const e = emu.get();
    const handedOut = withUserinfo(operationUrl());
    e.addFault({
      method: 'POST',
      path: /\/stop$/,
      times: 1,
      fault: { kind: 'status', status: 202, body: '', headers: { 'vendor-AsyncOperation': handedOut } },
    });
    const r = await run({
      operation: 'erp-stop',
      ...resourceManager(),
      'subscription-id': SUB,
      'resource-group': 'rg',
      'erp-virtual-instance': 'X01',
      wait: 'false',
    });
    expect(r.code).toBe(0);
    // `run` scans every output (operation-urls too, where set) for the user name and the password.
    expect(r.outputs['operation-url']).toBe(operationUrl());
    // The URL was seen and printed, without what it carried.
    expect(r.stdout).toContain(`operation ${emu.get().url}/subscriptions/`);
  });
});
