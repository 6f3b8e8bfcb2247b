import type { HttpClient } from '../../client/http.js';
import { parseBody } from '../../client/http.js';
import { displayNameOf, userProfile } from '../../client/schemas/apps.js';
import { appApiUrl } from './api-url.js';
import { profileHint } from './error-hints.js';
import { lifecycleNotice, withRetirementHint } from './lifecycle.js';
import type { AppCurrentUserOptions } from './options.js';
import type { OperationContext, OperationResult } from '../types.js';

export async function appCurrentUser(
  options: AppCurrentUserOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const notice = lifecycleNotice(ctx.clock.now());
  ctx.logger.warning(notice);
  let response;
  try {
    response = await client.send({
      method: 'GET',
      url: appApiUrl(options.apiUrl, '/user'),
      hint: profileHint,
    });
  } catch (error) {
    throw withRetirementHint(error);
  }
  const profile = parseBody(response, userProfile, 'GET /v0.1/user');
  const displayName = displayNameOf(profile);
  ctx.logger.info(
    `The API token belongs to ${profile.name ?? '(no name)'} (${profile.email ?? 'no e-mail'}).`,
  );
  return {
    outputs: {
      'user-id': profile.id,
      'user-name': profile.name,
      'user-email': profile.email,
      'user-display-name': displayName,
      result: profile,
    },
    summary: [
      {
        title: 'Owner of the API token',
        header: ['Field', 'Value'],
        rows: [
          ['id', profile.id ?? ''],
          ['name', profile.name ?? ''],
          ['email', profile.email ?? ''],
          ['display name', displayName ?? ''],
        ],
        notes: [notice],
      },
    ],
    // The one target: the owner of the token, read.
    rows: [
      {
        target: profile.name ?? profile.email ?? profile.id ?? 'the token',
        outcome: 'succeeded',
        word: 'read',
      },
    ],
  };
}
