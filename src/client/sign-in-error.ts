import * as z from './schemas/zod.js';
import type { Diagnosis, FederatedCredential, IdTokenClaims } from './diagnosis.js';
import { parseErrorBody } from './error-body.js';
import { ServiceError } from './errors.js';
import { jsonOf, type HttpResponse } from './response.js';

/**
 * The token endpoint's refusals, read for what the user must change (`service-beyond-seed.md`, "Sign-in: the token
 * endpoint's errors"): the cause by the error's number, and for a federated sign-in the claims of the runner's ID
 * token, read without its signature, and the federated credential that would match them.
 */

/** The token endpoint's error body; lenient, any field may be missing. */
const tokenErrorBody = z.onFirstUse(() =>
  z.looseObject({
    error: z.catch(z.optional(z.string()), undefined),
    error_description: z.catch(z.optional(z.string()), undefined),
    error_codes: z.catch(z.optional(z.array(z.number())), undefined),
  }),
);

/** The claims of the runner's ID token a federated credential is matched on; `aud` may be a list. */
const idTokenPayload = z.onFirstUse(() =>
  z.looseObject({
    iss: z.catch(z.optional(z.string()), undefined),
    sub: z.catch(z.optional(z.string()), undefined),
    aud: z.catch(z.optional(z.union([z.string(), z.array(z.string())])), undefined),
    job_workflow_ref: z.catch(z.optional(z.string()), undefined),
    environment: z.catch(z.optional(z.string()), undefined),
    ref: z.catch(z.optional(z.string()), undefined),
  }),
);

/** The statuses the token endpoint answers a grant with: its refusals (400, 401) are read here, not retried. */
export function tokenEndpointAnswered(status: number): boolean {
  return (status >= 200 && status < 300) || status === 400 || status === 401;
}

export interface RefusalContext {
  /** The token endpoint without its query, for the headline. */
  endpoint: string;
  /** The presented ID token, for a federated grant: read for its claims, never shown. */
  assertion?: string;
}

/**
 * Throws the sign-in failure a refused grant is: with the cause and what to change where the error's number is
 * known or an ID token was presented, as `diagnosis`; else the error as the client reads any (the caller adds its
 * general hint).
 */
export function throwIfRefused(response: HttpResponse, context: RefusalContext): void {
  if (response.status < 400) return;
  const error = parseErrorBody(response, `POST ${response.url.pathname}`);
  const body = z.safeParse(tokenErrorBody, jsonOf(response));
  const number =
    (body.success ? body.data.error_codes?.[0] : undefined) ??
    numberIn(body.success ? body.data.error_description : undefined);
  const claims = context.assertion ? readClaims(context.assertion) : undefined;
  // Only the directory's own answer is diagnosed: a proxy's page at the same address says nothing of the token.
  const diagnosis = body.success && body.data.error !== undefined ? diagnose(number, claims) : undefined;
  if (!diagnosis) throw error;
  throw new ServiceError({
    ...error.init,
    action: `Sign-in failed at the token endpoint ${context.endpoint}`,
    signIn: true,
    hint: `${diagnosis.cause}. ${diagnosis.whatToDo}`,
    diagnosis,
  });
}

/** `<PREFIX><number>: …`: the number after the directory's prefix, where `error_codes` is missing. */
function numberIn(description: string | undefined): number | undefined {
  const match = /^[A-Za-z]*(\d{4,}):/.exec(description ?? '');
  return match ? Number(match[1]) : undefined;
}

/** The payload of a JWT, read without checking its signature (the token endpoint did that). */
export function readClaims(token: string): IdTokenClaims | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = z.safeParse(idTokenPayload, json);
  if (!parsed.success) return undefined;
  const { iss, sub, aud, job_workflow_ref, environment, ref } = parsed.data;
  return {
    issuer: iss,
    subject: sub,
    audience: Array.isArray(aud) ? aud[0] : aud,
    job_workflow_ref,
    environment,
    ref,
  };
}

/** The federated credential that would match the token: its own issuer, subject and audience. */
function matching(claims: IdTokenClaims | undefined): FederatedCredential | undefined {
  if (!claims?.issuer || !claims.subject || !claims.audience) return undefined;
  return { issuer: claims.issuer, subject: claims.subject, audience: claims.audience };
}

