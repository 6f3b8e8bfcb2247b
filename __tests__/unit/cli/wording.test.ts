import { describe, expect, it } from '@jest/globals';
import { nearest } from '../../../src/runtime/nearest.js';
import { forCommandLine } from '../../../src/cli/wording.js';

describe('forCommandLine: workflow wording as flags, other text untouched', () => {
  it('rewrites inputs written as YAML and the input prefix of an error', () => {
    expect(forCommandLine('Set hard-stop-fallback: true to stop with 0.')).toBe(
      'Set --hard-stop-fallback true to stop with 0.',
    );
    expect(forCommandLine('not waiting (wait: false)')).toBe('not waiting (--wait false)');
    expect(forCommandLine("Input 'timeout': must be a duration")).toBe('--timeout: must be a duration');
  });

  it('leaves service text with colons alone: only input names with true, false or a number change', () => {
    for (const text of [
      'status: Failed',
      'app: contoso/shop',
      'code: 42',
      "Input 'nonsense': x",
      'no-such-input: true',
      'operation: erp-stop',
    ]) {
      expect(forCommandLine(text)).toBe(text);
    }
  });
});

describe('nearest', () => {
  it('suggests a close name and guesses nothing for a far one', () => {
    expect(nearest('imag', ['image', 'location'])).toBe('image');
    expect(nearest('subscripton-id', ['subscription-id', 'resource-group'])).toBe('subscription-id');
    expect(nearest('reboot', ['erp-stop', 'erp-start', 'wait-for-sync'])).toBeUndefined();
  });
});
