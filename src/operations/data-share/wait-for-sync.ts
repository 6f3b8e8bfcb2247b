import { WAIT_INPUTS } from './options.js';
import { shareOperation } from './declare.js';
import { dataShareCode } from './load.js';

/**
 * wait-for-sync (A): reads the share subscription and how to pick a synchronization; sets the synchronization's
 * outputs and the source share's schedule.
 */
export default shareOperation({
  name: 'wait-for-sync',
  description:
    "Waits until a data-share subscription's synchronization ends; reports the source share's schedule.",
  inputs: WAIT_INPUTS,
  outputs: ['recurrence-interval', 'synchronization-time'],
  run: (options, client, ctx) => dataShareCode().then((code) => code.waitForSync(options, client, ctx)),
});
