import { SYNCHRONIZATION_OUTPUTS, SYNCHRONIZATION_VIEW } from './report.js';
import { START_INPUTS } from './options.js';
import { defineOperation } from '../module.js';

/** sync-start (A3): starts a synchronization, then follows it in A1 as wait-for-sync does. */
export default defineOperation({
  name: 'sync-start',
  description:
    'Starts a synchronization of a data-share subscription and, unless wait is false, waits until it ends.',
  client: 'resource-manager',
  polls: true,
  inputs: START_INPUTS,
  plans: true,
  outputs: [...SYNCHRONIZATION_OUTPUTS, 'changes', 'plan'],
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-data --account-name consumer --share-subscription sales --synchronization-mode FullSync',
  view: SYNCHRONIZATION_VIEW,
  run: (options, client, ctx) => import('./code.js').then((code) => code.syncStart(options, client, ctx)),
});
