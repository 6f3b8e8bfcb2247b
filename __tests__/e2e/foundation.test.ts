import { describe, expect, it } from '@jest/globals';
import { OPERATION_NAMES } from '../../src/operations/registry.js';
import { emulatorSecrets, useEmulator } from '../helpers/emulator.js';
import { startProxy } from '../helpers/connect-proxy.js';
import { expectNoSecrets, runAction } from '../helpers/run-action.js';

const emu = useEmulator();
const SUBSCRIPTION = '00000000-0000-4000-8000-000000000001';

describe('the bundle, run as a runner runs it', () => {
  it('fails an unknown operation before any request, listing the valid ones', async () => {
    const run = await runAction({ operation: 'reboot-everything', 'base-url': emu.get().url });
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain("'reboot-everything' is not an operation");
    expect(run.errors[0]).toContain(`valid operations: ${OPERATION_NAMES.join(', ')}`);
    expect(OPERATION_NAMES).toContain('erp-start');
    expect(emu.get().requests).toHaveLength(0);
  });

  it('names the input and what it accepts, before any request', async () => {
    const run = await runAction({
      operation: 'erp-stop',
      'base-url': emu.get().url,
      'access-token': 'emu-access-token',
      'subscription-id': SUBSCRIPTION,
      'resource-group': 'rg',
      'erp-virtual-instance': 'X01',
      timeout: 'soon',
    });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain("Input 'timeout': must be a duration like 90s, 15m, 2h");
    expect(emu.get().requests).toHaveLength(0);
  });

  it('refuses an http address that is not loopback', async () => {
    const run = await runAction({
      operation: 'wait-for-operation',
      'base-url': 'http://vendor.example.com',
      'access-token': 'emu-access-token',
      'operation-url': 'http://vendor.example.com/op',
    });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain("Input 'base-url': must use https");
  });

  it('says what to set when no way to sign in is given', async () => {
    const run = await runAction({
      operation: 'check-image-cached',
      'base-url': emu.get().url,
      'subscription-id': SUBSCRIPTION,
      location: 'westeurope',
      image: 'nginx',
    });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain('needs a way to sign in: set access-token, or client-id and tenant-id');
    expect(emu.get().requests).toHaveLength(0);
  });

  it('masks every secret input and never prints one', async () => {
    const secret = 'super-secret-client-value-123';
    const run = await runAction({
      operation: 'check-image-cached',
      'base-url': emu.get().url,
      'client-id': 'emu-client',
      'client-secret': secret,
      'subscription-id': 'not-a-uuid',
      location: 'westeurope',
      image: 'nginx',
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`::add-mask::${secret}`);
    expectNoSecrets(run, [secret]);
    expectNoSecrets(
      run,
      emulatorSecrets(emu.get()).filter((s) => s !== 'emu-client-secret'),
    );
  });

  const imageInputs = () => ({
    operation: 'check-image-cached',
    'base-url': emu.get().url,
    'subscription-id': SUBSCRIPTION,
    location: 'westeurope',
    image: 'nginx',
  });

  it('signs in by federation with the runner OIDC token, and masks the token it is issued', async () => {
    const e = emu.get();
    e.clients.push({ clientId: 'fed-client' });
    e.cachedImages.setImages('westeurope', [{ image: 'nginx', osType: 'Linux' }]);
    const run = await runAction(
      { ...imageInputs(), 'client-id': 'fed-client', 'tenant-id': 'tenant-1', 'auth-url': e.url },
      {
        env: {
          ACTIONS_ID_TOKEN_REQUEST_URL: `${e.url}/_oidc/token?api-version=2.0`,
          ACTIONS_ID_TOKEN_REQUEST_TOKEN: e.oidcRequestToken,
        },
      },
    );
    expect(run.code).toBe(0);
    expect(run.outputs.cached).toBe('true');
    const oidc = e.requests.find((r) => r.url.pathname === '/_oidc/token');
    expect(oidc?.url.searchParams.get('audience')).toBe('api://VendorADTokenExchange');
    const grant = new URLSearchParams(
      e.requests.find((r) => r.url.pathname.endsWith('/oauth2/v2.0/token'))!.body,
    );
    expect(grant.get('client_assertion')).toBe([...e.issuedOidcTokens][0]);
    expect(grant.get('scope')).toBe(`${e.url}/.default`);
    const [issued] = [...e.issuedTokens.keys()];
    expect(run.stdout).toContain(`::add-mask::${issued}`);
    expect(e.requestsTo(/cachedImages/)[0]!.headers.authorization).toBe(`Bearer ${issued}`);
    expectNoSecrets(run, emulatorSecrets(e));
  });

  it('without a secret and without a runner OIDC token, says what to set, before any request', async () => {
    const run = await runAction({
      ...imageInputs(),
      'client-id': 'fed-client',
      'tenant-id': 't',
      'auth-url': emu.get().url,
    });
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain("Input 'client-secret': is not set and the runner offers no OIDC token");
    expect(emu.get().requests).toHaveLength(0);
  });

  it('goes through the proxy HTTP_PROXY names', async () => {
    const proxy = await startProxy();
    try {
      emu.get().cachedImages.setImages('westeurope', [{ image: 'nginx', osType: 'Linux' }]);
      const run = await runAction(
        { ...imageInputs(), 'access-token': 'emu-access-token' },
        { env: { HTTP_PROXY: proxy.url } },
      );
      expect(run.code).toBe(0);
      expect(proxy.targets.length).toBeGreaterThan(0);
      expect(proxy.targets.every((t) => t.includes(new URL(emu.get().url).host))).toBe(true);
      expectNoSecrets(run, emulatorSecrets(emu.get()));
    } finally {
      await proxy.close();
    }
  });
});
