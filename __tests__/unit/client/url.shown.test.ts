import { describe, expect, it } from '@jest/globals';
import { renderSummary } from '../../../src/action/summary/render.js';
import { viewOfResult } from '../../../src/runtime/view/view.js';
import { scan, readFlags } from '../../../src/cli/args.js';
import { wrap } from '../../../src/cli/help.js';
import { redactQuery, redactUrls } from '../../../src/client/url.js';
import { InputReader } from '../../../src/runtime/reader.js';
import { parseOperation } from '../../../src/runtime/run.js';
import { INPUTS, type InputName } from '../../../src/operations/inputs.js';
import { resourceNameProblem } from '../../../src/client/arm/resource-id.js';
import { POLL_FLOOR_OVERRIDE } from '../../../src/operations/parsers.js';

/** The contract's "What the step shows is true": what a log, a summary or an error shows is what happens. */

const SIGNED = 'https://u:pa55@mgmt.example/op/1?api-version=2023-04-01&sig=s3cret&se=2026';

describe('a URL as logs, summaries and annotations show it', () => {
  it('has no user info, and its query is reduced to api-version, the rest shown as …', () => {
    expect(redactQuery(SIGNED)).toBe('https://…@mgmt.example/op/1?api-version=2023-04-01&…');
    expect(redactQuery('https://h.example/op?sig=s3cret&api-version=2021-08-01')).toBe(
      'https://h.example/op?api-version=2021-08-01&…',
    );
    expect(redactQuery('https://h.example/op?api-version=2021-08-01')).toBe(
      'https://h.example/op?api-version=2021-08-01',
    );
    expect(redactQuery('https://h.example/op?sig=s3cret')).toBe('https://h.example/op?…');
    // A value that is no version is no api-version to show.
    expect(redactQuery('https://h.example/op?api-version=a%20b&x=1')).toBe('https://h.example/op?…');
  });

  it('is the same after a second pass, and a question mark that starts no query stays', () => {
    const once = redactUrls(`see ${SIGNED} and https://h.example/x?sig=1`);
    expect(once).toBe('see https://…@mgmt.example/op/1?api-version=2023-04-01&… and https://h.example/x?…');
    expect(redactUrls(once)).toBe(once);
    expect(redactUrls('Is it ready? Not yet?')).toBe('Is it ready? Not yet?');
    // A query cut off from its URL by a space still loses its signature.
    expect(redactUrls('https://h.example/op 2?sig=s3cret')).toBe('https://h.example/op 2?…');
    // The sentence around a URL keeps its punctuation.
    expect(redactUrls('(resume with https://h.example/op?sig=s3cret).')).toBe(
      '(resume with https://h.example/op?…).',
    );
    expect(redactUrls('(resume with https://h.example/op?…).')).toBe('(resume with https://h.example/op?…).');
  });

  it('in the job summary: a code block, a cell, a note, the failure and the context show no signature', () => {
    const html = renderSummary(
      viewOfResult('wait-for-sync', {
        outputs: {},
        failure: `The stop did not end within the timeout; operation ${SIGNED}`,
        summary: [
          {
            title: 'erp-stop',
            context: [['operation', SIGNED]],
            header: ['target', 'status'],
            rows: [[SIGNED, 'InProgress']],
            notes: [`polled ${SIGNED}`],
            code: [{ label: 'To resume X01, the operation-urls output:', text: SIGNED }],
          },
        ],
      }),
    );
    expect(html).not.toContain('s3cret');
    expect(html).not.toContain('pa55');
    expect(html).toContain(
      '<pre><code>https://…@mgmt.example/op/1?api-version=2023-04-01&#38;…</code></pre>',
    );
    expect(html.match(/api-version=2023-04-01&#38;…/g)).toHaveLength(5);
  });
});

/** An input source of the given values, as the runner's INPUT_* variables would give them. */
const source = (values: Partial<Record<InputName, string>>) => (name: InputName) => values[name];

function refusal(name: InputName, value: string): string {
  const parsed = INPUTS[name].parse.safeParse(value);
  expect(parsed.success).toBe(false);
  return parsed.error!.issues[0]!.message;
}

describe('a list item with whitespace inside', () => {
  it.each([
    ['erp-virtual-instance', 'X01 X02'],
    ['erp-virtual-instance', 'X00\nX01 X02'],
    ['image', 'nginx alpine'],
    ['user-email', 'a@x.org b@x.org'],
    ['erp-virtual-instance', 'X01\tX02'],
  ] as [InputName, string][])(
    '%s %j is refused, naming the item and how to separate items',
    (name, value) => {
      const message = refusal(name, value);
      // The item as the message shows it: a control character (a tab) as `?`.
      expect(message).toContain(`'${value.split('\n').at(-1)!.replace('\t', '?')}'`);
      expect(message).toContain('one item per line, or separate items with commas');
    },
  );

  it('items separated by commas or lines, with spaces around them, are read as before', () => {
    expect(INPUTS['erp-virtual-instance'].parse.parse(' X01 , X02\nX03 ')).toEqual(['X01', 'X02', 'X03']);
  });
});

describe('a resource name with /, \\, ?, #, % or a control character', () => {
  it.each([
    ['resource-group', 'rg/../x'],
    ['resource-group', 'rg\\x'],
    ['account-name', 'acct?x=1'],
    ['share-subscription', 'share#1'],
    ['share-subscription', 'share%2Fx'],
    ['erp-virtual-instance', 'X01, a/b'],
    ['erp-virtual-instance', 'X01\u0007'],
    ['resource-group', 'rg\u007f'],
  ] as [InputName, string][])('%s %j is refused before any request', (name, value) => {
    expect(refusal(name, value)).toMatch(/must not contain/);
  });

  it('is refused by the shared rule, which each part of a full resource id can be held to', () => {
    for (const name of ['a/b', 'a\\b', 'a?b', 'a#b', 'a%b', 'a\nb', '.', '..']) {
      expect(resourceNameProblem(name)).toBeDefined();
    }
    for (const name of ['X01', 'rg-erp_1', 'a;b@c+d&e', 'name.with.dots']) {
      expect(resourceNameProblem(name)).toBeUndefined();
    }
    expect(resourceNameProblem('r'.repeat(91), 90)).toBe('must be at most 90 characters');
  });
});

describe('a list that names an item twice', () => {
  it('counts it once, and says so in the log', () => {
    const notes: string[] = [];
    const reader = new InputReader(source({ image: 'nginx, redis\nnginx' }), (l) => notes.push(l));
    expect(reader.optional('image')).toEqual(['nginx', 'redis']);
    expect(notes).toEqual(["Input 'image' names 'nginx' more than once; each counts once."]);
  });

  it('a polling URL given twice is told without its signature', () => {
    const notes: string[] = [];
    const url = 'https://h.example/op/1?api-version=1&sig=s3cret';
    const reader = new InputReader(source({ 'operation-url': `${url}\n${url}` }), (l) => notes.push(l));
    expect(reader.optional('operation-url')).toEqual([url]);
    expect(notes).toEqual([
      "Input 'operation-url' names 'https://h.example/op/1?api-version=1&…' more than once; each counts once.",
    ]);
  });

  it('a list without repeats says nothing', () => {
    const notes: string[] = [];
    new InputReader(source({ image: 'nginx, redis' }), (l) => notes.push(l)).optional('image');
    expect(notes).toEqual([]);
  });
});

describe('a misspelt operation', () => {
  it('is refused with the nearest name, as the command line does, then every valid one', () => {
    expect(() => parseOperation('erp-stp')).toThrow(
      /^Input 'operation': 'erp-stp' is not an operation; did you mean erp-stop\? valid operations: erp-stop, /,
    );
    expect(() => parseOperation('reboot')).toThrow(
      /^Input 'operation': 'reboot' is not an operation; valid operations: /,
    );
  });
});

describe('the command line names a flag as it was typed', () => {
  it('-v is reported as -v, --v as --v', () => {
    const spec = { command: 'erp-stop', accepts: new Map([['wait', { list: false }]]) };
    expect(() => readFlags(scan(['erp-stop', '-v']).flags, spec)).toThrow(/^unknown flag -v for erp-stop/);
    expect(() => readFlags(scan(['erp-stop', '--v']).flags, spec)).toThrow(/^unknown flag --v for erp-stop/);
    expect(() => readFlags(scan(['erp-stop', '-wait']).flags, spec)).toThrow(
      /^-wait needs a value \(--wait VALUE\)$/,
    );
  });

  it('help cuts a word longer than a line after a slash, so each piece reads as part of the path', () => {
    const id =
      '/subscriptions/{sub}/resourceGroups/{rg}/providers/Vendor.Workloads/erpVirtualInstances/{name}.';
    expect(wrap(`a full resource id ${id}`, 40)).toEqual([
      'a full resource id',
      '/subscriptions/{sub}/resourceGroups/',
      '{rg}/providers/Vendor.Workloads/',
      'erpVirtualInstances/{name}.',
    ]);
    expect(wrap('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});

describe('the poll-interval floor the tests lower', () => {
  it('is the contract’s 1 s unless code in the process sets the override, as fast-polls.mjs does', async () => {
    const global = globalThis as Record<symbol, unknown>;
    expect(INPUTS['poll-interval'].parse.parse('0.05')).toBe(1000);
    await import('../../helpers/fast-polls.mjs' as string);
    try {
      expect(INPUTS['poll-interval'].parse.parse('0.05')).toBe(100);
      expect(INPUTS['poll-interval'].parse.parse('0.3')).toBe(300);
    } finally {
      delete global[POLL_FLOOR_OVERRIDE];
    }
    expect(INPUTS['poll-interval'].parse.parse('0.05')).toBe(1000);
  });
});
