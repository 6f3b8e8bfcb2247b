import { InputError, ServiceError, TimeoutError } from '../../client/errors.js';
import type { OperationView } from '../../operations/module.js';
import type { FailureKind } from '../../operations/types.js';

export type { FailureKind };

/** The kind of an error that ended the step before any target was done. */
export function kindOfError(error: unknown): FailureKind | undefined {
  if (error instanceof InputError) return undefined;
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof ServiceError) {
    if (error.status === 401) return 'sign-in';
    if (error.status === 403) return 'permission';
    if (error.status === 404) return 'not found';
    if (error.status === 409) return 'conflict';
  }
  return undefined;
}

/** What a "What to do" line is written for: the operation, what it declares, and whether a request id is known. */
export interface AdviceFor {
  operation: string;
  shown?: OperationView;
  /** A request was answered for this kind: its id is on the row, to quote. */
  requestId?: boolean;
}

/**
 * One "What to do" line per kind of failure, for the job summary and the command line: what a person on call
 * does next, the resuming step named where there is one; an operation's own line where it declares one.
 */
export function whatToDo(kind: FailureKind, { operation, shown = {}, requestId = false }: AdviceFor): string {
  return shown.whatToDo?.[kind] ?? generalLine(kind, operation, shown.resume, requestId);
}

function generalLine(
  kind: FailureKind,
  operation: string,
  resume: string | undefined,
  requestId: boolean,
): string {
  switch (kind) {
    case 'false success':
      return 'The service said the operation succeeded but the system did not reach its end state: look at the system (its health, a process that hangs) before acting again; running the step again sends the operation again.';
    case 'not found':
      return 'Check the name and resource group of each target not found (a listing by tag shows what exists); the other targets were processed.';
    case 'timeout':
      if (!resume)
        return `What the service was doing goes on: run ${operation} again, with a longer timeout if it needs one.`;
      return `The operations go on at the service: resume with ${resume}, or run ${operation} again (what is done is skipped); raise timeout if the window needs longer.`;
    case 'cancelled':
      if (!resume) return `The job was cancelled: run ${operation} again.`;
      return `The job was cancelled; what was sent goes on at the service: resume with ${resume}, or run ${operation} again (what is done is skipped).`;
    case 'not sent':
      return `Nothing was sent for the targets marked not sent (the step ended before them): run ${operation} again for them; what is done is skipped.`;
    case 'conflict':
      return `Another operation is in progress on the target (HTTP 409, the cause on the row says which): running ${operation} again follows it to its end, then does what is left.`;
    // The operations that meet these declare their own line (the input that fixes it); these are the general ones.
    case 'whole system':
      return `The system's database is not running, so the system cannot be acted on alone: bring the whole system up (its databases first), then run ${operation} again.`;
    case 'dataset':
      return "Read each failed dataset's message below: fix its source (access, path, schema), then start a new synchronization.";
    case 'image not cached':
      return 'Cache the images named not cached in that region (or correct the reference), then run the job again.';
    case 'sign-in':
      return 'Check the credentials: the token or secret is wrong, expired, or for another tenant or audience.';
    case 'permission':
      return 'Grant the identity signed in the permission named on the row, at the scope named, then run the job again; the README lists what each operation needs.';
    case 'service failed':
      return `The service ended the operation as failed: its code and message are on the row; fix the cause on the system, then run ${operation} again (what is done is skipped).`;
    case 'nothing selected':
      return `No system was selected, so nothing was done: compare the selection with the near misses in this summary (what the systems carry instead), correct the tag, environment or file, and run ${operation} again; set fail-if-empty: false where an empty selection is expected.`;
    case 'other':
      return requestId
        ? 'See the step log for the details; the request id on the row is what to quote to the service owner.'
        : 'See the step log for the details.';
  }
}
