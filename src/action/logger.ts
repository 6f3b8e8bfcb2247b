import * as core from '@actions/core';
import type { Logger } from '../operations/types.js';

export const actionsLogger: Logger = {
  info: (line) => core.info(line),
  warning: (line) => core.warning(line),
  debug: (line) => core.debug(line),
  group: (name, work) => core.group(name, work),
};
