import { INPUTS, OPERATIONS, type InputDefinition, type OperationName } from '../inputs/definitions.js';

/** The environment variable that stands in for a flag: `access-token` → `VENDOR_OPS_ACCESS_TOKEN`. */
export function envName(input: string): string {
  return `VENDOR_OPS_${input.replace(/-/g, '_').toUpperCase()}`;
}

export function usage(): string {
  return [
    'Usage: vendor-ops <operation> --<input> value … [--json] [--verbose]',
    '       vendor-ops <operation> --help',
    '       vendor-ops emulator [--port N] [--scenario FILE]',
    '',
    `Operations: ${OPERATIONS.join(', ')}`,
    'Every input can also come from an environment variable: --access-token from VENDOR_OPS_ACCESS_TOKEN.',
    'Outputs are printed as name=value lines, or one JSON object with --json. Exit codes: 0 success,',
    '1 the operation failed, 2 bad usage.',
  ].join('\n');
}

/** --help for one operation, made from the same definitions as action.yml. */
export function operationHelp(operation: OperationName): string {
  const lines = [`Usage: vendor-ops ${operation} [--<input> value …] [--json] [--verbose]`, '', 'Inputs:'];
  for (const [name, definition] of Object.entries(INPUTS) as [string, InputDefinition][]) {
    if (name === 'operation' || !definition.operations.includes(operation)) continue;
    const fallback = definition.default ? ` (default: ${definition.default})` : '';
    lines.push(`  --${name}  ${definition.description}${fallback}  [env ${envName(name)}]`);
  }
  return lines.join('\n');
}
