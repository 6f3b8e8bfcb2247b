import * as core from '@actions/core';
import { systemClock } from '../client/clock.js';
import { InputError, OriginError, ServiceError, TimeoutError, oneLine } from '../client/errors.js';
import { redactUrls } from '../client/url.js';
import type { HttpResponse } from '../client/http.js';
import { diagnosisAdviceLines, diagnosisLines } from '../runtime/diagnosis-text.js';
import { InputReader } from '../runtime/reader.js';
import { runOperation } from '../runtime/run.js';
import { refuseUndeclaredInputs } from '../runtime/undeclared.js';
import { failedBefore, type Recorded } from '../runtime/result-file.js';
import { StepSecrets } from '../runtime/secrets.js';
import { SECRET_INPUTS, type InputName } from '../operations/inputs.js';
import { setOutputs } from './outputs.js';
import { writeReportFile, writeStepResult } from './result-file.js';
import { actionsLogger } from './logger.js';
import { viewOfError, viewOfResult } from '../runtime/view/view.js';
import { renderSummary, writePage } from './summary/index.js';
import { renderWindow } from './summary/window.js';

/** The GitHub adapter: inputs in, one operation, outputs and a summary out, any error as one annotation. */
export async function run(): Promise<void> {
  const controller = new AbortController();
  const source = (name: InputName) => core.getInput(name);
  const operation = core.getInput('operation') || 'operation';
  // The step's secrets, told to the runner as each is registered, and scrubbed from every file the step writes.
  const secrets = new StepSecrets((value) => core.setSecret(value));
  const startedAt = systemClock.now();
  let recorded: Recorded | undefined;
  // The file of a step that failed before it had a result, or was ended at the cancellation's last word.
  const recordFailure = (cause: string) =>
    (recorded ??= writeStepResult({
      operation,
      result: failedBefore(cause),
      startedAt,
      endedAt: systemClock.now(),
      secrets,
    }));
  let lastWord: NodeJS.Timeout | undefined;
  const cancel = () => {
    controller.abort(new Error('The job was cancelled'));
    // The runner sends SIGTERM 7.5 s after SIGINT and kills 2.5 s later. A request that changes something gets
    // up to 4 s for its answer (the client), then the step ends as it is; this is the net under that, should
    // anything still hold the process: it ends, failed, 6 s after the signal. Unref'd: it never holds it open.
    lastWord ??= setTimeout(() => {
      const cause =
        'The job was cancelled and the step could not end within 6 s; see the log for what was done.';
      const file = recordFailure(cause);
      setOutputs({ 'result-file': file.path }, { secrets });
      core.setFailed(cause);
      process.exit(1);
    }, CANCEL_EXIT_MS).unref();
  };
  process.once('SIGTERM', cancel);
  process.once('SIGINT', cancel);
  let last: HttpResponse | undefined;
  try {
    // Masked before anything else runs, so no later line can print them.
    for (const name of SECRET_INPUTS) secrets.add(core.getInput(name));
    // The runner's own credential for OIDC tokens: masked by the runner, and scrubbed from the step's files too.
    secrets.add(process.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN);
    // A misspelt with: key (dry_run, soft-stop-timeout-second) fails here, before anything is read or sent.
    refuseUndeclaredInputs(process.env);
    const { result, outputs, diagnosis } = await runOperation(source, {
      logger: actionsLogger,
      clock: systemClock,
      signal: controller.signal,
      onSecret: (secret) => secrets.add(secret),
      idToken: idTokenOffered() ? (audience) => core.getIDToken(audience) : undefined,
      userAgent: 'vendor-ops-action',
      onResponse: (response) => (last = response),
      // erp-report's window is the run of its legs (a re-run of a failed leg keeps it).
      runId: process.env.GITHUB_RUN_ID || undefined,
    });
    recorded = writeStepResult({ operation, result, startedAt, endedAt: systemClock.now(), secrets });
    const report = result.window
      ? writeReportFile({ title: result.window.title, instances: outputs.instances ?? [] }, secrets)
      : undefined;
    // An output over the runner's limit is not cut: the step fails, naming it (after the operation's own cause),
    // unless a file holds it (erp-report's instances: report-file), which a warning names.
    const set = setOutputs(
      { ...outputs, 'result-file': recorded.path, ...(report ? { 'report-file': report.path } : {}) },
      { operation, secrets },
    );
    // A file that could not be written is said once the outputs are set: it never changes the step's outcome.
    for (const line of [recorded.warning, report?.warning, ...set.warnings])
      if (line) actionsLogger.warning(line);
    const failure = [result.failure, ...set.failures].filter(Boolean).join(' ') || undefined;
    // What to do, then the facts it rests on: in the summary's "What to do" (the view's) and in the log.
    // erp-report's page is the window's, not one step's view.
    if (wantsSummary(source)) {
      const view = () =>
        viewOfResult(operation, { ...result, failure }, { dryRun: dryRunOf(source), diagnosis });
      await writePage(() => (result.window ? renderWindow(result.window) : renderSummary(view())), secrets);
    }
    for (const line of diagnosis ? diagnosisAdviceLines(diagnosis) : []) actionsLogger.info(line);
    if (failure) core.setFailed(secrets.scrub(redactUrls(oneLine(failure))));
  } catch (error) {
    const cause = describe(error);
    // A step that failed before any system still leaves its file: the window's report names the cause.
    const file = recordFailure(cause);
    // What is known is set on failure too: the ids of the last response, to quote to the service owner.
    const set = setOutputs(
      { 'request-id': last?.requestId, 'correlation-id': last?.correlationId, 'result-file': file.path },
      { secrets },
    );
    if (file.warning) actionsLogger.warning(file.warning);
    if (wantsSummary(source)) await writePage(() => renderSummary(viewOfError(operation, error)), secrets);
    // One annotation, one line, the cause first; the request id survives a service message's line breaks.
    core.setFailed(secrets.scrub(redactUrls([cause, ...set.failures].join(' '))));
  } finally {
    process.off('SIGTERM', cancel);
    process.off('SIGINT', cancel);
  }
}

/** `summary: false` turns the summary off; an invalid value is reported by the operation's own validation. */
function wantsSummary(source: (name: InputName) => string): boolean {
  try {
    return new InputReader(source).optional('summary') !== false;
  } catch {
    return true;
  }
}

/** dry-run: true titles the summary as a plan; an operation that does not plan never reads it as true. */
function dryRunOf(source: (name: InputName) => string): boolean {
  try {
    return new InputReader(source).optional('dry-run') === true;
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  if (error instanceof ServiceError) {
    for (const line of error.detailLines()) actionsLogger.info(redactUrls(line));
    for (const line of diagnosisLines(error.init.diagnosis)) actionsLogger.info(line);
  } else if (error instanceof Error && !KNOWN_ERRORS.some((type) => error instanceof type)) {
    core.debug(error.stack ?? String(error));
  }
  return oneLine(error instanceof Error ? error.message : String(error));
}

/** The runner offers an ID token (`permissions: id-token: write`): it sets both variables. */
function idTokenOffered(): boolean {
  return Boolean(process.env.ACTIONS_ID_TOKEN_REQUEST_URL && process.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN);
}

/** How long after the cancellation signal the step is ended whatever it is doing. */
const CANCEL_EXIT_MS = 5_800;

/** Errors whose message says all there is; anything else is unexpected, and its stack goes to the debug log. */
const KNOWN_ERRORS = [InputError, OriginError, TimeoutError, ServiceError];
