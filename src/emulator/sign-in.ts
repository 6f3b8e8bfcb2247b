import { randomBytes, randomUUID } from 'node:crypto';

/**
 * The sign-in side of the emulator beyond the happy path: the runner's ID token as a JWT with the claims a
 * federated credential is matched on, and the token endpoint's refusals in the directory's body shape
 * (`service-beyond-seed.md`, "Sign-in: the token endpoint's errors").
 */

/** The runner's issuer, exactly (no trailing `/`). */
export const RUNNER_ISSUER = 'https://token.actions.githubusercontent.com';

/**
 * The claims of the ID tokens the OIDC endpoint issues (a scenario's `emulator.idToken`); each absent one takes the
 * default shown. `sub` is derived as the runner derives it: `repo:{repository}:environment:{environment}` when the
 * job names an environment, `repo:{repository}:pull_request` for `eventName: pull_request`, else
 * `repo:{repository}:ref:{ref}`; `subject` overrides it.
 */
export interface IdTokenScenario {
  /** `octo-org/erp-ops`. */
  repository?: string;
  /** `refs/heads/main` (`refs/pull/1/merge` for `eventName: pull_request`). */
  ref?: string;
  /** Absent by default: the job names no environment. */
  environment?: string;
  /** `workflow_dispatch`. */
  eventName?: string;
  /** `https://token.actions.githubusercontent.com`. */
  issuer?: string;
  subject?: string;
  /**
   * `immutable`: the subject names owner and repository with their ids, as GitHub writes it for repositories
   * created, renamed or transferred since July 2026 (`repo:octo-org@1234567/erp-ops@89012345:ref:refs/heads/main`);
   * absent or `name`: `repo:octo-org/erp-ops:…`.
   */
  subjectForm?: 'name' | 'immutable';
  /** The owner's id (`repository_owner_id`, `1234567`), in the immutable subject. */
  ownerId?: string;
  /** The repository's id (`repository_id`, `89012345`), in the immutable subject. */
  repositoryId?: string;
}

/** A federated credential registered on an app (a scenario's `clients[].federated`): what a token must equal. */
export interface FederatedCredentialScenario {
  issuer: string;
  subject: string;
  audience: string;
}

/** The claims a token would carry for this scenario and audience, as the runner writes them. */
export function idTokenClaims(scenario: IdTokenScenario, audience: string, nowMs: number) {
  const repository = scenario.repository ?? 'octo-org/erp-ops';
  const eventName = scenario.eventName ?? 'workflow_dispatch';
  // A pull request's run is on its merge ref.
  const ref = scenario.ref ?? (eventName === 'pull_request' ? 'refs/pull/1/merge' : 'refs/heads/main');
  const [owner, name] = repository.split('/');
  const ownerId = scenario.ownerId ?? '1234567';
  const repositoryId = scenario.repositoryId ?? '89012345';
  const named =
    scenario.subjectForm === 'immutable' ? `${owner}@${ownerId}/${name}@${repositoryId}` : repository;
  const subject =
    scenario.subject ??
    (scenario.environment !== undefined
      ? `repo:${named}:environment:${scenario.environment}`
      : eventName === 'pull_request'
        ? `repo:${named}:pull_request`
        : `repo:${named}:ref:${ref}`);
  const iat = Math.floor(nowMs / 1000);
  return {
    jti: randomUUID(),
    sub: subject,
    aud: audience,
    ref,
    repository,
    repository_owner: owner,
    repository_owner_id: ownerId,
    repository_id: repositoryId,
    event_name: eventName,
    ...(scenario.environment !== undefined ? { environment: scenario.environment } : {}),
    job_workflow_ref: `${repository}/.github/workflows/maintenance.yml@${ref}`,
    iss: scenario.issuer ?? RUNNER_ISSUER,
    nbf: iat - 5,
    iat,
    // The runner's ID token lives 5 minutes.
    exp: iat + 300,
  };
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** A JWT of these claims; its signature is random bytes (nothing verifies it but the emulator's own list). */
export function encodeIdToken(claims: object): string {
  const header = { alg: 'RS256', kid: 'emu-signing-key', typ: 'JWT' };
  return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}.${base64url(randomBytes(256))}`;
}

/** The claims of a token the emulator issued (it reads its own tokens only). */
export function decodeIdToken(token: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The error numbers the emulator can answer, with the OAuth `error` and status it answers them with and the text
 * after the number. The spec gives the numbers and causes; the `error`, the status and the wording of each are
 * the emulator's (the client reads the number only).
 */
const REFUSALS: Record<number, { error: string; status: 400 | 401; text: (c: RefusalContext) => string }> = {
  70021: {
    error: 'invalid_request',
    status: 400,
    text: (c) =>
      `No matching federated identity record found for presented assertion. Assertion Issuer: '${c.claim('iss')}'. Assertion Subject: '${c.claim('sub')}'. Assertion Audience: '${c.claim('aud')}'.`,
  },
  700211: {
    error: 'invalid_client',
    status: 401,
    text: (c) =>
      `No matching federated identity record found for presented assertion issuer '${c.claim('iss')}'.`,
  },
  700212: {
    error: 'invalid_client',
    status: 401,
    text: (c) =>
      `No matching federated identity record found for presented assertion audience '${c.claim('aud')}'.`,
  },
  700213: {
    error: 'invalid_client',
    status: 401,
    text: (c) =>
      `No matching federated identity record found for presented assertion subject '${c.claim('sub')}'.`,
  },
  7002138: {
    error: 'invalid_client',
    status: 401,
    text: (c) =>
      `The presented assertion subject '${c.claim('sub')}' matches a federated identity record only without regard to case; subjects are compared with case.`,
  },
  70025: {
    error: 'invalid_client',
    status: 401,
    text: (c) => `The client '${c.clientId}' has no configured federated identity credentials.`,
  },
  700016: {
    error: 'unauthorized_client',
    status: 400,
    text: (c) =>
      `Application with identifier '${c.clientId}' was not found in the directory '${c.tenant}'. This can happen if the application has not been installed by the administrator of the tenant.`,
  },
  7000215: {
    error: 'invalid_client',
    status: 401,
    text: () =>
      'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.',
  },
  90002: {
    error: 'invalid_request',
    status: 400,
    text: (c) =>
      `Tenant '${c.tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
  },
  700024: {
    error: 'invalid_client',
    status: 401,
    text: () => 'Client assertion is not within its valid time range.',
  },
};

