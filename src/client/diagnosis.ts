/**
 * What the step found out about a refused credential, as data: the adapters render it (the log, the summary's
 * "What to do", the command line). Nothing here is a secret: claims are read from a token, never the token.
 */
export interface Diagnosis {
  /** The cause, one sentence: from the token endpoint's error number where there is one. */
  cause: string;
  /** What to change, one sentence naming the inputs or the setting. */
  whatToDo: string;
  /** The token endpoint's error number (`error_codes`). */
  errorNumber?: number;
  /** The claims of the runner's ID token that a federated credential is matched on. */
  claims?: IdTokenClaims;
  /** The federated credential that would match the token presented, written out. */
  credential?: FederatedCredential;
  /** A 403 `AuthorizationFailed`: each distinct action lacked and scope, with the request ids that met it. */
  lacked?: LackedPermission[];
}

export interface IdTokenClaims {
  issuer?: string;
  subject?: string;
  audience?: string;
  job_workflow_ref?: string;
  environment?: string;
  ref?: string;
}

export interface FederatedCredential {
  issuer: string;
  subject: string;
  audience: string;
}

export interface LackedPermission {
  action: string;
  scope: string;
  requestIds: string[];
}
