import * as core from '@actions/core';
import { systemClock } from '../client/clock.js';
import { InputError, OriginError, ServiceError, TimeoutError } from '../client/errors.js';
import { outputText, runOperation } from '../inputs/run.js';
import { SECRET_INPUTS, type InputName } from '../operations/inputs.js';
import { actionsLogger } from './logger.js';
import { writeSummary } from './summary.js';

/** The GitHub adapter: inputs in, one operation, outputs and a summary out, any error as one annotation. */
export async function run(): Promise<void> {
  const controller = new AbortController();
  const cancel = () => controller.abort(new Error('The job was cancelled'));
  process.once('SIGTERM', cancel);
  process.once('SIGINT', cancel);
  try {
    // Masked before anything else runs, so no later line can print them.
    for (const name of SECRET_INPUTS) {
      const value = core.getInput(name);
      if (value) core.setSecret(value);
    }
    const { operation, result, outputs } = await runOperation((name: InputName) => core.getInput(name), {
      logger: actionsLogger,
      clock: systemClock,
      signal: controller.signal,
      onSecret: (secret) => core.setSecret(secret),
      idToken: process.env.ACTIONS_ID_TOKEN_REQUEST_URL ? (audience) => core.getIDToken(audience) : undefined,
      userAgent: 'vendor-ops-action',
    });
    for (const [name, value] of Object.entries(outputs)) {
      if (value !== undefined) core.setOutput(name, outputText(value));
    }
    await writeSummary(operation, result.summary, result.failure);
    if (result.failure) core.setFailed(result.failure);
  } catch (error) {
    fail(error);
  } finally {
    process.off('SIGTERM', cancel);
    process.off('SIGINT', cancel);
  }
}

function fail(error: unknown): void {
  if (error instanceof ServiceError) {
    for (const line of error.detailLines()) actionsLogger.info(line);
  } else if (error instanceof Error && !KNOWN_ERRORS.some((type) => error instanceof type)) {
    core.debug(error.stack ?? String(error));
  }
  const message = error instanceof Error ? error.message : String(error);
  // One annotation, one line: the first line names the cause.
  core.setFailed(message.split('\n')[0] ?? message);
}

/** Errors whose message says all there is; anything else is unexpected, and its stack goes to the debug log. */
const KNOWN_ERRORS = [InputError, OriginError, TimeoutError, ServiceError];
