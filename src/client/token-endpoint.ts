import * as z from './schemas/zod.js';
import type { Clock } from './clock.js';
import { oneLine, ServiceError } from './errors.js';
import { parseBody, type HttpClient, type HttpResponse } from './http.js';
import { throwIfRefused, tokenEndpointAnswered } from './sign-in-error.js';

/** One token from the token endpoint: the grant's form, its refusals made sign-in failures, its answer read. */

const tokenResponse = z.onFirstUse(() =>
  z.looseObject({
    access_token: z.string().check(z.minLength(1)),
    expires_in: z.optional(z.coerce.number().check(z.positive())),
    token_type: z.optional(z.string()),
  }),
);

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
  /** Told once of a renewal that failed while the current token was still valid, and will be tried again. */
  onRetry?: (line: string) => void;
  /** Told of each sign-in that failed for good: the step reports it once, as a sign-in failure. */
  onFailure?: (error: ServiceError) => void;
  /** The longest a renewal may take (the request timeout): one that hangs is given up and tried anew. */
  renewalTimeoutMs?: number;
}

/** The grant's form: the client credentials, with the secret or with the runner's OIDC token as the assertion. */
async function grantForm(options: TokenGrantOptions): Promise<Record<string, string>> {
  const form: Record<string, string> = {
    grant_type: 'client_credentials',
    client_id: options.clientId,
    scope: options.scope,
  };
  if (options.clientSecret !== undefined) form.client_secret = options.clientSecret;
  else if (options.clientAssertion) {
    form.client_assertion_type = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
    try {
      form.client_assertion = await options.clientAssertion();
    } catch (error) {
      throw idTokenFailure(error);
    }
  }
  return form;
}

/** One token from the endpoint: the form sent, a refusal explained, the answer read without ever quoting it. */
export async function requestToken(
  options: TokenGrantOptions,
  endpoint: string,
): Promise<z.output<typeof tokenResponse>> {
  const form = await grantForm(options);
  try {
    const response = await options.http.send({
      method: 'POST',
      url: options.tokenPath,
      form,
      intent: 'read',
      ok: tokenEndpointAnswered,
    });
    // A refusal says what to change, by its error number (sign-in-error.ts).
    throwIfRefused(response, { endpoint, assertion: form.client_assertion });
    return parseTokenResponse(response);
  } catch (error) {
    throw tokenEndpointFailure(error, endpoint, options.clientSecret !== undefined);
  }
}

/** The runner would not give its OIDC token: a sign-in failure, with what to check. */
function idTokenFailure(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  return new ServiceError({
    action: "Sign-in failed at the runner's ID-token endpoint (ACTIONS_ID_TOKEN_REQUEST_URL)",
    code: 'IdTokenUnavailable',
    message: oneLine(error instanceof Error ? error.message : String(error)),
    signIn: true,
    hint:
      "Check that the job has 'permissions: id-token: write' and that oidc-audience is the audience the " +
      'federated credential expects.',
  });
}

/** The token endpoint refused or failed: a sign-in failure, naming the endpoint, its error code and what to check. */
function tokenEndpointFailure(error: unknown, endpoint: string, withSecret: boolean): unknown {
  if (!(error instanceof ServiceError) || error.signIn) return error;
  const check = withSecret
    ? 'Check tenant-id, client-id and client-secret (an expired or mistyped secret is the usual cause), and auth-url.'
    : "Check tenant-id, client-id and auth-url, and that the federated credential's issuer, subject and audience " +
      "match this workflow's OIDC token.";
  return new ServiceError({
    ...error.init,
    action: `Sign-in failed at the token endpoint ${endpoint}`,
    signIn: true,
    hint: error.status !== undefined && error.status >= 500 ? error.hint : check,
  });
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
