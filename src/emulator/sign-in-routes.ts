import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './respond.js';
import {
  encodeIdToken,
  idTokenClaims,
  refusalBody,
  refusalFor,
  type FederatedCredentialScenario,
  type IdTokenScenario,
} from './sign-in.js';

export interface ClientCredential {
  clientId: string;
  /** Absent: the client signs in only with a federated OIDC assertion. */
  clientSecret?: string;
  /**
   * The app's federated credentials: a presented ID token is matched on them (issuer, audience, then subject, with
   * case) and refused with the directory's number for the first that differs (70025 where the list is empty).
   * Absent: any ID token the emulator issued is accepted.
   */
  federated?: FederatedCredentialScenario[];
}

/** What the sign-in routes read and write on the emulator, read at each request so a knob a test sets is heard. */
export interface SignInState {
  readonly clients: ClientCredential[];
  readonly oidcRequestToken: string;
  readonly tokenLifetimeSeconds: number;
  readonly tokenError?: number;
  readonly idToken: IdTokenScenario;
  readonly issuedTokens: Map<string, number>;
  readonly issuedOidcTokens: Set<string>;
  now(): number;
}

/** The part of a request the sign-in routes read (every route's context has it). */
interface SignInRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: string[];
  body: string;
}

export interface SignInRoute {
  method: string;
  path: RegExp;
  handle(ctx: SignInRequest): void;
}

/** The directory's token endpoint and the runner's OIDC endpoint, on every emulator. */
export function signInRoutes(state: SignInState): SignInRoute[] {
  return [
    {
      method: 'POST',
      path: /^\/([^/]+)\/oauth2\/v2\.0\/token$/,
      handle: (ctx) => {
        const form = new URLSearchParams(ctx.body);
        const client = state.clients.find((c) => c.clientId === form.get('client_id'));
        const secret = form.get('client_secret');
        const assertion = form.get('client_assertion');
        const refused = refusalFor({
          tokenError: state.tokenError,
          federated: client?.federated,
          assertion,
          issued: assertion !== null && state.issuedOidcTokens.has(assertion),
        });
        if (refused !== undefined) {
          const context = { clientId: form.get('client_id') ?? '', tenant: ctx.params[0] ?? '' };
          const { status, body } = refusalBody(refused, {
            ...context,
            assertion: assertion ?? undefined,
            nowMs: state.now(),
          });
          sendJson(ctx, status, body);
          return;
        }
        const ok =
          form.get('grant_type') === 'client_credentials' &&
          client !== undefined &&
          (secret !== null
            ? client.clientSecret !== undefined && secret === client.clientSecret
            : assertion !== null && state.issuedOidcTokens.has(assertion));
        if (!ok) {
          sendJson(ctx, 401, {
            error: 'invalid_client',
            error_description: 'The client could not be authenticated.',
          });
          return;
        }
        const token = `emu-at-${randomUUID()}`;
        state.issuedTokens.set(token, state.now() + state.tokenLifetimeSeconds * 1000);
        sendJson(ctx, 200, {
          token_type: 'Bearer',
          access_token: token,
          expires_in: state.tokenLifetimeSeconds,
        });
      },
    },
    {
      // The runner's OIDC endpoint (ACTIONS_ID_TOKEN_REQUEST_URL), as @actions/core calls it.
      method: 'GET',
      path: /^\/_oidc\/token$/,
      handle: (ctx) => {
        if (ctx.req.headers.authorization !== `Bearer ${state.oidcRequestToken}`) {
          sendJson(ctx, 401, { message: 'bad request token' });
          return;
        }
        const audience = ctx.url.searchParams.get('audience') ?? '';
        const value = encodeIdToken(idTokenClaims(state.idToken, audience, state.now()));
        state.issuedOidcTokens.add(value);
        sendJson(ctx, 200, { value, audience });
      },
    },
  ];
}
