import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { REGISTRY } from '../../../src/operations/registry.js';
import { pagePath, withOperationTables } from '../../../src/runtime/operation-pages.js';
import type { OperationModule } from '../../../src/operations/module.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

/** Each operation's page (docs/operations/<name>.md) carries tables made from the registry, so they cannot drift. */
describe("the operations' pages", () => {
  it.each(REGISTRY.map((m) => [m.name, m] as const))(
    '%s: its tables are current (npm run action-yml rewrites them)',
    (_name, module) => {
      const page = readFileSync(join(ROOT, pagePath(module)), 'utf8');
      expect(withOperationTables(page, module)).toBe(page);
      for (const output of module.outputs) expect(page).toContain(`| \`${output}\` |`);
    },
  );

  it('a new operation in the registry gets a page begun, with its inputs, outputs and command line', () => {
    const erpStop = REGISTRY.find((m) => m.name === 'erp-stop')!;
    const newcomer: OperationModule = {
      ...erpStop,
      name: 'erp-newcomer',
      description: 'Does something new.',
    };
    const page = withOperationTables(undefined, newcomer);
    expect(page).toMatch(/^# erp-newcomer\n/);
    expect(page).toContain('Does something new.');
    expect(page).toContain('| `soft-stop-timeout-seconds` |  | `0` |');
    expect(page).toContain('| `operation-urls` |');
    expect(page).toContain(`vendor-ops erp-newcomer ${erpStop.example}`);
    expect(withOperationTables(page, newcomer)).toBe(page);
  });

  it('a required input is marked required', () => {
    const required = REGISTRY.flatMap((m) =>
      Object.values(m.inputs)
        .filter((use) => use.presence === 'required')
        .map((use) => ({ module: m, input: use.input })),
    );
    expect(required.length).toBeGreaterThan(0);
    for (const { module, input } of required) {
      expect(withOperationTables(undefined, module)).toMatch(
        new RegExp(`^\\| \`${input}\` \\| yes \\|`, 'm'),
      );
    }
  });
});
