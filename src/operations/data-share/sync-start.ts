import { START_INPUTS } from './options.js';
import { shareOperation } from './declare.js';
import { dataShareCode } from './load.js';

/** sync-start (A3): starts a synchronization, then follows it in A1 as wait-for-sync does. */
export default shareOperation({
  name: 'sync-start',
  description:
    'Starts a synchronization of a data-share subscription and, unless wait is false, waits until it ends.',
  inputs: START_INPUTS,
  plans: true,
  outputs: ['changes', 'plan'],
  flags: '--synchronization-mode FullSync',
  run: (options, client, ctx) => dataShareCode().then((code) => code.syncStart(options, client, ctx)),
});
