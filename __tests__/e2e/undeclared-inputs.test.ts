import { describe, expect, it } from '@jest/globals';
import { runOnEmulator, useEmulator } from '../helpers/emulator.js';

/**
 * An input the action does not declare (a misspelt `with:` key) fails the step before any request, naming it and
 * the nearest input: ignored, `dry_run: true` would stop the instances for real, and `soft-stop-timeout-second`
 * would turn a soft stop into a hard one. The runner passes a `with:` key as INPUT_ and the key upper-cased,
 * hyphens kept. (The command line's VENDOR_OPS_* variables: cli-failure.test.ts.)
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
