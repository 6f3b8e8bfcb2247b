import { ServiceError } from '../../client/errors.js';
import { parseBody, type HttpClient, type HttpRequest } from '../../client/http.js';
import { appUsers } from '../../client/schemas/apps.js';
import { servicePath } from '../../client/url.js';
import { logPlan, planOutputs, planRows, planTable, wouldSend, type PlannedTarget } from '../plan.js';
import type { OperationContext, OperationResult } from '../types.js';
import { appApiUrl } from './api-url.js';
import { removalHint } from './error-hints.js';
import { withRetirementHint } from './lifecycle.js';

/** The DELETE of one removal, the same for the real run and its plan. */
export function removalRequest(
  apiUrl: URL,
  locator: { owner: string; app: string },
  email: string,
  app: string,
  clientRequestId?: string,
): HttpRequest {
  return {
    // Sent again, it is the same removal: the service (and its owner) can tell.
    clientRequestId,
    method: 'DELETE',
    url: appApiUrl(apiUrl, servicePath`/apps/${locator.owner}/${locator.app}/users/${email}`),
    // The API answers 411 to a DELETE without a body; {} is its empty payload.
    json: {},
    hint: removalHint(app, email),
  };
}

/**
 * app-remove-user with dry-run: proves the token with the one read the API offers (`GET /v0.1/user`), reads the
 * app's users (`GET /v0.1/apps/{owner}/{app}/users`: an app that does not exist fails here, as the real run
 * would), then plans a DELETE per member; an address that is no member is planned as no change. The client
 * refuses each DELETE (PlannedChange), so nothing is removed.
 */
export async function planRemoval(o: {
  apiUrl: URL;
  locator: { owner: string; app: string };
  emails: readonly string[];
  app: string;
  client: HttpClient;
  ctx: OperationContext;
}): Promise<OperationResult> {
  const { apiUrl, locator, emails, app, client, ctx } = o;
  try {
    await client.send({ method: 'GET', url: appApiUrl(apiUrl, '/user') });
    ctx.logger.info('dry run: the API token is accepted (GET /v0.1/user).');
  } catch (error) {
    // 403: the token was recognised but may not read a profile (an app's token): it is valid, which is what a
    // dry run needs to know; 401 and every other failure end the dry run where the real run would end.
    if (!(error instanceof ServiceError) || error.status !== 403) throw withRetirementHint(error);
    ctx.logger.info(
      'dry run: the API token is accepted (GET /v0.1/user answers 403: a token without a profile).',
    );
  }
  const members = await membersOf(o);
  const targets: PlannedTarget[] = [];
  for (const email of emails) {
    if (!members.has(email.toLowerCase())) {
      targets.push({ target: email, effect: `not a user of ${app}: nothing to remove` });
      continue;
    }
    const request = await wouldSend(
      () => client.send(removalRequest(apiUrl, locator, email, app)),
      `the removal of ${email}`,
    );
    targets.push({ target: email, effect: `remove from ${app}`, request });
  }
  logPlan(ctx.logger, targets);
  const { plan, changes } = planOutputs(targets);
  return {
    outputs: { 'removed-users': [], 'absent-users': [], changes, plan, result: plan },
    summary: [planTable('app-remove-user', 'User', targets)],
    rows: planRows(targets),
  };
}

/** The app's members' addresses (lower-cased); a 404 (the app is not there, or not visible) fails the dry run. */
async function membersOf(o: {
  apiUrl: URL;
  locator: { owner: string; app: string };
  app: string;
  client: HttpClient;
  ctx: OperationContext;
}): Promise<Set<string>> {
  const { owner, app: name } = o.locator;
  try {
    const response = await o.client.send({
      method: 'GET',
      url: appApiUrl(o.apiUrl, servicePath`/apps/${owner}/${name}/users`),
    });
    const users = parseBody(response, appUsers, `the users of ${o.app}`);
    o.ctx.logger.info(`dry run: ${o.app} has ${users.length} user(s).`);
    return new Set(users.flatMap((u) => (u.email ? [u.email.toLowerCase()] : [])));
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) {
      throw error.withHint(
        `${o.app} was not found, or the API token cannot see it: check the app's owner and name.`,
      );
    }
    throw withRetirementHint(error);
  }
}
