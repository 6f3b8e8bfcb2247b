import { ServiceError } from '../../client/errors.js';
import type { HttpClient, HttpResponse } from '../../client/http.js';
import { changeSafely } from '../../client/change-safely.js';
import { jsonOf } from '../../client/response.js';
import { removalResponse } from '../../client/schemas/apps.js';
import { describeApp, parseAppLocator } from './app-locator.js';
import { whichNotFound } from './error-hints.js';
import { lifecycleNotice, withRetirementHint } from './lifecycle.js';
import { planRemoval, removalRequest } from './removal-plan.js';
import { checkUserEmails } from './user-email.js';
import { defineOperation, required, withDefault, type ClientOptions, type OptionsOf } from '../module.js';
import type { OperationContext, OperationResult, RowMark } from '../types.js';

const REMOVE_INPUTS = {
  /** `owner/app` or a portal address; parsed before any request. */
  app: required('app'),
  userEmails: required('user-email'),
  /** A user who is not a member fails the step; by default it is reported in absent-users (a re-run is safe). */
  failIfAbsent: withDefault('fail-if-absent'),
};

/** As the registry types them; `apiUrl` is the app-management API's base address (paths `{apiUrl}/v0.1/…`). */
export type AppRemoveUserOptions = OptionsOf<typeof REMOVE_INPUTS> & ClientOptions<'app-management'>;

/** app-remove-user (D): reads the app and the addresses; sets the addresses removed and those already absent. */
export default defineOperation({
  name: 'app-remove-user',
  description: 'Removes one or more users from an app of the app-management service (API token).',
  client: 'app-management',
  inputs: REMOVE_INPUTS,
  plans: true,
  outputs: ['result', 'removed-users', 'absent-users', 'changes', 'plan'],
  example:
    '--api-url https://api.example --api-token "$API_TOKEN" --app contoso/shop --user-email a@example.com',
  run: appRemoveUser,
});

