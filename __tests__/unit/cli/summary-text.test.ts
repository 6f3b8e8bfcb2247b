import { describe, expect, it } from '@jest/globals';
import { terminalText } from '../../../src/cli/summary-text.js';

describe('terminalText: the command line’s page as harmless as the summary', () => {
  it('reduces a URL, shows control characters as their codes and keeps line breaks and marks', () => {
    expect(terminalText('see https://h.example/op?api-version=1&sig=SECRET now')).not.toContain('SECRET');
    expect(terminalText('a\u001b[2Jb\rc\u0007d')).toBe('a\\x1b[2Jb\\x0dc\\x07d');
    expect(terminalText('a\u202eb\u200bc')).toBe('a\\u202eb\\u200bc');
    expect(terminalText('✅ window: 2 stopped\n❌ 1 failed')).toBe('✅ window: 2 stopped\n❌ 1 failed');
  });

  it('breaks every line a runner would read as a workflow command', () => {
    const text = terminalText('X02\n::warning::a\n   ::error::b\nsee ##[error]c\nd :: e');
    expect(text).toBe('X02\n\\::warning::a\n   \\::error::b\nsee #\\#[error]c\nd :: e');
    expect(text.split('\n').filter((l) => l.trimStart().startsWith('::') || l.includes('##['))).toEqual([]);
  });
});
