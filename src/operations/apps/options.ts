import { required, withDefault, type ClientOptions, type OptionsOf } from '../module.js';

// The inputs each app-management operation reads, and the options its run receives: the module declares them, its
// run (a chunk loaded when it runs, ./code.ts) takes them, and neither imports the other.

export const REMOVE_INPUTS = {
  /** `owner/app` or a portal address; parsed before any request. */
  app: required('app'),
  userEmails: required('user-email'),
  /** A user who is not a member fails the step; by default it is reported in absent-users (a re-run is safe). */
  failIfAbsent: withDefault('fail-if-absent'),
};

/** As the registry types them; `apiUrl` is the app-management API's base address (paths `{apiUrl}/v0.1/…`). */
export type AppRemoveUserOptions = OptionsOf<typeof REMOVE_INPUTS> & ClientOptions<'app-management'>;

export interface AppCurrentUserOptions {
  apiUrl: URL;
}
