import type { Diagnosis } from '../client/diagnosis.js';
import { ServiceError } from '../client/errors.js';

/** The diagnosis a failure carries, if it carries one. */
export function diagnosisOf(error: unknown): Diagnosis | undefined {
  return error instanceof ServiceError ? error.init.diagnosis : undefined;
}

/**
 * A diagnosis's facts, one per line, for the log, the summary's "What to do" and the command line: the claims the
 * credential is matched on, the credential that would match, the permissions lacked. The token is never one.
 */
export function diagnosisLines(diagnosis: Diagnosis | undefined): string[] {
  const lines: string[] = [];
  const { claims, credential, lacked } = diagnosis ?? {};
  if (claims) {
    lines.push("The runner's ID token presented these claims (the token itself is never shown):");
    for (const [name, value] of [
      ['issuer', claims.issuer],
      ['subject', claims.subject],
      ['audience', claims.audience],
      ['job_workflow_ref', claims.job_workflow_ref],
      ['environment', claims.environment],
      ['ref', claims.ref],
    ] as const) {
      if (value !== undefined) lines.push(`  ${name}: ${value}`);
    }
  }
  if (credential) {
    lines.push('The federated credential that would match (subjects compare with case):');
    lines.push(
      `  issuer: ${credential.issuer}`,
      `  subject: ${credential.subject}`,
      `  audience: ${credential.audience}`,
    );
  }
  for (const { action, scope, requestIds } of lacked ?? []) {
    lines.push(`Lacked: '${action}' over scope '${scope}' (request-id: ${requestIds.join(', ')})`);
  }
  return lines;
}

/** What to do, then the facts it rests on, a line each (the summary's What to do, the log). */
export function diagnosisAdviceLines(diagnosis: Diagnosis): string[] {
  return [diagnosis.whatToDo, ...diagnosisLines(diagnosis)];
}

/** The same as one text, lines joined: the advice of an error (runtime/advice.ts). */
export function diagnosisAdvice(diagnosis: Diagnosis): string {
  return diagnosisAdviceLines(diagnosis).join('\n');
}
