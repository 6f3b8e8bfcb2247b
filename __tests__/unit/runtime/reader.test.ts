import { describe, expect, it } from '@jest/globals';
import { VirtualClock } from '../../../src/client/clock.js';
import { tokenGrant } from '../../../src/client/auth.js';
import { ServiceError } from '../../../src/client/errors.js';
import { InputReader } from '../../../src/runtime/reader.js';
import { clientOver } from '../../helpers/fake-transport.js';

describe('values that may hold a secret are never echoed in an error', () => {
  it('a refused address is shown without its password and query', () => {
    const reader = new InputReader((name) =>
      name === 'base-url' ? 'https://user:pa55word@vendor.example/x?sig=s3cret' : undefined,
    );
    let message = '';
    try {
      reader.optional('base-url');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      "Input 'base-url': must not carry a user name or password (user:pass@); give credentials only in their own inputs (got 'https://…@vendor.example/x?…')",
    );
  });

  it('a refused list of polling URLs is shown without the signatures of any of them', () => {
    const list = '["https://m.example/op/1?sig=s3cret-one", "https://m.example/op 2?sig=s3cret-two"]';
    const reader = new InputReader((name) => (name === 'operation-url' ? list : undefined));
    const message = (() => {
      try {
        reader.optional('operation-url');
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/^Input 'operation-url': /);
    expect(message).not.toContain('s3cret');
  });

  it('a token endpoint body that is not JSON is not quoted', async () => {
    const tokenUrl = new URL('https://login.example/t/oauth2/v2.0/token');
    const clock = new VirtualClock();
    const http = clientOver(
      () => ({
        status: 200,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        text: 'access_token=issued-secret-token&expires_in=3600',
      }),
      { origin: tokenUrl.origin, clock },
    );
    const credential = tokenGrant({
      http,
      tokenPath: tokenUrl.href,
      clientId: 'c',
      clientSecret: 's',
      scope: 'x',
      clock,
    });
    const error = await credential.headers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toContain('the token endpoint answered without a JSON access_token');
    expect((error as Error).message).not.toContain('issued-secret-token');
  });
});
