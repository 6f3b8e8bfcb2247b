import { describe, expect, it } from '@jest/globals';
import * as core from '@actions/core';
import { parseRunnerOutput } from '../../../scripts/runner-commands.js';

/** The port of the runner's parsers, held to what actions/runner's ActionCommand.cs and manager do. */
const commands = (text: string) =>
  parseRunnerOutput(text).commands.map((c) => [c.name, c.data, c.properties] as const);

describe('the runner-parser port', () => {
  it.each([
    ['::error::x', 'error', 'x'],
    // TryParseV2 trims leading white space, .NET's set: NBSP and NEL too.
    ['   ::add-mask::y', 'add-mask', 'y'],
    ['\t\u00a0\u0085::add-mask::y', 'add-mask', 'y'],
    // Names are compared without case, by simple upper-casing: `ſ` is `S`.
    ['::ERROR::x', 'error', 'x'],
    ['::add-maſk::y', 'add-mask', 'y'],
    // The legacy form anywhere in a line.
    ['Failed: ##[add-mask]z', 'add-mask', 'z'],
    // ICU skips characters without collation weight in the culture-sensitive search for the second `::`.
    ['::error:\u200b:x', 'error', ':x'],
    ['::warning:\u00ad\ufe0f:w', 'warning', '\ufe0f:w'],
  ])('%j is a %s command', (line, name, data) => {
    expect(commands(line)).toEqual([[name, data, {}]]);
  });

  it.each([
    'x ::error::x',
    ':: error::x',
    '::nosuch::x',
    '#[error]x',
    '##[error x',
    // .NET's TrimStart leaves U+FEFF, and the name then starts at the wrong offset.
    '\ufeff::error::x',
    // The same for the legacy form: ICU finds `#\u2060#[`, and the name is read from the `[` on.
    'text #\u2060#[warning]w',
    '',
  ])('%j is no command', (line) => {
    expect(commands(line)).toEqual([]);
  });

  it('splits lines at CR, LF and CRLF, as StreamReader.ReadLine does', () => {
    expect(commands('a\r::error::1\r\n::error::2\n::error::3').map((c) => c[1])).toEqual(['1', '2', '3']);
  });

  it('unescapes data and properties each its own way', () => {
    expect(commands('::set-output name=a%3Ab%2Cc::v%0A%25')).toEqual([
      ['set-output', 'v\n%', { name: 'a:b,c' }],
    ]);
    expect(commands('##[error file=f;line=3]m%5D%3B')).toEqual([['error', 'm];', { file: 'f', line: '3' }]]);
  });

  it('reads what @actions/core writes back to the data it was given', () => {
    const written: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => written.push(chunk) > 0) as typeof process.stdout.write;
    try {
      core.warning('a\r\nb %0A ::error::c ##[add-mask]d');
      core.error('e', { title: 'T: x, y' });
    } finally {
      process.stdout.write = write;
    }
    expect(commands(written.join(''))).toEqual([
      ['warning', 'a\r\nb %0A ::error::c ##[add-mask]d', {}],
      ['error', 'e', { title: 'T: x, y' }],
    ]);
  });

  it('executes nothing between stop-commands and its token, which resumes whatever its case', () => {
    const log = parseRunnerOutput('::stop-commands::Tok\n::error::a\n##[add-mask]b\n::tok::\n::error::c');
    expect(log.entries.map((e) => e.kind)).toEqual(['stop', 'output', 'output', 'resume', 'command']);
    expect(log.commands.map((c) => c.data)).toEqual(['c']);
    expect(log.stopToken).toBeUndefined();
  });

  it('never resumes after an empty stop token', () => {
    const log = parseRunnerOutput('::stop-commands::\n::error::a\n::::\n');
    expect(log.commands).toEqual([]);
    expect(log.stopToken).toBe('');
  });
});
