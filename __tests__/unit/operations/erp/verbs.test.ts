import { describe, expect, it } from '@jest/globals';
import {
  isDoneWord,
  isEnd,
  isVerb,
  movingOf,
  RUNS,
  SETTLING,
  startStateOf,
  VERBS,
} from '../../../../src/operations/erp/verbs.js';

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

describe('the verbs table: every difference between a stop and a start in one row', () => {
  it('each verb is the opposite of its opposite, and a run names only verbs of the table', () => {
    for (const row of Object.values(VERBS)) expect(VERBS[row.opposite].opposite).toBe(row.verb);
    for (const run of Object.values(RUNS)) expect(run.verbs.every(isVerb)).toBe(true);
    expect(RUNS.restart.verbs).toEqual(['stop', 'start']);
    expect(isVerb('restart')).toBe(false);
  });

  it('the end of a step: its verb’s end status, and after a step on the machines a stop’s Unavailable', () => {
    expect(isEnd({ verb: 'stop', machines: false }, 'offline')).toBe(true);
    expect(isEnd({ verb: 'stop', machines: false }, 'Unavailable')).toBe(false);
    expect(isEnd({ verb: 'stop', machines: true }, 'Unavailable')).toBe(true);
    expect(isEnd({ verb: 'start', machines: true }, 'Unavailable')).toBe(false);
    expect(isEnd({ verb: 'start', machines: false }, 'Running')).toBe(true);
  });

  it('where a step started from where it was not read: the other end', () => {
    expect(startStateOf('stop', undefined)).toBe('Running');
    expect(startStateOf('start', undefined)).toBe('Offline');
    expect(startStateOf('start', { status: 'Stopping' })).toBe('Stopping');
  });

  it('the settling statuses are every verb’s moving ones; every run’s done word is a success', () => {
    expect([...SETTLING].sort()).toEqual(['softshutdown', 'starting', 'stopping']);
    expect(['stopped', 'started', 'restarted'].every(isDoneWord)).toBe(true);
    expect(isDoneWord('skipped')).toBe(false);
  });
});
