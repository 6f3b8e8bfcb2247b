import { mib, ms, verdict, x, x3, type Figures, type Row } from '../figures.js';
import { CHECK_READS, SETTLE_READS, TWO_HANDS_READS, type SETTINGS } from '../settings.js';

/** Figure 4, many at once: the fan-out, a fleet under a write bucket, whole-system windows under both buckets. */
export function fleetRows(f: Figures, s: typeof SETTINGS): Row[] {
  return [...fanOutRows(f, s), ...throttledFleetRows(f, s), ...windowRows(f, s)];
}

/**
 * The fan-out's ideal (waves of `maxParallel` operations) is out of reach on this machine for any client: the least
 * client, making only the requests, stays 1.07–1.10 × above it. So the target is the action against that least
 * client in the same run, and the ideal ratios are reported beside it.
 */
function fanOutRows({ m }: Figures, s: typeof SETTINGS): Row[] {
  const f = s.fanOut;
  const idealWall = Math.ceil(f.instances / f.maxParallel) * f.durationMs;
  const idealRequests =
    f.instances *
    (1 + CHECK_READS + 1 + Math.ceil(f.durationMs / (f.retryAfterSeconds * 1000)) + SETTLE_READS);
  const fanWall = m('erp-stop fan-out', 'wallMs');
  const fanRequests = m('erp-stop fan-out', 'requests');
  const leastWall = m('erp-stop fan-out, the least client', 'wallMs');
  const fanRss = m('erp-stop fan-out', 'rssKiB');
  const floorRss = m('floor', 'rssKiB');
  return [
    [
      '4',
      `fan-out wall / ideal (${f.instances} × ${f.durationMs / 1000} s, max-parallel ${f.maxParallel}; ideal ${ms(idealWall)})`,
      `${ms(fanWall)} = ${x3(fanWall / idealWall)}`,
      '(reported)',
      '',
    ],
    [
      '4',
      'the least client on the same fan-out (floor + its requests, no validation, no log) / ideal: what this machine allows',
      `${ms(leastWall)} = ${x3(leastWall / idealWall)}`,
      'reference',
      '',
    ],
    [
      '4',
      'fan-out wall over the least client in the same run: what the action adds',
      `+${ms(fanWall - leastWall)} = ${x3(fanWall / leastWall)}`,
      '≤ 1.05 × the least client',
      verdict(fanWall / leastWall <= 1.05),
    ],
    [
      '4',
      `fan-out requests / ideal (Retry-After ${f.retryAfterSeconds} s; ideal ${idealRequests})`,
      `${fanRequests} = ${x(fanRequests / idealRequests)}`,
      '= 1.00 ×',
      verdict(fanRequests === idealRequests),
    ],
    ['4', 'fan-out peak RSS', `${mib(fanRss)} = ${x(fanRss / floorRss)} floor`, '(reported)', ''],
  ];
}

/**
 * A fleet against a write bucket: the fastest any client gets is every stop admitted as the bucket refills
 * ((N − capacity) / rate), the last one's operation after that, each stop sent once and polled as above. The
 * capacity holds more than a Retry-After's refill, so waiting one out loses no token.
 */
function throttledFleetRows({ m }: Figures, s: typeof SETTINGS): Row[] {
  const t = s.fleet;
  const bucketMs = ((t.instances - t.bucket.capacity) / t.bucket.refillPerSecond) * 1000;
  const idealWall = bucketMs + t.durationMs;
  const polls = Math.ceil(t.durationMs / (t.retryAfterSeconds * 1000));
  // As the fan-out's: the read before, the checks' lists, the stop, its polls and the read that verifies, per instance.
  const idealRequests = t.instances * (1 + CHECK_READS + 1 + polls + SETTLE_READS);
  const name = 'erp-stop fleet under throttling';
  const wall = m(name, 'wallMs');
  const requests = m(name, 'requests');
  const setting = `${t.instances} × ${t.durationMs / 1000} s, max-parallel ${t.maxParallel}, bucket ${t.bucket.capacity} + ${t.bucket.refillPerSecond}/s`;
  return [
    [
      '4',
      `fleet under throttling: wall / ideal (${setting}; ideal ${ms(bucketMs)} of the bucket + ${ms(t.durationMs)})`,
      `${ms(wall)} = ${x(wall / idealWall)}`,
      '≤ 1.20 ×',
      verdict(wall / idealWall <= 1.2),
    ],
    [
      '4',
      `fleet under throttling: requests / ideal (a read, ${CHECK_READS} lists for the checks, the stop once, ${polls} polls and ${SETTLE_READS} settle read each; ideal ${idealRequests}), 429s among them`,
      `${requests} = ${x(requests / idealRequests)}, ${m(name, 'throttled')} × 429`,
      '≤ 1.20 ×',
      verdict(requests / idealRequests <= 1.2),
    ],
  ];
}

/**
 * Whole-system windows: each system's four steps one after the other, `maxParallel` systems at once, under the
 * vendor's buckets. The fewest requests: the checks' three lists (the databases' among them, which the window's plan
 * takes from the checks' read); the application read again before the database stop and each machine step (two hands); each of the
 * four steps read first, sent, polled ⌈T/r⌉ times and read to verify. The ideal
 * wall is the longest of the three limits: the waves of systems, the read bucket and the write bucket.
 */
function windowRows({ m }: Figures, s: typeof SETTINGS): Row[] {
  const w = s.window;
  const polls = Math.ceil(w.durationMs / (w.retryAfterSeconds * 1000));
  // Every step reads first (issue 42: a machine step too, to wait out a move and refuse a 409 it cannot see end).
  const reads = w.systems * (CHECK_READS + TWO_HANDS_READS + 4 * (2 + polls));
  const writes = w.systems * 4;
  const idealRequests = reads + writes;
  const waves = Math.ceil(w.systems / w.maxParallel) * 4 * w.durationMs;
  const readsMs = ((reads - w.readBucket.capacity) / w.readBucket.refillPerSecond) * 1000;
  const writesMs = ((writes - w.writeBucket.capacity) / w.writeBucket.refillPerSecond) * 1000;
  const idealWall = Math.max(waves, readsMs, writesMs);
  const name = 'erp-stop whole-system window under throttling';
  const wall = m(name, 'wallMs');
  const requests = m(name, 'requests');
  const setting = `${w.systems} systems × 4 steps of ${w.durationMs / 1000} s, max-parallel ${w.maxParallel}, writes ${w.writeBucket.capacity} + ${w.writeBucket.refillPerSecond}/s, reads ${w.readBucket.capacity} + ${w.readBucket.refillPerSecond}/s`;
  return [
    [
      '4',
      `whole-system window: wall / ideal (${setting}; ideal the longest of ${ms(waves)} of waves, ${ms(readsMs)} of the read bucket, ${ms(writesMs)} of the write bucket); every system in order`,
      `${ms(wall)} = ${x(wall / idealWall)}`,
      '≤ 1.15 ×',
      verdict(wall / idealWall <= 1.15),
    ],
    [
      '4',
      `whole-system window: requests / fewest (${reads} reads and ${writes} writes), 429s among them`,
      `${requests} = ${x(requests / idealRequests)}, ${m(name, 'throttled')} × 429`,
      '≤ 1.10 ×',
      verdict(requests / idealRequests <= 1.1),
    ],
    ['4', 'whole-system window: peak RSS', mib(m(name, 'rssKiB')), '(reported)', ''],
  ];
}
