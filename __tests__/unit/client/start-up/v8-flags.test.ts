import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { MEMORY_FLAGS, WASM_TIERING_FLAG } from '../../../../src/client/start-up/v8-flags.js';

/**
 * The entries set V8 flags at run time (src/client/start-up/v8-flags.ts). A Node whose V8 drops or renames one would
 * only print "unrecognized flag" and carry on, the gain silently gone; these tests run on the Node the action runs
 * on and fail then.
 */

// A WebAssembly function `f(n)` that sums n..1 in a loop: hot enough to be tiered up.
const HOT_LOOP = [
  [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  [0x01, 0x06, 0x01, 0x60, 0x01, 0x7f, 0x01, 0x7f], // type: (i32) -> i32
  [0x03, 0x02, 0x01, 0x00], // one function of that type
  [0x07, 0x05, 0x01, 0x01, 0x66, 0x00, 0x00], // exported as "f"
  [0x0a, 0x23, 0x01, 0x21, 0x01, 0x01, 0x7f], // its code: one local i32 (the sum)
  [0x02, 0x40, 0x03, 0x40, 0x20, 0x00, 0x45, 0x0d, 0x01], // block, loop, exit when n == 0
  [0x20, 0x01, 0x20, 0x00, 0x6a, 0x21, 0x01], // sum += n
  [0x20, 0x00, 0x41, 0x01, 0x6b, 0x21, 0x00, 0x0c, 0x00], // n -= 1, again
  [0x0b, 0x0b, 0x20, 0x01, 0x0b], // end, end, return sum
].flat();

/**
 * Sets `flag` at run time as the entries do, runs the hot loop past V8's default tiering budget, and reports the
 * tier `f` ended on. `--wasm-sync-tier-up` makes the tier-up happen at once instead of on a background thread.
 */
function tierAfterHotLoop(flag: string | undefined) {
  const script = `
    const flag = process.env.FLAG_UNDER_TEST;
    if (flag) require('node:v8').setFlagsFromString(flag);
    const module = new WebAssembly.Module(new Uint8Array(${JSON.stringify(HOT_LOOP)}));
    const f = new WebAssembly.Instance(module).exports.f;
    for (let i = 0; i < 20; i++) f(200000);
    console.log(JSON.stringify({ liftoff: %IsLiftoffFunction(f), turbofan: %IsTurboFanFunction(f) }));
  `;
  const child = spawnSync(process.execPath, ['--allow-natives-syntax', '--wasm-sync-tier-up', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', FLAG_UNDER_TEST: flag ?? '' },
  });
  expect(child.status).toBe(0);
  return { tier: JSON.parse(child.stdout) as { liftoff: boolean; turbofan: boolean }, stderr: child.stderr };
}

describe('the V8 flag that keeps undici’s WebAssembly parser on the baseline tier', () => {
  it('is checked on the Node major the action runs on (action.yml runs.using)', async () => {
    const yml = await readFile(new URL('../../../../action.yml', import.meta.url), 'utf8');
    const using = /^\s+using:\s*'?node(\d+)'?\s*$/m.exec(yml)?.[1];
    expect(process.versions.node.split('.')[0]).toBe(using);
  });

  it('without it, the hot loop is tiered up to TurboFan (so the next test can tell)', () => {
    expect(tierAfterHotLoop(undefined).tier).toEqual({ liftoff: false, turbofan: true });
  });

  it('with it set at run time, the same loop stays on Liftoff and V8 does not complain', () => {
    const { tier, stderr } = tierAfterHotLoop(WASM_TIERING_FLAG);
    expect(stderr).not.toMatch(/unrecognized flag/i);
    expect(tier).toEqual({ liftoff: true, turbofan: false });
  });

  it('an unknown flag is only a line on stderr: what the test above would see', () => {
    const { tier, stderr } = tierAfterHotLoop(WASM_TIERING_FLAG.replace('budget', 'budgett'));
    expect(stderr).toMatch(/unrecognized flag/i);
    expect(tier.turbofan).toBe(true);
  });
});

/**
 * Sets `flags` at run time as the entries do, then asks for a TurboFan compile of a small function and churns
 * through short-lived objects: reports the tier the function ended on and the young generation's size before and
 * after.
 */
function afterChurn(flags: readonly string[]) {
  const script = `
    for (const flag of JSON.parse(process.env.FLAGS_UNDER_TEST)) require('node:v8').setFlagsFromString(flag);
    const newSpace = () => require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
    function add(a, b) { return a + b; }
    %PrepareFunctionForOptimization(add); add(1, 2); add(3, 4); %OptimizeFunctionOnNextCall(add); add(5, 6);
    const before = newSpace();
    const kept = [];
    for (let i = 0; i < 2e6; i++) { kept.push({ i, s: 'x' + i }); if (kept.length > 50000) kept.length = 0; }
    console.log(JSON.stringify({ turbofan: %ActiveTierIsTurbofan(add), before, after: newSpace() }));
  `;
  const child = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', FLAGS_UNDER_TEST: JSON.stringify(flags) },
  });
  expect(child.status).toBe(0);
  return {
    ...(JSON.parse(child.stdout) as { turbofan: boolean; before: number; after: number }),
    stderr: child.stderr,
  };
}

describe('the V8 flags that keep a step’s memory bounded', () => {
  it('without them, the function reaches TurboFan and the young generation grows past 32 × its first size', () => {
    const { turbofan, before, after } = afterChurn([]);
    expect(turbofan).toBe(true);
    expect(after).toBeGreaterThan(32 * before);
  });

  it('with them set at run time, no TurboFan, the young generation stays within 8 × its first size, no complaint', () => {
    const { turbofan, before, after, stderr } = afterChurn(MEMORY_FLAGS);
    expect(stderr).not.toMatch(/unrecognized flag/i);
    expect(turbofan).toBe(false);
    // 2 × in most runs here, 5 to 6 × in some: V8 still grows it where a scavenge frees too little.
    expect(after).toBeLessThanOrEqual(8 * before);
  });
});
