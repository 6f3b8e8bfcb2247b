import type { ServerResponse } from 'node:http';
import { sendJson } from './respond.js';
import { WriteBuckets } from './write-bucket.js';

/** The subscription limits an emulator holds (either absent: no limit of that kind). */
export interface Limits {
  readonly readBuckets?: WriteBuckets;
  readonly writeBuckets?: WriteBuckets;
}

/** The write (and read) limit: a 429 with Retry-After where the subscription's bucket is empty (then true). */
export function throttle(
  limits: Limits,
  ctx: { record: { method: string }; url: URL; res: ServerResponse },
): boolean {
  const read = ctx.record.method === 'GET';
  const buckets = read ? limits.readBuckets : limits.writeBuckets;
  const subscription = read
    ? WriteBuckets.readSubscriptionOf(ctx.url.pathname)
    : WriteBuckets.subscriptionOf(ctx.record.method, ctx.url.pathname);
  if (!buckets || subscription === undefined) return false;
  const kind = read ? 'reads' : 'writes';
  const retryAfter = buckets.take(subscription);
  const remaining = String(buckets.remaining(subscription));
  if (retryAfter === undefined) {
    ctx.res.setHeader(`x-vendor-ratelimit-remaining-subscription-${kind}`, remaining);
    return false;
  }
  // The code is the emulator's wording; the status and Retry-After are what matter to a client.
  sendJson(
    ctx,
    429,
    {
      error: {
        code: 'TooManyRequests',
        message: `The subscription's ${read ? 'read' : 'write'} limit is reached; retry after ${retryAfter} s.`,
      },
    },
    { 'retry-after': String(retryAfter), [`x-vendor-ratelimit-remaining-subscription-${kind}`]: remaining },
  );
  return true;
}
