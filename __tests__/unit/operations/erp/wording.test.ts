import { describe, expect, it } from '@jest/globals';
import { firstLine, inSentence, isCut, whyCut } from '../../../../src/operations/erp/wording.js';

describe('firstLine and inSentence: the one way a cause is quoted', () => {
  it('firstLine keeps the first line of a text or an error as it is, closing period included', () => {
    expect(firstLine('The stop failed.\nHTTP 500, request-id r-1')).toBe('The stop failed.');
    expect(firstLine(new Error('socket hang up\n    at TLSSocket'))).toBe('socket hang up');
    expect(firstLine('')).toBe('');
  });

  it('inSentence drops the closing period, for the middle of a sentence of ours', () => {
    expect(inSentence(new Error('The read timed out.\nmore'))).toBe('The read timed out');
    expect(inSentence('no period')).toBe('no period');
  });
});

describe('isCut and whyCut: a wait cut short, not ended by the service', () => {
  it('the timeout and a cancelled job are cuts, each said one way; anything else is not', () => {
    expect(['timeout', 'cancelled'].filter(isCut).map(whyCut)).toEqual([
      'the timeout ran out',
      'the job was cancelled',
    ]);
    for (const kind of ['error', 'failed', 'succeeded', undefined]) expect(isCut(kind)).toBe(false);
  });
});
