import { runChild } from './child.js';
import { ms, verdict, x, type Row } from './figures.js';
import { withEmulator, type BenchEnv, type Case, type Sample } from './harness.js';

/**
 * erp-check over a fleet (issue 51, "Scale"): 500 systems in 20 resource groups, selected by tag, checked for a
 * snooze (`deallocate-vm: true`) at the default max-parallel, under the vendor's read bucket (250, refilled 25 a
 * second, per subscription). Every system has an identity with a role over every resource group (its machines').
 */
export const FLEET_CHECK = {
  groups: 20,
  perGroup: 25,
  /** The listing's page size (the emulator's default). */
  pageSize: 100,
  bucket: { capacity: 250, refillPerSecond: 25 },
};

const SUBSCRIPTION = '00000000-0000-4000-8000-0000000000b5';
const NAME = 'erp-check, 500 systems in 20 resource groups under the read bucket';

/**
 * The fewest reads: the listing's pages; 4 a system (the system and its three lists of instances); one permissions
 * read per resource group; one role-assignment read per machine resource group (the systems' own here); one read of
 * the one role definition met.
 */
export function fewestReads(): number {
  const { groups, perGroup, pageSize } = FLEET_CHECK;
  const systems = groups * perGroup;
  return Math.ceil(systems / pageSize) + 4 * systems + groups + groups + 1;
}

async function fleetCheck(env: BenchEnv): Promise<Sample> {
  const { groups, perGroup, bucket } = FLEET_CHECK;
  const scenario = {
    emulator: { readBucket: bucket },
    fleet: {
      systems: Array.from({ length: groups }, (_, g) => ({
        generate: perGroup,
        subscription: SUBSCRIPTION,
        resourceGroup: `rg-${g}`,
        prefix: `G${String(g).padStart(2, '0')}`,
        tags: { SnoozeSAPSystem: 'True' },
      })),
    },
    erp: {
      defaults: { identity: { principalId: 'p-fleet' } },
      authorization: {
        roleAssignments: [{ principalId: 'p-fleet', roleDefinition: 'VirtualMachineContributor' }],
      },
    },
  };
  return withEmulator(env, scenario, async (emu) => {
    const run = await runChild(
      [env.actionMain],
      {
        operation: 'erp-check',
        'base-url': emu.url,
        'access-token': [...emu.accessTokens][0]!,
        'subscription-id': SUBSCRIPTION,
        tag: 'SnoozeSAPSystem=True',
        'deallocate-vm': 'true',
      },
      env,
      { timeoutMs: 600_000 },
    );
    if (run.code !== 0 || run.outputs.count !== String(groups * perGroup) || run.outputs.refused !== '0') {
      const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error'));
      throw new Error(
        `${NAME}: exit ${run.code}, count ${run.outputs.count}, refused ${run.outputs.refused}: ${errors.join(' ') || run.stderr}`,
      );
    }
    return {
      wallMs: run.wallMs,
      rssKiB: run.peakRssKiB,
      requests: emu.requests.length,
      throttled: emu.readBuckets?.throttled ?? 0,
    };
  });
}

// One run takes the bucket's 72 s whatever the machine does: two are enough.
export const FLEET_CHECK_CASES: Case[] = [{ name: NAME, maxRounds: 2, run: fleetCheck }];

/** Section 5, fleets: the requests against the fewest, and the wall against what the bucket allows any client. */
export function fleetCheckRows(m: (name: string, key: string) => number): Row[] {
  const { groups, perGroup, bucket } = FLEET_CHECK;
  const fewest = fewestReads();
  const idealMs = (Math.max(0, fewest - bucket.capacity) / bucket.refillPerSecond) * 1000;
  const requests = m(NAME, 'requests');
  const wall = m(NAME, 'wallMs');
  const setting = `${groups * perGroup} systems in ${groups} resource groups, deallocate-vm, default max-parallel, reads ${bucket.capacity} + ${bucket.refillPerSecond}/s`;
  return [
    [
      '5',
      `erp-check by tag: requests / fewest (${setting}; ${fewest} reads: the listing, 4 a system, a permissions and a role-assignment read per resource group, 1 role definition), 429s among them`,
      `${requests} = ${x(requests / fewest)}, ${m(NAME, 'throttled')} × 429`,
      '≤ 1.10 ×',
      verdict(requests / fewest <= 1.1),
    ],
    [
      '5',
      `erp-check by tag: wall / what the bucket allows (ideal ${ms(idealMs)})`,
      `${ms(wall)} = ${x(wall / idealMs)}`,
      '(reported)',
      '',
    ],
  ];
}
