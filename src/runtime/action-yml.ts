import { describeDefault, describeOperations, inputCatalogue, outputCatalogue } from './catalogue.js';

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * action.yml, made from the registry; a test holds the committed file to it. Only an input every operation
 * reads carries a `default:`: the runner fills defaults in for every step, and an input the operation does not
 * read is refused when given, so any other default lives in the description and in the operation's module.
 */
export function renderActionYml(main: string): string {
  const lines = [
    "name: 'vendor-ops'",
    "description: 'Stop and start erp virtual instances, wait for data-share synchronizations, check cached container images, and manage app users.'",
    "author: 'vendor-ops-action'",
    'branding:',
    "  icon: 'server'",
    "  color: 'blue'",
    'inputs:',
  ];
  for (const entry of inputCatalogue()) {
    const everyone = describeOperations(entry.operations) === 'all';
    const fallback = describeDefault(entry);
    const notes = [
      everyone ? '' : ` Read by: ${entry.operations.join(', ')}.`,
      !everyone && fallback ? ` Default: ${fallback}.` : '',
    ].join('');
    lines.push(`  ${entry.name}:`, `    description: ${quote(entry.description + notes)}`);
    lines.push(`    required: ${entry.name === 'operation'}`);
    lines.push(`    default: ${quote(everyone ? fallback : '')}`);
  }
  lines.push('outputs:');
  for (const output of outputCatalogue()) {
    const by = describeOperations(output.operations);
    const notes = by === 'all' ? '' : ` Set by: ${by}.`;
    lines.push(`  ${output.name}:`, `    description: ${quote(output.description + notes)}`);
  }
  lines.push('runs:', "  using: 'node24'", `  main: ${quote(main)}`, '');
  return lines.join('\n');
}
