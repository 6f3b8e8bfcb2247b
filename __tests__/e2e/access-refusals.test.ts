import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { summaryText } from '../helpers/summary-text.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';
import { runCli } from '../helpers/run-cli.js';

// One emulator for the file; each test starts from no faults and no records.
let emu: ServiceEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => emu.close());
beforeEach(() => {
  emu.faults.splice(0);
  emu.requests.splice(0);
});

const SUB = '00000000-0000-4000-8000-0000000000a5';
const RG_SCOPE = `/subscriptions/${SUB}/resourceGroups/rg-erp`;
const STOP_ACTION = 'Vendor.Workloads/erpVirtualInstances/stop/action';

const stop = (extra: Record<string, string> = {}) => ({
  operation: 'erp-stop',
  'base-url': emu.url,
  'subscription-id': SUB,
  'resource-group': 'rg-erp',
  'erp-virtual-instance': 'X01,X02,X03',
  'poll-interval': '0.05',
  ...extra,
});

async function step(inputs: Record<string, string>): Promise<ActionRun> {
  const run = await runAction(inputs);
  expectNoSecrets(run, [...emulatorSecrets(emu), 'never-valid-token-1234']);
  return unescapeCommands(run);
}

const text = summaryText;

/** erp-stop of the three systems on the command line, with this access token. */
function cliStop(token: string) {
  const { operation, ...flags } = { ...stop(), 'access-token': token };
  return runCli([operation, ...Object.entries(flags).flatMap(([k, v]) => [`--${k}`, v])]);
}

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

/** The stop of each instance refused 403 AuthorizationFailed over `scope(name)`, each with its own request id. */
function refuseStops(scope: (name: string) => string): void {
  for (const name of ['X01', 'X02', 'X03']) {
    const message = `The client 'sp-erp' with object id 'sp-erp' does not have authorization to perform action '${STOP_ACTION}' over scope '${scope(name)}' or the scope is invalid.`;
    emu.addFault({
      fault: {
        kind: 'status',
        status: 403,
        body: JSON.stringify({ error: { code: 'AuthorizationFailed', message } }),
        headers: { 'x-vendor-request-id': `req-403-${name}` },
      },
      times: 1,
      method: 'POST',
      path: new RegExp(`/${name}/stop$`),
    });
  }
}

describe('a 401 from the resource manager is one credential problem, not one per system', () => {
  it('access-token refused for three systems: reported once, naming the input', async () => {
    const run = await step({ ...stop(), 'access-token': 'never-valid-token-1234' });
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain('The resource manager refused the credential from access-token');
    expect(count(run.errors[0]!, 'HTTP 401')).toBe(1);
    expect(run.errors[0]).not.toContain('has expired');
    const summary = text(run.summary);
    expect(count(summary, 'HTTP 401')).toBe(1);
    expect(summary).toContain('What to do: Set access-token to a token for this resource manager');
    expect(emu.requestsTo(/\/stop$/)).toHaveLength(0);
  });

  it('a token signed in with a client secret, refused: names the sign-in inputs and scope', async () => {
    emu.addFault({
      fault: {
        kind: 'status',
        status: 401,
        body: JSON.stringify({
          error: { code: 'InvalidAuthenticationToken', message: 'The audience is invalid.' },
        }),
      },
      times: 100,
      path: /erpVirtualInstances/,
    });
    const run = await step({
      ...stop(),
      'client-id': 'emu-client',
      'client-secret': 'emu-client-secret',
      'tenant-id': 'tenant-1',
      'auth-url': emu.url,
    });
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain(
      'The resource manager refused the credential from client-id, tenant-id and client-secret',
    );
    expect(count(run.errors[0]!, 'HTTP 401')).toBe(1);
    expect(run.errors[0]).toContain(`Check scope ('${emu.url}/.default')`);
  });

  it('on the command line: one error, one advice', async () => {
    const cli = await cliStop('never-valid-token-1234');
    expect(cli.code).toBe(1);
    expect(count(cli.stderr, 'HTTP 401')).toBe(1);
    expect(cli.stderr).toContain('advice: Set --access-token to a token');
    expectNoSecrets({ everything: cli.stdout + cli.stderr }, ['never-valid-token-1234']);
  });
});

describe('a 403 AuthorizationFailed names the action lacked and the scope, once per distinct pair', () => {
  it('three systems refused over one scope: the pair once, with the three request ids', async () => {
    refuseStops(() => RG_SCOPE);
    const run = await step({ ...stop(), 'access-token': 'emu-access-token' });
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    const summary = text(run.summary);
    expect(summary).toContain('What to do: Grant the identity signed in a role with each action below');
    const lacked = `Lacked: '${STOP_ACTION}' over scope '${RG_SCOPE}' (request-id: req-403-X01, req-403-X02, req-403-X03)`;
    expect(count(summary, lacked)).toBe(1);
    expect(count(run.stdout, lacked)).toBe(1);
    expect(summary).not.toContain('its own identity');
    // The annotation quotes the service's message once; the other systems point to its request id.
    expect(count(run.errors[0]!, 'does not have authorization to perform action')).toBe(1);
    expect(count(run.errors[0]!, 'AuthorizationFailed: the same as request-id req-403-X01')).toBe(2);
  });

  it("each distinct scope on its own line; with deallocate-vm, the system's own identity needs a role", async () => {
    refuseStops((name) => `${RG_SCOPE}/providers/Vendor.Workloads/erpVirtualInstances/${name}`);
    for (const name of ['X01', 'X02', 'X03'])
      emu.erp.parts.setParts(name, { databases: [{ name: 'db0', status: 'Offline' }] });
    // The service's own 403 to the stop, here: the checks (preflight) would refuse these systems first (no-identity).
    const run = await step({
      ...stop({ 'deallocate-vm': 'true', preflight: 'off' }),
      'access-token': 'emu-access-token',
    });
    expect(run.code).toBe(1);
    const summary = text(run.summary);
    for (const name of ['X01', 'X02', 'X03']) {
      expect(summary).toContain(
        `Lacked: '${STOP_ACTION}' over scope '${RG_SCOPE}/providers/Vendor.Workloads/erpVirtualInstances/${name}' (request-id: req-403-${name})`,
      );
    }
    expect(summary).toContain(
      'With deallocate-vm, the system deallocates its virtual machines with its own identity: that identity needs a role over its machines too.',
    );
  });

  it('on the command line: the advice lists the pair once with its request ids', async () => {
    refuseStops(() => RG_SCOPE);
    const cli = await cliStop('emu-access-token');
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('advice: Grant the identity signed in a role with each action below');
    expect(
      count(
        cli.stderr,
        `Lacked: '${STOP_ACTION}' over scope '${RG_SCOPE}' (request-id: req-403-X01, req-403-X02, req-403-X03)`,
      ),
    ).toBe(1);
  });
});
