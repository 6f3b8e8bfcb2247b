import { describe, expect, it } from '@jest/globals';
import type { FleetMember } from '../../../../../src/operations/erp/erp-list/listing.js';
import { matrixOf, overOutputLimit } from '../../../../../src/operations/erp/erp-list/matrix.js';

const SUB = '00000000-0000-4000-8000-000000000001';
/** A fleet as the issue's audit had it: ids of about 130 characters. */
function fleet(n: number): FleetMember[] {
  return Array.from({ length: n }, (_, i) => {
    const name = `SAPPRD${String(i).padStart(4, '0')}`;
    return {
      id: `/subscriptions/${SUB}/resourceGroups/rg-erp-production-westeurope/providers/Vendor.Workloads/erpVirtualInstances/${name}`,
      name,
      'subscription-id': SUB,
      'resource-group': 'rg-erp-production-westeurope',
      location: 'westeurope',
      environment: 'Prod',
      status: 'Running',
      health: 'Healthy',
      state: 'RegistrationComplete',
      tags: {},
    };
  });
}
const outputsOf = (members: FleetMember[], perLeg: number) => {
  const built = matrixOf(members, perLeg);
  return { ids: members.map((m) => m.id).join('\n'), matrix: 'matrix' in built ? built.matrix : undefined };
};

describe("overOutputLimit, as GitHub counts a job's outputs (UTF-16)", () => {
  it('2 000 systems: the matrix fits; ids and matrix together pass 1 MiB and are warned of', () => {
    const size = overOutputLimit(outputsOf(fleet(2000), 8));
    expect(size.failure).toBeUndefined();
    expect(size.warning).toMatch(
      /^ids and matrix together are 1\.\d\d MiB as GitHub counts a job's outputs \(UTF-16\), over its limit of 1 MiB: hand on count and matrix only/,
    );
  });

  it('a matrix alone over 1 MiB fails, naming its size and a narrower scope', () => {
    expect(overOutputLimit(outputsOf(fleet(4000), 16)).failure).toMatch(
      /^matrix would be \d\.\d\d MiB as GitHub counts a job's outputs \(UTF-16\), over its limit of 1 MiB: narrow the scope/,
    );
  });

  it('a small window: nothing to say', () => {
    expect(overOutputLimit(outputsOf(fleet(60), 6))).toEqual({});
  });
});

describe("matrixOf: each entry carries the selection's tag and environment, a leg's re-check", () => {
  it('tag rules one per line as the tag input reads them, the environment as given; neither where not given', () => {
    const tags = [{ name: 'maintenance', value: 'sunday' }, { name: 'snooze' }];
    const built = matrixOf(fleet(3), 2, { tags, environment: 'Prod' });
    expect('matrix' in built && built.matrix.include.map((l) => [l.tag, l.environment])).toEqual([
      ['maintenance=sunday\nsnooze', 'Prod'],
      ['maintenance=sunday\nsnooze', 'Prod'],
    ]);
    const plain = matrixOf(fleet(1), 1);
    expect('matrix' in plain && Object.keys(plain.matrix.include[0]!)).toEqual([
      'leg',
      'erp-virtual-instance',
      'names',
    ]);
  });
});
