import { describe, expect, it } from '@jest/globals';
import { InputError } from '../../../../src/client/errors.js';
import { resolveInstances } from '../../../../src/operations/erp/instance-ref.js';

/** `erp-virtual-instance` items resolved before any request: one instance named twice is refused, naming both. */
const SUB = '00000000-0000-4000-8000-000000000001';
const id = (rg: string, name: string, sub = SUB) =>
  `/subscriptions/${sub}/resourceGroups/${rg}/providers/Vendor.Workloads/erpVirtualInstances/${name}`;
const where = { subscriptionId: SUB, resourceGroup: 'rg-erp' };

function refusal(items: string[]): string {
  try {
    resolveInstances(items, where);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).message;
  }
  throw new Error('not refused');
}

describe('resolveInstances', () => {
  it('refuses one instance named twice, as a name and as an id in another case, naming both items', () => {
    expect(refusal(['X01', 'x02', id('RG-ERP', 'x01')])).toContain(
      `items 'X01' and '${id('RG-ERP', 'x01')}' name the same instance`,
    );
    expect(refusal([id('rg-a', 'X01'), 'X02', id('RG-A', 'X01')])).toContain(
      `items '${id('rg-a', 'X01')}' and '${id('RG-A', 'X01')}' name the same instance`,
    );
  });

  it('keeps one name in two resource groups apart, each labelled with its group', () => {
    const refs = resolveInstances([id('rg-a', 'X01'), id('rg-b', 'x01'), 'X02'], where);
    expect(refs.map((r) => r.label)).toEqual(['rg-a/X01', 'rg-b/x01', 'X02']);
  });

  it('the same name in another subscription is another instance', () => {
    const other = '00000000-0000-4000-8000-000000000002';
    expect(resolveInstances([id('rg-erp', 'X01'), id('rg-erp', 'X01', other)], where)).toHaveLength(2);
  });

  it('a fleet of 5 000 names resolves, and a repeat at its end is still found', () => {
    const names = Array.from({ length: 5_000 }, (_, i) => `S${String(i).padStart(4, '0')}`);
    expect(resolveInstances(names, where)).toHaveLength(5_000);
    expect(refusal([...names, 's0042'])).toContain("items 'S0042' and 's0042' name the same instance");
  });
});
