import { describe, expect, it } from '@jest/globals';
import { NearMisses } from '../../../../../src/operations/erp/erp-list/near-misses.js';
import type { Selection } from '../../../../../src/operations/erp/erp-list/selection.js';

const system = (name: string, tags: Record<string, string>, environment = 'NonProd') => ({
  name,
  tags,
  environment,
});

function linesOf(selection: Selection, systems: ReturnType<typeof system>[], selected = 0): string[] {
  const near = new NearMisses(selection);
  for (const s of systems) near.see(s, false);
  return near.lines(selected);
}

describe('NearMisses', () => {
  const fleet = [
    system('S01', { maintenance: 'sunday', SnoozeSAPSystem: 'True' }),
    system('S02', { Maintenance: 'sunday' }),
    system('S03', { maintenance: 'monday', SnoozeSAPSystem: '' }),
  ];

  it('a value nobody carries: the values its name does carry, the most carried first', () => {
    expect(linesOf({ tags: [{ name: 'maintenance', value: 'saturday' }] }, fleet)).toEqual([
      'No system listed carries maintenance=saturday: the values of maintenance listed: sunday (2), monday (1).',
    ]);
  });

  it('an empty value read, and a value carried empty shown quoted', () => {
    expect(linesOf({ tags: [{ name: 'SnoozeSAPSystem', value: '' }] }, fleet.slice(0, 1))).toEqual([
      'Tag SnoozeSAPSystem= was read with an empty value (a variable that was not set?); the values of SnoozeSAPSystem listed: True (1).',
    ]);
    expect(linesOf({ tags: [{ name: 'SnoozeSAPSystem', value: 'yes' }] }, fleet)[0]).toContain(
      'True (1), "" (1)',
    );
  });

  it('several parts: how many matched each; a name nobody carries; an environment nobody is', () => {
    const lines = linesOf(
      { tags: [{ name: 'maintenance', value: 'sunday' }, { name: 'owner' }], environment: 'Prod' },
      fleet,
    );
    expect(lines).toEqual([
      'No system listed carries the tag owner.',
      'No system listed is of environment Prod; the environments listed: NonProd (3).',
      'Of the 3 system(s) listed, each part matched: maintenance=sunday 2, owner 0, environment Prod 0; all together, none.',
    ]);
  });

  it('a close miss (case, space) whenever there is one; the rest only where nothing was selected', () => {
    const selection = { tags: [{ name: 'SnoozeSAPSystem', value: 'true' }] };
    expect(linesOf(selection, fleet, 1)).toEqual([
      expect.stringMatching(/^1 system\(s\) carry .*S01 \(SnoozeSAPSystem=True\)/),
    ]);
    expect(linesOf(selection, fleet, 0)).toHaveLength(2);
    expect(linesOf(selection, [])).toEqual(['The listing showed no system at all in the scope given.']);
  });
});
