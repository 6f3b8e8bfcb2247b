import { InputError } from '../../../client/errors.js';
import type { HttpClient } from '../../../client/http.js';
import { listAll } from '../../../client/pages.js';
import { databaseInstanceList, type DatabaseInstance } from '../../../client/schemas/erp-parts.js';

/** The whole-system inputs that only make sense together, refused before any request. */
export interface WindowInputs {
  wholeSystem?: boolean;
  databaseSoftStopTimeoutSeconds?: number;
  wait: boolean;
}

export function refuseWindowInputs(inputs: WindowInputs): void {
  if (inputs.databaseSoftStopTimeoutSeconds !== undefined && !inputs.wholeSystem) {
    throw new InputError(
      'database-soft-stop-timeout-seconds',
      'is read only with whole-system: true (the system-level stop never stops the database); set whole-system: true or remove it',
    );
  }
  if (inputs.wholeSystem && !inputs.wait) {
    throw new InputError(
      'wait',
      'false cannot run a whole-system window: each step must end before the next is sent; remove wait: false or set whole-system: false',
    );
  }
}

/** C3: every database instance of one system, page by page. */
export async function listDatabases(
  client: HttpClient,
  url: URL,
  signal?: AbortSignal,
): Promise<DatabaseInstance[]> {
  return listAll(client, {
    method: 'GET',
    url,
    schema: databaseInstanceList,
    what: 'database instances',
    signal,
  });
}

/** The service stops and starts only HANA (`hdb` or `HANA`, any case). */
export function isHana(databaseType: string | null | undefined): boolean {
  return /^(hdb|hana)$/i.test(databaseType ?? '');
}

/** A database of a system as a window plans it: its name and type, from its list (C3) or the checks' read of it. */
export interface SystemDatabase {
  name: string;
  databaseType?: string;
  status?: string;
}

/** A system's databases as its list (C3) shows them, for the window's plan. */
export const systemDatabases = (databases: readonly DatabaseInstance[]): SystemDatabase[] =>
  databases.map((db) => ({
    name: db.name,
    databaseType: db.properties?.databaseType ?? undefined,
    status: db.properties?.status ?? undefined,
  }));

/** Why a system's window cannot run at all (a database that is not HANA), before anything is sent; else undefined. */
export function windowRefusal(system: string, databases: readonly SystemDatabase[]): string | undefined {
  const other = databases.find((db) => !isHana(db.databaseType));
  if (!other) return undefined;
  const type = other.databaseType ?? 'of no type';
  return (
    `Erp virtual instance '${system}' has database instance '${other.name}' of type ${type}: the service stops and starts ` +
    `only HANA databases (hdb), so whole-system: true cannot run its window; nothing was sent to it. ` +
    `whole-system: false stops or starts the application alone.`
  );
}

/**
 * A snooze without the whole system (deallocate-vm, whole-system false) deallocates the machines of a system whose
 * HANA database may still run: the service then can no longer stop it (C4). Why this system is refused, before
 * anything is sent to it; undefined where every database is Offline, or it has none.
 */
export function snoozeRefusal(system: string, databases: readonly SystemDatabase[]): string | undefined {
  const running = databases.find((db) => isHana(db.databaseType) && !/^offline$/i.test(db.status ?? ''));
  if (!running) return undefined;
  return (
    `Erp virtual instance '${system}' has HANA database instance '${running.name}' ${running.status ?? 'of no status'}, not Offline: ` +
    `deallocate-vm: true alone would deallocate the machines before the database stops, and the service could then no longer stop it. ` +
    `Set whole-system: true, which stops the database first; nothing was sent to it.`
  );
}
