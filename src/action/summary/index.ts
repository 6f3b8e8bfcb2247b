import * as core from '@actions/core';
import type { SummaryView } from '../../runtime/view/view.js';
import { renderSummary } from './render.js';

export { renderSummary };

/**
 * Writes the step's job summary, where the runner offers one. A summary that cannot be written (a file the
 * runner did not create, as when the bundle is run by hand) is a warning: the step's verdict is the operation's,
 * and the log says the same as the summary would have.
 */
export async function writeSummary(view: SummaryView): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  try {
    await core.summary.addRaw(renderSummary(view), true).write();
  } catch (error) {
    core.warning(`The job summary was not written: ${(error as Error).message}`);
  }
}
