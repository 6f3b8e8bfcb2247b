import { defineOperation } from '../module.js';
import { appsCode } from './load.js';

/** app-current-user (D): reads nothing but the API's address and token; sets the token owner's profile. */
export default defineOperation({
  name: 'app-current-user',
  description: 'Returns the profile of the user who owns the API token (app-management service).',
  client: 'app-management',
  inputs: {},
  outputs: ['result', 'user-id', 'user-name', 'user-email', 'user-display-name'],
  example: '--api-url https://api.example --api-token "$API_TOKEN"',
  view: {
    ownTables: true,
    title: ({ outputs }) =>
      outputs['user-name'] === undefined ? undefined : `signed in as ${String(outputs['user-name'])}`,
  },
  run: (options, client, ctx) => appsCode().then((code) => code.appCurrentUser(options, client, ctx)),
});
