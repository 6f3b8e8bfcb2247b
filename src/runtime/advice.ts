import { InputError, OriginError, ServiceError, TimeoutError } from '../client/errors.js';
import { diagnosisAdvice, diagnosisOf } from './diagnosis-text.js';
import { useOf } from '../operations/module.js';
import { REGISTRY } from '../operations/registry.js';
import { ID_TOKEN_RULE, IdTokenNotOffered } from './sign-in.js';

/** The operation that resumes an operation's URL (it reads `operation-url`), from the registry. */
const resumer = () => REGISTRY.find((m) => useOf(m, 'operation-url'))?.name ?? 'a later step';

/**
 * What a person can do about a failure, for the job summary and the command line: one sentence, by the kind of
 * cause.
 */
export function adviceFor(error: unknown): string {
  // A refused credential found out: what to change, with the claims and the credential that would match.
  const diagnosis = diagnosisOf(error);
  if (diagnosis) return diagnosisAdvice(diagnosis);
  if (error instanceof IdTokenNotOffered) {
    return `${ID_TOKEN_RULE} Or sign in with client-secret, or access-token, instead.`;
  }
  if (error instanceof InputError) {
    return `Correct the input '${error.input}' in the step's with: block (docs/inputs.md says what it accepts), then run the job again.`;
  }
  if (error instanceof OriginError) {
    return 'The service handed out an address on another origin, where no credential is sent; report it to the service owner with the request id.';
  }
  if (error instanceof TimeoutError) {
    return `Raise timeout, or resume with ${resumer()} and the operation-urls output where the step set one.`;
  }
  if (error instanceof ServiceError) {
    const status = error.status;
    if (status === 401)
      return 'Check the credentials: the token or secret is wrong, expired, or for another tenant.';
    if (status === 403)
      return 'The identity signed in lacks a permission for this operation; the README lists what each operation needs.';
    if (status === 404)
      return 'Check the names in the inputs (subscription, resource group, instance, account, app): the service does not know one.';
    if (status === 429 || (status !== undefined && status >= 500)) {
      return 'The service was busy or failing after the retries; run the job again later, quoting the request id if it persists.';
    }
    return 'The service refused the request: its code and message above say why; quote the request id to the service owner.';
  }
  return 'See the step log for the details.';
}
