import { describe, expect, it } from '@jest/globals';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { VirtualClock, type Clock } from '../../../src/client/clock.js';
import { OriginGate, type Passage } from '../../../src/client/gate.js';
import { REMAINING_READS_HEADER, remainingReadsOf } from '../../../src/client/read-bucket.js';
import { defaultRetryPolicy } from '../../../src/client/retry.js';
import { WriteBuckets } from '../../../src/emulator/write-bucket.js';
import { clientOver, type FakeAnswer } from '../../helpers/fake-transport.js';

/** A read of `sub` whose answer says `left` reads remain (undefined: says nothing); never a 429. */
const read = (sub: string | undefined, left?: number): Passage<number | undefined> => ({
  throttledFor: () => undefined,
  readsLeft: () => left,
  subscription: sub,
});

describe('OriginGate', () => {
  it('holds every request until the Retry-After, then lets those that change something through one at a time', async () => {
    const clock = new VirtualClock();
    const gate = new OriginGate(clock, () => 0);
    gate.hold(5_000);
    const order: string[] = [];
    let finishA!: () => void;
    const change = { throttledFor: () => undefined, change: true };
    const a = gate.pass(
      () => new Promise<string>((resolve) => (finishA = () => resolve('a'))).then((v) => (order.push(v), v)),
      change,
    );
    const b = gate.pass(async () => (order.push('b'), 'b'), change);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // A waited the Retry-After; B waits for A's answer.
    expect(clock.sleeps).toEqual([5_000]);
    expect(order).toEqual([]);
    finishA();
    await Promise.all([a, b]);
    expect(order).toEqual(['a', 'b']);
    // Answered without a 429 and nobody waiting: open again, nothing held.
    expect(gate.closed).toBe(false);
  });

  it('holds a read until the Retry-After too, but does not queue it behind the others', async () => {
    const clock = new VirtualClock();
    const gate = new OriginGate(clock, () => 0);
    gate.hold(3_000);
    let finishWrite!: () => void;
    const write = gate.pass(() => new Promise<number>((resolve) => (finishWrite = () => resolve(202))), {
      throttledFor: () => undefined,
      change: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await gate.pass(async () => 200, { throttledFor: () => undefined })).toBe(200);
    expect(clock.sleeps).toEqual([3_000]);
    finishWrite();
    await write;
  });

  it('closes again on a 429 of a released request, before the next one goes', async () => {
    const clock = new VirtualClock();
    const gate = new OriginGate(clock, () => 0);
    gate.hold(1_000);
    const first = gate.pass(async () => 429, {
      throttledFor: (status) => (status === 429 ? 2_000 : undefined),
      change: true,
    });
    const second = gate.pass(async () => 200, { throttledFor: () => undefined, change: true });
    await Promise.all([first, second]);
    expect(clock.sleeps).toEqual([1_000, 2_000]);
  });
});

describe("OriginGate: reads paced by their subscription's read bucket", () => {
  it('paces nothing until the service has said how many reads remain', async () => {
    const clock = new VirtualClock();
    const gate = new OriginGate(clock, () => 0);
    for (let i = 0; i < 300; i++) await gate.pass(async () => 200, read('sub'));
    expect(clock.sleeps).toEqual([]);
  });

  it('after a count of 0, waits for the refill of one read (25 a second)', async () => {
    const clock = new VirtualClock();
    const gate = new OriginGate(clock, () => 0);
    await gate.pass(async () => 200, read('sub', 0));
    await gate.pass(async () => 200, read('sub', 0));
    expect(clock.sleeps).toEqual([40]);
  });

  it('counts the reads still unanswered as taken: the count may not include them yet', async () => {
    const clock = new VirtualClock();
    const gate = new OriginGate(clock, () => 0);
    let answer!: () => void;
    const onWire = new Promise<number>((resolve) => (answer = () => resolve(200)));
    // Two reads on the wire (sent unpaced: nothing heard yet) when a count of 0 comes back.
    const inFlight = [gate.pass(() => onWire, read('sub')), gate.pass(() => onWire, read('sub'))];
    await nextTurn();
    await gate.pass(async () => 200, read('sub', 0));
    await gate.pass(async () => 200, read('sub'));
    expect(clock.sleeps).toEqual([120]);
    // Answered without a count: the picture keeps them taken, and refills; the next waits for one read.
    answer();
    await Promise.all(inFlight);
    await gate.pass(async () => 200, read('sub'));
    expect(clock.sleeps).toEqual([120, 40]);
  });

  it('keeps a bucket per subscription, and never paces a read of none (another API)', async () => {
    const clock = new VirtualClock();
    const gate = new OriginGate(clock, () => 0);
    await gate.pass(async () => 200, read('sub-a', 0));
    await gate.pass(async () => 200, read('sub-b', 5));
    await gate.pass(async () => 200, read(undefined, 0));
    await gate.pass(async () => 200, read(undefined));
    expect(clock.sleeps).toEqual([]);
    await gate.pass(async () => 200, read('sub-a'));
    expect(clock.sleeps).toEqual([40]);
  });

  it('refills the picture by the time passed, up to what the service has shown it holds', async () => {
    const clock = new VirtualClock();
    const gate = new OriginGate(clock, () => 0);
    await gate.pass(async () => 200, read('sub', 3));
    // Ten minutes idle refill far more than the 4 the bucket has shown it holds: the fifth read waits.
    clock.advance(600_000);
    for (let i = 0; i < 4; i++) await gate.pass(async () => 200, read('sub'));
    expect(clock.sleeps).toEqual([]);
    await gate.pass(async () => 200, read('sub'));
    expect(clock.sleeps).toEqual([40]);
  });

  it("never waits for a read past the step's timeout", async () => {
    const clock = new VirtualClock();
    const gate = new OriginGate(clock, () => 0, clock.now() + 100);
    // Nine reads never answered, then a count of 0: the next read would wait 400 ms, and waits the 100 left.
    for (let i = 0; i < 9; i++) void gate.pass(() => new Promise<number>(() => {}), read('sub'));
    await nextTurn();
    await gate.pass(async () => 200, read('sub', 0));
    await gate.pass(async () => 200, read('sub'));
    expect(clock.sleeps).toEqual([100]);
  });
});

/** A clock on which concurrent sleeps each end at their own time, in order (VirtualClock adds them up). */
class Timeline implements Clock {
  private time = Date.UTC(2026, 0, 1);
  private seq = 0;
  private readonly timers: { at: number; seq: number; wake: () => void }[] = [];
  now(): number {
    return this.time;
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    return new Promise((wake) =>
      this.timers.push({ at: this.time + Math.max(0, ms), seq: this.seq++, wake }),
    );
  }
  /** Lets every request run as far as it can, then moves time to the next sleep's end; until `done`. */
  async run<T>(done: Promise<T>): Promise<T> {
    let ended = false;
    void done.then(
      () => (ended = true),
      () => (ended = true),
    );
    // A request between two sleeps takes several turns (the wire's own turn, the body, the answer's reading).
    for (let idle = 0; ;) {
      for (let i = 0; i < 20; i++) await nextTurn();
      if (ended) return done;
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers.shift();
      if (!next) {
        if (++idle > 50) throw new Error('nothing to wait for, and not done');
        continue;
      }
      idle = 0;
      this.time = Math.max(this.time, next.at);
      next.wake();
    }
  }
}

describe('HttpClient under a read bucket (the vendor: 250, refilled 25 a second)', () => {
  it("sends a fleet's reads at the bucket's pace: none refused with 429, none sent twice", async () => {
    const clock = new Timeline();
    const bucket = new WriteBuckets({ capacity: 250, refillPerSecond: 25 }, () => clock.now());
    const service = (): FakeAnswer => {
      const retryAfter = bucket.take('sub');
      const headers = { [REMAINING_READS_HEADER]: String(bucket.remaining('sub')) };
      if (retryAfter === undefined) return { status: 200, json: {}, headers };
      return {
        status: 429,
        json: { error: { code: 'TooManyRequests' } },
        headers: { ...headers, 'retry-after': String(retryAfter) },
      };
    };
    const http = clientOver(service, {
      origin: 'https://management.example',
      clock,
      // As a step's: a 429 is retried until the timeout, not a number of times.
      deadline: clock.now() + 10 * 60_000,
      retry: { ...defaultRetryPolicy, random: () => 0 },
    });
    // Twenty instances at once, 25 reads each: 500 reads, 250 beyond the bucket's 250.
    const started = clock.now();
    const instance = async () => {
      for (let i = 0; i < 25; i++) await http.send({ method: 'GET', url: '/subscriptions/SUB/x' });
    };
    await clock.run(Promise.all(Array.from({ length: 20 }, instance)));
    expect(bucket.throttled).toBe(0);
    expect(http.requestCount).toBe(500);
    // At the refill rate: (500 - 250) / 25 = 10 s of the clock, and the reads kept in hand, under a second.
    expect(clock.now() - started).toBeGreaterThanOrEqual(10_000);
    expect(clock.now() - started).toBeLessThan(11_000);
  });
});

describe('remainingReadsOf', () => {
  it.each([
    ['17', 17],
    [' 0 ', 0],
    ['-1', undefined],
    ['many', undefined],
    ['1.5', undefined],
    [undefined, undefined],
  ])('%j reads as %j', (value, expected) => {
    expect(remainingReadsOf(value === undefined ? {} : { [REMAINING_READS_HEADER]: value })).toBe(expected);
  });
});
