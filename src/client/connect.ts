import type { Dispatcher } from 'undici';
import { apiToken, bearerToken, tokenGrant } from './auth.js';
import type { Clock } from './clock.js';
import type { ServiceError } from './errors.js';
import { HttpClient, type Credential, type HttpResponse } from './http.js';
import { joinUrl, servicePath } from './url.js';

/** The ways to a bearer token, in the contract's order of precedence. */
export type SignIn =
  | { kind: 'access-token'; accessToken: string }
  | {
      kind: 'client-secret';
      authUrl: URL;
      tenantId: string;
      clientId: string;
      clientSecret: string;
      scope: string;
    }
  | {
      kind: 'federated';
      authUrl: URL;
      tenantId: string;
      clientId: string;
      scope: string;
      idToken: () => Promise<string>;
    };

export interface ConnectOptions {
  dispatcher: Dispatcher;
  clock: Clock;
  signal?: AbortSignal;
  /** The step's timeout as clock time: retries never wait past it. */
  deadline?: number;
  debug?: (line: string) => void;
  /** Every secret that appears at run time (an issued token) passes here first, to be masked. */
  onSecret?: (secret: string) => void;
  onResponse?: (response: HttpResponse) => void;
  /** dry-run: requests that change something are refused by the client (PlannedChange), never sent. */
  dryRun?: boolean;
  /** Each retry, one line a user sees: `… retrying in 2 s after HTTP 503`. */
  onRetry?: (line: string) => void;
  /** A sign-in failed for good (the token endpoint, the runner's ID-token endpoint): reported once. */
  onSignInFailure?: (error: ServiceError) => void;
  /** The request timeout: it bounds a renewal of the token too, which the dispatcher does not see. */
  requestTimeoutMs?: number;
}

export function connectResourceManager(baseUrl: URL, signIn: SignIn, options: ConnectOptions): HttpClient {
  return new HttpClient({ ...options, origin: baseUrl.origin, credential: credentialFor(signIn, options) });
}

export function connectAppManagement(apiUrl: URL, token: string, options: ConnectOptions): HttpClient {
  return new HttpClient({ ...options, origin: apiUrl.origin, credential: apiToken(token) });
}

function credentialFor(signIn: SignIn, options: ConnectOptions): Credential {
  if (signIn.kind === 'access-token') return bearerToken(signIn.accessToken);
  const tokenUrl = joinUrl(signIn.authUrl, servicePath`/${signIn.tenantId}/oauth2/v2.0/token`);
  // The token endpoint gets its own client: the grant's secret is pinned to the sign-in origin.
  const http = new HttpClient({ ...options, onResponse: undefined, origin: tokenUrl.origin });
  return tokenGrant({
    http,
    tokenPath: tokenUrl.href,
    clientId: signIn.clientId,
    scope: signIn.scope,
    clock: options.clock,
    onToken: options.onSecret,
    onRetry: options.onRetry,
    onFailure: options.onSignInFailure,
    renewalTimeoutMs: options.requestTimeoutMs,
    ...(signIn.kind === 'client-secret'
      ? { clientSecret: signIn.clientSecret }
      : { clientAssertion: signIn.idToken }),
  });
}
