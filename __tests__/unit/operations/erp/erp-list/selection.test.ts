import { describe, expect, it } from '@jest/globals';
import type { FleetMember } from '../../../../../src/operations/erp/erp-list/listing.js';
import { matrixOf } from '../../../../../src/operations/erp/erp-list/matrix.js';
import {
  hasTags,
  resourceNames,
  subscriptionIds,
} from '../../../../../src/operations/erp/erp-list/selection.js';
import { environment, tagRules } from '../../../../../src/operations/erp-parsers.js';
import type { Parser } from '../../../../../src/operations/input-parser.js';

const parse = <T>(parser: Parser<T>, text: string) => {
  const result = parser.safeParse(text);
  return result.success ? result.data : `refused: ${result.error.issues[0]?.message}`;
};

const member = (i: number): FleetMember => ({
  id: `/subscriptions/s/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/S${i}`,
  name: `S${i}`,
  'subscription-id': 's',
  'resource-group': 'rg',
  location: null,
  environment: null,
  status: null,
  health: null,
  state: 'RegistrationComplete',
  tags: {},
});

describe('the tag input', () => {
  it.each([
    ['SnoozeSAPSystem=True', [{ name: 'SnoozeSAPSystem', value: 'True' }]],
    // One per line or comma-separated; an = after the first belongs to the value.
    [
      'maintenance=sunday, snooze=True',
      [
        { name: 'maintenance', value: 'sunday' },
        { name: 'snooze', value: 'True' },
      ],
    ],
    ['present, snooze=True', [{ name: 'present' }, { name: 'snooze', value: 'True' }]],
    ['expr=x=1', [{ name: 'expr', value: 'x=1' }]],
    [' maintenance = sunday \r\n\r\nSnooze', [{ name: 'maintenance', value: 'sunday' }, { name: 'Snooze' }]],
    ['env=\n', [{ name: 'env', value: '' }]],
    // The same tag twice counts once; a bare name given with a value is that value.
    [
      'a=1\nA=1\nb\nB=2',
      [
        { name: 'a', value: '1' },
        { name: 'b', value: '2' },
      ],
    ],
  ])('reads %j', (text, rules) => {
    expect(parse(tagRules, text)).toEqual(rules);
  });

  it.each([
    ['=True', "refused: '=True' has no tag name; give name=value or name, one per line or comma-separated"],
    [
      'SnoozeSAPSystem: True',
      "refused: 'SnoozeSAPSystem: True' is not a tag: write name=value (not name: value), name=value or name, one per line or comma-separated",
    ],
    [
      'owners=a,b',
      "refused: 'owners=a,b' reads as 'owners=a' and a tag 'b', but a tag value holds no comma: give name=value or name, one per line or comma-separated; a tag that need only be present on its own line",
    ],
    [
      'env=a\nENV=b',
      "refused: names tag 'ENV' twice with different values; every tag must match, so nothing could be selected",
    ],
    ['\n \n', 'refused: must name at least one tag: name=value or name, one per line or comma-separated'],
  ])('refuses %j', (text, message) => {
    expect(parse(tagRules, text)).toBe(message);
  });

  it('matches names without case and values with case; a bare name matches any value', () => {
    const tags = { SnoozeSAPSystem: 'True', Owner: 'team-a' };
    expect(hasTags(tags, [{ name: 'snoozesapsystem', value: 'True' }])).toBe(true);
    expect(hasTags(tags, [{ name: 'SnoozeSAPSystem', value: 'true' }])).toBe(false);
    expect(hasTags(tags, [{ name: 'OWNER' }, { name: 'snoozesapsystem', value: 'True' }])).toBe(true);
    expect(hasTags(tags, [{ name: 'Owner' }, { name: 'maintenance' }])).toBe(false);
    expect(hasTags(undefined, [])).toBe(true);
  });
});

describe('the environment input', () => {
  it.each([
    ['prod', 'Prod'],
    ['NONPROD', 'NonProd'],
    ['Production', 'refused: must be Prod or NonProd'],
  ])('%j', (text, read) => {
    expect(parse(environment, text)).toBe(read);
  });
});

describe('the matrix', () => {
  const members = (n: number) => Array.from({ length: n }, (_, i) => member(i + 1));

  it('none: an empty include', () => {
    expect(matrixOf([], 1)).toEqual({ matrix: { include: [] } });
  });

  it('per-leg systems a leg, the last leg the rest', () => {
    const built = matrixOf(members(7), 3);
    expect('matrix' in built && built.matrix.include.map((l) => [l.leg, l.names])).toEqual([
      [1, 'S1, S2, S3'],
      [2, 'S4, S5, S6'],
      [3, 'S7'],
    ]);
  });

  it('256 legs pass; 257 fail, naming the per-leg that fits', () => {
    expect('matrix' in matrixOf(members(256), 1)).toBe(true);
    expect(matrixOf(members(257), 1)).toEqual({
      failure:
        "257 systems at per-leg 1 make 257 legs, over GitHub's 256 legs a matrix: set per-leg to 2 or more",
    });
    expect('matrix' in matrixOf(members(257), 2)).toBe(true);
  });
});

describe('resource-group and subscription-id as lists', () => {
  it('an empty item between commas is refused, never dropped; blank lines are not items', () => {
    for (const raw of [',<', 'rg-a,,rg-b', 'rg-a,']) {
      expect(parse(resourceNames(90), raw)).toMatch(/^refused: has an empty item/);
    }
    expect(parse(subscriptionIds, ',00000000-0000-4000-8000-000000000001')).toMatch(
      /^refused: has an empty item/,
    );
    expect(parse(resourceNames(90), 'rg-a, rg-b\n\nrg-c\n')).toEqual(['rg-a', 'rg-b', 'rg-c']);
  });
});
