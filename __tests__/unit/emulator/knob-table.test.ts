import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import * as z from 'zod/mini';
import { KNOB_DOCS } from '../../../src/emulator/knob-docs.js';
import { withKnobTable } from '../../../scripts/knob-table.js';
import { knobsOf } from '../../../src/emulator/knob-table.js';

/** The table of the emulator's knobs in docs/emulator.md is made from the scenario schema, so it cannot drift from it. */
describe("the emulator's knobs in docs/emulator.md", () => {
  it('the table is current (npm run knob-table rewrites it)', async () => {
    const readme = await readFile(new URL('../../../docs/emulator.md', import.meta.url), 'utf8');
    expect(withKnobTable(readme)).toBe(readme);
  });

  it('every knob of the schema has words, and no words name a knob the schema lacks', () => {
    const paths = knobsOf().map((k) => k.path);
    expect(paths.filter((p) => !KNOB_DOCS[p])).toEqual([]);
    expect(Object.keys(KNOB_DOCS).filter((p) => !paths.includes(p))).toEqual([]);
    // The knobs the issue found undocumented are in it.
    expect(paths).toEqual(
      expect.arrayContaining([
        'dataShare.starts',
        'dataShare.detailsError',
        'erp.instances.<name>.endStatus',
      ]),
    );
  });

  it('a knob added to a schema is found, with what it takes', () => {
    const schema = z.strictObject({
      erp: z.optional(
        z.strictObject({
          instances: z.optional(
            z.record(z.string(), z.strictObject({ hang: z.optional(z.boolean()), mode: z.enum(['a', 'b']) })),
          ),
        }),
      ),
    });
    expect(knobsOf(schema)).toEqual([
      { path: 'erp.instances', form: 'map of name → object' },
      { path: 'erp.instances.<name>.hang', form: 'boolean' },
      { path: 'erp.instances.<name>.mode', form: '`a` or `b`' },
    ]);
  });
});
