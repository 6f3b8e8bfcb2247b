import { describe, expect, it } from '@jest/globals';
import { windowAdvice } from '../../../src/runtime/window-advice.js';
import type { WindowReport, WindowSystem } from '../../../src/operations/erp/report/page.js';

const windowOf = (systems: WindowSystem[]): WindowReport => ({
  title: 'window',
  systems,
  attention: systems.length,
  replaced: [],
  skipped: [],
  lost: [],
  legFailures: [],
  failing: [],
  files: 1,
});
const running = (operation: string): WindowSystem => ({
  name: 'W01',
  leg: '1',
  operation,
  outcome: 'running',
  word: 'still running',
});

describe('the window\'s "What to do"', () => {
  it('a system still running is resumed as the operation that left it running declares', () => {
    expect(windowAdvice(windowOf([running('erp-stop')]))).toEqual([
      expect.stringMatching(
        /^A system still running .*: run the step again .*; wait-for-operation and the operation-urls output of its leg follows only what was sent\.$/,
      ),
    ]);
  });

  it('an operation that declares no way to resume: the step again, no resuming step named', () => {
    const [line] = windowAdvice(windowOf([running('erp-status')]));
    expect(line).toContain('run the step again');
    expect(line).not.toContain('wait-for-operation');
  });
});
