import type { Sample } from './cases.js';
import type { SETTINGS } from './cases.js';
import { fleetListRows } from './fleet-list.js';
import { PHASE_LABELS, PHASES } from './phases.js';

export interface ReportInfo {
  runs: number;
  actionBytes: number;
  floorBytes: number;
  floorRequestsBytes: number;
  floorZodBytes: number;
  sdkBytes: number;
  sdkIdentityBytes: number;
  /** Rounds of the start-up cases (at least `runs`). */
  startupRuns: number;
  sdkVersions: { sdk: string; identity: string };
  /** Other builds of the action measured beside it (--levers): their case, and the cases they are divided by. */
  levers: { case: string | undefined; name: string; label: string; against: string[]; of?: string }[];
  /** Copies of undici's Agent class in the action's bundle files. */
  undiciCopies: number;
  rssMethod: string;
  machine: string;
  date: string;
  seconds: number;
  settings: typeof SETTINGS;
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const ms = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(0)} ms`);
const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
const bytes = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
const x = (v: number) => `${v.toFixed(2)} ×`;
/** Three places where two would show a failing ratio as its limit (8820 ms / 8000 ms = 1.1025 ×, not 1.10 ×). */
const x3 = (v: number) => `${v.toFixed(3)} ×`;
const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**');

/** One markdown table: figure, measured, target, verdict; the notes say how it was measured. */
export function report(samples: Map<string, Sample[]>, info: ReportInfo): string {
  // A case left out (--only) has no samples: its figures are NaN and their rows are left out.
  const all = (name: string, key: string) => (samples.get(name) ?? []).map((s) => s[key]!);
  const m = (name: string, key: string) => median(all(name, key));
  const s = info.settings;
  const rows: string[][] = [];
  const row = (n: string, figure: string, measured: string, target: string, result: string) =>
    rows.push([n, figure, measured, target, result]);

  const floorWall = m('floor', 'wallMs');
  const floorRss = m('floor', 'rssKiB');
  const wall = m('check-image-cached', 'wallMs');
  const rss = m('check-image-cached', 'rssKiB');
  row(
    '1',
    '`node -e 0`: wall, peak RSS',
    `${ms(m('node -e 0', 'wallMs'))}, ${mib(m('node -e 0', 'rssKiB'))}`,
    'reference',
    '',
  );
  row(
    '1',
    'floor (`@actions/core` + one input): wall, peak RSS, bundle',
    `${ms(floorWall)}, ${mib(floorRss)}, ${bytes(info.floorBytes)}`,
    'reference',
    '',
  );
  const fr = 'floor + requests';
  row(
    '1',
    'floor + GETs: the floor plus the same 3 GETs over undici, JSON.parse, the same outputs and a job summary, no validation: wall, peak RSS, bundle',
    `${ms(m(fr, 'wallMs'))} = ${x(m(fr, 'wallMs') / floorWall)} floor, ${mib(m(fr, 'rssKiB'))} = ${x(m(fr, 'rssKiB') / floorRss)} floor, ${bytes(info.floorRequestsBytes)}`,
    'reference',
    '',
  );
  const fz = 'floor + zod';
  row(
    '1',
    "floor + GETs + zod: each page validated by the action's own zod/mini schema, nothing else of the action",
    `${ms(m(fz, 'wallMs'))} = ${x(m(fz, 'wallMs') / floorWall)} floor (${x(m(fz, 'wallMs') / m(fr, 'wallMs'))} floor + GETs), ${mib(m(fz, 'rssKiB'))}, ${bytes(info.floorZodBytes)}`,
    'reference',
    '',
  );
  // Issue 16's targets: ahead of the vendor SDK's 1.60 × the floor, and within 1.2 × what the work itself costs.
  const overLimit = wall / m(fr, 'wallMs');
  // One row per target, so the table says which one a run misses.
  row(
    '1',
    'start-up wall time (check-image-cached, 3 pages) against the floor',
    `${ms(wall)} = ${x(wall / floorWall)} floor (${x(wall / m(fz, 'wallMs'))} floor + GETs + zod)`,
    '≤ 1.50 × floor',
    verdict(wall / floorWall <= 1.5),
  );
  row(
    '1',
    'start-up wall time against floor + GETs (the work without validation)',
    `${x(overLimit)} floor + GETs`,
    '≤ 1.20 × floor + GETs',
    verdict(overLimit <= 1.2),
  );
  row(
    '1',
    'start-up peak RSS',
    `${mib(rss)} = ${x(rss / floorRss)} floor (${x(rss / m(fr, 'rssKiB'))} floor + GETs)`,
    '≤ 1.20 × floor',
    verdict(rss / floorRss <= 1.2),
  );
  // Issue 27: beside the vendor's SDK doing the same step. Ratios are taken per round (the action and the SDK ran
  // in the same round, so a busy moment weighs on both), then their median and middle half.
  const perRound = (name: string, of = 'check-image-cached') => {
    const a = all(of, 'wallMs');
    const b = all(name, 'wallMs');
    return a.length === b.length ? a.map((v, i) => v / b[i]!) : [];
  };
  const spread = (values: number[]) =>
    `${x(median(values))} (${quantile(values, 0.25).toFixed(2)}–${quantile(values, 0.75).toFixed(2)})`;
  const v = info.sdkVersions;
  for (const [name, label, bundleBytes] of [
    [
      'sdk',
      `vendor SDK (\`@azure/arm-containerinstance\` ${v.sdk}, static credential, all 3 pages, one output, a summary)`,
      info.sdkBytes,
    ],
    [
      'sdk + identity',
      `vendor SDK + \`@azure/identity\` ${v.identity} (a \`DefaultAzureCredential\` constructed, never used)`,
      info.sdkIdentityBytes,
    ],
  ] as const) {
    row(
      '1',
      `${label}: wall, peak RSS, bundle`,
      `${ms(m(name, 'wallMs'))} = ${x(m(name, 'wallMs') / floorWall)} floor, ${mib(m(name, 'rssKiB'))} = ${x(m(name, 'rssKiB') / floorRss)} floor, ${bytes(bundleBytes)}`,
      'reference',
      '',
    );
  }
  const bySdk = perRound('sdk');
  const byIdentity = perRound('sdk + identity');
  row(
    '1',
    `start-up wall time, action ÷ vendor SDK (per round; median (middle half), ${bySdk.length} rounds)`,
    spread(bySdk),
    '≤ 0.90',
    verdict(median(bySdk) <= 0.9),
  );
  row(
    '1',
    `start-up wall time, action ÷ vendor SDK + identity (per round; median (middle half), ${byIdentity.length} rounds)`,
    spread(byIdentity),
    '≤ 0.80',
    verdict(median(byIdentity) <= 0.8),
  );
  row(
    '1',
    'start-up peak RSS (issue 27)',
    `${x(rss / floorRss)} floor (vendor SDK ${x(m('sdk', 'rssKiB') / floorRss)}, SDK + identity ${x(m('sdk + identity', 'rssKiB') / floorRss)})`,
    '≤ 1.25 × floor',
    verdict(rss / floorRss <= 1.25),
  );
  for (const lever of info.levers) {
    if (!lever.case) continue;
    const ratios = lever.against.map(
      (name) =>
        `÷ ${name === 'check-image-cached' ? 'the action' : name} ${spread(perRound(name, lever.of ?? lever.case))}`,
    );
    row(
      '1',
      `lever: ${lever.label} (per round; median (middle half), ${all(lever.case, 'wallMs').length} rounds)`,
      `${lever.of ? `${lever.case} ` : ''}${ms(m(lever.case, 'wallMs'))}: ${ratios.join(', ')}; peak RSS ${x(m(lever.case, 'rssKiB') / floorRss)} floor`,
      '(measured)',
      '',
    );
  }
  row(
    '1',
    'bundle bytes',
    `${bytes(info.actionBytes)} = ${x(info.actionBytes / info.floorBytes)} floor`,
    '≤ 1.50 × floor',
    verdict(info.actionBytes / info.floorBytes <= 1.5),
  );

  const { durationMs: T, retryAfterSeconds: r } = s.wait;
  // 1 read (C0) + 1 POST + ⌈T/r⌉ polls + the settle reads: 1, as the emulator's status settles with the operation.
  const SETTLE_READS = 1;
  const ideal = 1 + 1 + Math.ceil(T / (r * 1000)) + SETTLE_READS;
  const requests = m('erp-stop wait', 'requests');
  const delay = m('erp-stop wait', 'endDelayMs');
  row(
    '2',
    `requests per wait (T = ${T / 1000} s, Retry-After ${r} s; ideal 1 read + 1 POST + ⌈T/r⌉ polls + ${SETTLE_READS} settle read = ${ideal})`,
    `${requests} = ${x(requests / ideal)} ideal (max ${Math.max(...all('erp-stop wait', 'requests'))})`,
    '= 1.00 × ideal',
    verdict(requests === ideal),
  );
  const rotating = 'erp-stop wait, rotating URLs';
  const rotatingRequests = m(rotating, 'requests');
  row(
    '2',
    `requests per wait with a fresh polling URL on every answer, the older ones expiring (ideal ${ideal})`,
    `${rotatingRequests} = ${x(rotatingRequests / ideal)} ideal (max ${Math.max(...all(rotating, 'requests'))}), ${Math.max(...all(rotating, 'supersededPolls'))} polls of a superseded URL`,
    '= 1.00 × ideal, 0',
    verdict(rotatingRequests === ideal && Math.max(...all(rotating, 'supersededPolls')) === 0),
  );
  row(
    '2',
    'end detected after the server ends (step end − operation end)',
    ms(delay),
    `≤ ${ms(r * 1000 + 100)}`,
    verdict(delay <= r * 1000 + 100),
  );

  const { pages, onPages } = s.imagePages;
  const ratios = onPages.map((k) => Math.max(...all(`image on page ${k} of ${pages}`, 'pages')) / k);
  row(
    '3',
    `pages read / k, image on page k of ${pages} (k = ${onPages.join(', ')})`,
    ratios.map((v) => v.toFixed(2)).join(', '),
    '= 1.00',
    verdict(ratios.every((v) => v === 1)),
  );
  const every = 'history, every page';
  const first = 'history, first page';
  row(
    '3',
    `requests per poll, ${s.history.count} synchronizations in ${s.history.count / s.history.pageSize} pages`,
    `${m(every, 'requestsPerPoll')} (\`startTime asc\`), ${m(first, 'requestsPerPoll')} (newest first)`,
    `= ${s.history.count / s.history.pageSize}, = 1`,
    verdict(
      m(every, 'requestsPerPoll') === s.history.count / s.history.pageSize &&
        m(first, 'requestsPerPoll') === 1,
    ),
  );
  const started = 'sync-start, long history';
  row(
    '3',
    `sync-start, ${s.history.count} synchronizations in ${s.history.count / s.history.pageSize} pages, its id listed a poll late: requests`,
    `${m(started, 'requests')}`,
    `= ${m(started, 'ideal')} (1 POST + 1 page per poll)`,
    verdict(m(started, 'requests') === m(started, 'ideal')),
  );
  const rssEvery = m(every, 'rssKiB');
  const rssFirst = m(first, 'rssKiB');
  row(
    '3',
    'peak RSS reading every page vs the first page',
    `${mib(rssEvery)} vs ${mib(rssFirst)} = ${x(rssEvery / rssFirst)}`,
    '≤ 1.10 ×',
    verdict(rssEvery / rssFirst <= 1.1),
  );

  const rssShort = m('history, every page (short)', 'rssKiB');
  row(
    '3',
    `peak RSS reading every page, ${s.history.count / s.history.pageSize} pages vs ${s.history.shortCount / s.history.pageSize} pages`,
    `${mib(rssEvery)} vs ${mib(rssShort)} = ${x(rssEvery / rssShort)}`,
    '≤ 1.10 × (no growth with pages)',
    verdict(rssEvery / rssShort <= 1.1),
  );
  row('1', 'undici copies in the bundle', String(info.undiciCopies), '= 1', verdict(info.undiciCopies === 1));

  const f = s.fanOut;
  const idealWall = Math.ceil(f.instances / f.maxParallel) * f.durationMs;
  const idealRequests =
    f.instances * (1 + 1 + Math.ceil(f.durationMs / (f.retryAfterSeconds * 1000)) + SETTLE_READS);
  const fanWall = m('erp-stop fan-out', 'wallMs');
  const fanRequests = m('erp-stop fan-out', 'requests');
  row(
    '4',
    `fan-out wall / ideal (${f.instances} × ${f.durationMs / 1000} s, max-parallel ${f.maxParallel}; ideal ${ms(idealWall)})`,
    `${ms(fanWall)} = ${x3(fanWall / idealWall)}`,
    '≤ 1.10 ×',
    verdict(fanWall / idealWall <= 1.1),
  );
  const leastWall = m('erp-stop fan-out, the least client', 'wallMs');
  row(
    '4',
    'the least client on the same fan-out (floor + its requests, no validation, no log) / ideal: what this machine allows',
    `${ms(leastWall)} = ${x3(leastWall / idealWall)}`,
    'reference',
    '',
  );
  row(
    '4',
    'fan-out wall over the least client: what the action adds',
    `+${ms(fanWall - leastWall)} = ${x3(fanWall / leastWall)}`,
    '(reported)',
    '',
  );
  row(
    '4',
    `fan-out requests / ideal (Retry-After ${f.retryAfterSeconds} s; ideal ${idealRequests})`,
    `${fanRequests} = ${x(fanRequests / idealRequests)}`,
    '= 1.00 ×',
    verdict(fanRequests === idealRequests),
  );
  const fanRss = m('erp-stop fan-out', 'rssKiB');
  row('4', 'fan-out peak RSS', `${mib(fanRss)} = ${x(fanRss / floorRss)} floor`, '(reported)', '');

  // A fleet against a write bucket: the fastest any client gets is every stop admitted as the bucket refills
  // ((N − capacity) / rate), the last one's operation after that, each stop sent once and polled as above. The
  // capacity holds more than a Retry-After's refill, so waiting one out loses no token.
  const t = s.fleet;
  const bucketMs = ((t.instances - t.bucket.capacity) / t.bucket.refillPerSecond) * 1000;
  const fleetIdealWall = bucketMs + t.durationMs;
  const fleetPolls = Math.ceil(t.durationMs / (t.retryAfterSeconds * 1000));
  // As the fan-out's: the read before, the stop, its polls and the read that verifies, per instance.
  const fleetIdealRequests = t.instances * (1 + 1 + fleetPolls + SETTLE_READS);
  const fleetWall = m('erp-stop fleet under throttling', 'wallMs');
  const fleetRequests = m('erp-stop fleet under throttling', 'requests');
  const fleetThrottled = m('erp-stop fleet under throttling', 'throttled');
  const fleetSetting = `${t.instances} × ${t.durationMs / 1000} s, max-parallel ${t.maxParallel}, bucket ${t.bucket.capacity} + ${t.bucket.refillPerSecond}/s`;
  row(
    '4',
    `fleet under throttling: wall / ideal (${fleetSetting}; ideal ${ms(bucketMs)} of the bucket + ${ms(t.durationMs)})`,
    `${ms(fleetWall)} = ${x(fleetWall / fleetIdealWall)}`,
    '≤ 1.20 ×',
    verdict(fleetWall / fleetIdealWall <= 1.2),
  );
  row(
    '4',
    `fleet under throttling: requests / ideal (a read, the stop once, ${fleetPolls} polls and ${SETTLE_READS} settle read each; ideal ${fleetIdealRequests}), 429s among them`,
    `${fleetRequests} = ${x(fleetRequests / fleetIdealRequests)}, ${fleetThrottled} × 429`,
    '≤ 1.20 ×',
    verdict(fleetRequests / fleetIdealRequests <= 1.2),
  );

  rows.push(...fleetListRows(m));
  // Whole-system windows: each system's four steps one after the other, `maxParallel` systems at once, under the
  // vendor's buckets. The fewest requests: the list of databases; the application and database stops each read
  // first, sent, polled ⌈T/r⌉ times and read to verify; the two machine steps sent, polled and verified. The
  // ideal wall is the longest of the three limits: the waves of systems, the read bucket and the write bucket.
  const w = s.window;
  const wPolls = Math.ceil(w.durationMs / (w.retryAfterSeconds * 1000));
  const wReads = w.systems * (1 + 2 * (2 + wPolls) + 2 * (1 + wPolls));
  const wWrites = w.systems * 4;
  const wIdealRequests = wReads + wWrites;
  const waves = Math.ceil(w.systems / w.maxParallel) * 4 * w.durationMs;
  const readsMs = ((wReads - w.readBucket.capacity) / w.readBucket.refillPerSecond) * 1000;
  const writesMs = ((wWrites - w.writeBucket.capacity) / w.writeBucket.refillPerSecond) * 1000;
  const wIdealWall = Math.max(waves, readsMs, writesMs);
  const wName = 'erp-stop whole-system window under throttling';
  const wWall = m(wName, 'wallMs');
  const wRequests = m(wName, 'requests');
  const wSetting = `${w.systems} systems × 4 steps of ${w.durationMs / 1000} s, max-parallel ${w.maxParallel}, writes ${w.writeBucket.capacity} + ${w.writeBucket.refillPerSecond}/s, reads ${w.readBucket.capacity} + ${w.readBucket.refillPerSecond}/s`;
  row(
    '4',
    `whole-system window: wall / ideal (${wSetting}; ideal the longest of ${ms(waves)} of waves, ${ms(readsMs)} of the read bucket, ${ms(writesMs)} of the write bucket); every system in order`,
    `${ms(wWall)} = ${x(wWall / wIdealWall)}`,
    '≤ 1.15 ×',
    verdict(wWall / wIdealWall <= 1.15),
  );
  row(
    '4',
    `whole-system window: requests / fewest (${wReads} reads and ${wWrites} writes), 429s among them`,
    `${wRequests} = ${x(wRequests / wIdealRequests)}, ${m(wName, 'throttled')} × 429`,
    '≤ 1.10 ×',
    verdict(wRequests / wIdealRequests <= 1.1),
  );
  row('4', 'whole-system window: peak RSS', mib(m(wName, 'rssKiB')), '(reported)', '');

  const table = [
    '| # | figure | measured (median) | target | result |',
    '|---|---|---|---|---|',
    // Sections in order (a stable sort keeps each section's rows as made); rows of left-out cases dropped.
    ...rows
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .filter((r) => !/NaN|Infinity/.test(r[2]!))
      .map((r) => `| ${r.join(' | ')} |`),
  ];
  const notes = [
    '',
    `${info.date}, ${info.machine}. Medians of ${info.runs} interleaved rounds (every case once per round, each round starting at the next case), the start-up cases (\`node -e 0\`, the references, the action and the SDK) ${info.startupRuns} rounds; whole processes, spawned as a runner spawns the action, against the loopback emulator in the bench process, over HTTPS with a throw-away certificate every child trusts alike (NODE_EXTRA_CA_CERTS); the whole run took ${info.seconds.toFixed(0)} s.`,
    `Wall time is spawn to exit as the bench sees it; peak RSS by ${info.rssMethod}. The floor is built at bench time with the same ncc settings as dist/. Waits are short to keep the run to a few minutes: T = ${T / 1000} s with Retry-After ${r} s (the client's minimum), fan-out operations of ${f.durationMs / 1000} s with Retry-After ${f.retryAfterSeconds} s.`,
  ];
  return [...table, ...notes, ...phaseTable(samples)].join('\n');
}

