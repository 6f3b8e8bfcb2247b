import { defineOperation } from '../module.js';
import { REMOVE_INPUTS } from './options.js';
import { appsCode } from './load.js';

/** app-remove-user (D): reads the app and the addresses; sets the addresses removed and those already absent. */
export default defineOperation({
  name: 'app-remove-user',
  description: 'Removes one or more users from an app of the app-management service (API token).',
  client: 'app-management',
  inputs: REMOVE_INPUTS,
  plans: true,
  outputs: ['result', 'removed-users', 'absent-users', 'changes', 'plan'],
  example:
    '--api-url https://api.example --api-token "$API_TOKEN" --app contoso/shop --user-email a@example.com',
  view: {
    ownTables: true,
    title: ({ outputs }) => {
      const [removed, absent] = [outputs['removed-users'], outputs['absent-users']];
      if (!Array.isArray(removed)) return undefined;
      const members = Array.isArray(absent) && absent.length ? `, ${absent.length} not members` : '';
      return `${removed.length} removed${members}`;
    },
  },
  run: (options, client, ctx) => appsCode().then((code) => code.appRemoveUser(options, client, ctx)),
});
