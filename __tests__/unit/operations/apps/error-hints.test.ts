import { describe, expect, it } from '@jest/globals';
import { ServiceError } from '../../../../src/client/errors.js';
import { appApiUrl } from '../../../../src/operations/apps/api-url.js';
import { profileHint, removalHint, whichNotFound } from '../../../../src/operations/apps/error-hints.js';
import { lifecycleNotice, withRetirementHint } from '../../../../src/operations/apps/lifecycle.js';

const error = (status: number, code?: string, message?: string) =>
  new ServiceError({ status, code, message, action: 'DELETE /v0.1/apps/contoso/shop/users/x' });

describe('lifecycleNotice', () => {
  it('before retirement, announces both dates ahead', () => {
    const text = lifecycleNotice(Date.UTC(2025, 0, 10));
    expect(text).toContain('is to be retired on 31 March 2025');
    expect(text).toContain('until 30 June 2026');
  });

  it('between the dates, says user management is already retired', () => {
    const text = lifecycleNotice(Date.UTC(2026, 0, 1));
    expect(text).toContain('was retired on 31 March 2025');
    expect(text).toContain('until 30 June 2026 (today is 2026-01-01)');
    expect(text).toContain('User management is not among them');
  });

  it('after both dates, says so plainly', () => {
    const text = lifecycleNotice(Date.UTC(2026, 10, 22));
    expect(text).toContain('was retired on 31 March 2025');
    expect(text).toContain('today (2026-11-22) is past both dates');
    expect(text).not.toContain('is to be retired');
  });
});

describe('withRetirementHint', () => {
  it('names retirement for a network failure', () => {
    const wrapped = withRetirementHint(
      new ServiceError({ action: 'GET http://x/v0.1/user', code: 'NetworkError', message: 'ENOTFOUND x' }),
    ) as ServiceError;
    expect(wrapped.message).toContain('ENOTFOUND x');
    expect(wrapped.message).toContain('The service could not be reached. The likely cause');
    expect(wrapped.message).toContain('retired on 31 March 2025');
  });

  it('leaves other errors alone', () => {
    const other = error(500, 'InternalError', 'boom');
    expect(withRetirementHint(other)).toBe(other);
    const plain = new Error('x');
    expect(withRetirementHint(plain)).toBe(plain);
  });
});

describe('whichNotFound', () => {
  it.each([
    ['AppNotFound', undefined, 'app'],
    ['app_not_found', undefined, 'app'],
    ['UserNotFound', undefined, 'user'],
    ['user_not_found', undefined, 'user'],
    ['NotFound', 'The app contoso/shop was not found.', 'app'],
    ['NotFound', 'User not found', 'user'],
    ['NotFound', 'The user happy@app.org is unknown', 'user'],
    ['NotFound', 'The user was not found in the app', 'unknown'],
    ['NotFound', 'Not found', 'unknown'],
    [undefined, undefined, 'unknown'],
  ])('code %j, message %j: %s', (code, message, which) => {
    expect(whichNotFound({ code, serviceMessage: message })).toBe(which);
  });
});

describe('removalHint', () => {
  const hint = removalHint('contoso/shop', 'leaver@contoso.com');

  it('404 names the app, the user, or both', () => {
    expect(hint(error(404, 'AppNotFound'))).toContain('The app contoso/shop was not found');
    expect(hint(error(404, 'UserNotFound'))).toContain(
      'The user leaver@contoso.com is not a user of contoso/shop',
    );
    expect(hint(error(404, 'NotFound'))).toContain(
      'Either the app contoso/shop or the user leaver@contoso.com was not found',
    );
  });

  it('401, 403, 410 and 411 say what to do', () => {
    expect(hint(error(401))).toContain('Create a new API token');
    expect(hint(error(403))).toContain('a read-only token (user or app)');
    expect(hint(error(403))).toContain('full-access app token');
    expect(hint(error(410))).toContain('retired on 31 March 2025');
    expect(hint(error(411))).toContain('This should never happen');
    expect(hint(error(409))).toBeUndefined();
  });
});

describe('profileHint', () => {
  it('403: an app token has no profile; 404: the API is not there', () => {
    expect(profileHint(error(403))).toContain('an app API token has no user behind it');
    expect(profileHint(error(404))).toContain('retired on 31 March 2025');
    expect(profileHint(error(401))).toContain('Create a new API token');
  });
});

describe('appApiUrl', () => {
  it.each([
    ['https://api.example', 'https://api.example/v0.1/user'],
    ['https://api.example/', 'https://api.example/v0.1/user'],
    ['https://api.example/v0.1', 'https://api.example/v0.1/user'],
    ['https://api.example/v0.1/', 'https://api.example/v0.1/user'],
    ['https://gw.example/appmgmt/', 'https://gw.example/appmgmt/v0.1/user'],
  ])('%s → %s', (base, href) => {
    expect(appApiUrl(new URL(base), '/user').href).toBe(href);
  });
});
