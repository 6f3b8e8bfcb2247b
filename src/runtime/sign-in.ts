import type { SignIn } from '../client/connect.js';
import { InputError } from '../client/errors.js';
import type { InputReader } from './reader.js';

/** The runner's OIDC token for an audience; absent where the runner offers none. */
export type IdTokenSource = (audience: string) => Promise<string>;

/**
 * How to sign in, in a workflow's words; exported so that the command line, which has no runner and so no
 * federation, can word the same text as flags.
 */
export const SIGN_IN_HOW_TO = {
  direct: 'set access-token, or client-id and tenant-id with client-secret',
  federated: "or client-id and tenant-id with 'permissions: id-token: write' for federation",
};
export const NO_RUNNER_TOKEN = 'the runner offers no OIDC token';
/** Why a runner offers no ID token, and what to add: said before any request. */
export const ID_TOKEN_RULE =
  "For federation add 'permissions: id-token: write' to the job (the runner offers an ID token only then); " +
  'pull requests from forks get no ID token whatever the permissions.';

/** Federation chosen (no client-secret) where the runner offers no ID token: the job's permissions are the fix. */
export class IdTokenNotOffered extends InputError {
  constructor(message: string) {
    super('client-secret', message);
    this.name = 'IdTokenNotOffered';
  }
}

/** The contract's order: access-token; client-secret with client-id and tenant-id; federation; else fail. */
export function readSignIn(
  inputs: InputReader,
  baseUrl: URL,
  idToken: IdTokenSource | undefined,
  operation: string,
): SignIn {
  const accessToken = inputs.optional('access-token');
  if (accessToken) return { kind: 'access-token', accessToken };
  const clientId = inputs.optional('client-id');
  const tenantId = inputs.optional('tenant-id');
  const clientSecret = inputs.optional('client-secret');
  const howTo = `${SIGN_IN_HOW_TO.direct}, ${SIGN_IN_HOW_TO.federated}`;
  if (!clientId || !tenantId) {
    throw new InputError(
      clientId ? 'tenant-id' : 'client-id',
      `${operation} needs a way to sign in: ${howTo}`,
    );
  }
  const authUrl = inputs.required('auth-url', operation);
  const scope = inputs.optional('scope') ?? `${baseUrl.origin}/.default`;
  if (clientSecret) return { kind: 'client-secret', authUrl, tenantId, clientId, clientSecret, scope };
  if (!idToken) {
    throw new IdTokenNotOffered(`is not set and ${NO_RUNNER_TOKEN}: ${howTo}. ${ID_TOKEN_RULE}`);
  }
  const audience = inputs.optional('oidc-audience')!;
  return { kind: 'federated', authUrl, tenantId, clientId, scope, idToken: () => idToken(audience) };
}

/**
 * The runner masks an ID token whole; its signature is masked on its own too, so that no part of it could be
 * shown were it ever split (the payload's claims are no secret: the step shows them when a sign-in is refused).
 */
export function maskingSignature(
  source: IdTokenSource | undefined,
  onSecret: (secret: string) => void,
): IdTokenSource | undefined {
  if (!source) return undefined;
  return async (audience) => {
    const token = await source(audience);
    const signature = token.split('.')[2];
    if (signature) onSecret(signature);
    return token;
  };
}
