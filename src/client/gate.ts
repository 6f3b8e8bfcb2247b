import type { Clock } from './clock.js';
import { WaitPastDeadline } from './deadline.js';
import { ReadBuckets } from './read-bucket.js';

/** Requests that change something sent at once before any has been answered; one more for each answered. */
const INITIAL_WINDOW = 8;
const MAX_WINDOW = 1_000;

/**
 * One per client, shared by every request it sends (every instance of a fan-out): after a 429 it holds new
 * requests to the origin until the Retry-After has passed, then lets those that change something through one at a
 * time until one is answered without a 429 and no other waits. A fleet then slows down together: released all at once, sixty
 * waiting requests would meet a bucket holding a few tokens, and most would be throttled again.
 *
 * Requests that change something also pass a window (a slow start): at most 8 in flight at first, one more for
 * each answered, half as many after a 429. The service's write limit is unknown until it answers 429, and sixty
 * stops sent at once into a bucket of ten would be fifty 429s; reads are never limited by it.
 *
 * Reads of a subscription are paced by its read bucket as the service counts it (read-bucket.ts): a read waits for a
 * token where the last count heard, refilled since, shows none, instead of meeting the empty bucket.
 */
export class OriginGate {
  private window = INITIAL_WINDOW;
  private changesInFlight = 0;
  private readonly slots: (() => void)[] = [];
  /** Clock time before which nothing is sent. */
  private openAt = 0;
  /** The Retry-After of the last 429: the jitter of a release is up to 20 % of it. */
  private heldFor = 0;
  /** After a 429: requests pass one at a time, each once the one before it was answered. */
  private serial = false;
  private waiting = 0;
  private tail: Promise<void> = Promise.resolve();
  /** The answer that closed the gate last (a 429): a wait refused at the deadline names it. */
  private heldBy: unknown;

  private readonly reads: ReadBuckets;

  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly deadline?: number;
  /** `deadline`: clock time of the step's timeout; a hold that ends after it is refused, not waited out. */
  constructor(clock: Clock, random: () => number, deadline?: number) {
    this.clock = clock;
    this.random = random;
    this.deadline = deadline;
    this.reads = new ReadBuckets(clock);
  }

  /** Whether a request would be held now. */
  get closed(): boolean {
    return this.serial || this.clock.now() < this.openAt;
  }

  /** Holds every new request until `ms` from now (a 429's Retry-After); `by`: the answer that asked for it. */
  hold(ms: number, by?: unknown): void {
    this.openAt = Math.max(this.openAt, this.clock.now() + ms);
    this.heldFor = ms;
    this.heldBy = by;
    this.serial = true;
  }

  /**
   * Waits until the gate opens, plus up to 20 % of the Retry-After so that fleets of clients do not come back in
   * the same instant; never past the deadline: a hold that ends after it fails at once (WaitPastDeadline), and
   * the jitter is cut at it.
   */
  private async waitOpen(signal?: AbortSignal): Promise<void> {
    const now = this.clock.now();
    const wait = this.openAt - now;
    if (wait <= 0) return;
    if (this.deadline !== undefined && this.openAt > this.deadline) {
      throw new WaitPastDeadline(wait, this.heldBy);
    }
    const jittered = wait + this.random() * 0.2 * this.heldFor;
    await this.clock.sleep(Math.min(jittered, (this.deadline ?? Infinity) - now), signal);
  }

  /** Runs `work` (one attempt of a request) once the gate lets it through (Passage: how it reads the answer). */
  async pass<T>(work: () => Promise<T>, passage: Passage<T>): Promise<T> {
    if (!passage.change) return this.passRead(work, passage);
    const { throttledFor, signal } = passage;
    await this.slot(signal);
    try {
      return await this.passGate(
        work,
        (value) => {
          const held = throttledFor(value);
          this.window =
            held === undefined
              ? Math.min(MAX_WINDOW, this.window + 1)
              : Math.max(1, Math.floor(this.window / 2));
          return held;
        },
        signal,
      );
    } finally {
      this.changesInFlight--;
      this.fill();
    }
  }

  /** A place in the window of requests that change something. */
  private slot(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.changesInFlight < this.window) {
      this.changesInFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const take = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const at = this.slots.indexOf(take);
        if (at >= 0) this.slots.splice(at, 1);
        reject(signal!.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.slots.push(take);
    });
  }

  private fill(): void {
    while (this.changesInFlight < this.window && this.slots.length > 0) {
      this.changesInFlight++;
      this.slots.shift()!();
    }
  }

  /**
   * A read waits out the hold like any request, but is not queued behind the others: the write limit is what a
   * fleet of stops meets, and a poll held in the queue would only slow the writes' turns. A read of a subscription
   * then takes a token of its read bucket, waiting where there is none (never past the deadline).
   */
  private async passRead<T>(work: () => Promise<T>, passage: Passage<T>): Promise<T> {
    const { throttledFor, readsLeft, subscription, signal } = passage;
    await this.waitOpen(signal);
    if (subscription === undefined) return this.answerOf(work, throttledFor);
    const wait = this.reads.take(subscription);
    let remaining: number | undefined;
    try {
      if (wait > 0)
        await this.clock.sleep(Math.min(wait, (this.deadline ?? Infinity) - this.clock.now()), signal);
      return await this.answerOf(work, (value) => {
        remaining = readsLeft?.(value);
        return throttledFor(value);
      });
    } finally {
      this.reads.answered(subscription, remaining);
    }
  }

  /** Sends it; a 429 closes the gate for its Retry-After before the next request is let through. */
  private async answerOf<T>(
    work: () => Promise<T>,
    throttledFor: (value: T) => number | undefined,
  ): Promise<T> {
    const value = await work();
    const held = throttledFor(value);
    if (held !== undefined) this.hold(held, value);
    return value;
  }

  private async passGate<T>(
    work: () => Promise<T>,
    throttledFor: (value: T) => number | undefined,
    signal?: AbortSignal,
  ): Promise<T> {
    if (!this.closed) return this.answerOf(work, throttledFor);
    this.waiting++;
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise((resolve) => (release = resolve));
    try {
      await untilAborted(before, signal);
      await this.waitOpen(signal);
      const value = await work();
      const held = throttledFor(value);
      if (held !== undefined) this.hold(held, value);
      // Open again once one was answered without a 429 and no other waits, here or for a place in the window.
      else if (this.waiting === 1 && this.slots.length === 0) this.serial = false;
      return value;
    } finally {
      this.waiting--;
      release();
    }
  }
}

/** How the gate reads one attempt's answer, and what the attempt is. */
export interface Passage<T> {
  /** The Retry-After of a 429 answer (the gate closes for it before the next request is let through), else undefined. */
  throttledFor: (value: T) => number | undefined;
  /** The reads of its subscription the service says remain after this answer, where it says so. */
  readsLeft?: (value: T) => number | undefined;
  /** The subscription a read draws on (its path's), whose read bucket paces it; none: not paced. */
  subscription?: string;
  /** Ends a wait, not the work. */
  signal?: AbortSignal;
  /** A request that changes something: it passes the window, and after a 429 the queue. */
  change?: boolean;
}

/** Resolves with `promise`, or rejects with the signal's reason once it aborts, whichever comes first. */
function untilAborted(promise: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}
