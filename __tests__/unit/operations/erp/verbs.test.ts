import { describe, expect, it } from '@jest/globals';
import { movingOf } from '../../../../src/operations/erp/verbs.js';

describe('movingOf: a move toward the step’s own end, or the other way', () => {
  it('tells a stop from a start, any case', () => {
    expect(['Stopping', 'softshutdown', 'Starting', 'Offline'].map((s) => movingOf('stop', s))).toEqual([
      'own',
      'own',
      'other',
      undefined,
    ]);
    expect(movingOf('start', 'STARTING')).toBe('own');
    expect(movingOf('start', 'Stopping')).toBe('other');
  });
});
