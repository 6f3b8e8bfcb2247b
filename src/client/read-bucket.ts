import type { Clock } from './clock.js';
import type { HttpResponse } from './response.js';

/**
 * The vendor's read bucket refills 25 reads a second per subscription (service-beyond-seed.md, throttling); the
 * service sends only the count left, so the rate is taken from there. A rate wrong either way costs only time or a
 * 429: every answer's count resets the estimate, and a 429 still closes the gate for its Retry-After.
 */
export const READ_REFILL_PER_SECOND = 25;

/** The answer's header that says how many reads of its subscription remain (areas A to C). */
export const REMAINING_READS_HEADER = 'x-vendor-ratelimit-remaining-subscription-reads';

/** The subscription a request's path draws on, lower-cased; undefined where it names none. */
export function subscriptionOf(path: string): string | undefined {
  return /^\/subscriptions\/([^/]+)\//i.exec(path)?.[1]?.toLowerCase();
}

/** The count of reads left that an answer carries, or undefined where it carries none that reads as one. */
export function remainingReadsOf(headers: Record<string, string>): number | undefined {
  const value = headers[REMAINING_READS_HEADER]?.trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * What the gate needs to pace a request by its subscription's read bucket: only a GET draws on it (a POST that
 * reads is counted as a write by the service), and only one under `/subscriptions/{id}/`.
 */
export function readBucketOf(
  method: string,
  url: URL,
): { subscription?: string; readsLeft: (response: HttpResponse) => number | undefined } {
  return {
    subscription: method === 'GET' ? subscriptionOf(url.pathname) : undefined,
    readsLeft: (response) => remainingReadsOf(response.headers),
  };
}

interface Bucket {
  /** Reads the bucket held at `at` by the last count heard, less those taken since; undefined until one is heard. */
  tokens?: number;
  at: number;
  /** The most it can hold as far as is known: one more than the highest count heard (that count is after a read). */
  ceiling: number;
  /** Reads that took a token and are not answered yet, waiting or on the wire. */
  unanswered: number;
}

/**
 * The client's picture of each subscription's read bucket, from the counts the service sends: a read takes a token
 * and waits for one where the picture shows none, so a fleet's reads go at the refill rate instead of meeting an
 * empty bucket (a 429 each, and a gate closed for its Retry-After). Nothing is paced until a count is heard.
 */
export class ReadBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly clock: Clock;
  private readonly perSecond: number;
  constructor(clock: Clock, refillPerSecond = READ_REFILL_PER_SECOND) {
    this.clock = clock;
    this.perSecond = refillPerSecond;
  }

  /** Takes a token for a read of `subscription` about to go: the ms it waits first (0: it goes now). */
  take(subscription: string): number {
    let bucket = this.buckets.get(subscription);
    if (!bucket) this.buckets.set(subscription, (bucket = { at: 0, ceiling: Infinity, unanswered: 0 }));
    bucket.unanswered++;
    if (bucket.tokens === undefined) return 0;
    const now = this.clock.now();
    bucket.tokens = Math.min(bucket.ceiling, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond) - 1;
    bucket.at = now;
    return bucket.tokens >= 0 ? 0 : Math.ceil((-bucket.tokens / this.perSecond) * 1000);
  }

  /** A read that took a token has ended; `remaining`: the count its answer carried (none: no answer, no count). */
  answered(subscription: string, remaining?: number): void {
    const bucket = this.buckets.get(subscription);
    if (!bucket) return;
    bucket.unanswered = Math.max(0, bucket.unanswered - 1);
    if (remaining === undefined) return;
    bucket.ceiling = Math.max(bucket.ceiling === Infinity ? 0 : bucket.ceiling, remaining + 1);
    // The reads still unanswered may be in the count or not yet: counted as taken, the side that meets no 429.
    bucket.tokens = remaining - bucket.unanswered;
    bucket.at = this.clock.now();
  }
}
