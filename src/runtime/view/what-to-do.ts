import { InputError, ServiceError, TimeoutError } from '../../client/errors.js';

/** The kinds of failure a summary gives its own "What to do" line to; the contract lists them. */
export type FailureKind =
  | 'false success'
  | 'not found'
  | 'timeout'
  | 'cancelled'
  | 'dataset'
  | 'image not cached'
  | 'sign-in'
  | 'permission'
  | 'service failed'
  | 'other';

/**
 * The kind of one failure, from its one-line cause as the operations word it (the operations give no kind of
 * their own yet). Order matters: a false success names the status reached, which may contain "not".
 */
export function kindOfCause(cause: string): FailureKind {
  if (/\b(succeeded|accepted) but [^,;]*? is /i.test(cause)) return 'false success';
  if (/cancelled/i.test(cause)) return 'cancelled';
  if (/within the timeout|timed out|timeout ran out/i.test(cause)) return 'timeout';
  if (/HTTP 401|\bsign-in\b|token was refused/i.test(cause)) return 'sign-in';
  if (/HTTP 403|AuthorizationFailed|was refused.*permission/i.test(cause)) return 'permission';
  if (/not found|HTTP 404|ResourceNotFound/i.test(cause) && !/no longer knows the operation/.test(cause))
    return 'not found';
  if (/not cached/i.test(cause)) return 'image not cached';
  if (/ended with status (Failed|Cancell?ed)/i.test(cause)) return 'service failed';
  return 'other';
}

/** The kind of an error that ended the step before any target was done. */
export function kindOfError(error: unknown): FailureKind | undefined {
  if (error instanceof InputError) return undefined;
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof ServiceError) {
    if (error.status === 401) return 'sign-in';
    if (error.status === 403) return 'permission';
    if (error.status === 404) return 'not found';
  }
  return undefined;
}

/** The operations whose long-running operations wait-for-operation resumes. */
const RESUMABLE = new Set(['erp-stop', 'erp-start', 'wait-for-operation']);

/**
 * One "What to do" line per kind of failure, for the job summary and the command line: what a person on call
 * does next, the resuming step named where there is one.
 */
export function whatToDo(kind: FailureKind, operation: string): string {
  switch (kind) {
    case 'false success':
      return 'The service said the operation succeeded but the system did not reach its end state: look at the system (its health, a process that hangs) before acting again; running the step again sends the operation again.';
    case 'not found':
      return 'Check the name and resource group of each target not found (erp-list lists what exists under a tag); the other targets were processed.';
    case 'timeout':
      if (!RESUMABLE.has(operation))
        return `What the service was doing goes on: run ${operation} again, with a longer timeout if it needs one.`;
      return `The operations go on at the service: resume with wait-for-operation and the operation-urls output, or run ${operation} again (what is done is skipped); raise timeout if the window needs longer.`;
    case 'cancelled':
      if (!RESUMABLE.has(operation)) return `The job was cancelled: run ${operation} again.`;
      return `The job was cancelled; what was sent goes on at the service: resume with wait-for-operation and the operation-urls output, or run ${operation} again (what is done is skipped).`;
    case 'dataset':
      return "Read each failed dataset's message below: fix its source (access, path, schema), then start a new synchronization with sync-start.";
    case 'image not cached':
      return 'Cache the missing images in that region (or correct the reference), then run the job again; fail-if-missing: false reports without failing.';
    case 'sign-in':
      return 'Check the credentials: the token or secret is wrong, expired, or for another tenant or audience.';
    case 'permission':
      return 'Grant the identity signed in the permission named on the row, at the scope named, then run the job again; the README lists what each operation needs.';
    case 'service failed':
      return `The service ended the operation as failed: its code and message are on the row; fix the cause on the system, then run ${operation} again (what is done is skipped).`;
    case 'other':
      return 'See the step log for the details; the request id on the row is what to quote to the service owner.';
  }
}
