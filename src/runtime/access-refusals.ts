import type { SignIn } from '../client/connect.js';
import type { Diagnosis, LackedPermission } from '../client/diagnosis.js';
import { parseErrorBody } from '../client/error-body.js';
import { oneLine, ServiceError } from '../client/errors.js';
import type { HttpResponse } from '../client/http.js';
import type { OperationResult } from '../operations/types.js';

/** `… perform action 'A' over scope 'S' …`: the resource manager's AuthorizationFailed message. */
const ACTION_AND_SCOPE = /action '([^']+)' over scope '([^']+)'/;

/**
 * The resource manager's refusals of the step's credential, gathered over every system the step touches and
 * reported once: a 401 is one credential problem, not one per system; a 403 `AuthorizationFailed` is one line per
 * distinct action and scope, with the request ids that met it.
 */
export class AccessRefusals {
  private accepted = false;
  private unauthorized?: HttpResponse;
  private readonly lacked = new Map<string, LackedPermission>();
  /** Each distinct refusal's message as a failure quotes it (one line), and the request ids that met it. */
  private readonly messages = new Map<string, string[]>();

  /** Every response of the resource-manager client passes here. */
  observe(response: HttpResponse): void {
    if (response.status < 300) this.accepted = true;
    if (response.status === 401) this.unauthorized ??= response;
    if (response.status !== 403) return;
    const error = parseErrorBody(response, '');
    const match =
      error.code === 'AuthorizationFailed' ? ACTION_AND_SCOPE.exec(error.serviceMessage ?? '') : null;
    if (!match) return;
    const [, action = '', scope = ''] = match;
    const key = `${action}\n${scope.toLowerCase()}`;
    const entry = this.lacked.get(key) ?? { action, scope, requestIds: [] };
    entry.requestIds.push(response.requestId ?? 'none');
    this.lacked.set(key, entry);
    const text = oneLine(error.serviceMessage ?? '');
    this.messages.set(text, [...(this.messages.get(text) ?? []), response.requestId ?? 'none']);
  }

  /**
   * A step's failure with each AuthorizationFailed message quoted once: the systems refused the same action over
   * the same scope after the first point to its request id instead of repeating it.
   */
  condense(failure: string | undefined): string | undefined {
    let condensed = failure;
    for (const [text, requestIds] of this.messages) {
      const parts = condensed?.split(text) ?? [];
      if (parts.length <= 2) continue;
      const [first = '', ...rest] = parts;
      // The id quoted beside the message kept: the systems were refused in any order, the failure lists them in theirs.
      const quoted = inFailureOrder(requestIds, rest.join(text))[0];
      condensed = `${first}${text}${rest.join(`the same as request-id ${quoted}`)}`;
    }
    return condensed;
  }

  /**
   * After the operation: a failed step whose credential no request got past is one 401, thrown once; a failed
   * step that met AuthorizationFailed gets the permissions lacked, each once, as its diagnosis.
   */
  settle(
    result: OperationResult,
    how: { signIn: SignIn; snooze?: 'deallocate-vm' | 'start-vm' },
  ): Diagnosis | undefined {
    if (!result.failure) return undefined;
    if (this.unauthorized && !this.accepted) throw credentialRefused(this.unauthorized, how.signIn);
    if (this.lacked.size === 0) return undefined;
    const failure = result.failure;
    const lacked = [...this.lacked.values()].map((entry) => ({
      ...entry,
      requestIds: inFailureOrder(entry.requestIds, failure),
    }));
    const own = how.snooze
      ? ` With ${how.snooze}, the system ${how.snooze === 'deallocate-vm' ? 'deallocates' : 'starts'} its virtual machines with its own identity: that identity needs a role over its machines too.`
      : '';
    return {
      cause: `The identity signed in lacks ${lacked.length === 1 ? 'a permission' : `${lacked.length} permissions`} (AuthorizationFailed)`,
      whatToDo: `Grant the identity signed in a role with each action below over its scope (or a scope above it), then run the job again.${own}`,
      lacked,
    };
  }
}

/** Request ids in the order the failure quotes them (the systems' order), not the order their answers came in. */
function inFailureOrder(requestIds: string[], failure: string): string[] {
  const at = (id: string) => {
    const index = failure.indexOf(id);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  return [...requestIds].sort((a, b) => at(a) - at(b));
}

/** The sign-in inputs a refused token came from, and what to check of them. */
function credentialAdvice(signIn: SignIn): { inputs: string; whatToDo: string } {
  if (signIn.kind === 'access-token') {
    return {
      inputs: 'access-token',
      whatToDo:
        'Set access-token to a token for this resource manager (its audience is base-url), not expired; or sign in with client-id and tenant-id instead.',
    };
  }
  return {
    inputs:
      signIn.kind === 'client-secret' ? 'client-id, tenant-id and client-secret' : 'client-id and tenant-id',
    whatToDo: `Check scope ('${signIn.scope}'): the token must be for this resource manager, base-url; and check that tenant-id is the tenant of the subscription.`,
  };
}

/** A 401 of the resource manager as the step's one cause: a credential problem, naming the inputs. */
function credentialRefused(response: HttpResponse, signIn: SignIn): ServiceError {
  const { inputs, whatToDo } = credentialAdvice(signIn);
  const cause = `The resource manager refused the credential from ${inputs}`;
  return new ServiceError({
    ...parseErrorBody(response, cause).init,
    hint: `No request got past it, so it is reported once for the step. ${whatToDo}`,
    diagnosis: { cause, whatToDo },
  });
}
