import { sendJson, type AreaModule, type RequestContext, type Route } from '../emulator.js';
import {
  DEFAULT_APPS,
  DEFAULT_TOKENS,
  DEFAULT_USERS,
  type ApiTokenSpec,
  type AppRole,
  type AppsScenario,
  type AppSpec,
  type AppUserSpec,
} from './apps-scenario.js';

export type * from './apps-scenario.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Area D's error body: a bare `{ code, message }`. */
function fail(ctx: RequestContext, status: number, code: string, message: string): void {
  sendJson(ctx, status, { code, message });
}

/** Area D: the app-management routes and the state they change (its scenario and defaults: apps-scenario.ts). */
export class AppsArea implements AreaModule {
  readonly name = 'apps';
  readonly users: AppUserSpec[];
  /** Keyed by `owner/app`. */
  readonly apps = new Map<string, AppSpec>();
  /** Keyed by the token's value. */
  readonly tokens = new Map<string, ApiTokenSpec>();
  retired: boolean;
  retiredStatus: number;

  readonly scenario: AppsScenario;
  constructor(scenario: AppsScenario = {}) {
    this.scenario = scenario;
    // Copies, so a test's removals never touch the defaults or the scenario object.
    this.users = structuredClone(scenario.users ?? DEFAULT_USERS);
    for (const app of structuredClone(scenario.apps ?? DEFAULT_APPS))
      this.apps.set(`${app.owner}/${app.name}`, app);
    for (const token of scenario.tokens ?? DEFAULT_TOKENS) this.tokens.set(token.value, { ...token });
    this.retired = scenario.retired ?? false;
    this.retiredStatus = scenario.retiredStatus ?? 410;
  }

  /** Every token value: the secrets an end-to-end test scans for. */
  tokenValues(): string[] {
    return [...this.tokens.keys()];
  }

  members(owner: string, app: string): Record<string, AppRole> | undefined {
    return this.apps.get(`${owner}/${app}`)?.members;
  }

  routes(): Route[] {
    return [
      { method: 'GET', path: /^\/v0\.1\/user$/, handle: (ctx) => this.guarded(ctx, () => this.profile(ctx)) },
      {
        method: 'GET',
        path: /^\/v0\.1\/apps\/([^/]+)\/([^/]+)\/users$/,
        handle: (ctx) => this.guarded(ctx, () => this.listUsers(ctx)),
      },
      {
        method: 'DELETE',
        path: /^\/v0\.1\/apps\/([^/]+)\/([^/]+)\/users\/([^/]+)$/,
        handle: (ctx) => this.guarded(ctx, () => this.removeUser(ctx)),
      },
      // Everything else under /v0.1 still obeys the retirement switch and the 411 rule, then is not found.
      ...['GET', ...BODY_METHODS].map((method) => ({
        method,
        path: /^\/v0\.1(?:\/.*)?$/,
        handle: (ctx: RequestContext) =>
          this.guarded(ctx, () => fail(ctx, 404, 'NotFound', `No such resource: ${ctx.url.pathname}`)),
      })),
    ];
  }

  /** The checks every request meets first: retirement, then the body rule (a front-end check, before auth). */
  private guarded(ctx: RequestContext, next: () => void): void {
    if (this.retired) {
      const code = this.retiredStatus === 410 ? 'Gone' : 'NotFound';
      fail(ctx, this.retiredStatus, code, 'The app-management service has been retired.');
      return;
    }
    if (BODY_METHODS.has(ctx.record.method) && ctx.body === '') {
      fail(ctx, 411, 'LengthRequired', `A ${ctx.record.method} request must carry a body; send {} for none.`);
      return;
    }
    next();
  }

  private authenticate(ctx: RequestContext): ApiTokenSpec | undefined {
    const header = ctx.req.headers['x-api-token'];
    const token = typeof header === 'string' ? this.tokens.get(header) : undefined;
    if (!token) {
      fail(
        ctx,
        401,
        'Unauthorized',
        header ? 'The API token is not valid or has been revoked.' : 'The X-API-Token header is missing.',
      );
    }
    return token;
  }

  private profile(ctx: RequestContext): void {
    const token = this.authenticate(ctx);
    if (!token) return;
    if (token.type === 'app') {
      fail(ctx, 403, 'Forbidden', 'An app API token cannot read a user profile.');
      return;
    }
    const user = this.users.find((u) => u.name === token.user);
    if (!user) {
      fail(ctx, 401, 'Unauthorized', 'The API token belongs to no user.');
      return;
    }
    sendJson(ctx, 200, {
      ...user,
      avatar_url: null,
      can_change_password: true,
      origin: 'appcenter',
    });
  }

  /** The app's users, as a token that can see the app reads them (404 AppNotFound where it cannot). */
  private listUsers(ctx: RequestContext): void {
    const token = this.authenticate(ctx);
    if (!token) return;
    const key = `${ctx.params[0]}/${ctx.params[1]}`;
    const app = this.apps.get(key);
    if (!app || this.roleOf(token, key) === undefined) {
      fail(ctx, 404, 'AppNotFound', `The app ${key} was not found.`);
      return;
    }
    const users = Object.entries(app.members).map(([email, role]) => ({
      email,
      name: email.split('@')[0],
      display_name: email.split('@')[0],
      permissions: [role],
    }));
    sendJson(ctx, 200, users);
  }

  private removeUser(ctx: RequestContext): void {
    const token = this.authenticate(ctx);
    if (!token) return;
    const [owner, name, email] = ctx.params as [string, string, string];
    const key = `${owner}/${name}`;
    const app = this.apps.get(key);
    const role = this.roleOf(token, key);
    // A token that cannot see the app learns nothing of it, not even that it exists.
    if (!app || (token.type === 'user' && role === undefined)) {
      fail(ctx, 404, 'AppNotFound', `The app ${key} was not found.`);
      return;
    }
    if (token.type === 'app' && token.app !== key) {
      fail(ctx, 403, 'Forbidden', 'This app API token belongs to another app.');
      return;
    }
    if (token.access === 'read-only') {
      fail(ctx, 403, 'Forbidden', 'A read-only API token has Viewer rights: it cannot remove users.');
      return;
    }
    if (role !== 'Manager') {
      fail(
        ctx,
        403,
        'Forbidden',
        `Only a Manager of the app may remove users; this token's role is ${role}.`,
      );
      return;
    }
    const member = Object.keys(app.members).find((m) => m.toLowerCase() === email.toLowerCase());
    if (!member) {
      fail(ctx, 404, 'UserNotFound', `The user ${email} was not found in the app ${key}.`);
      return;
    }
    delete app.members[member];
    sendJson(ctx, 204, undefined);
  }

  /** The rights a token carries in an app (spec, Area D authentication, rule 4). */
  private roleOf(token: ApiTokenSpec, key: string): AppRole | undefined {
    if (token.type === 'app')
      return token.app === key ? (token.access === 'full' ? 'Manager' : 'Viewer') : undefined;
    const user = this.users.find((u) => u.name === token.user);
    const members = this.apps.get(key)?.members ?? {};
    const own = Object.entries(members).find(([m]) => m.toLowerCase() === user?.email.toLowerCase())?.[1];
    // A read-only user token has at most Viewer rights; a full one exactly the user's own.
    if (own === undefined) return undefined;
    return token.access === 'read-only' ? 'Viewer' : own;
  }
}
