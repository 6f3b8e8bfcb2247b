import { INPUTS, type InputDefinition, type InputName } from '../operations/inputs.js';
import { inputsOf, useOf } from '../operations/module.js';
import { OUTPUTS, type OutputName } from '../operations/outputs.js';
import { OPERATION_NAMES, REGISTRY } from '../operations/registry.js';

/** One input as the public face shows it: which operations read it, and its default for each. */
export interface InputEntry {
  name: InputName;
  description: string;
  secret: boolean;
  /** Names of the operations that read it; every operation for `operation`. */
  operations: string[];
  /** The default as a user would write it: one value, or per operation where they differ. */
  defaults: { operation: string; value: string }[];
}

/**
 * The inputs of action.yml, the README and --help, derived from the registry: an input is listed with the
 * operations whose modules read it, so no list of "who reads what" is kept by hand.
 */
export function inputCatalogue(): InputEntry[] {
  return (Object.entries(INPUTS) as [InputName, InputDefinition][]).map(([name, definition]) => {
    const readers = name === 'operation' ? [...REGISTRY] : REGISTRY.filter((m) => inputsOf(m).includes(name));
    const defaults = readers.flatMap((m) => {
      const value = useOf(m, name)?.default ?? useOf(m, name)?.shown ?? definition.default;
      return value === undefined ? [] : [{ operation: m.name, value }];
    });
    return {
      name,
      description:
        name === 'operation' ? `What to do: ${OPERATION_NAMES.join(', ')}.` : definition.description,
      secret: definition.secret === true,
      operations: readers.map((m) => m.name),
      defaults,
    };
  });
}

/** `30m`, or `<operation> 2023-04-01, <another> 2021-08-01` where the operations differ; '' for none. */
export function describeDefault(entry: InputEntry): string {
  const values = new Set(entry.defaults.map((d) => d.value));
  if (values.size === 0) return '';
  if (values.size === 1 && entry.defaults.length === entry.operations.length) return [...values][0]!;
  return entry.defaults.map((d) => `${d.operation} ${d.value}`).join(', ');
}

/** Every output with the operations that set it, from the registry. */
export function outputCatalogue(): { name: OutputName; description: string; operations: string[] }[] {
  return (Object.entries(OUTPUTS) as [OutputName, string][]).map(([name, description]) => ({
    name,
    description,
    operations: REGISTRY.filter((m) => m.outputs.includes(name)).map((m) => m.name),
  }));
}

/** "all", or the operations by name. */
export function describeOperations(operations: string[]): string {
  return operations.length === REGISTRY.length ? 'all' : operations.join(', ');
}
