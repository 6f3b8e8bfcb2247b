import { describe, expect, it } from '@jest/globals';
import { stepRow, targetRow } from '../../../../src/operations/erp/rows.js';
import type { TargetResult } from '../../../../src/operations/erp/target-result.js';

const state = (status: string, health = 'Healthy') => ({
  status,
  health,
  response: { status: 200, headers: {}, body: '' } as never,
});

describe('rows: each target as it ended, the one channel to the summary and the result file', () => {
  it('a stop done: stopped, before/after/health, times, no cause', () => {
    const outcome: TargetResult = {
      target: 'X01',
      kind: 'succeeded',
      durationMs: 1500,
      startedAt: 1000,
      endedAt: 2500,
      entry: {
        target: '/subscriptions/s/resourceGroups/rg/providers/Vendor.Workloads/erpVirtualInstances/X01',
        verb: 'stop',
      },
      instance: {
        before: state('Running'),
        after: state('Offline', 'Unknown'),
        outcome: 'stopped',
        done: 'stop (hard): Succeeded',
      },
    };
    expect(targetRow(outcome, { running: 'stopping', id: outcome.entry?.target })).toEqual({
      target: 'X01',
      id: outcome.entry?.target,
      outcome: 'succeeded',
      word: 'stopped',
      before: 'Running',
      done: 'stop (hard): Succeeded',
      after: 'Offline',
      health: 'Unknown',
      startedAt: 1000,
      endedAt: 2500,
      cause: undefined,
    });
  });

  it('a cause keeps the kind named where it was made; a failed operation is not still running', () => {
    const refused: TargetResult = {
      target: 'X02',
      kind: 'error',
      causeKind: 'conflict',
      durationMs: 10,
      failure: 'HTTP 409 Conflict',
      instance: { outcome: 'failed', done: 'stop: refused' },
    };
    expect(targetRow(refused, { running: 'stopping' }).cause).toEqual({
      text: 'HTTP 409 Conflict',
      kind: 'conflict',
    });
    const ended: TargetResult = {
      target: 'X03',
      kind: 'failed',
      durationMs: 10,
      operation: { body: { status: 'Failed' } as never },
      failure: 'ended Failed',
      instance: { outcome: 'running', done: 'stop: Failed' },
    };
    expect(targetRow(ended, { running: 'stopping' })).toMatchObject({ outcome: 'failed', word: 'failed' });
    expect(targetRow(ended, { running: 'stopping' }).cause?.kind).toBe('service failed');
  });

  it('a step never reached is not sent, with neither start nor end', () => {
    expect(stepRow({ step: 'database machines', target: 'X01/db0' }, undefined, 'stopping')).toEqual({
      step: 'database machines',
      target: 'X01/db0',
      outcome: 'not sent',
      word: 'not sent',
    });
    const cut: TargetResult = {
      target: 'X01',
      kind: 'cancelled',
      durationMs: 0,
      startedAt: 5,
      failure: 'not sent: the job was cancelled before its turn',
      causeKind: 'not sent',
      instance: { outcome: 'not sent', done: 'not sent' },
    };
    const row = stepRow({ step: 'application stop', target: 'X01' }, cut, 'stopping');
    expect(row).toMatchObject({ outcome: 'not sent', cause: { kind: 'not sent' } });
    expect(row.startedAt).toBeUndefined();
  });
});