/** What happened to one address; `result` carries these. */
interface RemovalOutcome {
  user_email: string;
  removed: boolean;
  /** Not a member of the app (404 UserNotFound): nothing to remove, which a re-run of a removal expects. */
  absent?: true;
  /** The HTTP status; absent when the service was not reached, or the address was not tried. */
  status?: number;
  code?: string;
  message?: string;
  notAttempted?: true;
  /** The service's body, where a removal answered with one (the real API answers 204). */
  response?: unknown;
  /** The answer to the removal was lost and the one sent again found no such user: this run removed it. */
  answerLost?: true;
}

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

  const outcomes: RemovalOutcome[] = [];
  const failures: { email: string; error: ServiceError }[] = [];
  for (const [index, email] of emails.entries()) {
    ctx.signal?.throwIfAborted();
    // Set once an attempt's effect is unknown: a 404 UserNotFound after it is this run's own removal.
    let lostAnswer: ServiceError | undefined;
    try {
      const response = await removeOnce({
        client,
        ctx,
        apiUrl: options.apiUrl,
        locator,
        email,
        app,
        onLostAnswer: (error) => (lostAnswer = error),
      });
      // An empty or non-JSON body (the real API answers 204) is no object: no body to report.
      const body = removalResponse.safeParse(jsonOf(response)).data;
      outcomes.push({ user_email: email, removed: true, status: response.status, response: body });
      ctx.logger.info(`Removed ${email} from ${app} (HTTP ${response.status}).`);
    } catch (caught) {
      const error = withRetirementHint(caught);
      if (!(error instanceof ServiceError)) throw error;
      const absent = isAbsentUser(error);
      if (absent && lostAnswer) {
        // The attempt whose answer was lost removed the user: this run removed it, whatever fail-if-absent says.
        outcomes.push({
          user_email: email,
          removed: true,
          answerLost: true,
          status: error.status,
          code: error.code,
        });
        ctx.logger.info(
          `Removed ${email} from ${app}: the answer to the removal was lost (${lostAnswer.status !== undefined ? `HTTP ${lostAnswer.status}` : (lostAnswer.code ?? 'no answer')}), ` +
            `and the removal sent again found no such user (HTTP 404 ${error.code ?? 'not found'}), so the first one removed it.`,
        );
        continue;
      }
      outcomes.push({
        user_email: email,
        removed: false,
        ...(absent ? { absent: true as const } : {}),
        status: error.status,
        code: error.code,
        message: error.serviceMessage,
      });
      if (absent && !options.failIfAbsent) {
        ctx.logger.info(
          `${email} is not a user of ${app} (HTTP 404 ${error.code ?? 'not found'}): nothing to remove, ` +
            'perhaps an earlier run removed it; listed in absent-users (fail-if-absent: true fails instead).',
        );
        continue;
      }
      failures.push({ email, error });
      ctx.logger.info(`Could not remove ${email} from ${app}: ${error.message}`);
      for (const line of error.detailLines()) ctx.logger.info(line);
      if (!onlyThisUser(error)) {
        // The token, the app or the service is the problem: every other address would fail the same way.
        for (const rest of emails.slice(index + 1)) {
          outcomes.push({ user_email: rest, removed: false, notAttempted: true });
        }
        break;
      }
    }
  }

  const removed = outcomes.filter((o) => o.removed).map((o) => o.user_email);
  const absent = outcomes.filter((o) => o.absent).map((o) => o.user_email);
  return {
    outputs: {
      'removed-users': removed,
      'absent-users': absent,
      changes: removed.length > 0,
      plan: [],
      result: outcomes.length === 1 ? outcomes[0] : outcomes,
    },
    summary: [
      {
        title: `Users removed from ${app}`,
        header: ['User', 'Details'],
        rows: outcomes.map((o) => [o.user_email, describeOutcome(o, options.failIfAbsent)]),
        marks: outcomes.map((o) => markOf(o, options.failIfAbsent)),
        notes: [notice],
      },
    ],
    failure: failures.length
      ? describeFailure(app, emails.length, removed.length, failures, outcomes)
      : undefined,
  };
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
}: {
  client: HttpClient;
  ctx: OperationContext;
  apiUrl: URL;
  locator: { owner: string; app: string };
  email: string;
  app: string;
  onLostAnswer: (error: ServiceError) => void;
}): Promise<HttpResponse> {
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

/** The service says the user is not a member of the app (not that the app is missing, nor an unclear 404). */
function isAbsentUser(error: ServiceError): boolean {
  return error.status === 404 && whichNotFound(error) === 'user';
}

/** A failure that concerns this address only (it is not a user of the app, or the service refused it alone). */
function onlyThisUser(error: ServiceError): boolean {
  const status = error.status;
  if (status === undefined) return false;
  if (status === 404) return whichNotFound(error) === 'user';
  return status >= 400 && status < 500 && ![401, 403, 408, 410, 411, 429].includes(status);
}

/** The row's mark: removed, nothing to remove (a failure only with fail-if-absent), not sent, or failed. */
function markOf(o: RemovalOutcome, failIfAbsent = false): RowMark {
  if (o.removed) return { outcome: 'succeeded', word: 'removed' };
  if (o.notAttempted) return { outcome: 'not sent', word: 'not sent' };
  if (o.absent) return { outcome: failIfAbsent ? 'failed' : 'skipped', word: 'not a user' };
  return { outcome: 'failed', word: 'failed' };
}

function describeOutcome(o: RemovalOutcome, failIfAbsent = false): string {
  if (o.answerLost) return `Removed (the answer was lost; sent again, HTTP 404 ${o.code ?? 'not found'})`;
  if (o.removed) return `Removed (HTTP ${o.status})`;
  if (o.notAttempted) return 'Not attempted';
  const what404 = `HTTP 404 ${o.code ?? 'not found'}`;
  if (o.absent)
    return failIfAbsent ? `Failed: not a user (${what404})` : `Not a user: nothing to remove (${what404})`;
  const what = [o.status !== undefined ? `HTTP ${o.status}` : undefined, o.code].filter(Boolean).join(' ');
  return `Failed: ${what || 'no answer'}`;
}

function describeFailure(
  app: string,
  total: number,
  removedCount: number,
  failures: { email: string; error: ServiceError }[],
  outcomes: RemovalOutcome[],
): string {
  const [first, ...others] = failures;
  const parts = [`Removed ${removedCount} of ${total} user(s) from ${app}`];
  parts.push(`could not remove ${first!.email}: ${first!.error.message}`);
  if (others.length) parts.push(`could not remove either: ${others.map((f) => f.email).join(', ')}`);
  const skipped = outcomes.filter((o) => o.notAttempted).map((o) => o.user_email);
  if (skipped.length) parts.push(`not attempted: ${skipped.join(', ')}`);
  if (failures.some((f) => isAbsentUser(f.error)))
    parts.push('fail-if-absent is true, so a user who is not a member fails the step');
  // One line: the annotation's first line names the cause.
  // A part that ends a sentence (an error's message) would leave `.;` at the join: its full stop goes.
  return parts
    .map((part) => part.replace(/\.$/, ''))
    .join('; ')
    .replace(/\s*\n\s*/g, ' ');
}
