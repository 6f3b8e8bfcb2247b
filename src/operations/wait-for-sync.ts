import type { HttpClient } from '../client/http.js';
import { notImplemented } from './not-implemented.js';
import type { OperationContext, OperationResult } from './types.js';

export interface WaitForSyncOptions {
  baseUrl: URL;
  apiVersion: string;
  subscriptionId: string;
  resourceGroup: string;
  accountName: string;
  shareSubscription: string;
  synchronizationId?: string;
  startedAfter?: Date;
  filter?: string;
  orderby?: string;
}

export async function waitForSync(
  _options: WaitForSyncOptions,
  _client: HttpClient,
  _ctx: OperationContext,
): Promise<OperationResult> {
  notImplemented('wait-for-sync');
}
