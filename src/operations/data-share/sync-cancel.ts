import { CANCEL_INPUTS } from './options.js';
import { shareOperation } from './declare.js';
import { dataShareCode } from './load.js';

/** sync-cancel (A4): cancels a running synchronization, then follows it in A1 until it has ended. */
export default shareOperation({
  name: 'sync-cancel',
  description:
    'Cancels a running synchronization of a data-share subscription and, unless wait is false, waits until it has ended.',
  inputs: CANCEL_INPUTS,
  plans: true,
  outputs: ['changes', 'plan'],
  run: (options, client, ctx) => dataShareCode().then((code) => code.syncCancel(options, client, ctx)),
});
