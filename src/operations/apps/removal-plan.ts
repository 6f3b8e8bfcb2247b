import { ServiceError } from '../../client/errors.js';
import type { HttpClient, HttpRequest } from '../../client/http.js';
import { servicePath } from '../../client/url.js';
import { logPlan, planOutputs, planTable, wouldSend, type PlannedTarget } from '../plan.js';
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
 * app-remove-user with dry-run: proves the token with the one read the API offers (`GET /v0.1/user`), then plans
 * a DELETE per address. The client refuses each DELETE (PlannedChange), so nothing is removed. Membership cannot be
 * read with this API: the plan says "if a member", which the real run reports as removed or absent.
 */
export async function planRemoval(
  apiUrl: URL,
  locator: { owner: string; app: string },
  emails: readonly string[],
  app: string,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
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
  const targets: PlannedTarget[] = [];
  for (const email of emails) {
    const request = await wouldSend(
      () => client.send(removalRequest(apiUrl, locator, email, app)),
      `the removal of ${email}`,
    );
    targets.push({ target: email, effect: `remove from ${app} (if a member)`, request });
  }
  logPlan(ctx.logger, targets);
  const { plan, changes } = planOutputs(targets);
  return {
    outputs: { 'removed-users': [], 'absent-users': [], changes, plan, result: plan },
    summary: [planTable('app-remove-user', 'User', targets)],
  };
}
