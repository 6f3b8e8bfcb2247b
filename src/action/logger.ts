import * as core from '@actions/core';
import { randomBytes } from 'node:crypto';
import { EOL } from 'node:os';
import type { Logger } from '../operations/types.js';

/**
 * Log lines carry text that did not come from the action (service bodies and headers, input values echoed back),
 * and the runner reads a line as a workflow command after trimming its leading white space (`::name::`) or
 * wherever `##[name]` stands in it, with culture-sensitive searches that skip characters ICU gives no weight.
 *
 * Such a line is written between `::stop-commands::<token>` and `::<token>::`: while stopped, the runner executes
 * nothing but the random token, which the text cannot know, and the text stays byte for byte what the service
 * said (what the reader copies, what the secret masker matches). Breaking `::` and `##[` with a zero-width
 * character was the other choice: the runner's ICU search still finds `:\u200B:` as `::`, and such a line is
 * safe today only because the runner then reads the name at a fixed offset; it also changes the text, so a
 * secret holding `::` would no longer be masked. The runner echoes both marker lines, so only text it could
 * read as a command is fenced; anything else is written as it is.
 */
export function plainText(text: string, token: () => string = randomToken): string {
  if (!couldBeCommand(text)) return text;
  let stop = token();
  while (text.toLowerCase().includes(stop.toLowerCase())) stop = token();
  return `::stop-commands::${stop}${EOL}${text}${EOL}::${stop}::`;
}

/**
 * False only where no runner could find a command: one line (no CR or LF) of printable ASCII and the few marks
 * the action writes itself (`…→—–`, each with a collation weight of its own, none ICU skips) that neither
 * starts with `::` after spaces nor holds `##[`.
 */
function couldBeCommand(text: string): boolean {
  return !/^[\x20-\x7e…→—–]*$/.test(text) || text.trimStart().startsWith('::') || text.includes('##[');
}

function randomToken(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Warnings, debug lines and group names are inert already: @actions/core writes each as one command line whose
 * data escapes CR and LF, and the runner reads only the first command of a line, so the text stays its data.
 * Debug lines only where the runner shows them: it sets RUNNER_DEBUG=1 exactly when ACTIONS_STEP_DEBUG is on
 * (`core.isDebug()`); otherwise it drops them, and building them costs CPU for nothing (docs/benchmark.md).
 */
export const actionsLogger: Logger = {
  info: (line) => core.info(plainText(line)),
  warning: (line) => core.warning(line),
  ...(core.isDebug() ? { debug: (line: string) => core.debug(line) } : {}),
  group: (name, work) => core.group(name, work),
};
