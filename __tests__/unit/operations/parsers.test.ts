import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { VirtualClock } from '../../../src/client/clock.js';
import { startEmulator, type ServiceEmulator } from '../../../src/emulator/index.js';
import { INPUTS } from '../../../src/operations/inputs.js';
import { inputsFor, runInProcess } from '../../faults/harness.js';

let emu: ServiceEmulator;
beforeEach(async () => {
  emu = await startEmulator();
});
afterEach(async () => {
  await emu.close();
});

describe('poll-interval has a floor of 1 s, the contract’s clamp for Retry-After', () => {
  it.each([
    ['0.05', 1000],
    ['250ms', 1000],
    ['1', 1000],
    ['2s', 2000],
  ])('%s is read as %i ms', (value, ms) => {
    expect(INPUTS['poll-interval'].parse.parse(value)).toBe(ms);
  });

  it.each([
    ['0.05', 1000],
    ['3s', 3000],
  ])('a stop polled with poll-interval %s waits %i ms between polls', async (value, ms) => {
    emu.erp.setInstance('X01', { steps: ['InProgress', 'InProgress', 'Succeeded'] });
    const clock = new VirtualClock(Date.now());
    const r = await runInProcess(
      { operation: 'erp-stop', ...inputsFor('erp-stop', emu), 'poll-interval': value },
      { clock },
    );
    expect(r.ok).toBe(true);
    // One wait before each poll, each of the interval read.
    expect(clock.sleeps).toHaveLength(emu.requestsTo(/\/operationStatuses\//).length);
    expect(clock.sleeps.length).toBeGreaterThan(1);
    expect(new Set(clock.sleeps)).toEqual(new Set([ms]));
  });
});

describe('location: one or more region names', () => {
  const read = (v: string) => INPUTS.location.parse.safeParse(v);
  it.each([
    ['westeurope', ['westeurope']],
    ['westeurope,northeurope', ['westeurope', 'northeurope']],
    [' westeurope , eastus2\nnortheurope\n\n', ['westeurope', 'eastus2', 'northeurope']],
    ['westeurope\nwesteurope', ['westeurope']],
  ])('%j is read as %j', (value, regions) => {
    expect(read(value)).toMatchObject({ success: true, data: regions });
  });

  it.each([
    ['North Europe', "item 'North Europe' has whitespace inside"],
    ['westeurope,,northeurope', 'has an empty item between commas'],
    ['westeurope,', 'has an empty item between commas'],
    ['northeurope&x=1', "item 'northeurope&x=1' is not a region name"],
    ['west/europe', "item 'west/europe' is not a region name"],
    ['x'.repeat(65), 'is not a region name'],
    [' \n ', 'must name at least one region'],
  ])('%j is refused: %s', (value, message) => {
    const result = read(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
