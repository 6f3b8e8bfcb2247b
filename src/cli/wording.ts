import { INPUTS } from '../operations/inputs.js';

const isInput = (name: string) => name !== 'operation' && Object.hasOwn(INPUTS, name);

/**
 * Text written once for workflows (input descriptions, errors, hints, log lines), as a person at a command line
 * reads it: `wait: false` becomes `--wait false`, `Input 'timeout':` becomes `--timeout:`, and the workflow
 * permission that federation needs is named for what it is, since no command line has a runner's OIDC token.
 * Only input names are rewritten, and only with a value of the forms workflows write (true, false, a number),
 * so service text that merely contains a colon passes unchanged.
 */
export function forCommandLine(text: string): string {
  return text
    .replace(/Input '([a-z0-9-]+)':/g, (whole, name: string) => (isInput(name) ? `--${name}:` : whole))
    .replace(/(?<![\w-])([a-z][a-z0-9-]*): (true|false|\d+)\b/g, (whole, name: string, value: string) =>
      isInput(name) ? `--${name} ${value}` : whole,
    )
    .replace(/'permissions: id-token: write'/g, "a GitHub runner's OIDC token (in a workflow only)");
}
