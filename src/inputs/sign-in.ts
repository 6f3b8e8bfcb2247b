import type { SignIn } from '../client/connect.js';
import { InputError } from '../client/errors.js';
import type { InputReader } from './reader.js';

/** The runner's OIDC token for an audience; absent where the runner offers none. */
export type IdTokenSource = (audience: string) => Promise<string>;

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
  const howTo =
    'set access-token, or client-id and tenant-id with client-secret, or client-id and tenant-id with ' +
    "'permissions: id-token: write' for federation";
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
    throw new InputError('client-secret', `is not set and the runner offers no OIDC token: ${howTo}`);
  }
  const audience = inputs.optional('oidc-audience')!;
  return { kind: 'federated', authUrl, tenantId, clientId, scope, idToken: () => idToken(audience) };
}
