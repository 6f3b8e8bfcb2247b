import { InputError } from '../../client/errors.js';
import { redactUrls, USERINFO_REFUSED } from '../../client/url.js';

/** owner_name and app_name of area D's paths. */
export interface AppLocator {
  owner: string;
  app: string;
  /** `users` for a user-owned app, `orgs` for an organization's; unknown for the `owner/app` form. */
  ownerKind?: 'users' | 'orgs';
}

const ACCEPTED_APP_FORMS =
  'owner/app (e.g. contoso/shop, as the command-line client lists apps), or the app portal address ' +
  '{portal}/users/{owner}/apps/{app} for a user-owned app or {portal}/orgs/{owner}/apps/{app} for an organization app';

/** Names as the portal and the command-line client show them: letters, digits, `-`, `_`, `.`, `~`. */
const NAME = /^[\w.~-]+$/;

/**
 * Reads the `app` input: `owner/app`, or a portal address (any host, any path prefix before `/users/` or
 * `/orgs/`; a trailing slash, a deeper portal page of the app, a query or a fragment are tolerated).
 */
export function parseAppLocator(raw: string): AppLocator {
  const value = raw.trim();
  const fail = (why: string): never => {
    throw new InputError(
      'app',
      `${why} (got '${redactUrls(value).slice(0, 200)}'); accepted forms: ${ACCEPTED_APP_FORMS}`,
    );
  };
  if (!value) fail('is empty');

  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  const plain = value.replace(/\/+$/, '').split('/');
  if (!hasScheme && plain.length === 2) return checked({ owner: plain[0]!, app: plain[1]! }, fail);

  // A portal address, possibly pasted without its scheme (portal.example/orgs/contoso/apps/shop).
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return fail('is neither owner/app nor a portal address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    fail(`has the unsupported scheme ${url.protocol}`);
  // Not echoed: the value holds a password, perhaps without a scheme that would show where it starts.
  if (url.username || url.password) throw new InputError('app', USERINFO_REFUSED);
  const segments = url.pathname.split('/').filter(Boolean);
  for (let i = 0; i + 3 < segments.length; i++) {
    const kind = segments[i];
    if ((kind === 'users' || kind === 'orgs') && segments[i + 2] === 'apps') {
      const decode = (s: string) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return fail(`has a malformed percent-encoding in '${s}'`);
        }
      };
      return checked(
        { owner: decode(segments[i + 1]!), app: decode(segments[i + 3]!), ownerKind: kind },
        fail,
      );
    }
  }
  return fail(
    hasScheme
      ? 'is a web address, but not an app portal address (…/users/{owner}/apps/{app} or …/orgs/{owner}/apps/{app})'
      : 'is neither owner/app nor a portal address',
  );
}

function checked(locator: AppLocator, fail: (why: string) => never): AppLocator {
  for (const [what, name] of [
    ['owner name', locator.owner],
    ['app name', locator.app],
  ] as const) {
    if (!name) fail(`has an empty ${what}`);
    if (!NAME.test(name) || name === '.' || name === '..') {
      fail(`has an ${what} '${name}' with characters a name cannot have (letters, digits, - _ . ~)`);
    }
  }
  return locator;
}

export function describeApp(locator: AppLocator): string {
  return `${locator.owner}/${locator.app}`;
}