const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

const quoted = (value: string | undefined) => (value === undefined ? 'unknown' : `'${value}'`);

/** Why the token's subject is what it is: an environment or a pull request replaces the branch. */
function subjectReason(claims: IdTokenClaims | undefined): string {
  if (claims?.environment) {
    return ` The job names the environment '${claims.environment}', so its subject is the environment's, not the branch's.`;
  }
  if (claims?.subject?.endsWith(':pull_request')) return ' A pull request presents the pull_request subject.';
  return '';
}

/** The refusals of a federated sign-in: the claims shown, and the credential that would match written out. */
function federatedCause(number: number | undefined, claims: IdTokenClaims | undefined) {
  const credential = matching(claims);
  const register = credential
    ? `Register on the app a federated credential with issuer '${credential.issuer}', subject '${credential.subject}', audience '${credential.audience}' (subjects compare with case).`
    : "Register on the app a federated credential whose issuer, subject and audience equal the ID token's.";
  const subject = quoted(claims?.subject);
  const said = (cause: string, whatToDo: string): Diagnosis => ({
    errorNumber: number,
    claims,
    credential,
    cause,
    whatToDo,
  });
  switch (number) {
    case 70021:
      return said("No federated credential on the app matches the runner's ID token", register);
    case 700211:
      return said(
        "The federated credential's issuer is not the ID token's",
        `The credential's issuer must be exactly ${quoted(claims?.issuer)} (no trailing '/'). ${register}`,
      );
    case 700212:
      return said(
        "The federated credential's audience is not the ID token's",
        `The credential's audience must equal the token's, ${quoted(claims?.audience)}: oidc-audience sets the audience requested (default api://VendorADTokenExchange). ${register}`,
      );
    case 700213:
      return said(
        "No federated credential's subject equals the ID token's subject",
        `The credential's subject must equal the token's exactly: ${subject}.${subjectReason(claims)} ${register}`,
      );
    case 7002138:
      return said(
        "The federated credential's subject matches the ID token's only without case; subjects compare with case since 2025",
        // A record written before subjects compared with case can be refused though it reads the same (issue 43).
        `Write owner, repository and environment with the token's exact case: ${subject}. Where the credential's subject already equals it exactly, delete the federated credential and create it again. ${register}`,
      );
    case 70025:
      return said(
        'The app has no federated credential at all',
        `Check client-id: the credential may be on another app or identity. Or ${lowerFirst(register)}`,
      );
    default:
      return undefined;
  }
}

/** The refusals whose fix is an input, not a credential: the claims shown where a token was presented. */
const INPUT_CAUSES: Record<number, { cause: string; whatToDo: string }> = {
  700016: {
    cause: 'No app with this client-id is registered in the tenant',
    whatToDo: "Check client-id and tenant-id: the app's client id, and the tenant it is registered in.",
  },
  7000215: {
    cause: 'The client secret is invalid',
    whatToDo:
      "Set client-secret to the secret's value, not its id; a rotated or expired secret needs its new value.",
  },
  90002: {
    cause: 'The tenant was not found',
    whatToDo: 'Check tenant-id, and auth-url where the tenant is in another cloud.',
  },
  700024: {
    cause: "The ID token was outside its valid time when presented (the runner's ID token lives 5 minutes)",
    whatToDo:
      "The action requests a fresh ID token for each sign-in: run the job again, and if it persists check the runner's clock.",
  },
};

/** The cause and what to change, by the error's number; for a number not in the table, only a federated one's. */
function diagnose(number: number | undefined, claims?: IdTokenClaims): Diagnosis | undefined {
  const federated = federatedCause(number, claims);
  if (federated) return federated;
  const input = number === undefined ? undefined : INPUT_CAUSES[number];
  if (input) return { errorNumber: number, claims, ...input };
  if (!claims) return undefined;
  // A number not in the table: a federated sign-in still shows what it presented and what would match.
  const credential = matching(claims);
  const register = federatedCause(70021, claims)!.whatToDo;
  return {
    errorNumber: number,
    claims,
    credential,
    cause: "The token endpoint refused the runner's ID token",
    whatToDo: `Check client-id and tenant-id; then ${lowerFirst(register)}`,
  };
}
