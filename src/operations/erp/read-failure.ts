// A read before anything is sent failed (the instance, its databases): the target fails with nothing sent to it,
// saying why and what to do.
import { ServiceError } from '../../client/errors.js';
import type { OperationContext } from '../types.js';
import type { InstanceRef } from './instance-ref.js';
import type { InstanceLog } from './progress.js';
import { unsent, type TargetResult } from './target-result.js';
import { inSentence } from './wording.js';

/** A read that failed: of which system, why, after how long, and where its lines go. */
export interface ReadFailed {
  ref: InstanceRef;
  error: unknown;
  durationMs: number;
  log: InstanceLog;
  ctx: Pick<OperationContext, 'signal'>;
}

/** The permission C0 needs, as the resource manager names it. */
export const READ_PERMISSION = 'Vendor.Workloads/erpVirtualInstances/read';

/** The read before acting failed: that instance fails with nothing sent to it, saying why and what to do. */
export function readFailure({ ref, error, durationMs, log, ctx }: ReadFailed): TargetResult {
  const name = ref.label;
  const base = { target: name, durationMs, requestId: (error as ServiceError)?.requestId };
  if (ctx.signal?.aborted) {
    return unsent({
      ...base,
      kind: 'cancelled',
      causeKind: 'not sent',
      failure: `The job was cancelled while reading erp virtual instance '${name}'; nothing was sent to it.`,
      why: 'cancelled',
      cut: true,
    });
  }
  if (error instanceof ServiceError) for (const line of error.detailLines()) log.detail(line);
  const status = error instanceof ServiceError ? error.status : undefined;
  // The service's own words beside ours (its 404 message names what it could not find).
  const said = error instanceof ServiceError ? error.said() : '';
  if (status === 404) {
    return unsent({
      ...base,
      kind: 'error',
      causeKind: 'not found',
      ...notFound(name, ref, ` (${said}); nothing was sent to it.`),
      why: 'not found',
    });
  }
  if (status === 403) {
    return unsent({
      ...base,
      kind: 'error',
      causeKind: 'permission',
      failure:
        `Reading erp virtual instance '${name}' was refused (${said}): skip-if-done and verify read each instance, ` +
        `which needs the permission ${READ_PERMISSION}; grant it, or set skip-if-done: false and verify: false to act without reading. Nothing was sent to it.`,
      why: 'read refused',
    });
  }
  return unsent({
    ...base,
    kind: 'error',
    failure: `Reading erp virtual instance '${name}' failed: ${inSentence(error)}; nothing was sent to it.`,
    why: 'read failed',
  });
}

/** The permission C3's listing of a system's databases needs, as the resource manager names it. */
export const DATABASE_READ_PERMISSION = 'Vendor.Workloads/erpVirtualInstances/databaseInstances/read';

/**
 * Listing a system's database instances (C3) failed: that system fails with nothing sent, naming what was
 * refused (the databases' read permission) or not found, not the system.
 */
export function listFailure(failed: ReadFailed): TargetResult {
  const { ref, error, durationMs, log, ctx } = failed;
  const status = error instanceof ServiceError ? error.status : undefined;
  if (ctx.signal?.aborted || (status !== 403 && status !== 404)) return readFailure(failed);
  if (error instanceof ServiceError) for (const line of error.detailLines()) log.detail(line);
  const said = (error as ServiceError).said();
  const name = ref.label;
  return unsent({
    target: name,
    kind: 'error',
    causeKind: status === 404 ? 'not found' : 'permission',
    durationMs,
    requestId: (error as ServiceError).requestId,
    failure:
      status === 404
        ? `The database instances of erp virtual instance '${name}' were not found (${said}); nothing was sent to it.`
        : `Listing the database instances of erp virtual instance '${name}' was refused (${said}): it needs the permission ${DATABASE_READ_PERMISSION}; nothing was sent to it.`,
    why: status === 404 ? 'databases not found' : 'databases listing refused',
  });
}

/**
 * A system not found, for the step's failure (its subscription named) and for its row, which leaves the
 * subscription to the summary's context: `tail` follows both (the service's words, what was not done).
 */
export function notFound(
  name: string,
  ref: { resourceGroup: string; subscriptionId: string },
  tail: string,
): { failure: string; causeText: string } {
  const where = `Erp virtual instance '${name}' was not found in resource group '${ref.resourceGroup}'`;
  return { failure: `${where} of subscription '${ref.subscriptionId}'${tail}`, causeText: `${where}${tail}` };
}
