import * as core from '@actions/core';
import type { StepSecrets } from '../../runtime/secrets.js';
import { fitPage } from './fit.js';
import { renderSummary } from './render.js';

export { renderSummary };

/**
 * Writes the step's job summary (a step's view or the window's page), where the runner offers one, with every
 * secret of the step scrubbed by the action itself, and within GitHub's 1 MiB (fitPage). A summary that cannot be written (a file the runner did not
 * create, as when the bundle is run by hand) is a warning: the step's verdict is the operation's, and the log says
 * the same as the summary would have.
 */
export async function writePage(render: () => string, secrets: StepSecrets): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  try {
    await core.summary.addRaw(fitPage(secrets.scrub(render())), true).write();
  } catch (error) {
    core.warning(`The job summary was not written: ${(error as Error).message}`);
  }
}
