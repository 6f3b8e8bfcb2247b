import { inputCatalogue } from '../inputs/catalogue.js';
import { inputsOf, type OperationModule } from '../operations/module.js';
import { REGISTRY } from '../operations/registry.js';

/** The environment variable that stands in for a flag: `access-token` → `VENDOR_OPS_ACCESS_TOKEN`. */
export function envName(input: string): string {
  return `VENDOR_OPS_${input.replace(/-/g, '_').toUpperCase()}`;
}

export function usage(): string {
  const width = Math.max(...REGISTRY.map((m) => m.name.length));
  return [
    'Usage: vendor-ops <operation> --<input> value … [--json] [--verbose]',
    '       vendor-ops <operation> --help',
    '       vendor-ops emulator [--port N] [--scenario FILE]',
    '',
    'Operations:',
    ...REGISTRY.map((m) => `  ${m.name.padEnd(width)}  ${m.description}`),
    '',
    'Every input can also come from an environment variable: --access-token from VENDOR_OPS_ACCESS_TOKEN.',
    'Outputs are printed as name=value lines, or one JSON object with --json. Exit codes: 0 success,',
    '1 the operation failed, 2 bad usage.',
  ].join('\n');
}

/** --help for one operation, made from its module: what it does, the inputs it reads, an example. */
export function operationHelp(module: OperationModule): string {
  const reads = new Set(inputsOf(module));
  const required = new Set(
    Object.values(module.inputs)
      .filter((use) => use.presence === 'required')
      .map((use) => use.input),
  );
  const lines = [
    `Usage: vendor-ops ${module.name} [--<input> value …] [--json] [--verbose]`,
    '',
    module.description,
    '',
    'Inputs:',
  ];
  for (const entry of inputCatalogue()) {
    if (!reads.has(entry.name)) continue;
    const own = entry.defaults.find((d) => d.operation === module.name)?.value;
    const mark = required.has(entry.name) ? ' (required)' : own ? ` (default: ${own})` : '';
    lines.push(`  --${entry.name}  ${entry.description}${mark}  [env ${envName(entry.name)}]`);
  }
  lines.push('', 'Example:', `  vendor-ops ${module.name} ${module.example}`);
  return lines.join('\n');
}
