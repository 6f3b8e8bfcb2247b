import * as z from './schemas/zod.js';
import type { Clock } from './clock.js';
import { oneLine, ServiceError } from './errors.js';
import { formatWait } from './retry.js';
import { parseBody, type Credential, type HttpClient, type HttpResponse } from './http.js';
import { throwIfRefused, tokenEndpointAnswered } from './sign-in-error.js';

/** A token is renewed this long before it expires, so a request never leaves with one about to lapse. */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** After a failed renewal while the token is still valid, the next try comes this long after, at most. */
const RENEWAL_RETRY_MS = 30_000;
/** A token this close to its expiry (or to a quarter of its life, if shorter) is not sent: it could lapse on the way. */
const LAST_USE_MARGIN_MS = 10_000;

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

/** The request timeout's default: a renewal is bounded even where none is given. */
const DEFAULT_RENEWAL_TIMEOUT_MS = 30_000;

/** The client-credentials grant, with a secret or a federated assertion; tokens cached until near expiry. */
export function tokenGrant(options: TokenGrantOptions): Credential {
  // When the token in hand stops being usable, and when a failed renewal is tried again.
  let cached: { token: string; renewAt: number; validUntil: number } | undefined;
  let pending: Promise<string> | undefined;
  let retryRenewalAt = 0;
  const endpoint = (() => {
    const url = new URL(options.tokenPath, options.http.origin);
    return `${url.origin}${url.pathname}`;
  })();

  const fetchToken = async (): Promise<string> => {
    const body = await requestToken(options, endpoint);
    options.onToken?.(body.access_token);
    const lifetimeMs = (body.expires_in ?? 3600) * 1000;
    // Short-lived tokens renew at half their life rather than at once.
    const margin = Math.min(EXPIRY_MARGIN_MS, lifetimeMs / 2);
    const now = options.clock.now();
    cached = {
      token: body.access_token,
      renewAt: now + lifetimeMs - margin,
      validUntil: now + lifetimeMs - Math.min(LAST_USE_MARGIN_MS, lifetimeMs / 4),
    };
    retryRenewalAt = 0;
    return body.access_token;
  };

  /** The token in hand while it can still be sent. */
  const stillValid = () =>
    cached !== undefined && options.clock.now() < cached.validUntil ? cached : undefined;

  const renewalTimeoutMs = options.renewalTimeoutMs ?? DEFAULT_RENEWAL_TIMEOUT_MS;
  /** One renewal at a time, shared by concurrent requests, given up after the renewal timeout. */
  const renew = (): Promise<string> =>
    (pending ??= bounded(fetchToken(), renewalTimeoutMs, endpoint).finally(() => (pending = undefined)));

  /** A renewal that failed while the token in hand is still valid: said once, tried again later. */
  const renewalFailed = (error: unknown) => {
    const valid = stillValid();
    if (!valid) return;
    const left = valid.validUntil - options.clock.now();
    const wait = Math.min(RENEWAL_RETRY_MS, left / 2);
    if (options.clock.now() >= retryRenewalAt) {
      const why = error instanceof Error ? error.message : String(error);
      options.onRetry?.(
        `Renewing the access token failed (${why}); the current token is valid for ${formatWait(left)} ` +
          `more, so it is used and the renewal is retried in ${formatWait(wait)}`,
      );
    }
    retryRenewalAt = options.clock.now() + wait;
  };

  return {
    async headers(signal) {
      const now = options.clock.now();
      if (cached && now < cached.renewAt) return { authorization: `Bearer ${cached.token}` };
      // The token in hand is still good: it is sent, and the renewal runs beside the request, never ahead of it,
      // so a renewal that hangs (the runner's ID-token endpoint) holds no request while the token serves.
      const current = stillValid();
      if (current) {
        if (now >= retryRenewalAt) renew().catch(renewalFailed);
        return { authorization: `Bearer ${current.token}` };
      }
      try {
        // No token to send: the request waits for one, up to the renewal timeout, its deadline or the cancellation.
        return { authorization: `Bearer ${await untilAborted(renew(), signal)}` };
      } catch (error) {
        if (error instanceof ServiceError) options.onFailure?.(error);
        throw error;
      }
    },
    refresh() {
      cached = undefined;
    },
  };
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
async function requestToken(
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

/** `work`, or a sign-in failure once `ms` passed without an answer: a renewal that hangs is given up. */
function bounded<T>(work: Promise<T>, ms: number, endpoint: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ServiceError({
            action: `Sign-in: no token within ${formatWait(ms)} (the request timeout)`,
            code: 'NoAnswer',
            message: `neither the runner's ID-token endpoint nor ${endpoint} answered in time`,
            signIn: true,
          }),
        ),
      ms,
    );
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Resolves with `work`, or rejects with the signal's reason once it aborts, whichever comes first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  let onAbort!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
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
