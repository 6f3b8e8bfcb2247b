import { InputError } from '../client/errors.js';
import { INPUTS, type InputName } from '../operations/inputs.js';
import { nearest } from './nearest.js';

/** The variable a runner sets for a `with:` key: `INPUT_` and the name upper-cased, spaces to `_`, hyphens kept. */
export function runnerVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

/**
 * An `INPUT_*` variable that action.yml does not declare is refused before any request, naming the key and the
 * nearest input: a runner sets one only for a `with:` key (declared inputs get theirs from action.yml), so it is a
 * misspelling, and ignored it would turn `dry_run: true` into a real run, or a soft stop into a hard one.
 */
export function refuseUndeclaredInputs(env: Readonly<Record<string, string | undefined>>): void {
  const names = Object.keys(INPUTS) as InputName[];
  const declared = new Set(names.map(runnerVariable));
  const stray = Object.keys(env)
    .filter((variable) => variable.startsWith('INPUT_') && !declared.has(variable))
    .sort();
  if (stray.length === 0) return;
  const variable = stray[0]!;
  // The key as it was most likely written in `with:` (the runner upper-cased it); `_` for `-` is the usual slip.
  const key = variable.slice('INPUT_'.length).toLowerCase();
  const near = nearest(key.replace(/_/g, '-'), names);
  const others = stray.length > 1 ? ` (and ${stray.slice(1).join(', ')})` : '';
  throw new InputError(
    key,
    `is not an input of this action (the runner set ${variable} from the step's with:)${others}; ` +
      `${near ? `did you mean ${near}? ` : ''}(an input the action does not know is refused, not ignored; action.yml lists them)`,
  );
}
