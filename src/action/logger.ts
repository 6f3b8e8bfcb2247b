import * as core from '@actions/core';
import type { Logger } from '../operations/types.js';

/**
 * The runner reads any log line that starts with `::` as a workflow command, and log lines carry the service's
 * strings: a space in front keeps such a line plain text.
 */
export function neutralise(text: string): string {
  return text.replace(/^(\s*)::/gm, '$1 ::');
}

export const actionsLogger: Logger = {
  info: (line) => core.info(neutralise(line)),
  warning: (line) => core.warning(line),
  debug: (line) => core.debug(line),
  group: (name, work) => core.group(neutralise(name), work),
};
