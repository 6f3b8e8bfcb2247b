import { SYNCHRONIZATION_VIEW, SYNCHRONIZATION_OUTPUTS } from './report.js';
import { CANCEL_INPUTS } from './options.js';
import { defineOperation } from '../module.js';

/** sync-cancel (A4): cancels a running synchronization, then follows it in A1 until it has ended. */
export default defineOperation({
  name: 'sync-cancel',
  description:
    'Cancels a running synchronization of a data-share subscription and, unless wait is false, waits until it has ended.',
  client: 'resource-manager',
  polls: true,
  inputs: CANCEL_INPUTS,
  plans: true,
  outputs: [...SYNCHRONIZATION_OUTPUTS, 'changes', 'plan'],
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-data --account-name consumer --share-subscription sales',
  view: SYNCHRONIZATION_VIEW,
  run: (options, client, ctx) => import('./code.js').then((code) => code.syncCancel(options, client, ctx)),
});
