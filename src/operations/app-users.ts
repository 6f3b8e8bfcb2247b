import type { HttpClient } from '../client/http.js';
import { notImplemented } from './not-implemented.js';
import type { OperationContext, OperationResult } from './types.js';

export interface AppRemoveUserOptions {
  /** `owner/app` or a portal address; parsed before any request. */
  app: string;
  userEmails: string[];
}

export async function appRemoveUser(
  _options: AppRemoveUserOptions,
  _client: HttpClient,
  _ctx: OperationContext,
): Promise<OperationResult> {
  notImplemented('app-remove-user');
}

export async function appCurrentUser(_client: HttpClient, _ctx: OperationContext): Promise<OperationResult> {
  notImplemented('app-current-user');
}
