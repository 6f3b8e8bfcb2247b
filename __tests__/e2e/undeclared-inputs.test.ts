import { describe, expect, it } from '@jest/globals';
import { runCli } from '../helpers/run-cli.js';
import { runOnEmulator, useEmulator } from '../helpers/emulator.js';

/**
 * An input the action does not declare (a misspelt `with:` key) fails the step before any request, naming it and
 * the nearest input: ignored, `dry_run: true` would stop the instances for real, and `soft-stop-timeout-second`
 * would turn a soft stop into a hard one. The runner passes a `with:` key as INPUT_ and the key upper-cased,
 * hyphens kept.
 */
const emu = useEmulator();
const SUB = '00000000-0000-4000-8000-0000000000f1';

const stop = (extra: Record<string, string>) => ({
  operation: 'erp-stop',
  'subscription-id': SUB,
  'resource-group': 'rg',
  'erp-virtual-instance': 'X01',
  ...extra,
});

describe('an INPUT_* variable that action.yml does not declare', () => {
  it.each([
    ['dry_run', 'true', 'dry-run'],
    ['soft-stop-timeout-second', '600', 'soft-stop-timeout-seconds'],
    ['max_parallel', '2', 'max-parallel'],
  ])(
    '%s fails the step before any request, naming the input it most likely meant',
    async (key, value, meant) => {
      const r = await runOnEmulator(emu.get(), stop({ [key]: value }));
      expect(r.code).toBe(1);
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toContain(`Input '${key}': is not an input of this action`);
      expect(r.errors[0]).toContain(`did you mean ${meant}?`);
      expect(emu.get().requests).toEqual([]);
      // The summary states the cause, as for any invalid input.
      expect(r.summary).toContain(`Input &#39;${key}&#39;: is not an input of this action`);
    },
  );

  it('names no input where none is close, and still sends nothing', async () => {
    const r = await runOnEmulator(emu.get(), stop({ reboot: 'true' }));
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain("Input 'reboot': is not an input of this action");
    expect(r.errors[0]).not.toContain('did you mean');
    expect(emu.get().requests).toEqual([]);
  });
});

describe('a misspelt VENDOR_OPS_* variable on the command line', () => {
  it('is a usage error (exit 2) naming the variable it most likely meant, before any request', async () => {
    const run = await runCli(['erp-stop', '--erp-virtual-instance', 'X01', '--wait', 'false'], {
      VENDOR_OPS_BASE_URL: emu.get().url,
      VENDOR_OPS_ACCESS_TOKEN: 'emu-access-token',
      VENDOR_OPS_SUBSCRIPTION_ID: SUB,
      VENDOR_OPS_RESOURCE_GROUP: 'rg',
      VENDOR_OPS_DRY_RUNN: 'true',
      VENDOR_OPS_NONSENSE: 'x',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: VENDOR_OPS_DRY_RUNN names no input; did you mean VENDOR_OPS_DRY_RUN?; VENDOR_OPS_NONSENSE names no input (unset it or correct its name)\n',
    );
    expect(emu.get().requests).toEqual([]);
  });
});
