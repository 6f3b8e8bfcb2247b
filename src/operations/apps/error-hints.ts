import type { ServiceError } from '../../client/errors.js';
import { RETIREMENT_HINT } from './lifecycle.js';

/** Hints for area D failures: each says what to do, since the service's own messages rarely do. */

const UNAUTHORIZED =
  'The API token was refused: it is missing, revoked or mistyped. Create a new API token in the portal ' +
  '(account settings for a user token, app settings for an app token; the value is shown only once) and store ' +
  'it as a secret for api-token.';

const GONE = `The service answered 410 Gone. ${RETIREMENT_HINT}`;

const LENGTH_REQUIRED =
  'The service says the request carried no body (411 Length Required). This should never happen: the action ' +
  'always sends {} with a DELETE. A proxy between the runner and the service may have dropped it; if there is ' +
  'none, please report this as a bug.';

function common(error: ServiceError): string | undefined {
  if (error.status === 401) return UNAUTHORIZED;
  if (error.status === 410) return GONE;
  if (error.status === 411) return LENGTH_REQUIRED;
  return undefined;
}

/** `GET /v0.1/user`. */
export function profileHint(error: ServiceError): string | undefined {
  if (error.status === 403) {
    return (
      'This token may not read a user profile: an app API token has no user behind it. Use a user API token ' +
      '(created under account settings) for app-current-user.'
    );
  }
  // Every account has a profile, so a 404 here means the API itself is not there.
  if (error.status === 404) return `The service has no /v0.1/user. ${RETIREMENT_HINT}`;
  return common(error);
}

export type NotFound = 'app' | 'user' | 'unknown';

/** Which resource a 404 of a removal is about: from the error code, else the message, else unknown. */
export function whichNotFound(error: Pick<ServiceError, 'code' | 'serviceMessage'>): NotFound {
  // Codes such as AppNotFound, app_not_found, UserNotFound.
  const code = (error.code ?? '').toLowerCase();
  if (/^app/.test(code)) return 'app';
  if (/^user/.test(code)) return 'user';
  // A message that names exactly one of the two; addresses are dropped first ("happy@x.org" is not an app).
  const message = (error.serviceMessage ?? '').toLowerCase().replace(/\S+@\S+/g, '');
  const app = /\bapp(?:lication)?\b/.test(message);
  const user = /\buser\b/.test(message);
  if (app !== user) return app ? 'app' : 'user';
  return 'unknown';
}

/** `DELETE /v0.1/apps/{owner}/{app}/users/{email}`. */
export function removalHint(app: string, email: string) {
  return (error: ServiceError): string | undefined => {
    if (error.status === 403) {
      return (
        `This token may not remove users from ${app}: a read-only token (user or app), an app token of another ` +
        'app, and a user token of someone who is not a Manager of the app cannot. Use a full-access user token ' +
        `of a Manager of ${app}, or a full-access app token created in ${app}'s settings.`
      );
    }
    if (error.status === 404) {
      switch (whichNotFound(error)) {
        case 'app':
          return (
            `The app ${app} was not found: check the owner and app names (copy the app's portal address, or ` +
            'owner/app as the command-line client lists it), and that the token can see the app (an app token ' +
            'works only in its own app; a user token only in apps its user belongs to).'
          );
        case 'user':
          return `The user ${email} is not a user of ${app}: check the address; the user may already have been removed.`;
        case 'unknown':
          return (
            `Either the app ${app} or the user ${email} was not found (the service did not say which): check ` +
            'both, and that the token can see the app.'
          );
      }
    }
    return common(error);
  };
}

/** The service says the user is not a member of the app (not that the app is missing, nor an unclear 404). */
export function isAbsentUser(error: ServiceError): boolean {
  return error.status === 404 && whichNotFound(error) === 'user';
}
