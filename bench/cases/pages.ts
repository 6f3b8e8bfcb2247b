import type { Scenario } from '../../src/emulator/index.js';
import { runChild } from '../child.js';
import {
  checkImage,
  expectSuccess,
  IMAGE,
  imagesScenario,
  resourceManager,
  withEmulator,
  type BenchEnv,
  type Case,
} from '../harness.js';
import { SETTINGS } from '../settings.js';

/** Figure 3, pages: a step reads only the pages it needs, and its peak RSS does not grow with them. */

const imageOnPage = (k: number): Case => {
  const { pages, pageSize } = SETTINGS.imagePages;
  return {
    name: `image on page ${k} of ${pages}`,
    run: (env) =>
      checkImage(
        env,
        `image on page ${k}`,
        imagesScenario((k - 1) * pageSize + 50, pages * pageSize, pageSize),
      ),
  };
};

/** The share subscription's inputs, beside the resource manager's. */
const SHARE = { 'resource-group': 'rg', 'account-name': 'account', 'share-subscription': 'share-sub' };

/**
 * A long synchronization history, all finished. Newest first (our default order) the first page decides; in
 * `startTime asc` the newest is on the last page, so every page is read: the same wait, 100 times the pages.
 */
const history = (allPages: boolean, short = false): Case => ({
  name: allPages ? `history, every page${short ? ' (short)' : ''}` : 'history, first page',
  async run(env) {
    const { pageSize } = SETTINGS.history;
    const count = short ? SETTINGS.history.shortCount : SETTINGS.history.count;
    const scenario: Scenario = { dataShare: { pageSize, generatedHistory: { count } } };
    return withEmulator(env, scenario, async (emu) => {
      const inputs = { operation: 'wait-for-sync', ...resourceManager(emu), ...SHARE };
      const run = await runChild(
        [env.actionMain],
        { ...inputs, ...(allPages ? { orderby: 'startTime asc' } : {}) },
        env,
      );
      expectSuccess(this.name, run);
      return {
        wallMs: run.wallMs,
        rssKiB: run.peakRssKiB,
        requestsPerPoll: emu.requestsTo(/\/listSynchronizations$/).length / emu.dataShare.polls,
      };
    });
  },
});

/**
 * sync-start over the same long history: the synchronization it starts shows up in the list a poll late, then
 * runs for three polls. The ideal: the POST, then one page of the newest-first list per poll.
 */
const syncStart: Case = {
  name: 'sync-start, long history',
  async run(env: BenchEnv) {
    const { pageSize, count } = SETTINGS.history;
    const scenario: Scenario = {
      dataShare: {
        pageSize,
        generatedHistory: { count },
        retryAfter: '1',
        starts: [{ appearAfterPolls: 1, statuses: ['Queued', 'InProgress', 'Succeeded'] }],
      },
    };
    return withEmulator(env, scenario, async (emu) => {
      const inputs = { operation: 'sync-start', ...resourceManager(emu), ...SHARE };
      const run = await runChild([env.actionMain], { ...inputs, 'synchronization-mode': 'FullSync' }, env);
      expectSuccess(this.name, run, run.outputs['synchronization-status'] === 'Succeeded');
      return {
        wallMs: run.wallMs,
        rssKiB: run.peakRssKiB,
        requests: emu.requests.length,
        ideal: emu.requestsTo(/\/synchronize$/).length + emu.dataShare.polls,
      };
    });
  },
};

/** Regions the service names; the cases take the first `n`. */
const REGIONS = [
  'westeurope',
  'northeurope',
  'eastus',
  'eastus2',
  'westus2',
  'centralus',
  'uksouth',
  'francecentral',
  'swedencentral',
  'japaneast',
];

/** Who reads the regions: the action, or a least client (floor.ts) without or with zod's validation of each page. */
const READERS = {
  action: { suffix: '', main: (env: BenchEnv) => env.actionMain },
  least: { suffix: ', the least client', main: (env: BenchEnv) => env.floorRequestsMain },
  'least with zod': { suffix: ', the least client with zod', main: (env: BenchEnv) => env.floorZodMain },
};

/**
 * check-image-cached over `n` regions of the same listing, ours on its last page: every page is read (the floor),
 * and the regions at once should cost little more wall time than one.
 */
const acrossRegions = (n: number, reader: keyof typeof READERS = 'action'): Case => ({
  name: `image in ${n} region(s)${READERS[reader].suffix}`,
  async run(env) {
    const { images, pageSize } = SETTINGS.regions;
    const listing = [
      { generate: images - 51, prefix: 'filler/before' },
      { image: IMAGE, osType: 'Linux' },
      { generate: 50, prefix: 'filler/after' },
    ];
    const locations = REGIONS.slice(0, n);
    const scenario: Scenario = {
      cachedImages: { pageSize, regions: Object.fromEntries(locations.map((l) => [l, listing])) },
    };
    return withEmulator(env, scenario, async (emu) => {
      const inputs = { operation: 'check-image-cached', ...resourceManager(emu), image: IMAGE };
      const main = READERS[reader].main(env);
      const run = await runChild([main], { ...inputs, location: locations.join(',') }, env);
      expectSuccess(this.name, run, run.outputs.cached === 'true');
      return {
        wallMs: run.wallMs,
        rssKiB: run.peakRssKiB,
        requests: emu.requests.length,
        floor: n * Math.ceil(images / pageSize),
      };
    });
  },
});

export const PAGE_CASES: Case[] = [
  ...SETTINGS.imagePages.onPages.map(imageOnPage),
  history(true),
  history(true, true),
  history(false),
  syncStart,
  acrossRegions(1),
  acrossRegions(SETTINGS.regions.count),
  acrossRegions(1, 'least'),
  acrossRegions(SETTINGS.regions.count, 'least'),
  acrossRegions(1, 'least with zod'),
  acrossRegions(SETTINGS.regions.count, 'least with zod'),
];
