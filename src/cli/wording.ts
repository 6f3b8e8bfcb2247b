import { ID_TOKEN_RULE, NO_RUNNER_TOKEN, SIGN_IN_HOW_TO } from '../runtime/sign-in.js';
import { INPUTS } from '../operations/inputs.js';

const isInput = (name: string) => name !== 'operation' && Object.hasOwn(INPUTS, name);

/** Hyphenated input names as flags: `client-id` → `--client-id` (one-word names are too often plain words). */
const asFlags = (text: string) =>
  text.replace(/(?<![\w-])([a-z]+(?:-[a-z]+)+)(?![\w-])/g, (name) => (isInput(name) ? `--${name}` : name));

/** The sign-in how-to: the same ways as flags, and federation said to need a workflow. */
const SIGN_IN = `${SIGN_IN_HOW_TO.direct}, ${SIGN_IN_HOW_TO.federated}`;
const SIGN_IN_HERE = `${asFlags(SIGN_IN_HOW_TO.direct)} (federation needs a workflow's OIDC token)`;

/**
 * Text written once for workflows (input descriptions, errors, hints, log lines), as a person at a command line
 * reads it: `wait: false` becomes `--wait false`, `Input 'timeout':` becomes `--timeout:`, and the sign-in
 * how-to names flags and says that federation (`permissions: id-token: write`) needs a workflow, since no command
 * line has a runner's OIDC token. Only input names are rewritten, and only with a value of the forms workflows
 * write (true, false, a number), so service text that merely contains a colon passes unchanged.
 */
export function forCommandLine(text: string): string {
  return text
    .replace(/Input '([a-z0-9-]+)':/g, (whole, name: string) => (isInput(name) ? `--${name}:` : whole))
    .replace(/(?<![\w-])([a-z][a-z0-9-]*): (true|false|\d+)\b/g, (whole, name: string, value: string) =>
      isInput(name) ? `--${name} ${value}` : whole,
    )
    .replaceAll(SIGN_IN, SIGN_IN_HERE)
    .replaceAll(NO_RUNNER_TOKEN, 'the command line has no OIDC token')
    .replaceAll(`. ${ID_TOKEN_RULE}`, '');
}

/**
 * Our own advice as a command line reads it: as `forCommandLine`, and every hyphenated input it names as its flag
 * (`Set client-secret to …` → `Set --client-secret to …`). Only for text the action writes itself, never for the
 * service's: there a hyphenated word that happens to be an input name is not one.
 */
export function adviceForCommandLine(text: string): string {
  return asFlags(forCommandLine(text));
}
