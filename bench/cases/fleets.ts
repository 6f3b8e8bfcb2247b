import type { Scenario, ServiceEmulator } from '../../src/emulator/index.js';
import { runChild } from '../child.js';
import {
  erpStopCase,
  expectSuccess,
  numbered,
  resourceManager,
  withEmulator,
  type Case,
} from '../harness.js';
import { SETTINGS } from '../settings.js';

/** Figure 4, many at once: a fan-out, a fleet and whole-system windows under the vendor's throttling. */

/**
 * 200 stops, 50 at a time, by the action; `least`: the same by the least client (floor.ts), what this machine makes
 * of the ideal with no action at all.
 */
const fanOut = (least: boolean): Case => ({
  name: least ? 'erp-stop fan-out, the least client' : 'erp-stop fan-out',
  run(env) {
    const { instances, maxParallel } = SETTINGS.fanOut;
    return erpStopCase(env, {
      name: this.name,
      names: numbered('E', instances),
      timing: SETTINGS.fanOut,
      inputs: { 'max-parallel': String(maxParallel) },
      ...(least ? { main: env.fanOutFloorMain } : {}),
      measure: (emu, run) => ({ wallMs: run.wallMs, rssKiB: run.peakRssKiB, requests: emu.requests.length }),
    });
  },
});

const fleet: Case = {
  name: 'erp-stop fleet under throttling',
  run(env) {
    const { instances, maxParallel, bucket } = SETTINGS.fleet;
    return erpStopCase(env, {
      name: this.name,
      names: numbered('T', instances),
      timing: SETTINGS.fleet,
      inputs: { 'max-parallel': String(maxParallel) },
      emulator: { writeBucket: bucket },
      measure: (emu, run) => ({
        wallMs: run.wallMs,
        requests: emu.requests.length,
        throttled: emu.writeBuckets?.throttled ?? 0,
      }),
    });
  },
};

/** Whether every system's four steps were accepted in the safe order (a 429 never reaches the route). */
function inSafeOrder(emu: ServiceEmulator, names: string[]): boolean {
  return names.every((name) => {
    const system = emu.erp
      .stopsOf(name)
      .map((s) => [s.startedAt, s.deallocateVm ? 'app vm' : 'app'] as const);
    const db = emu.erp.parts.actions
      .filter((a) => a.system === name && a.accepted)
      .map((a) => [a.at, a.body.includes('deallocateVm') ? 'db vm' : 'db'] as const);
    const order = [...system, ...db].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
    return order.join(',') === 'app,db,app vm,db vm';
  });
}

/**
 * 200 systems' whole-system stop with deallocate-vm, 20 at once, each step an operation of 3 s, under the vendor's
 * write bucket (200, 10 a second) and read bucket (250, 25 a second); fails unless every system's four steps were
 * accepted in the safe order (application, database, application machines, database machines).
 */
const window: Case = {
  name: 'erp-stop whole-system window under throttling',
  // 143 s a run (the read bucket's 142 s bound it); ten of them made a full bench take over half an hour.
  maxRounds: 2,
  run(env) {
    const w = SETTINGS.window;
    const names = numbered('S', w.systems);
    const timing = { durationMs: w.durationMs, retryAfter: String(w.retryAfterSeconds) };
    const scenario: Scenario = {
      emulator: { writeBucket: w.writeBucket, readBucket: w.readBucket },
      erp: { defaults: timing, parts: { defaults: timing } },
    };
    return withEmulator(env, scenario, async (emu) => {
      const run = await runChild(
        [env.actionMain],
        {
          operation: 'erp-stop',
          ...resourceManager(emu),
          'resource-group': 'rg',
          'erp-virtual-instance': names.join('\n'),
          'whole-system': 'true',
          'deallocate-vm': 'true',
          'max-parallel': String(w.maxParallel),
        },
        env,
        { timeoutMs: 900_000 },
      );
      expectSuccess(this.name, run, inSafeOrder(emu, names));
      return {
        wallMs: run.wallMs,
        rssKiB: run.peakRssKiB,
        requests: emu.requests.length,
        reads: emu.requests.filter((r) => r.method === 'GET').length,
        throttled: (emu.writeBuckets?.throttled ?? 0) + (emu.readBuckets?.throttled ?? 0),
      };
    });
  },
};

export const FAN_OUT_CASES: Case[] = [fanOut(false), fanOut(true), fleet];
export const WINDOW_CASES: Case[] = [window];
