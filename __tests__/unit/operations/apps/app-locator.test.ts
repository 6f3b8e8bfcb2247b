import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { InputError } from '../../../../src/client/errors.js';
import { parseAppLocator } from '../../../../src/operations/apps/app-locator.js';
import { checkUserEmails } from '../../../../src/operations/apps/user-email.js';

function inputError(work: () => unknown): InputError {
  try {
    work();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('no InputError');
}

describe('parseAppLocator', () => {
  it('reads owner/app, as the command-line client lists apps', () => {
    expect(parseAppLocator('contoso/shop')).toEqual({ owner: 'contoso', app: 'shop' });
    expect(parseAppLocator(' Contoso-Org/My.App_2/ ')).toEqual({ owner: 'Contoso-Org', app: 'My.App_2' });
  });

  it.each([
    ['https://portal.example/users/jane/apps/shop', 'jane', 'shop', 'users'],
    ['https://portal.example/orgs/contoso/apps/shop', 'contoso', 'shop', 'orgs'],
    ['https://portal.example/orgs/contoso/apps/shop/', 'contoso', 'shop', 'orgs'],
    ['https://portal.example/orgs/contoso/apps/shop?tab=1#users', 'contoso', 'shop', 'orgs'],
    ['https://portal.example/orgs/contoso/apps/shop/distribute/releases', 'contoso', 'shop', 'orgs'],
    ['https://portal.example/prefix/users/jane/apps/shop', 'jane', 'shop', 'users'],
    ['http://localhost:8080/orgs/contoso/apps/shop', 'contoso', 'shop', 'orgs'],
    ['portal.example/orgs/contoso/apps/shop', 'contoso', 'shop', 'orgs'],
    ['https://portal.example/orgs/contoso/apps/my%2Dshop', 'contoso', 'my-shop', 'orgs'],
  ])('reads the portal address %s', (raw, owner, app, ownerKind) => {
    expect(parseAppLocator(raw)).toEqual({ owner, app, ownerKind });
  });

  it.each([
    ['', 'is empty'],
    ['shop', 'is neither owner/app nor a portal address'],
    ['contoso/shop/extra', 'is neither owner/app nor a portal address'],
    ['/shop', 'has an empty owner name'],
    ['contoso/', 'is neither owner/app nor a portal address'],
    ['contoso/my shop', "has an app name 'my shop'"],
    ['../shop', "has an owner name '..'"],
    ['https://portal.example/apps/shop', 'is a web address, but not an app portal address'],
    ['https://portal.example/orgs/contoso/shop', 'is a web address, but not an app portal address'],
    ['ftp://portal.example/orgs/contoso/apps/shop', 'has the unsupported scheme ftp:'],
    ['https://portal.example/orgs/contoso/apps/a%2Fb', "has an app name 'a/b'"],
    ['https://portal.example/orgs/contoso/apps/%E0%A4%A', 'has a malformed percent-encoding'],
  ])('refuses %j, showing the accepted forms', (raw, why) => {
    const error = inputError(() => parseAppLocator(raw));
    expect(error.input).toBe('app');
    expect(error.message).toContain(why);
    expect(error.message).toContain('owner/app (e.g. contoso/shop');
    expect(error.message).toContain('{portal}/users/{owner}/apps/{app}');
    expect(error.message).toContain('{portal}/orgs/{owner}/apps/{app}');
  });

  it('gives the same app for all three forms of any valid name', () => {
    const name = fc.stringMatching(/^[\w.~-]{1,30}$/).filter((s) => s !== '.' && s !== '..');
    fc.assert(
      fc.property(name, name, fc.constantFrom('users', 'orgs'), (owner, app, kind) => {
        expect(parseAppLocator(`${owner}/${app}`)).toEqual({ owner, app });
        const portal = `https://portal.example/${kind}/${encodeURIComponent(owner)}/apps/${encodeURIComponent(app)}`;
        expect(parseAppLocator(portal)).toEqual({ owner, app, ownerKind: kind });
        expect(parseAppLocator(`${portal}/?x=1`)).toEqual({ owner, app, ownerKind: kind });
      }),
    );
  });
});

describe('checkUserEmails', () => {
  it('accepts plausible addresses, + and subdomains included', () => {
    const emails = ['leaver@contoso.com', 'a+b@x.org', 'first.last@mail.example.co.uk', 'Ünï@bücher.de'];
    expect(checkUserEmails(emails)).toEqual(emails);
  });

  it.each([
    'jane',
    'jane@',
    '@contoso.com',
    'jane@localhost',
    'jane doe@contoso.com',
    'Jane <jane@contoso.com>',
    'jane@@contoso.com',
    'jane@contoso..com',
    'jane@-contoso.com',
    `${'a'.repeat(250)}@x.org`,
  ])('refuses address %#, naming the input and the expected shape', (email) => {
    const error = inputError(() => checkUserEmails(['ok@contoso.com', email]));
    expect(error.input).toBe('user-email');
    expect(error.message).toContain(`'${email.slice(0, 100)}' is not an e-mail address`);
    expect(error.message).toContain('like jane@contoso.com');
  });
});