/** Where the start-up goes: each phase's median (and the middle half of the runs) for the action and references. */
function phaseTable(samples: Map<string, Sample[]>): string[] {
  const columns = [
    ['floor', 'phases: floor'],
    ['floor + GETs', 'phases: floor + requests'],
    ['floor + GETs + zod', 'phases: floor + zod'],
    ['check-image-cached', 'phases: check-image-cached'],
    ['vendor SDK', 'phases: sdk'],
    ['vendor SDK + identity', 'phases: sdk + identity'],
  ].filter(([, name]) => (samples.get(name!) ?? []).length > 0);
  if (columns.length === 0) return [];
  const cell = (name: string, key: string) => {
    const values = samples.get(name)!.map((s) => s[key]!);
    return `${median(values).toFixed(1)} (${quantile(values, 0.25).toFixed(1)}–${quantile(values, 0.75).toFixed(1)})`;
  };
  return [
    '',
    '| phase, ms: median (middle half) | ' + columns.map(([label]) => label).join(' | ') + ' |',
    '|---|' + columns.map(() => '---|').join(''),
    ...PHASES.map((p) => `| ${PHASE_LABELS[p]} | ${columns.map(([, name]) => cell(name!, p)).join(' | ')} |`),
    `| spawn → gone | ${columns.map(([, name]) => cell(name!, 'wallMs')).join(' | ')} |`,
    '',
    'Phases come from separate runs of copies of the bundles with two one-line probes in, and a `--require`d ' +
      'probe (bench/phases.ts): bootstrap = spawn → first user code; bundle compile → the bundle’s first statement; ' +
      'module evaluation → the entry’s own code; run → `exit` event, requests being its part from the first request ' +
      'created to the last response read (for the SDK, whose client is node:https: to the last response’s headers); ' +
      'teardown = `exit` event → the process gone.',
  ];
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo]! + (sorted[Math.ceil(at)]! - sorted[lo]!) * (at - lo);
}
