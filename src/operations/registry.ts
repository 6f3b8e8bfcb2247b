import appCurrentUser from './apps/app-current-user.js';
import appRemoveUser from './apps/app-remove-user.js';
import checkImageCached from './cached-images/check-image-cached.js';
import erpCheck from './erp/check/erp-check.js';
import erpStart from './erp/erp-start.js';
import erpStatus from './erp/erp-status.js';
import erpStop from './erp/erp-stop.js';
import erpRestart from './erp/erp-restart.js';
import erpList from './erp/erp-list.js';
import erpReport from './erp/erp-report.js';
import type { OperationModule } from './module.js';
import waitForOperation from './erp/wait-for-operation.js';
import waitForSync from './data-share/wait-for-sync.js';
import syncStart from './data-share/sync-start.js';
import syncCancel from './data-share/sync-cancel.js';

/**
 * Every operation, one line each, in the order the README and --help list them. The adapters, action.yml, the
 * command line's flags and the README tables are all derived from these modules.
 */
export const REGISTRY = [
  erpStop,
  erpStart,
  erpRestart,
  erpStatus,
  erpCheck,
  erpList,
  waitForOperation,
  waitForSync,
  syncStart,
  syncCancel,
  checkImageCached,
  appRemoveUser,
  appCurrentUser,
  erpReport,
] as readonly OperationModule[];

export type OperationName = string;

export const OPERATION_NAMES = REGISTRY.map((module) => module.name);

export function findOperation(name: string): OperationModule | undefined {
  return REGISTRY.find((module) => module.name === name);
}
