import { INPUTS, OUTPUTS, type InputDefinition } from './definitions.js';

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** action.yml, made from the one list of inputs and outputs; a test holds the committed file to it. */
export function renderActionYml(main: string): string {
  const lines = [
    "name: 'vendor-ops'",
    "description: 'Stop erp virtual instances, wait for data-share synchronizations, check cached container images, and manage app users.'",
    "author: 'vendor-ops-action'",
    'branding:',
    "  icon: 'server'",
    "  color: 'blue'",
    'inputs:',
  ];
  for (const [name, definition] of Object.entries(INPUTS) as [string, InputDefinition][]) {
    lines.push(`  ${name}:`, `    description: ${quote(definition.description)}`);
    lines.push(`    required: ${name === 'operation'}`);
    lines.push(`    default: ${quote(definition.default ?? '')}`);
  }
  lines.push('outputs:');
  for (const [name, description] of Object.entries(OUTPUTS)) {
    lines.push(`  ${name}:`, `    description: ${quote(description)}`);
  }
  lines.push('runs:', "  using: 'node24'", `  main: ${quote(main)}`, '');
  return lines.join('\n');
}
