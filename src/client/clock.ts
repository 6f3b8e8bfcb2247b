import { setTimeout as delay } from 'node:timers/promises';

/** Time comes in through this, so a test of a one-hour wait runs in milliseconds. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

// Monotonic: a wall-clock step backwards must not lengthen a wait. `process.hrtime`, not `performance`, whose first
// use loads node:perf_hooks (docs/benchmark.md, "The action's own start-up").
const origin = Date.now();
const originNs = process.hrtime.bigint();

export const systemClock: Clock = {
  now: () => origin + Number(process.hrtime.bigint() - originNs) / 1e6,
  sleep: async (ms, signal) => {
    await delay(Math.max(0, ms), undefined, { signal });
  },
};

/** A clock whose sleeps return at once and move its time forward: for tests. */
export class VirtualClock implements Clock {
  readonly sleeps: number[] = [];
  private time: number;
  constructor(time = Date.UTC(2026, 0, 1)) {
    this.time = time;
  }
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.sleeps.push(ms);
    this.time += Math.max(0, ms);
    await Promise.resolve();
  }
}