/** The error numbers the `tokenError` knob accepts. */
export const TOKEN_ERROR_NUMBERS = Object.keys(REFUSALS).map(Number);

interface RefusalContext {
  clientId: string;
  tenant: string;
  claim: (name: string) => string;
}

/** The directory's prefix before the number: the spec does not name it, so this one is the emulator's. */
const PREFIX = 'VADSTS';

/** A refusal's status and body, in the directory's shape; `assertion`: the presented ID token, if any. */
export function refusalBody(
  number: number,
  context: { clientId: string; tenant: string; assertion?: string; nowMs: number },
): { status: number; body: object } {
  const refusal = REFUSALS[number];
  if (!refusal) throw new Error(`the emulator knows no token error ${number}`);
  const claims = context.assertion ? (decodeIdToken(context.assertion) ?? {}) : {};
  const claim = (name: string) => String(claims[name] ?? '');
  const traceId = randomUUID();
  const correlationId = randomUUID();
  const timestamp = new Date(context.nowMs)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
  return {
    status: refusal.status,
    body: {
      error: refusal.error,
      error_description: `${PREFIX}${number}: ${refusal.text({ ...context, claim })}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${correlationId}\r\nTimestamp: ${timestamp}`,
      error_codes: [number],
      timestamp,
      trace_id: traceId,
      correlation_id: correlationId,
      error_uri: `https://login.vendor.example/error?code=${number}`,
    },
  };
}

/**
 * The number a presented ID token is refused with by an app's federated credentials; undefined where one matches.
 * Matching is exact and with case (since 2025); a subject equal only without case has its own number.
 */
export function federatedMismatch(
  credentials: FederatedCredentialScenario[],
  claims: Record<string, unknown>,
): number | undefined {
  if (credentials.length === 0) return 70025;
  const aud = Array.isArray(claims.aud) ? claims.aud.map(String) : [String(claims.aud)];
  const withIssuer = credentials.filter((c) => c.issuer === claims.iss);
  if (withIssuer.length === 0) return 700211;
  const withAudience = withIssuer.filter((c) => aud.includes(c.audience));
  if (withAudience.length === 0) return 700212;
  const sub = String(claims.sub);
  if (withAudience.some((c) => c.subject === sub)) return undefined;
  return withAudience.some((c) => c.subject.toLowerCase() === sub.toLowerCase()) ? 7002138 : 700213;
}

/**
 * The number the token endpoint refuses a grant with, or undefined: the `tokenError` knob refuses every grant; an
 * app with `federated` credentials matches a presented ID token the emulator issued on them.
 */
export function refusalFor(options: {
  tokenError?: number;
  federated?: FederatedCredentialScenario[];
  assertion: string | null;
  issued: boolean;
}): number | undefined {
  if (options.tokenError !== undefined) return options.tokenError;
  if (!options.federated || options.assertion === null || !options.issued) return undefined;
  return federatedMismatch(options.federated, decodeIdToken(options.assertion) ?? {});
}
