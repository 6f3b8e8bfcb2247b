import type { LinkForm } from '../emulator.js';
import type { ErpErrorDetail, ErpStep } from './erp-step.js';
import type { ErpPartsFacts } from './erp-facts.js';

/** One database instance of a system (C3). */
export interface ErpDatabaseScenario {
  name: string;
  /** Free text as the service has it: `hdb` by default; anything but `hdb`/`HANA` is refused a stop or start. */
  databaseType?: string;
  /** Its status before anything is done: `Running` by default. */
  status?: string;
  /** Its start's operation ends Failed (and the database stays where it was). */
  startFails?: boolean;
  /**
   * The status lags its stop: this many reads after the stop's operation ended Succeeded still show `Stopping`,
   * and the database is not down until then (machines deallocated meanwhile leave it Unavailable).
   */
  settleReads?: number;
  /** Its stop with `deallocateVm` ends Failed with this error (`AuthorizationFailed`), its status unchanged. */
  deallocateFails?: ErpErrorDetail;
  /** The states of its stop's operation, as `ErpInstanceScenario.steps` (a running last one never ends). */
  stopSteps?: (string | ErpStep)[];
}

/**
 * The parts of one system (C3): its application, central services and database instances, whose states move with
 * the system's, and which punish the wrong order of a window as the service does (C4). Every knob is optional.
 *
 * - `databases`: default one HANA database `db0` (`hdb`), Running.
 * - `applicationInstances`, `centralInstance`: the children's names (`app0`, `cs0` by default); they show the
 *   system's status unless a stop or start was sent to them.
 * - `respond`: 202 (default) answers a child's stop or start with a polling header; 200 with the first state.
 * - `steps`: the states of every child operation (InProgress, then Succeeded by default).
 * - `retryAfter`: Retry-After on the 202 and on running polls.
 * - `pollingUrlForm`: `absolute` (default), `relative` (`/subscriptions/…`), or `bare`: a path without scheme, host
 *   or leading `/`, as a live answer to a child stop carried.
 * - `pageSize`: how many children a page of a list holds (2 by default); the rest follows by `nextLink`.
 *
 * The punishments: a database stop while the system's machines are deallocated (a stop with `deallocateVm`) and
 * the database not yet Offline ends Failed with `SapDbOpsNotInExpected State` (it reads Unavailable); a system
 * start (C2) while one of its databases is not Running ends Failed; a soft stop of the central instance is
 * refused 400 `SoftStopUnsupported`; a database that is not HANA is refused any stop or start; a HANA soft stop
 * of 1800 s or more, or a system's of 82800 s or more, is refused 400. C6's facts (`children`, `machines`,
 * `centralParts`, `healthAfterStart`, …): erp-facts.ts.
 */
export interface ErpPartsScenario extends ErpPartsFacts {
  databases?: ErpDatabaseScenario[];
  applicationInstances?: string[];
  centralInstance?: string;
  respond?: 200 | 202;
  steps?: (string | ErpStep)[];
  /** Instead of `steps`: InProgress until this long after the request arrived, then Succeeded (benchmarks). */
  durationMs?: number;
  retryAfter?: string;
  pollingUrlForm?: LinkForm | 'bare';
  pageSize?: number;
}

/** `erp.parts`: the parts' knobs of every system (`defaults`) and of some by name. */
export interface ErpPartsSection {
  defaults?: ErpPartsScenario;
  systems?: Record<string, ErpPartsScenario>;
}

export type PartKind = 'applicationInstances' | 'centralInstances' | 'databaseInstances';

/** One child's stop or start as received. */
export interface PartActionRecord {
  system: string;
  kind: PartKind;
  child: string;
  action: 'stop' | 'start';
  body: string;
  accepted: boolean;
  at: number;
}
