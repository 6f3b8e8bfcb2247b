import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type ServiceEmulator } from '../src/emulator/index.js';
import { V8_FLAGS } from '../src/client/start-up/v8-flags.js';
import type { BenchEnv, Case, Sample } from './harness.js';
import { runChild } from './child.js';
import { mib, ms, verdict, x, type Row } from './figures.js';
import { build } from './floor.js';
import { PART_READS } from './settings.js';

/**
 * erp-list over a fleet (issue 34): 5 000 systems in 50 pages of items of several KB, all selected by tag, handed
 * on in 250 legs. Its time against the pages' floor (a reference that reads the same pages one after another and
 * keeps nothing), and its peak RSS with items 4 times as large, which must not grow: only the reported fields are
 * kept.
 */
export const FLEET_LIST = {
  systems: 5_000,
  pageSize: 100,
  perLeg: 20,
  /** The `configuration` of each item, in bytes: realistic, and 4 times that. */
  itemBytes: { realistic: 4_096, heavy: 16_384 },
};

const SUBSCRIPTION = '00000000-0000-4000-8000-0000000000f1';

/** The pages' floor: the same GETs, one after another (nextLink), each parsed as JSON, nothing validated or kept. */
const PAGES_FLOOR = `import * as core from '@actions/core';
import { Agent, request } from 'undici';
import { setFlagsFromString } from 'node:v8';
for (const flag of ${JSON.stringify(V8_FLAGS)}) setFlagsFromString(flag);
const headers = { authorization: 'Bearer ' + core.getInput('access-token') };
const dispatcher = new Agent();
let url = core.getInput('base-url') + '/subscriptions/' + core.getInput('subscription-id') +
  '/providers/Vendor.Workloads/erpVirtualInstances?api-version=2023-04-01';
let count = 0;
while (url) {
  const res = await request(url, { headers, dispatcher });
  const page = JSON.parse(await res.body.text());
  count += page.value.length;
  url = page.nextLink;
}
void dispatcher.destroy();
core.setOutput('count', String(count));
`;

let floorMain: string | undefined;
/** Built once, at the first run, with the same ncc settings as dist/; removed when the bench ends. */
function pagesFloor(): string {
  if (floorMain) return floorMain;
  const scratch = mkdtempSync(join(tmpdir(), 'vendor-ops-bench-fleet-'));
  process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
  floorMain = build(scratch, 'pages-floor', PAGES_FLOOR).main;
  return floorMain;
}

async function listing(env: BenchEnv, name: string, itemBytes: number, main: string): Promise<Sample> {
  const { systems, pageSize, perLeg } = FLEET_LIST;
  const emu: ServiceEmulator = await startEmulator(
    {
      fleet: {
        pageSize,
        itemBytes,
        systems: [
          {
            generate: systems,
            subscription: SUBSCRIPTION,
            resourceGroup: 'rg-fleet',
            tags: { SnoozeSAPSystem: 'True' },
          },
        ],
      },
    },
    { tls: env.tls },
  );
  try {
    const run = await runChild(
      [main],
      {
        operation: 'erp-list',
        'base-url': emu.url,
        'access-token': [...emu.accessTokens][0]!,
        'subscription-id': SUBSCRIPTION,
        tag: 'SnoozeSAPSystem=True',
        'per-leg': String(perLeg),
      },
      env,
    );
    const pages = emu.fleet.pagesServed;
    const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error'));
    // 5 000 systems' `instances` and `result` are over the runner's 1 MB an output: the step refuses to set them
    // and fails, after reading every page; that failure alone is the expected end here (the pages are measured).
    const overLimitOnly = run.code === 1 && errors.length === 1 && /over the runner's limit/.test(errors[0]!);
    if (
      (run.code !== 0 && !overLimitOnly) ||
      run.outputs.count !== String(systems) ||
      pages !== systems / pageSize
    ) {
      throw new Error(
        `${name}: exit ${run.code}, count ${run.outputs.count}, ${pages} pages: ${run.stderr}${errors.join('\n')}`,
      );
    }
    return { wallMs: run.wallMs, rssKiB: run.peakRssKiB, pages };
  } finally {
    await emu.close();
  }
}

/**
 * erp-status by tag over 500 systems under the vendor's read bucket (250, refilled 25 a second, per subscription):
 * the listing's pages and one read per system all draw on it. The ideal is what the bucket allows any client.
 */
export const STATUS_BY_TAG = {
  systems: 500,
  maxParallel: 50,
  bucket: { capacity: 250, refillPerSecond: 25 },
};

