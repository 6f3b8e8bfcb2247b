import * as z from './schemas/zod.js';
import type { Clock } from './clock.js';
import { ServiceError } from './errors.js';
import { parseBody, type Credential, type HttpClient, type HttpResponse } from './http.js';

/** A token is renewed this long before it expires, so a request never leaves with one about to lapse. */
const EXPIRY_MARGIN_MS = 5 * 60_000;

/** A token obtained elsewhere (`access-token`): sent as it is, so a 401 after it was accepted is its expiry. */
export function bearerToken(token: string): Credential {
  return {
    headers: async () => ({ authorization: `Bearer ${token}` }),
    unauthorized(error, acceptedBefore) {
      const expired = /expired/i.test(error.code ?? '');
      if (!expired && !acceptedBefore) return undefined;
      return (
        `The access-token ${expired ? 'has expired' : 'was accepted earlier in this step and is refused now: it has most likely expired'}. ` +
        'A token obtained elsewhere is sent as it is and never renewed. For a wait longer than its lifetime, sign in ' +
        "with client-id and tenant-id instead (with client-secret, or federation with the runner's OIDC token): " +
        'that sign-in renews its token itself.'
      );
    },
  };
}

/** Area D: the API token travels in its own header. */
export function apiToken(token: string): Credential {
  return { headers: async () => ({ 'x-api-token': token }) };
}

const tokenResponse = z.looseObject({
  access_token: z.string().check(z.minLength(1)),
  expires_in: z.optional(z.coerce.number().check(z.positive())),
  token_type: z.optional(z.string()),
});

export interface TokenGrantOptions {
  /** A client pinned to the sign-in origin: the grant's secrets go there and nowhere else. */
  http: HttpClient;
  tokenPath: string;
  clientId: string;
  scope: string;
  clock: Clock;
  /** `client_secret` for the client-credentials grant. */
  clientSecret?: string;
  /** The runner's OIDC token, fetched anew for each grant (it is short-lived): the federated grant. */
  clientAssertion?: () => Promise<string>;
  /** Every issued token is a secret: the adapter masks it in the log. */
  onToken?: (token: string) => void;
}

/** The client-credentials grant, with a secret or a federated assertion; tokens cached until near expiry. */
export function tokenGrant(options: TokenGrantOptions): Credential {
  let cached: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const fetchToken = async (): Promise<string> => {
    const form: Record<string, string> = {
      grant_type: 'client_credentials',
      client_id: options.clientId,
      scope: options.scope,
    };
    if (options.clientSecret !== undefined) form.client_secret = options.clientSecret;
    else if (options.clientAssertion) {
      form.client_assertion_type = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
      form.client_assertion = await options.clientAssertion();
    }
    const response = await options.http.send({
      method: 'POST',
      url: options.tokenPath,
      form,
      intent: 'read',
    });
    const body = parseTokenResponse(response);
    options.onToken?.(body.access_token);
    const lifetimeMs = (body.expires_in ?? 3600) * 1000;
    // Short-lived tokens renew at half their life rather than at once.
    const margin = Math.min(EXPIRY_MARGIN_MS, lifetimeMs / 2);
    cached = { token: body.access_token, expiresAt: options.clock.now() + lifetimeMs - margin };
    return body.access_token;
  };

  return {
    async headers() {
      if (!cached || options.clock.now() >= cached.expiresAt) {
        // Concurrent requests (several instances at once) share one token request.
        pending ??= fetchToken().finally(() => (pending = undefined));
        await pending;
      }
      return { authorization: `Bearer ${cached!.token}` };
    },
    refresh() {
      cached = undefined;
    },
  };
}

/** A body the token endpoint sent may hold a token that is not masked yet: an error about it never quotes it. */
function parseTokenResponse(response: HttpResponse): z.output<typeof tokenResponse> {
  try {
    return parseBody(response, tokenResponse, 'token endpoint');
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    throw new ServiceError({
      status: response.status,
      code: 'InvalidResponse',
      message:
        'the token endpoint answered without a JSON access_token (the body is not shown: it may hold a secret)',
      requestId: response.requestId,
    });
  }
}
