import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { renderActionYml } from '../../../src/runtime/action-yml.js';
import { INPUTS } from '../../../src/operations/inputs.js';
import { OUTPUTS } from '../../../src/operations/outputs.js';

const actionYml = await readFile(new URL('../../../action.yml', import.meta.url), 'utf8');

describe('action.yml', () => {
  it('is what the input and output definitions render (run `npm run action-yml` after changing them)', () => {
    expect(actionYml).toBe(renderActionYml('dist/index.js'));
  });

  it('declares every input and output of the contract, and runs on node24', () => {
    const contractInputs = [
      'operation',
      'base-url',
      'api-version',
      'access-token',
      'auth-url',
      'tenant-id',
      'client-id',
      'client-secret',
      'oidc-audience',
      'scope',
      'subscription-id',
      'resource-group',
      'timeout',
      'poll-interval',
      'wait',
      'erp-virtual-instance',
      'soft-stop-timeout-seconds',
      'hard-stop-fallback',
      'max-parallel',
      'operation-url',
      'account-name',
      'share-subscription',
      'synchronization-id',
      'started-after',
      'filter',
      'orderby',
      'location',
      'image',
      'os-type',
      'fail-if-missing',
      'api-url',
      'api-token',
      'app',
      'user-email',
    ];
    for (const name of contractInputs) expect(actionYml).toContain(`\n  ${name}:\n    description: `);
    for (const name of contractInputs) expect(Object.keys(INPUTS)).toContain(name);
    for (const name of Object.keys(OUTPUTS))
      expect(actionYml).toMatch(new RegExp(`\\n  ${name}:\\n    description: '`));
    expect(actionYml).toContain("runs:\n  using: 'node24'\n  main: 'dist/index.js'\n");
    expect(actionYml).toContain(
      "  timeout:\n    description: 'The longest the step waits in all: 90s, 15m, 2h, or a number of seconds.'\n    required: false\n    default: '30m'\n",
    );
  });
});

describe('docs/inputs.md', () => {
  it('has the input and output tables the definitions render (run `npm run action-yml` after changing them)', async () => {
    const { withReadmeTables } = await import('../../../src/runtime/readme-tables.js');
    const readme = await readFile(new URL('../../../docs/inputs.md', import.meta.url), 'utf8');
    expect(readme).toBe(withReadmeTables(readme));
    expect(readme).toContain('| `soft-stop-timeout-seconds` | `0` | erp-stop, erp-restart, erp-check |');
  });
});
