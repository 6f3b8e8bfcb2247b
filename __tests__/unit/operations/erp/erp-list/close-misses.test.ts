import { describe, expect, it } from '@jest/globals';
import {
  closeMiss,
  closeMissWarning,
  noLongerSelected,
} from '../../../../../src/operations/erp/erp-list/close-misses.js';

const system = (tags: Record<string, string>, environment: string | null = 'NonProd') => ({
  name: 'X01',
  tags,
  environment,
});

describe('closeMiss', () => {
  it.each([
    [{ SnoozeSAPSystem: 'true' }, 'SnoozeSAPSystem=true'],
    [{ snoozesapsystem: ' True ' }, 'snoozesapsystem= True '],
    [{ SnoozeSAPSystem: 'True' }, undefined],
    [{ SnoozeSAPSystem: 'yes' }, undefined],
    [{ other: 'True' }, undefined],
  ])('%j against SnoozeSAPSystem=True: %j', (tags, said) => {
    expect(closeMiss(system(tags), { tags: [{ name: 'SnoozeSAPSystem', value: 'True' }] })).toBe(said);
  });

  it('names an environment of another case, and only where the tags match', () => {
    const selection = { tags: [{ name: 'snooze' }], environment: 'NonProd' as const };
    expect(closeMiss(system({ snooze: 'x' }, 'nonprod'), selection)).toBe('environment nonprod');
    expect(closeMiss(system({}, 'nonprod'), selection)).toBeUndefined();
    expect(closeMiss(system({ snooze: 'x' }, 'Prod'), selection)).toBeUndefined();
  });

  it('one warning, naming at most 20 and counting the rest', () => {
    expect(closeMissWarning([])).toBeUndefined();
    const misses = Array.from({ length: 22 }, (_, i) => ({ name: `S${i}`, carries: 'a=b' }));
    expect(closeMissWarning(misses)).toMatch(/^22 system\(s\) carry .*S19 \(a=b\) and 2 more\./);
  });
});

describe('noLongerSelected', () => {
  const selection = { tags: [{ name: 'maintenance', value: 'sunday' }] };

  it('is undefined while the read still matches, or where no selection chose the system', () => {
    expect(noLongerSelected(selection, { tags: { Maintenance: 'sunday' } })).toBeUndefined();
    expect(noLongerSelected({}, { tags: {} })).toBeUndefined();
  });

  it('says why where the read no longer matches: tags removed, changed, or the environment', () => {
    expect(noLongerSelected(selection, { tags: { maintenance: 'monday' } })).toBe(
      'no longer selected: its tags or environment as read now (tags maintenance=monday; environment none) do not match',
    );
    expect(noLongerSelected(selection, { properties: {} })).toContain('(no tags; environment none)');
    const prod = { environment: 'NonProd' as const };
    expect(noLongerSelected(prod, { properties: { environment: 'Prod' } })).toContain('environment Prod');
  });
});
