/**
 * The resource manager's write limit, as a token bucket per subscription: each request that changes something
 * (any method but GET under `/subscriptions/{id}/`) takes a token; an empty bucket answers 429 with the
 * Retry-After until the next token. The vendor's is 200 tokens refilled at 10 per second; tests and the
 * benchmark use small ones so that a fleet is throttled.
 */
export interface WriteBucketOptions {
  capacity: number;
  refillPerSecond: number;
}

export class WriteBuckets {
  /** 429s answered, for tests and the benchmark. */
  throttled = 0;
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  readonly options: WriteBucketOptions;
  private readonly now: () => number;
  constructor(options: WriteBucketOptions, now: () => number) {
    this.options = options;
    this.now = now;
  }

  /** The subscription a write goes to, or undefined for a request the bucket does not count. */
  static subscriptionOf(method: string, path: string): string | undefined {
    return method === 'GET' ? undefined : WriteBuckets.readSubscriptionOf(path);
  }

  /** The subscription a read (a GET under `/subscriptions/{id}/`) goes to, for the read limit. */
  static readSubscriptionOf(path: string): string | undefined {
    return /^\/subscriptions\/([^/]+)\//i.exec(path)?.[1]?.toLowerCase();
  }

  /** Takes a token; where none is left, the whole seconds until one is (the Retry-After), and nothing is taken. */
  take(subscription: string): number | undefined {
    const { capacity, refillPerSecond } = this.options;
    const now = this.now();
    const bucket = this.buckets.get(subscription) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * refillPerSecond);
    bucket.at = now;
    this.buckets.set(subscription, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    this.throttled++;
    return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond));
  }

  /** Whole tokens left for the subscription now (the remaining-writes header). */
  remaining(subscription: string): number {
    return Math.floor(this.buckets.get(subscription)?.tokens ?? this.options.capacity);
  }
}
