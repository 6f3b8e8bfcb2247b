import { SHARE_INPUTS } from './share.js';
import { optional, withDefault, type ClientOptions, type OptionsOf } from '../module.js';

// The inputs each data-share operation reads, and the options its run receives: the module declares them, its run
// (a chunk loaded when it runs, ./code.ts) takes them, and neither imports the other.

export const CANCEL_INPUTS = {
  ...SHARE_INPUTS,
  synchronizationId: optional('synchronization-id'),
  wait: withDefault('wait'),
};
export type SyncCancelOptions = OptionsOf<typeof CANCEL_INPUTS> & ClientOptions<'resource-manager'>;

export const START_INPUTS = {
  ...SHARE_INPUTS,
  synchronizationMode: withDefault('synchronization-mode'),
  cancelOnAbort: withDefault('cancel-on-abort'),
  wait: withDefault('wait'),
};
export type SyncStartOptions = OptionsOf<typeof START_INPUTS> & ClientOptions<'resource-manager'>;

export const WAIT_INPUTS = {
  ...SHARE_INPUTS,
  synchronizationId: optional('synchronization-id'),
  startedAfter: optional('started-after'),
  filter: optional('filter'),
  orderby: optional('orderby'),
};
export type WaitForSyncOptions = OptionsOf<typeof WAIT_INPUTS> & ClientOptions<'resource-manager'>;
