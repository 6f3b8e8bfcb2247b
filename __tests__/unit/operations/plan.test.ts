import { describe, expect, it } from '@jest/globals';
import { PlannedChange, plannedRequest, planUrl } from '../../../src/client/dry-run.js';
import { logPlan, planOutputs, planTable, type PlannedTarget } from '../../../src/operations/plan.js';
import type { Logger } from '../../../src/operations/types.js';

const stopUrl = new URL(
  'https://management.example/subscriptions/s/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/X01/stop?api-version=2024-09-01&sig=SECRET',
);

describe('a planned request', () => {
  it('keeps api-version and drops every other query (a signature never reaches a plan)', () => {
    expect(planUrl(stopUrl)).toBe(
      'https://management.example/subscriptions/s/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/X01/stop?api-version=2024-09-01',
    );
    expect(planUrl(new URL('https://h.example/v0.1/apps/o/a/users/x%40y.org?token=abc'))).toBe(
      'https://h.example/v0.1/apps/o/a/users/x%40y.org',
    );
  });

  it('carries the body, or none, and names itself in the error a dry run raises', () => {
    const stop = plannedRequest('POST', stopUrl, { softStopTimeoutSeconds: 300, deallocateVm: true });
    expect(new PlannedChange(stop).message).toBe(
      `dry run: POST ${planUrl(stopUrl)} {"softStopTimeoutSeconds":300,"deallocateVm":true} was not sent`,
    );
    expect(plannedRequest('POST', stopUrl, undefined)).not.toHaveProperty('body');
  });
});

describe('the plan', () => {
  const targets: PlannedTarget[] = [
    {
      target: 'X01',
      effect: 'Running → stop (soft 300 s)',
      request: plannedRequest('POST', stopUrl, { softStopTimeoutSeconds: 300 }),
    },
    { target: 'X02', effect: 'already Offline → skip' },
  ];

  it('logs one "dry run: would" line per change, then the effect per target', () => {
    const lines: string[] = [];
    const logger = { info: (l: string) => lines.push(l) } as unknown as Logger;
    logPlan(logger, targets);
    expect(lines).toEqual([
      `dry run: would POST ${planUrl(stopUrl)} {"softStopTimeoutSeconds":300}`,
      'X01: Running → stop (soft 300 s)',
      'X02: already Offline → skip',
    ]);
    lines.length = 0;
    logPlan(logger, [targets[1]!]);
    expect(lines).toEqual(['dry run: nothing would change', 'X02: already Offline → skip']);
  });

  it('sets plan to the changes alone and changes to whether there are any', () => {
    expect(planOutputs(targets)).toEqual({
      changes: true,
      plan: [
        {
          target: 'X01',
          method: 'POST',
          url: planUrl(stopUrl),
          body: { softStopTimeoutSeconds: 300 },
          effect: 'Running → stop (soft 300 s)',
        },
      ],
    });
    expect(planOutputs([targets[1]!])).toEqual({ changes: false, plan: [] });
  });

  it('has a summary table titled as a plan, one row per target', () => {
    const table = planTable('erp-stop', 'erp virtual instance', targets);
    expect(table.title).toMatch(/^Plan of erp-stop \(dry run: nothing was changed\)$/);
    expect(table.rows.map((r) => r.slice(0, 2))).toEqual([
      ['X01', 'Running → stop (soft 300 s)'],
      ['X02', 'already Offline → skip'],
    ]);
    expect(JSON.stringify(table)).not.toContain('SECRET');
  });
});
