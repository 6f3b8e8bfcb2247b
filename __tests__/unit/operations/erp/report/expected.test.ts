import { describe, expect, it } from '@jest/globals';
import { expectedSystems, failOn } from '../../../../../src/operations/erp-parsers.js';

const id = (name: string) =>
  `/subscriptions/00000000-0000-4000-8000-000000000001/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/${name}`;
const parse = (text: string) => {
  const r = expectedSystems.safeParse(text);
  return r.success ? r.data : `refused: ${r.error.issues[0]?.message}`;
};

describe('expected', () => {
  it("reads erp-list's matrix as it is, each system with its leg", () => {
    const matrix = {
      include: [
        { leg: 1, 'erp-virtual-instance': `${id('A')}\n${id('B')}`, names: 'A, B' },
        { leg: 2, 'erp-virtual-instance': id('C'), names: 'C' },
      ],
    };
    expect(parse(JSON.stringify(matrix))).toEqual([
      { id: id('A'), name: 'A', leg: '1' },
      { id: id('B'), name: 'B', leg: '1' },
      { id: id('C'), name: 'C', leg: '2' },
    ]);
  });

  it('reads ids, one per line or comma-separated', () => {
    expect(parse(`${id('A')},${id('B')}`)).toEqual([
      { id: id('A'), name: 'A' },
      { id: id('B'), name: 'B' },
    ]);
  });

  it('each system once, ids compared without case; a JSON array of ids; names as they are', () => {
    expect(parse(`${id('A')}\n${id('A').toUpperCase()}`)).toEqual([{ id: id('A'), name: 'A' }]);
    expect(parse(JSON.stringify([id('A'), id('B')]))).toEqual([
      { id: id('A'), name: 'A' },
      { id: id('B'), name: 'B' },
    ]);
    expect(parse('X01,x01, X02')).toEqual([
      { id: 'X01', name: 'X01' },
      { id: 'X02', name: 'X02' },
    ]);
  });

  it.each([
    ['{"include": 3}', "refused: is not erp-list's matrix: it has no include array"],
    ['{"include": [{"leg": 1}]}', "refused: is not erp-list's matrix: leg 1 has no erp-virtual-instance"],
    [
      '{oops',
      "refused: is not JSON: give erp-list's matrix output as it is, its ids, or a JSON array of ids",
    ],
    ['[]', 'refused: is an empty array: it must name at least one system'],
    [
      '[1]',
      "refused: item 1 is neither a system's id nor its name: give erp-list's matrix output as it is, its ids, or a JSON array of ids",
    ],
    [
      'X01, <b>',
      "refused: item 2 is neither a system's id nor its name: give erp-list's matrix output as it is, its ids, or a JSON array of ids",
    ],
  ])('refuses %j', (text, message) => {
    expect(parse(text)).toBe(message);
  });

  it('fail-on is any or none', () => {
    expect(failOn.safeParse('None').data).toBe('none');
    expect(failOn.safeParse('some').success).toBe(false);
  });
});
