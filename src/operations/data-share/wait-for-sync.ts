import { SYNCHRONIZATION_OUTPUTS, SYNCHRONIZATION_VIEW } from './report.js';
import { WAIT_INPUTS } from './options.js';
import { defineOperation } from '../module.js';

/**
 * wait-for-sync (A): reads the share subscription and how to pick a synchronization; sets the synchronization's
 * outputs and the source share's schedule.
 */
export default defineOperation({
  name: 'wait-for-sync',
  description:
    "Waits until a data-share subscription's synchronization ends; reports the source share's schedule.",
  client: 'resource-manager',
  polls: true,
  inputs: WAIT_INPUTS,
  outputs: [...SYNCHRONIZATION_OUTPUTS, 'recurrence-interval', 'synchronization-time'],
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-data --account-name consumer --share-subscription sales',
  view: SYNCHRONIZATION_VIEW,
  run: (options, client, ctx) => import('./code.js').then((code) => code.waitForSync(options, client, ctx)),
});
