import { describe, expect, it } from '@jest/globals';
import { readClaims, throwIfRefused } from '../../../src/client/sign-in-error.js';
import { ServiceError } from '../../../src/client/errors.js';
import { parseScenario } from '../../../src/emulator/scenario-schema.js';

const jwt = (claims: object) =>
  `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJl`;

const refusal = (body: unknown, status = 401) => ({
  status,
  headers: {},
  text: typeof body === 'string' ? body : JSON.stringify(body),
  url: new URL('http://127.0.0.1/t/oauth2/v2.0/token'),
  requestId: 'req-1',
});

function thrown(fn: () => void): ServiceError {
  try {
    fn();
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('nothing thrown');
}

describe('the token endpoint refusal, read', () => {
  it('reads the claims without the signature; an audience list gives its first; a token that is no JWT, none', () => {
    const claims = readClaims(
      jwt({ iss: 'https://i', sub: 'repo:o/r:pull_request', aud: ['a', 'b'], ref: 'r' }),
    );
    expect(claims).toEqual({
      issuer: 'https://i',
      subject: 'repo:o/r:pull_request',
      audience: 'a',
      ref: 'r',
    });
    expect(readClaims('not-a-jwt')).toBeUndefined();
    expect(readClaims('a.%%%.c')).toBeUndefined();
  });

  it('takes the number from error_codes, else from the description; an unknown number keeps the plain error', () => {
    const assertion = jwt({ iss: 'https://i', sub: 'repo:o/r:pull_request', aud: 'api://x' });
    const byCodes = thrown(() =>
      throwIfRefused(refusal({ error: 'invalid_client', error_description: 'X: y', error_codes: [700213] }), {
        endpoint: 'E',
        assertion,
      }),
    );
    expect(byCodes.init.diagnosis?.errorNumber).toBe(700213);
    expect(byCodes.init.diagnosis?.credential).toEqual({
      issuer: 'https://i',
      subject: 'repo:o/r:pull_request',
      audience: 'api://x',
    });
    expect(byCodes.message).toContain('A pull request presents the pull_request subject.');
    expect(byCodes.signIn).toBe(true);
    const byText = thrown(() =>
      throwIfRefused(refusal({ error: 'invalid_client', error_description: 'ABC7000215: bad' }), {
        endpoint: 'E',
      }),
    );
    expect(byText.init.diagnosis?.errorNumber).toBe(7000215);
    expect(byText.init.diagnosis?.claims).toBeUndefined();
    const unknown = thrown(() =>
      throwIfRefused(refusal({ error: 'invalid_client', error_codes: [1] }), { endpoint: 'E' }),
    );
    expect(unknown.init.diagnosis).toBeUndefined();
    expect(unknown.signIn).toBe(false);
    // A proxy's page, even for a federated grant: nothing said of the token.
    expect(
      thrown(() => throwIfRefused(refusal('<html>', 400), { endpoint: 'E', assertion })).init.diagnosis,
    ).toBeUndefined();
  });

  it("the scenario knob takes the table's numbers only", () => {
    expect(
      parseScenario({ emulator: { tokenError: 700213, idToken: { environment: 'prod' } } }),
    ).toHaveProperty('scenario');
    expect(parseScenario({ emulator: { tokenError: 12345 } })).toHaveProperty('error');
  });
});
