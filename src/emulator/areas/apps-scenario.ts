/** Area D's scenario: its users, apps and API tokens, and the defaults that stand where a key is not given. */

export type AppRole = 'Manager' | 'Developer' | 'Viewer';

/** An API token (spec, Area D authentication): a user token acts as its user, an app token only in its app. */
export type ApiTokenSpec =
  | { value: string; type: 'user'; access: 'full' | 'read-only'; /** a user's `name` */ user: string }
  | { value: string; type: 'app'; access: 'full' | 'read-only'; /** `owner/app` */ app: string };

/** A profile as `GET /v0.1/user` returns it (the real API's snake_case fields). */
export interface AppUserSpec {
  id: string;
  name: string;
  email: string;
  display_name: string;
}

export interface AppSpec {
  owner: string;
  name: string;
  /** A user-owned app (portal …/users/{owner}/apps/{app}) or an organization's (…/orgs/{owner}/apps/{app}). */
  ownerType: 'user' | 'org';
  /** The app's users: e-mail address → role. Removal deletes an entry. */
  members: Record<string, AppRole>;
}

/**
 * Area D (app-management API with API tokens). Scenario JSON, each key optional; a key given replaces its
 * default as a whole:
 *
 *   "apps": {
 *     "users":   [{ "id": "…", "name": "emu-user", "email": "emu-user@example.com", "display_name": "Emu User" }],
 *     "apps":    [{ "owner": "contoso", "name": "shop", "ownerType": "org",
 *                   "members": { "emu-user@example.com": "Manager", "leaver@contoso.com": "Developer" } }],
 *     "tokens":  [{ "value": "emu-user-token", "type": "user", "access": "full", "user": "emu-user" },
 *                 { "value": "emu-app-token", "type": "app", "access": "read-only", "app": "contoso/shop" }],
 *     "retired": false,          // true: every /v0.1 path answers `retiredStatus`, as a retired service would
 *     "retiredStatus": 410
 *   }
 */
export interface AppsScenario {
  users?: AppUserSpec[];
  apps?: AppSpec[];
  tokens?: ApiTokenSpec[];
  retired?: boolean;
  retiredStatus?: number;
}

export const DEFAULT_USERS: AppUserSpec[] = [
  {
    id: '5e1c0a2e-0000-4000-8000-000000000001',
    name: 'emu-user',
    email: 'emu-user@example.com',
    display_name: 'Emu User',
  },
  {
    id: '5e1c0a2e-0000-4000-8000-000000000002',
    name: 'dev',
    email: 'dev@contoso.com',
    display_name: 'Dee Developer',
  },
];

export const DEFAULT_APPS: AppSpec[] = [
  {
    owner: 'emu-user',
    name: 'shop',
    ownerType: 'user',
    members: { 'emu-user@example.com': 'Manager', 'helper@example.com': 'Viewer' },
  },
  {
    owner: 'contoso',
    name: 'shop',
    ownerType: 'org',
    members: {
      'emu-user@example.com': 'Manager',
      'dev@contoso.com': 'Developer',
      'leaver@contoso.com': 'Developer',
      'a+b@x.org': 'Viewer',
      'tester@contoso.com': 'Viewer',
    },
  },
];

export const DEFAULT_TOKENS: ApiTokenSpec[] = [
  { value: 'emu-user-token', type: 'user', access: 'full', user: 'emu-user' },
  { value: 'emu-user-readonly-token', type: 'user', access: 'read-only', user: 'emu-user' },
  { value: 'emu-developer-token', type: 'user', access: 'full', user: 'dev' },
  { value: 'emu-app-token', type: 'app', access: 'full', app: 'contoso/shop' },
  { value: 'emu-app-readonly-token', type: 'app', access: 'read-only', app: 'contoso/shop' },
];