async function statusByTag(env: BenchEnv): Promise<Sample> {
  const { systems, maxParallel, bucket } = STATUS_BY_TAG;
  const emu = await startEmulator(
    {
      emulator: { readBucket: bucket },
      fleet: {
        itemBytes: FLEET_LIST.itemBytes.realistic,
        systems: [
          {
            generate: systems,
            subscription: SUBSCRIPTION,
            resourceGroup: 'rg-fleet',
            tags: { maintenance: 'sunday' },
          },
        ],
      },
    },
    { tls: env.tls },
  );
  try {
    const run = await runChild(
      [env.actionMain],
      {
        operation: 'erp-status',
        'base-url': emu.url,
        'access-token': [...emu.accessTokens][0]!,
        'subscription-id': SUBSCRIPTION,
        tag: 'maintenance=sunday',
        'max-parallel': String(maxParallel),
      },
      env,
    );
    const read = (JSON.parse(run.outputs.instances ?? '[]') as { outcome: string }[]).filter(
      (i) => i.outcome === 'read',
    );
    if (run.code !== 0 || read.length !== systems) {
      throw new Error(
        `${NAMES.status}: exit ${run.code}, ${read.length} read: ${run.stderr || run.stdout.slice(-500)}`,
      );
    }
    return {
      wallMs: run.wallMs,
      requests: emu.requests.length,
      throttled: emu.readBuckets?.throttled ?? 0,
      pages: emu.fleet.pagesServed,
    };
  } finally {
    await emu.close();
  }
}

const NAMES = {
  status: 'erp-status by tag under the read bucket',
  action: 'erp-list, 5000 systems',
  heavy: 'erp-list, 5000 systems, heavy items',
  floor: 'erp-list pages floor',
  floorHeavy: 'erp-list pages floor, heavy items',
};

export const FLEET_LIST_CASES: Case[] = [
  { name: NAMES.status, run: statusByTag },
  {
    name: NAMES.action,
    run: (env) => listing(env, NAMES.action, FLEET_LIST.itemBytes.realistic, env.actionMain),
  },
  { name: NAMES.heavy, run: (env) => listing(env, NAMES.heavy, FLEET_LIST.itemBytes.heavy, env.actionMain) },
  {
    name: NAMES.floor,
    run: (env) => listing(env, NAMES.floor, FLEET_LIST.itemBytes.realistic, pagesFloor()),
  },
  {
    name: NAMES.floorHeavy,
    run: (env) => listing(env, NAMES.floorHeavy, FLEET_LIST.itemBytes.heavy, pagesFloor()),
  },
];

/**
 * The table's rows: section 5, fleets. `m` is the median of a case's figure. Peak RSS grows with the pages' size for
 * any client that reads them (the floor keeps nothing and grows too), so the action's growth is held to the floor's.
 */
export function fleetListRows(m: (name: string, key: string) => number): Row[] {
  const { systems, pageSize, itemBytes } = FLEET_LIST;
  const setting = `${systems} systems in ${systems / pageSize} pages`;
  const kib = (b: number) => `${b / 1024} KiB`;
  const growth = m(NAMES.heavy, 'rssKiB') / m(NAMES.action, 'rssKiB');
  const floorGrowth = m(NAMES.floorHeavy, 'rssKiB') / m(NAMES.floor, 'rssKiB');
  const { systems: n, bucket } = STATUS_BY_TAG;
  // Every read the step needs (the listing's pages; per system its read and its parts' lists) as the bucket refills.
  const needed = n * (1 + PART_READS) + m(NAMES.status, 'pages');
  const idealMs = (Math.max(0, needed - bucket.capacity) / bucket.refillPerSecond) * 1000;
  const statusWall = m(NAMES.status, 'wallMs');
  return [
    [
      '5',
      `erp-status by tag over ${n} systems under the read bucket (${bucket.capacity} + ${bucket.refillPerSecond}/s; ${needed} reads, ideal ${ms(idealMs)})`,
      `${ms(statusWall)} = ${x(statusWall / idealMs)}, ${m(NAMES.status, 'requests')} requests, ${m(NAMES.status, 'throttled')} × 429`,
      '≤ 1.15 × ideal',
      verdict(statusWall / idealMs <= 1.15),
    ],
    [
      '5',
      `erp-list, ${setting} of ${kib(itemBytes.realistic)} items, against the pages' floor (the same GETs one after another, JSON.parse, nothing kept)`,
      `${ms(m(NAMES.action, 'wallMs'))} vs ${ms(m(NAMES.floor, 'wallMs'))} = ${x(m(NAMES.action, 'wallMs') / m(NAMES.floor, 'wallMs'))}`,
      '(reported)',
      '',
    ],
    [
      '5',
      `the same with ${kib(itemBytes.heavy)} items`,
      `${ms(m(NAMES.heavy, 'wallMs'))} vs ${ms(m(NAMES.floorHeavy, 'wallMs'))} = ${x(m(NAMES.heavy, 'wallMs') / m(NAMES.floorHeavy, 'wallMs'))}`,
      '(reported)',
      '',
    ],
    [
      '5',
      `erp-list peak RSS, ${kib(itemBytes.heavy)} items vs ${kib(itemBytes.realistic)} (the floor: ${mib(m(NAMES.floorHeavy, 'rssKiB'))} vs ${mib(m(NAMES.floor, 'rssKiB'))} = ${x(floorGrowth)})`,
      `${mib(m(NAMES.heavy, 'rssKiB'))} vs ${mib(m(NAMES.action, 'rssKiB'))} = ${x(growth)} = ${x(growth / floorGrowth)} the floor's growth`,
      "≤ 1.10 × the floor's growth",
      verdict(growth / floorGrowth <= 1.1),
    ],
  ];
}
