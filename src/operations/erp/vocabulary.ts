import { compareApiVersions } from '../../client/arm/resource-id.js';
import { InputError } from '../../client/errors.js';
import { sameStatus } from '../../client/status.js';
import { VERBS, type Verb } from './verbs.js';

/** What every step of a stop or start shares beside its verb's row (verbs.ts): the api-versions, holds. */

/**
 * Whether a status is the one expected: after a snooze (deallocate-vm) the service cannot reach the system and
 * reads Unavailable, an end of success as Offline is (the contract's "State before and after").
 */
export function holds(status: string | undefined, expected: string): boolean {
  return (
    sameStatus(status, expected) || (sameStatus(expected, 'Offline') && sameStatus(status, 'Unavailable'))
  );
}

/** Area C's api-version, declared once: the seed's, what every erp request uses unless told otherwise. */
export const ERP_API_VERSION = '2023-04-01';
/** The api-version a snooze uses unless one is given, and the first that has deallocateVm and startVm. */
export const SNOOZE_API_VERSION = '2024-09-01';
const FIRST_SNOOZE_API_VERSION = '2023-10-01-preview';

/** The api-version of every request of the step (read, POST, verify), refused where it cannot carry a snooze. */
export function apiVersionFor(given: string | undefined, o: { verb: Verb; machines: boolean }): string {
  if (!o.machines) return given ?? ERP_API_VERSION;
  const snooze = VERBS[o.verb].machines;
  if (given === undefined) return SNOOZE_API_VERSION;
  if (compareApiVersions(given, FIRST_SNOOZE_API_VERSION) < 0) {
    throw new InputError(
      'api-version',
      `'${given}' is older than ${FIRST_SNOOZE_API_VERSION}, the first api-version with ${snooze.field}, which ${snooze.input}: true needs; remove api-version (${SNOOZE_API_VERSION} is used) or set ${snooze.input}: false`,
    );
  }
  return given;
}

/** Whether a body may carry the 2023-10-01-preview fields: only where the api-version has them. */
export function hasSnoozeFields(apiVersion: string): boolean {
  return compareApiVersions(apiVersion, FIRST_SNOOZE_API_VERSION) >= 0;
}
