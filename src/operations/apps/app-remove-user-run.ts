import { ServiceError } from '../../client/errors.js';
import type { HttpClient, HttpResponse } from '../../client/http.js';
import { changeSafely } from '../../client/change-safely.js';
import { jsonOf } from '../../client/response.js';
import { removalResponse } from '../../client/schemas/apps.js';
import { describeApp, parseAppLocator } from './app-locator.js';
import { isAbsentUser, whichNotFound } from './error-hints.js';
import { lifecycleNotice, withRetirementHint } from './lifecycle.js';
import { planRemoval, removalRequest } from './removal-plan.js';
import { checkUserEmails } from './user-email.js';
import type { AppRemoveUserOptions } from './options.js';
import type { OperationContext, OperationResult } from '../types.js';
import { removalResult, type RemovalFailure, type RemovalOutcome } from './removal-report.js';

export async function appRemoveUser(
  options: AppRemoveUserOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const locator = parseAppLocator(options.app);
  const emails = checkUserEmails(options.userEmails);
  // After validation, so that a usage error stays one line; every run that sends a request is told.
  const notice = lifecycleNotice(ctx.clock.now());
  ctx.logger.warning(notice);
  const app = describeApp(locator);
  if (ctx.dryRun) return planRemoval({ apiUrl: options.apiUrl, locator, emails, app, client, ctx });
  const { outcomes, failures } = await removeEach({ ...options, client, ctx, locator, emails, app });
  return removalResult({ app, emails, outcomes, failures, notice, failIfAbsent: options.failIfAbsent });
}

interface Removal {
  client: HttpClient;
  ctx: OperationContext;
  apiUrl: URL;
  locator: { owner: string; app: string };
  app: string;
  failIfAbsent?: boolean;
}

/**
 * Each address in turn. A failure that concerns that address only lets the others go on; any other (the token,
 * the app, the service) would fail every other address the same way: they are not attempted.
 */
async function removeEach(
  o: Removal & { emails: string[] },
): Promise<{ outcomes: RemovalOutcome[]; failures: RemovalFailure[] }> {
  const outcomes: RemovalOutcome[] = [];
  const failures: RemovalFailure[] = [];
  for (const [index, email] of o.emails.entries()) {
    o.ctx.signal?.throwIfAborted();
    const { outcome, error } = await removeUser(o, email);
    outcomes.push(outcome);
    if (!error) continue;
    failures.push({ email, error });
    if (!onlyThisUser(error)) {
      for (const rest of o.emails.slice(index + 1)) {
        outcomes.push({ user_email: rest, removed: false, notAttempted: true });
      }
      break;
    }
  }
  return { outcomes, failures };
}

/** One address: removed, not a user, or refused (with the error where it fails the step). */
async function removeUser(
  o: Removal,
  email: string,
): Promise<{ outcome: RemovalOutcome; error?: ServiceError }> {
  const { ctx, app } = o;
  // Set once an attempt's effect is unknown: a 404 UserNotFound after it is this run's own removal.
  let lostAnswer: ServiceError | undefined;
  try {
    const response = await removeOnce({ ...o, email, onLostAnswer: (error) => (lostAnswer = error) });
    // An empty or non-JSON body (the real API answers 204) is no object: no body to report.
    const body = removalResponse.safeParse(jsonOf(response)).data;
    ctx.logger.info(`Removed ${email} from ${app} (HTTP ${response.status}).`);
    return { outcome: { user_email: email, removed: true, status: response.status, response: body } };
  } catch (caught) {
    const error = withRetirementHint(caught);
    if (!(error instanceof ServiceError)) throw error;
    const absent = isAbsentUser(error);
    if (absent && lostAnswer) {
      // The attempt whose answer was lost removed the user: this run removed it, whatever fail-if-absent says.
      ctx.logger.info(
        `Removed ${email} from ${app}: the answer to the removal was lost (${lostAnswer.status !== undefined ? `HTTP ${lostAnswer.status}` : (lostAnswer.code ?? 'no answer')}), ` +
          `and the removal sent again found no such user (HTTP 404 ${error.code ?? 'not found'}), so the first one removed it.`,
      );
      const { status, code } = error;
      return { outcome: { user_email: email, removed: true, answerLost: true, status, code } };
    }
    const outcome: RemovalOutcome = {
      user_email: email,
      removed: false,
      ...(absent ? { absent: true as const } : {}),
      status: error.status,
      code: error.code,
      message: error.serviceMessage,
    };
    if (absent && !o.failIfAbsent) {
      ctx.logger.info(
        `${email} is not a user of ${app} (HTTP 404 ${error.code ?? 'not found'}): nothing to remove, ` +
          'perhaps an earlier run removed it; listed in absent-users (fail-if-absent: true fails instead).',
      );
      return { outcome };
    }
    ctx.logger.info(`Could not remove ${email} from ${app}: ${error.message}`);
    for (const line of error.detailLines()) ctx.logger.info(line);
    return { outcome, error };
  }
}

/**
 * One removal through the client's change-safely rule. A DELETE is idempotent, so after an attempt of unknown
 * effect (a 500, a 504, a reset, no answer in time) it is sent again; `onLostAnswer` is told, so a 404
 * UserNotFound that follows counts as removed.
 */
async function removeOnce({
  client,
  ctx,
  apiUrl,
  locator,
  email,
  app,
  onLostAnswer,
}: Removal & { email: string; onLostAnswer: (error: ServiceError) => void }): Promise<HttpResponse> {
  const sent = await changeSafely<never>({
    what: `DELETE ${email}`,
    findingOutBy: 'Sending it again',
    send: (clientRequestId) => client.send(removalRequest(apiUrl, locator, email, app, clientRequestId)),
    findOut: async ({ error }) => {
      onLostAnswer(error);
      return { unknown: 'a removal is idempotent, so it is sent again although its effect is unknown' };
    },
    clock: ctx.clock,
    deadline: ctx.deadline,
    signal: ctx.signal,
    log: ctx.logger,
  });
  if ('acted' in sent) throw sent.cause;
  return sent.response;
}

/** A failure that concerns this address only (it is not a user of the app, or the service refused it alone). */
function onlyThisUser(error: ServiceError): boolean {
  const status = error.status;
  if (status === undefined) return false;
  if (status === 404) return whichNotFound(error) === 'user';
  return status >= 400 && status < 500 && ![401, 403, 408, 410, 411, 429].includes(status);
}
