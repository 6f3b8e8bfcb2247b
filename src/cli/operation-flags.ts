import { INPUTS, type InputDefinition, type InputName } from '../operations/inputs.js';
import { inputsOf, useOf, type OperationModule } from '../operations/module.js';
import type { FlagSpec } from './args.js';

/**
 * Whether an input is a list (`image`, `user-email`, …): its parser turns one item into an array. Derived from
 * the vocabulary's parsers, so a list input added later repeats as a flag without a change here.
 */
export function isListInput(name: InputName, module?: OperationModule): boolean {
  // An operation may read an input as a list where the others read one value (erp-list's subscription-id).
  const parse = (module && useOf(module, name)?.parse) ?? (INPUTS[name] as InputDefinition).parse;
  // An item any list takes: a name, or a UUID where the list holds only those (subscription-id).
  return ['a', '00000000-0000-0000-0000-000000000000'].some((item) => {
    const parsed = parse.safeParse(item);
    return parsed.success && Array.isArray(parsed.data);
  });
}

/** `--result-file PATH`: erp-stop, erp-start and erp-status write their result file there. */
export const RESULT_FILE_FLAG = 'result-file';

/** Flags that may stand alone, meaning true: `--dry-run`, as the vendor's own command lines spell a what-if. */
const SWITCHES = new Set<InputName>(['dry-run']);

/** The flags of one operation: the inputs it reads; every other input of the vocabulary is known but refused. */
export function operationFlags(module: OperationModule): FlagSpec {
  const reads = inputsOf(module);
  return {
    command: module.name,
    accepts: new Map<string, { list: boolean; switch?: boolean }>([
      ...reads.map((name): [string, { list: boolean; switch: boolean }] => [
        name,
        { list: isListInput(name, module), switch: SWITCHES.has(name) },
      ]),
      // Not an input: where the command line writes the step's result file (the action writes it under RUNNER_TEMP).
      ...(module.resultFile ? [[RESULT_FILE_FLAG, { list: false }] as [string, { list: boolean }]] : []),
    ]),
    known: new Set((Object.keys(INPUTS) as InputName[]).filter((name) => !reads.includes(name))),
  };
}
