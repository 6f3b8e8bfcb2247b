/** The knobs the table's notes quote; chosen so one round of every case takes about 15 s. */
export const SETTINGS = {
  wait: { durationMs: 2_500, retryAfterSeconds: 1 },
  imagePages: { pages: 10, pageSize: 100, onPages: [1, 5, 10] },
  /** check-image-cached across regions: each region lists `images` in pages of `pageSize`, ours on the last page. */
  regions: { count: 10, images: 300, pageSize: 100 },
  /** `shortCount`: the same read over fewer pages, to show peak RSS does not grow with the number of pages. */
  history: { count: 10_000, shortCount: 2_000, pageSize: 100 },
  fanOut: { instances: 200, maxParallel: 50, durationMs: 2_000, retryAfterSeconds: 1 },
  /** A fleet against a resource-manager write bucket far smaller than the vendor's (200, refilled at 10/s). */
  fleet: {
    instances: 60,
    maxParallel: 60,
    durationMs: 2_000,
    retryAfterSeconds: 1,
    bucket: { capacity: 10, refillPerSecond: 8 },
  },
  /** Whole-system stops with snooze (4 steps each) under the vendor's own write and read buckets. */
  window: {
    systems: 200,
    maxParallel: 20,
    durationMs: 3_000,
    retryAfterSeconds: 1,
    writeBucket: { capacity: 200, refillPerSecond: 10 },
    readBucket: { capacity: 250, refillPerSecond: 25 },
  },
};

/** The reads that verify a stop's end: 1, as the emulator's status settles with the operation. */
export const SETTLE_READS = 1;
/**
 * The reads `preflight: basic` (the default; contract v6, "Before the window") makes before anything is sent: the
 * system's three lists of children (C3). Its read of the system is the first step's own (handed over, not repeated).
 */
export const CHECK_READS = 3;
/** erp-status's parts (contract v6, "After a start"): the central services' and application instances' lists. */
export const PART_READS = 2;
/** Two hands (contract v6, "The whole system"): the application read again before the database stop and each machine step. */
export const TWO_HANDS_READS = 3;
