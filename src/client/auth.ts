import type { Credential } from './http.js';
import { ServiceError } from './errors.js';
import { formatWait } from './retry.js';
import { requestToken, type TokenGrantOptions } from './token-endpoint.js';

export type { TokenGrantOptions } from './token-endpoint.js';

/**
 * The credentials a request carries: a token as it is, an API token, or the client-credentials grant's tokens, cached
 * and renewed here; one token from the endpoint is token-endpoint.ts's.
 */

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
